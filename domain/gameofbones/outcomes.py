"""What a resolved action decides, as data: its rolls and its changes, each a typed effect that is the payload of
the event its aggregate records (domain/gameofbones/effects.py, built by changes.py); `apply_outcome` records them
through a month's ledger."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domain.dice import Roll
from domain.gameofbones.effects import ActionResolved, Change, KnowledgeGained
from domain.gameofbones.intel import intel_id
from domain.gameofbones.records import week_fields

if TYPE_CHECKING:
    from domain.gameofbones.ledger import Ledger


@dataclass(frozen=True)
class Skim:
    """Extortion: a share of an area's income this month goes from its controller to the aggressor; no event of
    its own, it is paid with the month's income (`month.pay_income`)."""

    area_id: str
    house_id: str
    defender_id: str
    percent: int


@dataclass(frozen=True)
class Outcome:
    """One resolved action: every roll it used and every change it makes, to whichever aggregate."""

    action: str
    house_id: str
    result: str
    week: int
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Change, ...] = ()
    action_id: str | None = None  # None for checks that are not a pending action (a spy's monthly check)
    defender_id: str | None = None
    succeeded: bool = False  # did the aggressor get what the action is for (GM-side: analytics, summaries)
    # GM-side only: the knowledge it gives that is false; the holder's copy looks exactly like the truth.
    false_ids: tuple[str, ...] = ()
    skims: tuple[Skim, ...] = ()

    @property
    def false_knowledge_ids(self) -> list[str]:
        return list(self.false_ids)

    @property
    def secret(self) -> bool:
        """Its rolls could tell the holder that some knowledge is false: keep them on the GM's side."""
        own = {self.house_id, str(intel_id(self.house_id))}
        return any(isinstance(c.effect, KnowledgeGained) and c.target_id in own for c in self.effects)

    def summary(self) -> dict[str, Any]:
        """The GM-side record: every roll, and which knowledge was false."""
        return {
            "action": self.action,
            "action_id": self.action_id,
            "house_id": self.house_id,
            "defender_id": self.defender_id,
            "result": self.result,
            "succeeded": self.succeeded,
            "week": self.week,
            "when": week_fields(self.week),
            "rolls": [r.to_dict() for r in self.rolls],
            "false_knowledge_ids": self.false_knowledge_ids,
        }


def apply_outcome(outcome: Outcome, ledger: Ledger) -> None:
    """Record an outcome's changes through the ledger, then the acting house's `ActionResolved`."""
    for change in outcome.effects:
        ledger.apply(change)
    house = ledger.houses[outcome.house_id]
    if outcome.action_id is not None and outcome.action_id in house.pending:
        rolls = [] if outcome.secret else [r.to_dict() for r in outcome.rolls]
        action = house.pending[outcome.action_id].action
        ledger.record(house, ActionResolved(outcome.action_id, action, outcome.result, rolls, outcome.week))
