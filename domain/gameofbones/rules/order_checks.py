"""What a house itself must satisfy to order an action: its leaders, its action count, requirements and
resources. The House aggregate's guard, read through
its view (rules/view.py), so that it never imports the House back."""

from __future__ import annotations

from domain.errors import InvalidInputError, RuleViolationError
from domain.gameofbones.rules.garrison import free_power
from domain.gameofbones.rules.view import HouseView
from domain.gameofbones.tables.actions import ActionName, action_rule
from domain.gameofbones.tables.ranks import RANK_RULE
from domain.gameofbones.tables.records import PendingAction
from domain.gm import RULE_CUSTOM

LIEUTENANT_RULE = "seed 000, Lieutenants"
ENTRY_GATE_RULE = "seed 000, Other Organizations: a combined 1,000 influence and power to enter the Game"

DEDICATION_RULE = "seed 000, Taking Action: Cost"

CUSTOM = "custom"  # a GM-made action keeps its definition under this key of its params (custom.py)


def check_order(house: HouseView, pending: PendingAction, stationed: int = 0) -> None:
    """What the house itself must satisfy: its leaders, its action count, requirements and resources.
    `stationed`: its power in position in areas, which no order may dedicate (garrison.py)."""
    if house.destroyed:
        raise RuleViolationError(f"{house.name} has been destroyed", "seed 000, Destroying an Enemy House")
    if pending.id in house.pending:
        raise InvalidInputError(f"{house.name} already ordered {pending.id}")
    if pending.counts_as_action:
        check_entered(house, pending)
        check_actor(house, pending)
    rule = RULE_CUSTOM if CUSTOM in pending.params else action_rule(ActionName(pending.action))
    need_influence = int(pending.params.get("influence_requirement", 0))
    need_power = int(pending.params.get("power_requirement", 0))
    if house.effective_influence(pending.phase) < need_influence:
        raise RuleViolationError(
            f"{pending.action} needs {need_influence} influence; "
            f"{house.name} has {house.effective_influence(pending.phase)}",
            rule,
        )
    if house.power < need_power:
        raise RuleViolationError(f"{pending.action} needs {need_power} power; {house.name} has {house.power}", rule)
    if house.available_influence(pending.phase) < pending.dedicated_influence:
        free = house.available_influence(pending.phase)
        raise RuleViolationError(f"{pending.dedicated_influence} influence is needed; {free} is free", DEDICATION_RULE)
    if free_power(house, stationed) < pending.dedicated_power:
        free, where = free_power(house, stationed), f" ({stationed} stationed in areas)" if stationed else ""
        raise RuleViolationError(f"{pending.dedicated_power} power is needed; {free} is free{where}", DEDICATION_RULE)
    if house.gold < pending.gold:
        raise RuleViolationError(f"{pending.action} costs {pending.gold} gp; {house.name} has {house.gold}", rule)


def check_entered(house: HouseView, pending: PendingAction) -> None:
    """Only a house in the Game takes its actions; a GM-made action is the GM's ruling (docs/rules-notes)."""
    if not house.entered_game and CUSTOM not in pending.params:
        raise RuleViolationError(
            f"{house.name} has not entered the Game: influence + power is {house.total}, "
            f"1000 is needed before it can order {pending.action}",
            ENTRY_GATE_RULE,
        )


def check_actor(house: HouseView, pending: PendingAction) -> None:
    actor = house.character(pending.actor)
    if not actor.active:
        raise RuleViolationError(f"{actor.name} is {actor.status.value} and cannot lead an action", LIEUTENANT_RULE)
    orders = house.orders_in(pending.phase)
    if any(o.actor == actor.name for o in orders):
        raise RuleViolationError(f"{actor.name} already leads an action this month", LIEUTENANT_RULE)
    bonuses = house.action_bonuses(pending.phase)
    if len(orders) >= len(bonuses):
        raise RuleViolationError(f"{house.name} may take {len(bonuses)} action(s) a month at its rank", RANK_RULE)
    if not house.qualifies(actor.name, pending.phase) and any(
        not house.qualifies(o.actor, pending.phase) for o in orders
    ):
        raise RuleViolationError(
            f"every action after the first needs a lieutenant of level {house.effective_rank(pending.phase) - 5}+",
            LIEUTENANT_RULE,
        )
    if pending.ordinal != len(orders) + 1:
        raise InvalidInputError(f"action {pending.id} was planned as action {pending.ordinal}, not {len(orders) + 1}")
