"""The changes a rule returns (issue 30, item 3): each a typed effect, the payload of the event its aggregate records
(rules/effects.py), with the id of that aggregate. Where the aggregate clamps a loss (influence, power
or gold at most what the house has, troops at most what stand there), the builder reads the state the rule sees and
clamps it likewise, so the effect is the event as it will be recorded (effect_record.py refuses one that disagrees).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from domain.gameofbones.rules.effects import (
    ActionCovered,
    AreaDamageSet,
    AreaGained,
    AreaLost,
    Change,
    CharacterSet,
    CircumstanceGained,
    ControlChanged,
    GoldChanged,
    InfluenceChanged,
    KnowledgeGained,
    MovementSeen,
    PowerChanged,
    SpySet,
    TroopsChanged,
)
from domain.gameofbones.rules.view import HouseView, IntelView
from domain.gameofbones.tables.records import AreaDamage, Circumstance, Spy, Status

if TYPE_CHECKING:
    from domain.region import Region

Intel = Mapping[str, IntelView]


def influence(house: HouseView, amount: int, reason: str) -> Change:
    return Change(str(house.id), InfluenceChanged(max(amount, -house.influence), reason))


def power(house: HouseView, amount: int, reason: str) -> Change:
    return Change(str(house.id), PowerChanged(max(amount, -house.power), reason))


def gold(house: HouseView, amount: int, reason: str) -> Change:
    return Change(str(house.id), GoldChanged(max(amount, -house.gold), reason))


def fate(house: HouseView, name: str, status: Status, reason: str) -> Change:
    return Change(str(house.id), CharacterSet(replace(house.character(name), status=status), reason))


def circumstance(house_id: str, gained: Circumstance) -> Change:
    return Change(house_id, CircumstanceGained(gained))


def knowledge(holder_id: str, learned: dict[str, Any], intel: Intel) -> Change:
    """To the holder's intel where it has one; a house from before intel streams keeps it in its House (intel.py)."""
    where = intel.get(holder_id)
    return Change(str(where.id) if where is not None else holder_id, KnowledgeGained(dict(learned)))


def sighting(mover_id: str, observers: Mapping[str, str], entry: dict[str, Any], intel: Intel) -> tuple[Change, ...]:
    """Houses saw the mover's troops: one record in the mover's intel, each observer with its entry's id; without
    an intel, each observer's House learns its entry (as before intel streams)."""
    where = intel.get(mover_id)
    if where is not None:
        return (Change(str(where.id), MovementSeen(dict(sorted(observers.items())), dict(entry))),)
    return tuple(Change(o, KnowledgeGained({"id": kid, **entry})) for o, kid in sorted(observers.items()))


def control(
    area_id: str, houses: Mapping[str, HouseView], house_id: str | None, previous_house_id: str | None, reason: str
) -> tuple[Change, ...]:
    """The area changes hands: its own record, then the loser's and the gainer's areas."""
    changes = [Change(area_id, ControlChanged(house_id, reason))]
    previous = houses.get(previous_house_id or "")
    if previous is not None and area_id in previous.area_ids:
        changes.append(Change(str(previous.id), AreaLost(area_id, reason)))
    gaining = houses.get(house_id or "")
    if gaining is not None and area_id not in gaining.area_ids:
        changes.append(Change(str(gaining.id), AreaGained(area_id, reason)))
    return tuple(changes)


def troops(area: Region, house_id: str, amount: int, reason: str) -> Change:
    return Change(str(area.id), TroopsChanged(house_id, max(amount, -area.troops.get(house_id, 0)), reason))


def area_damage(house_id: str, damage: AreaDamage, reason: str) -> Change:
    d = damage
    return Change(house_id, AreaDamageSet(d.area_id, d.dark_weeks, d.half_weeks, d.repair_cost, reason))


def spy(house_id: str, placed: Spy, reason: str) -> Change:
    s = placed
    return Change(house_id, SpySet(s.target_house_id, s.bonus, s.months, s.planted_phase, reason))


def cover(house_id: str, action_id: str) -> Change:
    return Change(house_id, ActionCovered(action_id))
