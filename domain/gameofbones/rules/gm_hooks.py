"""The GM's recorded hand on two things seed 000 leaves to judgement: throwing rank around, and a lieutenant's
help. Each becomes a circumstance with its source and span, so every roll it touches lists it as a modifier."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING
from uuid import uuid5

from domain.errors import InvalidInputError, RuleViolationError
from domain.gameofbones.rules.scene import KNOWLEDGE
from domain.gameofbones.tables.records import Applies, Circumstance
from domain.gm import check_intervention

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView

MAX_VALUE = 20
MAX_MONTHS = 12


class Hook(StrEnum):
    # Seed 000, Rank Checks: "those drow who constantly throw their rank around … are likely to lose some of it".
    THROWING_RANK = "Throwing Rank around"
    # Seed 000, Taking Action: the leader's skill check "may be assisted by the other leaders or his staff".
    ASSISTANCE = "lieutenants' assistance"


# What each may touch, and the sign it must have: attention costs, help helps.
ALLOWED: dict[Hook, tuple[frozenset[Applies], int]] = {
    Hook.THROWING_RANK: (frozenset({Applies.EFFECTIVE_RANK, Applies.HOLDER_ATTACKS, Applies.HOLDER_DEFENCE}), -1),
    Hook.ASSISTANCE: (frozenset({Applies.HOLDER_ATTACKS, Applies.HOLDER_DEFENCE}), 1),
}
RULES = {Hook.THROWING_RANK: "seed 000, Rank Checks", Hook.ASSISTANCE: "seed 000, Taking Action: Skill DC"}


def gm_circumstance(
    house: HouseView,
    hook: str,
    value: int,
    applies: str,
    phase: int,
    months: int,
    seat: str,
    reason: str,
    actions: tuple[str, ...] = (),
) -> Circumstance:
    """The circumstance, from this phase for `months` phases; its source names the hook, the seat and the reason."""
    why = check_intervention(seat, reason)
    try:
        kind, where = Hook(hook), Applies(applies)
    except ValueError:
        raise InvalidInputError(
            f"a GM circumstance is one of {[h.value for h in Hook]} on one of {[a.value for a in Applies]}"
        ) from None
    allowed, sign = ALLOWED[kind]
    if where not in allowed:
        raise RuleViolationError(f"{kind.value} cannot touch {where.value}", RULES[kind])
    if not 1 <= abs(value) <= MAX_VALUE or value * sign < 0:
        raise RuleViolationError(
            f"{kind.value} is {'a penalty' if sign < 0 else 'a bonus'} of 1-{MAX_VALUE}, not {value:+d}", RULES[kind]
        )
    if not 1 <= months <= MAX_MONTHS:
        raise InvalidInputError(f"a GM circumstance lasts 1-{MAX_MONTHS} months, not {months}")
    key = f"gm circumstance:{house.id}:{house.version}"
    return Circumstance(
        str(uuid5(KNOWLEDGE, key)),
        f"{kind.value} (GM {seat}: {why})",
        value,
        where,
        phase,
        phase + months - 1,
        actions=tuple(actions),
    )
