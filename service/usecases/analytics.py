"""Analytics over a campaign's history: per-phase series and a dice-fairness summary."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.dice import DiceSpec
from domain.errors import InvalidInputError
from projections.history import series_of
from projections.state import StateView
from service.persistence.queries import SERIES


@dataclass(frozen=True)
class DieFairness:
    sides: int
    rolls: int
    counts: tuple[int, ...]  # how often each face 1..sides came up
    chi_square: float
    p_value: float


def rolls_in(payload: Any) -> Iterator[dict[str, Any]]:
    """Every recorded roll (a dict with an expression and its faces) anywhere inside an event payload."""
    if isinstance(payload, dict):
        if isinstance(payload.get("faces"), list) and isinstance(payload.get("expression"), str):
            yield payload
            return
        for value in payload.values():
            yield from rolls_in(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from rolls_in(value)


def sides_of(expression: str) -> int | None:
    try:
        return DiceSpec.parse(expression).sides
    except InvalidInputError:
        return None


def fairness(payloads: Iterable[Any]) -> list[DieFairness]:
    """Observed faces per die size against a uniform die, with Pearson's chi-square and its p-value."""
    faces: dict[int, Counter[int]] = {}
    for payload in payloads:
        for roll in rolls_in(payload):
            sides = sides_of(roll["expression"])
            if sides and sides > 1:
                faces.setdefault(sides, Counter()).update(int(f) for f in roll["faces"])
    summary = []
    for sides in sorted(faces):
        counts = tuple(faces[sides].get(face, 0) for face in range(1, sides + 1))
        total = sum(counts)
        expected = total / sides
        chi = sum((c - expected) ** 2 / expected for c in counts) if total else 0.0
        summary.append(DieFairness(sides, total, counts, chi, chi_square_survival(chi, sides - 1)))
    return summary


def chi_square_survival(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square distribution: the regularised upper incomplete gamma Q(dof/2, x/2)."""
    if x <= 0:
        return 1.0
    a, z = dof / 2.0, x / 2.0
    if z < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        n = 1
        while abs(term) > abs(total) * 1e-15 and n < 10_000:
            term *= z / (a + n)
            total += term
            n += 1
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # Lentz's continued fraction for Q.
    tiny = 1e-300
    b = z + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(-z + a * math.log(z) - math.lgamma(a)) * h)


class Analytics:
    def __init__(self, view: StateView) -> None:
        self.view = view

    def series(self, campaign_id: UUID) -> list[dict[str, Any]]:
        """Each member's state at the end of each phase, rolled-back phases left out."""
        return series_of(self.view.query(SERIES, (campaign_id,)))


@dataclass(frozen=True)
class ActionStat:
    actor: str
    action: str
    attempts: int
    successes: int

    @property
    def rate(self) -> float:
        return self.successes / self.attempts if self.attempts else 0.0


@dataclass
class ActionRow:
    """One action tried in a phase, with its outcome; `stands` is false once a rollback undid its phase."""

    phase: int
    kind: str
    actor_id: str
    actor: str
    action: str
    succeeded: bool
    result: str | None
    stands: bool = True


def action_rows(entries: Iterable[Any], names: dict[str, str]) -> list[ActionRow]:
    """Every action tried, in log order.

    Faction Turn: a turn's action succeeded unless an `ActionFailed` came in that turn. Game of Bones: each
    outcome in the GM-side phase summary says whether the aggressor got what the action is for.
    """
    rows: list[ActionRow] = []
    failed_turn: dict[str, str] = {}
    for entry in entries:
        kind = entry.topic.rsplit(".", 1)[-1]
        actor_id = str(entry.aggregate_id)
        if kind == "ActionFailed":
            failed_turn[actor_id] = str(entry.payload.get("reason") or "")
        elif kind == "TurnEnded":
            action = entry.payload.get("action")
            if action not in (None, "", "None"):
                failed = failed_turn.get(actor_id)
                rows.append(
                    ActionRow(
                        int(entry.payload["phase"]),
                        "faction",
                        actor_id,
                        names.get(actor_id, actor_id),
                        action,
                        failed is None,
                        failed or entry.payload.get("narrative"),
                    )
                )
            failed_turn.pop(actor_id, None)
        elif kind == "PhaseResolved":
            rows.extend(_house_tries(int(entry.payload["phase"]), entry.payload, names))
        elif kind == "PhaseRolledBack":
            for row in rows:
                row.stands = row.stands and row.phase < int(entry.payload["to_phase"])
    return rows


def action_stats(entries: Iterable[Any], names: dict[str, str]) -> list[ActionStat]:
    """Success rates by actor and action, over the phases that stand (a rolled-back phase's tries drop out)."""
    tally: dict[tuple[str, str], list[int]] = {}
    for row in action_rows(entries, names):
        if row.stands:
            counts = tally.setdefault((row.actor, row.action), [0, 0])
            counts[0] += 1
            counts[1] += row.succeeded
    return [ActionStat(actor, action, n, ok) for (actor, action), (n, ok) in sorted(tally.items())]


# Results that gained nothing, though summaries written before issue 15 flagged them as successes: an Assault won
# on a site with no power in position, an Intelligence Gathering that found no plot (docs/rules-notes/gameofbones.md,
# Success, for analytics).
EMPTY_HANDED = {("Assault", "the defender lost 0 power"), ("Intelligence Gathering", "0 plot(s) discovered")}


def house_succeeded(outcome: dict[str, Any]) -> bool:
    """Whether a Game of Bones outcome in a phase summary got what its action is for."""
    return bool(outcome.get("succeeded")) and (outcome.get("action"), outcome.get("result")) not in EMPTY_HANDED


def _house_tries(phase: int, payload: dict[str, Any], names: dict[str, str]) -> list[ActionRow]:
    bones = (payload.get("summary") or {}).get("gameofbones") or {}
    return [
        ActionRow(
            phase,
            "house",
            str(o["house_id"]),
            names.get(str(o["house_id"]), str(o["house_id"])),
            o["action"],
            house_succeeded(o),
            o.get("result"),
        )
        for o in bones.get("outcomes", [])
        if o.get("action_id") is not None  # a spy's monthly check is no action of its own
    ]
