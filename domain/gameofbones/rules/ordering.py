"""Turning an order into a pending action: targets looked up, costs sized, every refusal before any event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from uuid import uuid5

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.forms.orders import Order as Order  # the declaration, re-exported for the rules that plan it
from domain.gameofbones.tables.actions import ACTIONS, ActionName, ActionRow, Target, action_rule
from domain.gameofbones.tables.records import WEEKS_PER_MONTH, PendingAction, Status, absolute_week
from domain.gameofbones.tables.scales import Sizing

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView
    from domain.region import Region

MOVE_RULE = "seed 000, Troop Movements: it takes one week to move troops"


def action_id(house: HouseView, phase: int, ordinal: int) -> str:
    """A pending action's id. Knowledge of a plot or an attack carries ids made from it, so another house
    able to compute it could name a covered-up author or tell a false plot from a true one; the house's
    secret keeps it unguessable (houses registered before it had none, and keep their old ids)."""
    secret = getattr(house, "_secret", "")
    key = f"action:{secret}:{phase}:{ordinal}" if secret else f"action:{phase}:{ordinal}"
    # A withdrawn order frees its place in the month; the next order there gets a new id, never the old one's.
    withdrawals = getattr(house, "withdrawals", 0)
    return str(uuid5(house.id, f"{key}:w{withdrawals}" if withdrawals else key))


def plan_order(
    house: HouseView, order: Order, *, phase: int, houses: Mapping[str, HouseView], areas: Mapping[str, Region]
) -> PendingAction:
    row = ACTIONS[order.action]
    check_week(order.start_week)
    check_fields(order, row)
    target = target_house(house, order, row, houses)
    check_areas(house, order, row, target, areas)
    covered = house.pending_action(order.covered_action_id or "") if row.target is Target.ACTION else None
    if covered is not None:
        check_coverable(house, covered, phase)
    sizing = Sizing(
        own_rank=house.rank,
        target_rank=target.rank if target else 0,
        target_level=target_level(order, row, target),
        areas=len(order.area_ids),
        power=order.power,
        covered_requirements=covered_requirements(covered),
    )
    ordinal = len(house.orders_in(phase)) + 1
    bonuses = house.action_bonuses(phase)
    start = absolute_week(phase, order.start_week)
    weeks = row.weeks or 0
    resolve = covered.resolve_week if covered else start + (row.resolves_after_weeks or weeks) - 1
    release = covered.release_week if covered else start + weeks - 1
    params: dict[str, Any] = {
        "influence_requirement": row.influence_requirement(sizing),
        "power_requirement": row.power_requirement(sizing),
        "power": order.power,
        "to_area_id": order.to_area_id,
        "covered_action_id": order.covered_action_id,
    }
    return PendingAction(
        action_id(house, phase, ordinal),
        order.action.value,
        order.actor,
        ordinal,
        bonuses[ordinal - 1] if ordinal <= len(bonuses) else 0,
        phase,
        start,
        resolve,
        release,
        row.dedicated_influence(sizing),
        row.dedicated_power(sizing),
        row.gold(sizing),
        order.target_house_id,
        order.target_character,
        tuple(order.area_ids),
        params,
        narrative=order.narrative,
    )


def plan_open_move(
    house: HouseView, from_area: Region, to_area: Region, power: int, *, phase: int, start_week: int = 1
) -> PendingAction:
    """Moving troops openly is no action: it costs nothing, everyone sees it, and it takes one week."""
    check_week(start_week)
    check_move(house, from_area, power)
    start = absolute_week(phase, start_week)
    key = f"move:{phase}:{start_week}:{from_area.id}:{to_area.id}:{power}"
    params = {"power": power, "to_area_id": str(to_area.id), "open": True}
    return PendingAction(
        str(uuid5(house.id, key)),
        ActionName.TROOP_MOVEMENTS.value,
        "",
        0,
        0,
        phase,
        start,
        start,
        start,
        area_ids=(str(from_area.id),),
        params=params,
    )


# What each kind of target reads from an order; anything else given is refused, never silently ignored.
TAKES: dict[Target, frozenset[str]] = {
    Target.OWN: frozenset(),
    Target.HOUSE: frozenset({"target_house_id"}),
    Target.CHARACTER: frozenset({"target_house_id", "target_character"}),
    Target.AREAS: frozenset({"target_house_id", "area_ids"}),
    Target.ANY_AREAS: frozenset({"area_ids"}),
    Target.MOVE: frozenset({"area_ids", "to_area_id", "power"}),
    Target.ACTION: frozenset({"covered_action_id"}),
}
# The actions that name exactly one area (check_areas refuses more); the REST contract states it from here.
ONE_AREA = (ActionName.ASSAULT, ActionName.TROOP_MOVEMENTS, ActionName.WREST_CONTROL)
UNSET: dict[str, Any] = {
    "target_house_id": None,
    "target_character": None,
    "area_ids": (),
    "power": 0,
    "to_area_id": None,
    "covered_action_id": None,
}


def check_fields(order: Order, row: ActionRow) -> None:
    """An order names only what its action reads (an Assault also commits power)."""
    takes = TAKES[row.target] | ({"power"} if row.name is ActionName.ASSAULT else set())
    for name, unset in UNSET.items():
        if name not in takes and getattr(order, name) not in (unset, "", ()):
            raise InvalidInputError(f"order.{name}: {order.action.value} takes no {name.replace('_', ' ')}")
    if order.power < 0:
        raise InvalidInputError(f"order.power must be zero or more, not {order.power}")


def check_week(week: int) -> None:
    if not 1 <= week <= WEEKS_PER_MONTH:
        raise InvalidInputError(f"a month has weeks 1-{WEEKS_PER_MONTH}, not {week}")


def target_house(house: HouseView, order: Order, row: ActionRow, houses: Mapping[str, HouseView]) -> HouseView | None:
    if row.target not in (Target.HOUSE, Target.CHARACTER, Target.AREAS):
        return None
    target = houses.get(order.target_house_id or "")
    if target is None or target.destroyed:
        raise NotFoundError(f"{order.action.value} needs a rival house; {order.target_house_id} is not one")
    if target.id == house.id:
        raise RuleViolationError(f"{house.name} cannot aim {order.action.value} at itself", action_rule(row.name))
    if row.target is Target.CHARACTER:
        person = target.character(order.target_character or "")
        if person.status is Status.DEAD:
            raise RuleViolationError(f"{person.name} is already dead", action_rule(row.name))
    return target


def target_level(order: Order, row: ActionRow, target: HouseView | None) -> int:
    if target is None:
        return 0
    if row.target is Target.CHARACTER:
        return target.character(order.target_character or "").level
    return target.leader.level  # Smear Campaign: "the target" read as the house's leader


def check_areas(
    house: HouseView, order: Order, row: ActionRow, target: HouseView | None, areas: Mapping[str, Region]
) -> None:
    if row.target not in (Target.AREAS, Target.ANY_AREAS, Target.MOVE):
        return
    if not order.area_ids or len(set(order.area_ids)) != len(order.area_ids):
        raise InvalidInputError(f"{order.action.value} needs one or more distinct areas")
    found = [areas.get(a) for a in order.area_ids]
    missing = [a for a, region in zip(order.area_ids, found, strict=True) if region is None]
    if missing:
        raise NotFoundError(f"no area {missing[0]} in this campaign")
    regions = [r for r in found if r is not None]
    rule = action_rule(row.name)
    if row.name is ActionName.TROOP_MOVEMENTS:
        if len(regions) != 1 or order.to_area_id not in areas:
            raise NotFoundError("Troop Movements needs one area to leave and an existing area to reach")
        check_move(house, regions[0], order.power)
    elif row.name is ActionName.ASSAULT:
        if len(regions) != 1 or order.power <= 0:
            raise InvalidInputError("an Assault strikes one area with some power committed")
    elif target is not None:
        check_controlled(regions, target, rule)
        if row.name is ActionName.WREST_CONTROL:
            check_one_area(regions)


def check_controlled(regions: list[Region], target: HouseView, rule: str) -> None:
    for region in regions:
        if region.controlling_house_id != str(target.id):
            raise RuleViolationError(f"{region.name} is not controlled by {target.name}", rule)


def check_one_area(regions: list[Region]) -> None:
    # Seed 000: not "in areas in which your target has any Power invested". Troops may have moved in secret and
    # the aggressor does not see them, so a refusal here would tell it where they stand, free and at once. The
    # order is taken, and fails at resolution (force.py) for an action spent (docs/rules-notes/gameofbones.md).
    if len(regions) != 1:
        raise InvalidInputError("Wrest Control seizes one area at a time")


def check_move(house: HouseView, from_area: Region, power: int) -> None:
    present = from_area.troops.get(str(house.id), 0)
    if power <= 0 or power > present:
        raise RuleViolationError(
            f"{house.name} has {present} power in {from_area.name}, cannot move {power}", MOVE_RULE
        )


def check_coverable(house: HouseView, covered: PendingAction, phase: int) -> None:
    covering = [p for p in house.pending.values() if p.params.get("covered_action_id") == covered.id]
    stale = covered.phase != phase or covered.resolved
    if stale or not covered.counts_as_action or covered.action == ActionName.COVER_UP or covering:
        raise RuleViolationError(f"action {covered.id} cannot be covered up", action_rule(ActionName.COVER_UP))


def covered_requirements(covered: PendingAction | None) -> int:
    if covered is None:
        return 0
    # A GM-made action (custom.py) has no requirement columns; what it must hold is what it dedicates
    # (docs/rules-notes/gm.md, Custom actions), so that is what a Cover Up of it requires.
    influence = covered.params.get("influence_requirement", covered.dedicated_influence)
    power = covered.params.get("power_requirement", covered.dedicated_power)
    return int(influence) + int(power)
