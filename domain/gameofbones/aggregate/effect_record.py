"""The one way a Game of Bones effect reaches its aggregate (issue 30, item 3): a House's, an area's or a house
intel's own checks, raising before any event, then the event whose payload is the effect's fields. One `match` per
aggregate (`record_on_house`, `record_on_area`, `record_on_intel`), each over that aggregate's effects only, which
mypy checks exhaustive; `record` sends an effect to its aggregate's and refuses one the aggregate has no event for.

A field the aggregate works out from its state (a loss taken at most down to zero, what a released action had
dedicated, the name of the action resolved) is worked out again here and must agree with the aggregate it is
recorded on: the month decides on working copies, and the copy and the aggregate the service loaded are at the
same state when each effect is applied.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from domain.errors import InvalidInputError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.aggregate.intel import HouseIntel
from domain.gameofbones.rules.effects import (
    ActionCovered,
    ActionReleased,
    ActionResolved,
    AreaDamageSet,
    AreaEffect,
    AreaGained,
    AreaLost,
    CharacterSet,
    CircumstanceEnded,
    CircumstanceGained,
    ControlChanged,
    Destroyed,
    Effect,
    GoldChanged,
    HouseEffect,
    IncomeReceived,
    InfluenceChanged,
    IntelEffect,
    KnowledgeGained,
    MovementSeen,
    PowerChanged,
    SpySet,
    TroopsChanged,
)
from domain.gameofbones.tables.records import AreaDamage, Spy
from domain.region import Region

Target = House | Region | HouseIntel


def record(target: Target, effect: Effect) -> None:
    """Apply one effect to `target`; a refusal names what is wrong and records nothing."""
    match target:
        case House() if isinstance(effect, HouseEffect):
            record_on_house(target, effect)
        case Region() if isinstance(effect, AreaEffect):
            record_on_area(target, effect)
        case HouseIntel() if isinstance(effect, IntelEffect):
            record_on_intel(target, effect)
        case _:
            raise InvalidInputError(f"cannot apply {type(effect).__name__} to {target.id}")


def record_on_area(area: Region, effect: AreaEffect) -> None:
    match effect:
        case ControlChanged(house_id, reason):
            area.change_control(house_id, reason)
        case TroopsChanged(house_id, power, reason):
            _agrees(effect, TroopsChanged(house_id, max(power, -area.troops.get(house_id, 0)), reason))
            area.station_troops(house_id, power, reason)
        case _:
            assert_never(effect)


def record_on_intel(intel: HouseIntel, effect: IntelEffect) -> None:
    match effect:
        case KnowledgeGained(knowledge):
            intel.learn(knowledge)
        case MovementSeen(observers, knowledge):
            intel.record_sighting(observers, knowledge)
        case _:
            assert_never(effect)


def record_on_house(house: House, effect: HouseEffect) -> None:
    match effect:
        case InfluenceChanged(amount, reason):
            _agrees(effect, InfluenceChanged(max(amount, -house.influence), reason))
            house.change_influence(amount, reason)
        case PowerChanged(amount, reason):
            _agrees(effect, PowerChanged(max(amount, -house.power), reason))
            house.change_power(amount, reason)
        case GoldChanged(amount, reason):
            house.change_gold(amount, reason)
        case CharacterSet(character, reason):
            _agrees(effect, CharacterSet(replace(house.character(character.name), status=character.status), reason))
            house.set_character_status(character.name, character.status, reason)
        case CircumstanceGained(circumstance):
            house.add_circumstance(circumstance)
        case CircumstanceEnded(circumstance_id, reason):
            house.end_circumstance(circumstance_id, reason)
        case KnowledgeGained(knowledge):
            house.learn(knowledge)
        case SpySet(target_house_id, bonus, months, planted_phase, reason):
            house.set_spy(Spy(target_house_id, bonus, months, planted_phase), reason)
        case AreaDamageSet(area_id, dark_weeks, half_weeks, repair_cost, reason):
            house.record_area_damage(AreaDamage(area_id, dark_weeks, half_weeks, repair_cost), reason)
        case AreaGained(area_id, reason):
            if area_id in house.area_ids:
                raise InvalidInputError(f"{house.name} already controls area {area_id}")
            house.gain_area(area_id, reason)
        case AreaLost(area_id, reason):
            if area_id not in house.area_ids:
                raise InvalidInputError(f"{house.name} does not control area {area_id}")
            house.lose_area(area_id, reason)
        case ActionCovered(action_id):
            house.cover_action(action_id)
        case ActionResolved(action_id, _, result, rolls, week):
            _agrees(effect, ActionResolved(action_id, house.pending_action(action_id).action, result, rolls, week))
            house.resolve_action(action_id, result, rolls, week)
        case ActionReleased(action_id, _, _, week):
            pending = house.pending_action(action_id)
            _agrees(effect, ActionReleased(action_id, pending.dedicated_influence, pending.dedicated_power, week))
            house.release_action(action_id, week)
        case IncomeReceived(phase, amount, by_area):
            house.receive_income(phase, amount, by_area)
        case Destroyed(reason):
            house.destroy(reason)
        case _:
            assert_never(effect)


def _agrees(effect: Effect, expected: Effect) -> None:
    if effect != expected:
        raise InvalidInputError(f"{effect} does not agree with the aggregate's state ({expected})")
