"""The three kinds of player the simulation compares (issue 19): the assistant, a baseline that picks
uniformly among legal orders, and one that does nothing. Each is handed its dice; none rolls its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from domain.assistant.drafts import Dice
from domain.assistant.faction_drafts import draft_faction
from domain.assistant.house_drafts import draft_house
from domain.assistant.temperaments import faction_temperament, house_temperament
from domain.errors import DomainError
from domain.factionturn.aggregate.orders import FactionOrders, GoalChoice
from domain.factionturn.forms.preview import preview_faction
from domain.factionturn.rules.goal_tracking import check_selectable
from domain.factionturn.rules.world import World
from domain.factionturn.tables.goals import GOALS
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.preview import preview_house

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House
    from domain.region import Region

KINDS = ("assistant", "random", "idle")


def faction_orders(kind: str, world: World, faction_id: str, dice: Dice) -> FactionOrders:
    faction = world.faction(faction_id)
    if kind == "assistant":
        key = faction.goal["key"] if faction.goal else None
        return draft_faction(world, faction_id, faction_temperament(faction.tags, key), dice).orders
    if kind == "idle":
        return FactionOrders()
    allowed = [
        o.action for o in preview_faction(world, faction_id).options if o.verdict.allowed and o.kind != "Custom Action"
    ]
    goal_choice = _random_goal(world, faction_id, dice) if faction.goal is None else None
    pick = dice.roll(len(allowed) + 1) - 1  # the last face: no action this turn
    return FactionOrders(action=allowed[pick] if pick < len(allowed) else None, goal=goal_choice)


def _random_goal(world: World, faction_id: str, dice: Dice) -> GoalChoice | None:
    """Seed 002: a faction without a goal may pick one; the baseline picks uniformly among those it may hold."""
    faction = world.faction(faction_id)
    keys = []
    for key in GOALS:
        try:
            check_selectable(faction, key)
        except DomainError:
            continue
        if key != "destroy_the_foe":  # the one goal that names a target: left out rather than guessed
            keys.append(key)
    return GoalChoice(keys[dice.roll(len(keys)) - 1]) if keys else None


def house_orders(
    kind: str, house: House, *, phase: int, houses: Mapping[str, House], areas: Mapping[str, Region], dice: Dice
) -> list[Order]:
    """The orders to give in turn. The baseline's: each slot uniform among the allowed options and stopping."""
    if kind == "assistant":
        temperament = house_temperament(house.influence, house.power, house.gold)
        draft = draft_house(house, phase=phase, houses=houses, areas=areas, temperament=temperament, dice=dice)
        return list(draft.orders)
    if kind == "idle":
        return []
    options = [o.order for o in preview_house(house, phase=phase, houses=houses, areas=areas) if o.allowed]
    pick = dice.roll(len(options) + 1) - 1
    return [options[pick]] if pick < len(options) else []
