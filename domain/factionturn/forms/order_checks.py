"""Checking a faction's whole orders against the campaign before they are stored (seed 002, Faction Actions).

`order_form` has already read them (keys and types); here every part is checked as the faction will stand
when it comes: the raises against its XP, the goal, the ids its standing choices name, and its free ability uses
and its action with the turn's income gained and maintenance paid (`order_funds`). A refusal names the field;
an id that names nothing is invalid input. Only the acting faction is copied: the check reads the rest of the
world, which may hold only what `order_scope` names (issue 16).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.orders import FactionOrders, GoalChoice
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_funds import afford, bring_to_action
from domain.factionturn.rules.ability_actions import check_free_uses
from domain.factionturn.rules.actions import check_action
from domain.factionturn.rules.goal_tracking import check_selectable
from domain.factionturn.rules.world import World
from domain.factionturn.tables.goals import goal

RULE_GOALS = "seed 002, Faction Goals"
FOE = "destroy_the_foe"  # the one goal whose rule reads its target: a rival faction


def check_orders(world: World, faction_id: str, orders: FactionOrders) -> None:
    """Refuse, before submission, orders the rules forbid given the campaign as it stands."""
    working, faction = world.with_copy_of(faction_id)
    working.begin_turn(faction_id)  # checked as it will stand when its turn begins
    for index, attribute in enumerate(orders.raise_ratings):  # in order, each paid from the XP the last left
        _in(f"orders.raise_ratings[{index}]", working.raise_rating, faction_id, attribute)
    if orders.goal is not None:
        _in("orders.goal", _check_goal, working, faction, orders.goal, orders.action is not None)
    for index, defence in enumerate(orders.defences):
        where = f"orders.defences[{index}]"
        _in(f"{where}.region_id", working.region, defence.region_id)
        if defence.defender_id:
            _in(f"{where}.defender_id", faction.asset, defence.defender_id)
    for index, permission in enumerate(orders.permissions):
        _in(f"orders.permissions[{index}].faction_id", _rival, working, faction, permission.faction_id)
    for index, allowed in enumerate(orders.allow_seizure):
        _in(f"orders.allow_seizure[{index}]", _rival, working, faction, allowed)
    funds = bring_to_action(working, faction, _changes_goal(faction, orders.goal))
    if orders.free_uses:
        _in("orders.free_uses", afford, funds, check_free_uses, working, faction, orders)
    if orders.action is not None:
        _in("orders.action", _check_not_busy, faction)
        _in("orders.action", afford, funds, check_action, working, faction, orders.action)


def _changes_goal(faction: FactionView, choice: GoalChoice | None) -> bool:
    """Seed 002: a faction that changes its goal "gain[s] no FacGolds this turn from income"."""
    held = faction.goal
    if choice is None or held is None:
        return False
    return bool(held["key"] != goal(choice.goal).key or (held["target"] or "") != choice.target)


# What a multi-turn action under way forbids, in the seed's words, by its kind (multiturn.py, seize.py).
BUSY = {
    "seize": ("Seize Region", "seed 002, Seize Region", "No other actions can be taken in the meanwhile"),
    "change_home": ("Change Home", "seed 002, Change Home", "During this time the faction can initiate no actions"),
    "custom": ("a custom action", "seed 002, Faction Actions", "a faction should only be able to do one thing"),
}


def _check_not_busy(faction: FactionView) -> None:
    """An action ordered while a Seize Region, Change Home or custom action is under way would only fail at the
    turn, which continues the action instead: it is refused now, with the rule named."""
    if faction.multi_turn is None:
        return
    what, rule, words = BUSY.get(str(faction.multi_turn["kind"]), ("an action", "seed 002, Faction Actions", ""))
    raise RuleViolationError(f"{faction.name}'s {what} is under way: {words.lower() or 'no other action'}", rule)


def _check_goal(world: World, faction: FactionView, choice: GoalChoice, acting: bool) -> None:
    key = goal(choice.goal).key
    held = faction.goal
    if held is not None and held["key"] == key and (held["target"] or "") == choice.target:
        return  # the goal it holds: no change
    if held is not None and acting:
        raise RuleViolationError("a faction that changes its goal takes no action this turn", RULE_GOALS)
    check_selectable(faction, key)
    if key == FOE:
        if not choice.target:
            raise InvalidInputError("Destroy the Foe names the rival faction to destroy (target)")
        foe = _rival(world, faction, choice.target)
        if foe.destroyed:
            raise RuleViolationError(f"{foe.name} is already destroyed", f"{RULE_GOALS} (Destroy the Foe)")
    elif choice.target and choice.target not in world.factions and choice.target not in world.regions:
        raise InvalidInputError(f"target {choice.target!r} is no faction or region of this campaign")


def _rival(world: World, faction: FactionView, faction_id: str) -> FactionView:
    other = world.faction(faction_id)
    if other.id == faction.id:
        raise InvalidInputError(f"{faction.name} names itself")
    return other


def _in(where: str, check: Callable[..., Any], *args: Any) -> None:
    """Run a check; its refusal names the field of the orders it is about."""
    try:
        check(*args)
    except RuleViolationError as refused:
        raise RuleViolationError(
            f"{where}: {refused.message.removesuffix(f' ({refused.rule})')}", refused.rule
        ) from refused
    except (InvalidInputError, NotFoundError) as wrong:
        raise InvalidInputError(f"{where}: {wrong.message}") from wrong
