"""What the House's own commands check and work out (seed 000), read from the house through its view: the
aggregate (domain/gameofbones/aggregate/house.py) calls these, then records the event."""

from __future__ import annotations

from domain.errors import InvalidInputError, RuleViolationError
from domain.gameofbones.rules.view import HouseView
from domain.gameofbones.tables.enums import SettleResult
from domain.gameofbones.tables.gains import INFLUENCE_RULE, check_units, influence_source
from domain.gameofbones.tables.records import PendingAction, Status
from domain.gm import RULE_PC_000

DEDICATION_RULE = "seed 000, Taking Action: Cost"
DESTRUCTION_RULE = "seed 000, Destroying an Enemy House"
WITHDRAWAL_RULE = "seed 000, Taking Action: an order may be withdrawn or amended until its month resolves"


def influence_gained(house: HouseView, source: str, units: int, *, succeeded: bool, discovered: bool) -> int:
    """A Gaining Influence row: gained on success; lost when the action fails and is discovered (at most all)."""
    row = influence_source(source)
    if house.entered_game:
        raise RuleViolationError(
            f"{house.name} is in the Game: only a Public Relations Campaign adds influence", INFLUENCE_RULE
        )
    check_units(row, units)
    amount = row.gained(units) if succeeded else -row.gained(units) if discovered else 0
    return max(amount, -house.influence)


def check_gold(house: HouseView, amount: int) -> None:
    if house.gold + amount < 0:
        raise RuleViolationError(f"{house.name} has {house.gold} gp, not {-amount}", DEDICATION_RULE)


def check_withdrawal(house: HouseView, action: PendingAction, phase: int) -> None:
    """Only an order of the open phase, and not one a Cover Up covers."""
    if action.phase != phase or action.resolved:
        raise RuleViolationError(
            f"{action.action} {action.id} is under way from an earlier phase or has "
            f"resolved; only an order of the open phase can be withdrawn",
            WITHDRAWAL_RULE,
        )
    if any(p.params.get("covered_action_id") == action.id for p in house.pending.values()):
        raise RuleViolationError(
            f"a Cover Up covers {action.action} {action.id}: withdraw the Cover Up first", WITHDRAWAL_RULE
        )


def renumbered(house: HouseView, withdrawn: PendingAction) -> dict[str, list[int]]:
    """The later actions of the month move up a place and take that place's Action Bonus."""
    if not withdrawn.counts_as_action:
        return {}
    bonuses = house.action_bonuses(withdrawn.phase)
    later = [p for p in house.orders_in(withdrawn.phase) if p.ordinal > withdrawn.ordinal]
    return {p.id: [p.ordinal - 1, bonuses[p.ordinal - 2] if p.ordinal - 1 <= len(bonuses) else 0] for p in later}


def check_destroyable(house: HouseView) -> None:
    if house.rank > 1 or any(c.status is not Status.DEAD for c in house.characters):
        raise RuleViolationError(f"{house.name} needs Rank 1 and every leader dead to fall", DESTRUCTION_RULE)


def check_settle(action: PendingAction, result: str) -> None:
    if result not in {r.value for r in SettleResult}:
        raise InvalidInputError(f"an action is foiled or succeeds, not {result!r}")
    if action.resolved:
        raise RuleViolationError(
            f"{action.action} {action.id} has resolved already; overturn its results instead", RULE_PC_000
        )
