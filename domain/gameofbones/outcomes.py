"""What a resolved action changes, as data; `apply_outcome` records it through the aggregates' methods."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain.dice import Roll
from domain.gameofbones.records import AreaDamage, Circumstance, Spy, Status, week_fields

if TYPE_CHECKING:
    from domain.gameofbones.house import House
    from domain.gameofbones.intel import HouseIntel
    from domain.region import Region


@dataclass(frozen=True)
class InfluenceChange:
    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class PowerChange:
    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class GoldChange:
    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class FateChange:
    house_id: str
    name: str
    status: Status
    reason: str


@dataclass(frozen=True)
class CircumstanceGain:
    house_id: str
    circumstance: Circumstance


@dataclass(frozen=True)
class KnowledgeGain:
    """`false` lives only here, on the GM's side; the holder's copy looks exactly like the truth."""

    house_id: str
    knowledge: dict[str, Any] = field(hash=False)
    false: bool = False


@dataclass(frozen=True)
class Sighting:
    """Houses saw `house_id`'s troops move: one record in the mover's intel, each observer with its entry's id."""

    house_id: str
    observers: dict[str, str] = field(hash=False)
    knowledge: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class ControlChange:
    area_id: str
    house_id: str | None
    previous_house_id: str | None
    reason: str


@dataclass(frozen=True)
class TroopChange:
    area_id: str
    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class AreaDamageChange:
    house_id: str  # the controller, who keeps the record of its damaged areas
    damage: AreaDamage
    reason: str


@dataclass(frozen=True)
class SpyChange:
    house_id: str  # the aggressor who runs the spy
    spy: Spy
    reason: str


@dataclass(frozen=True)
class Cover:
    house_id: str
    action_id: str


@dataclass(frozen=True)
class Skim:
    """Extortion: a share of an area's income this month goes from its controller to the aggressor."""

    area_id: str
    house_id: str
    defender_id: str
    percent: int


Effect = (
    InfluenceChange | PowerChange | GoldChange | FateChange | CircumstanceGain | KnowledgeGain | ControlChange
    | TroopChange | AreaDamageChange | SpyChange | Cover | Skim | Sighting
)  # fmt: skip


@dataclass(frozen=True)
class Outcome:
    """One resolved action: every roll it used and every change it makes, to whichever aggregate."""

    action: str
    house_id: str
    result: str
    week: int
    rolls: tuple[Roll, ...] = ()
    effects: tuple[Effect, ...] = ()
    action_id: str | None = None  # None for checks that are not a pending action (a spy's monthly check)
    defender_id: str | None = None
    succeeded: bool = False  # did the aggressor get what the action is for (GM-side: analytics, summaries)

    @property
    def secret(self) -> bool:
        """Its rolls could tell the holder that some knowledge is false: keep them on the GM's side."""
        return any(isinstance(e, KnowledgeGain) and e.house_id == self.house_id for e in self.effects)

    @property
    def false_knowledge_ids(self) -> list[str]:
        return [str(e.knowledge["id"]) for e in self.effects if isinstance(e, KnowledgeGain) and e.false]

    def summary(self) -> dict[str, Any]:
        """The GM-side record: every roll, and which knowledge was false."""
        return {"action": self.action, "action_id": self.action_id, "house_id": self.house_id,
                "defender_id": self.defender_id, "result": self.result, "succeeded": self.succeeded, "week": self.week,
                "when": week_fields(self.week), "rolls": [r.to_dict() for r in self.rolls],
                "false_knowledge_ids": self.false_knowledge_ids}  # fmt: skip


Houses = Mapping[str, "House"]
Areas = Mapping[str, "Region"]
Intel = Mapping[str, "HouseIntel"]


def apply_outcome(outcome: Outcome, houses: Houses, areas: Areas, intel: Intel | None = None) -> None:
    """Record an outcome on the aggregates it names: the acting house, defenders, areas and the houses' intel
    (where loaded; without it knowledge goes to the House, as before intel streams: domain/gameofbones/intel.py)."""
    for effect in outcome.effects:
        if isinstance(effect, (KnowledgeGain, Sighting)):
            _learn(effect, houses, intel or {})
        else:
            APPLY[type(effect)](effect, houses, areas)
    house = houses[outcome.house_id]
    if outcome.action_id is not None and outcome.action_id in house.pending:
        rolls = [] if outcome.secret else [r.to_dict() for r in outcome.rolls]
        house.resolve_action(outcome.action_id, outcome.result, rolls, outcome.week)


def _influence(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].change_influence(e.amount, e.reason)


def _power(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].change_power(e.amount, e.reason)


def _gold(e: Any, houses: Houses, areas: Areas) -> None:
    house = houses[e.house_id]
    house.change_gold(max(e.amount, -house.gold), e.reason)


def _fate(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].set_character_status(e.name, e.status, e.reason)


def _circumstance(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].add_circumstance(e.circumstance)


def _learn(e: KnowledgeGain | Sighting, houses: Houses, intel: Intel) -> None:
    if isinstance(e, KnowledgeGain):
        (intel.get(e.house_id) or houses[e.house_id]).learn(e.knowledge)
    elif e.house_id in intel:
        intel[e.house_id].record_sighting(e.observers, e.knowledge)
    else:
        for observer, knowledge_id in sorted(e.observers.items()):
            houses[observer].learn({"id": knowledge_id, **e.knowledge})


def _control(e: Any, houses: Houses, areas: Areas) -> None:
    areas[e.area_id].change_control(e.house_id, e.reason)
    if e.previous_house_id in houses:
        houses[e.previous_house_id].lose_area(e.area_id, e.reason)
    if e.house_id in houses:
        houses[e.house_id].gain_area(e.area_id, e.reason)


def _troops(e: Any, houses: Houses, areas: Areas) -> None:
    area = areas[e.area_id]
    area.station_troops(e.house_id, max(e.amount, -area.troops.get(e.house_id, 0)), e.reason)


def _damage(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].record_area_damage(e.damage, e.reason)


def _spy(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].set_spy(e.spy, e.reason)


def _cover(e: Any, houses: Houses, areas: Areas) -> None:
    houses[e.house_id].cover_action(e.action_id)


def _skim(e: Any, houses: Houses, areas: Areas) -> None:
    """Paid with the month's income (see `month.pay_income`)."""


APPLY: dict[type, Callable[[Any, Houses, Areas], None]] = {
    InfluenceChange: _influence, PowerChange: _power, GoldChange: _gold, FateChange: _fate,
    CircumstanceGain: _circumstance, ControlChange: _control, TroopChange: _troops,
    AreaDamageChange: _damage, SpyChange: _spy, Cover: _cover, Skim: _skim,
}  # fmt: skip
