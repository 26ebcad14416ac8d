"""What a house can do now (issue 17, item 4): each action of seed 000's table, with its cost at the house's rank,
what it would dedicate, and whether the requirements are met, and if not, why (seed 000, Taking Action).

Each candidate is an `Order`, planned by `plan_order` and judged by `check_order`, the two steps `order_action`
takes before it records anything; so a candidate is allowed exactly when ordering it would be accepted, and its
reason is that refusal's message and rule. A candidate the planning refuses (no rival house, no area) still shows
the action's cost sized for the house alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.rules.garrison import free_power, stationed_power
from domain.gameofbones.rules.order_checks import check_order
from domain.gameofbones.rules.ordering import Order, plan_order
from domain.gameofbones.tables.actions import ACTION_TABLE, ActionName, ActionRow, Target
from domain.gameofbones.tables.scales import Sizing

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView
    from domain.region import Region


@dataclass(frozen=True)
class Cost:
    """Seed 000's columns for one order: what must be held, what is dedicated, what is spent."""

    influence_requirement: int
    power_requirement: int
    dedicated_influence: int
    dedicated_power: int
    gold: int


@dataclass(frozen=True)
class HouseOption:
    """One order the house might give: the verdict of `order_action`'s checks (`rule` empty for invalid input)."""

    order: Order
    cost: Cost
    allowed: bool
    reason: str = ""
    rule: str = ""


def judge(
    house: HouseView, order: Order, *, phase: int, houses: Mapping[str, HouseView], areas: Mapping[str, Region]
) -> HouseOption:
    """Plan and check the order as `order_action` does, recording nothing."""
    row = next(r for r in ACTION_TABLE if r.name is order.action)
    cost = row_cost(row, Sizing(own_rank=house.rank))
    try:
        pending = plan_order(house, order, phase=phase, houses=houses, areas=areas)
        cost = Cost(
            int(pending.params["influence_requirement"]),
            int(pending.params["power_requirement"]),
            pending.dedicated_influence,
            pending.dedicated_power,
            pending.gold,
        )
        check_order(house, pending, stationed_power(str(house.id), areas.values()))
    except RuleViolationError as refused:
        return HouseOption(order, cost, False, refused.message, refused.rule)
    except (InvalidInputError, NotFoundError) as wrong:
        return HouseOption(order, cost, False, wrong.message)
    return HouseOption(order, cost, True)


def row_cost(row: ActionRow, sizing: Sizing) -> Cost:
    return Cost(
        row.influence_requirement(sizing),
        row.power_requirement(sizing),
        row.dedicated_influence(sizing),
        row.dedicated_power(sizing),
        row.gold(sizing),
    )


def preview_house(
    house: HouseView, *, phase: int, houses: Mapping[str, HouseView], areas: Mapping[str, Region], actor: str = ""
) -> tuple[HouseOption, ...]:
    """Every action of the table, led by `actor` (by default the first of its leader and lieutenants who leads
    nothing yet this month), against each rival house or area it could name. An action with nothing to aim at
    is shown once, untargeted, with the refusal that says what it lacks."""
    leading = {o.actor for o in house.orders_in(phase)}
    free = [c.name for c in house.characters if c.active and c.name not in leading]
    who = actor or (free[0] if free else house.leader.name)
    return tuple(
        judge(house, order, phase=phase, houses=houses, areas=areas)
        for row in ACTION_TABLE
        for order in candidates(house, row, who, phase, houses, areas) or [Order(row.name, who)]
    )


def candidates(
    house: HouseView,
    row: ActionRow,
    actor: str,
    phase: int,
    houses: Mapping[str, HouseView],
    areas: Mapping[str, Region],
) -> list[Order]:
    """The orders of one action the house could give: one per rival (its leader; the areas it controls), per
    area, or per action to cover; one order when the action is aimed at the house itself."""
    rivals = [h for h in houses.values() if h.id != house.id and not h.destroyed]
    name, own = row.name, str(house.id)
    if row.target is Target.OWN:
        return [Order(name, actor)]
    if row.target is Target.HOUSE:
        return [Order(name, actor, str(h.id)) for h in rivals]
    if row.target is Target.CHARACTER:
        return [Order(name, actor, str(h.id), c.name) for h in rivals for c in h.characters]
    if row.target is Target.ANY_AREAS:
        return [Order(name, actor, area_ids=(a,)) for a in areas]
    if row.target is Target.ACTION:
        return [Order(name, actor, covered_action_id=p.id) for p in house.orders_in(phase)]
    if row.target is Target.MOVE:
        return [
            Order(name, actor, area_ids=(a,), power=r.troops[own], to_area_id=b)
            for a, r in areas.items()
            if r.troops.get(own)
            for b in areas
            if b != a
        ]
    # An Assault commits all the power it may: neither dedicated elsewhere nor stationed in areas (garrison.py).
    power = free_power(house, stationed_power(own, areas.values())) if name is ActionName.ASSAULT else 0
    return [
        Order(name, actor, str(h.id), area_ids=(a,), power=power)
        for h in rivals
        for a, r in areas.items()
        if r.controlling_house_id == str(h.id)
    ]
