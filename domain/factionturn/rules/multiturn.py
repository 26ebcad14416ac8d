"""Actions that take more than one turn: Change Home (one turn plus one per hex) and custom GM actions."""

from __future__ import annotations

from typing import Any

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.effects import FacGoldSpent, MultiTurnActionSet
from domain.factionturn.aggregate.orders import ChangeHome, CustomAction
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.custom_actions import resolve_custom
from domain.factionturn.rules.damage import track
from domain.factionturn.rules.world import Session, World
from domain.gm import CustomActionDef

RULE_HOME = "seed 002, Change Home"
RULE_CUSTOM = "seed 002, Faction Actions (the GM may add new action types)"


def check_change_home(world: World, faction: FactionView, order: ChangeHome) -> None:
    world.region(order.region_id)
    if order.region_id == faction.home_region_id:
        raise RuleViolationError("that region is already home", RULE_HOME)
    if faction.base_in(order.region_id) is None:
        raise RuleViolationError("a faction moves home only to a region with its Base of Influence", RULE_HOME)


def start_change_home(session: Session, order: ChangeHome) -> None:
    me = session.actor
    turns = 1 + session.world.distance(me.home_region_id, order.region_id)
    continue_change_home(session, {"kind": "change_home", "region_id": order.region_id, "turns_left": turns})


def continue_change_home(session: Session, state: dict[str, Any]) -> None:
    me, region_id = session.actor, str(state["region_id"])
    if me.base_in(region_id) is None:
        session.failures.append("the move home fails: the Base of Influence there is gone")
        session.record(me, MultiTurnActionSet(state=None, reason="home move failed"))
        return
    left = int(state["turns_left"]) - 1
    if left > 0:
        session.record(me, MultiTurnActionSet(state=dict(state, turns_left=left), reason=f"moving home, {left} to go"))
        return
    session.record(me, MultiTurnActionSet(state=None, reason="home moved"))
    session.record(me, me.home_move(region_id=region_id, reason=RULE_HOME))


def check_custom(world: World, faction: FactionView, order: CustomAction) -> None:
    if order.turns < 1 or order.cost_per_turn < 0 or not order.name.strip():
        raise RuleViolationError("a custom action has a name, one turn or more and a cost of zero or more", RULE_CUSTOM)
    if order.definition:
        CustomActionDef.from_dict(order.definition)  # malformed definitions are refused before submission
    faction.check_can_pay(order.cost_per_turn, order.name)


def start_custom(session: Session, order: CustomAction) -> None:
    state = {
        "kind": "custom",
        "name": order.name,
        "turns_left": order.turns,
        "cost_per_turn": order.cost_per_turn,
        "definition": dict(order.definition),
    }
    continue_custom(session, state)


def continue_custom(session: Session, state: dict[str, Any]) -> None:
    me, cost = session.actor, int(state["cost_per_turn"])
    if cost > me.facgold:
        session.failures.append(f"{state['name']} stops: {me.name} cannot pay {cost} FacGold")
        session.record(me, MultiTurnActionSet(state=None, reason="custom action abandoned"))
        return
    if cost:
        session.record(me, FacGoldSpent(amount=cost, reason=str(state["name"])))
        if dict(state.get("definition") or {}).get("influence_spending") is True:
            track(session, me, "wealth_spent", cost)  # Legendary Wealth: only what the GM marked as influence
    left = int(state["turns_left"]) - 1
    if left > 0:
        session.record(
            me, MultiTurnActionSet(state=dict(state, turns_left=left), reason=f"{state['name']}: {left} to go")
        )
    else:
        session.record(me, MultiTurnActionSet(state=None, reason=f"{state['name']} completed"))
        if state.get("definition"):
            resolve_custom(session, dict(state["definition"]))
        else:
            session.notes.append(f"{state['name']} is complete; the GM applies its effect")
