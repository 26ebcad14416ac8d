"""What a resolved action decides, as data; `apply_outcome` records it through a month's ledger as the typed
effects of the events it makes (domain/gameofbones/effects.py), clamped as the aggregates clamp them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from domain.dice import Roll
from domain.gameofbones.effects import (
    ActionCovered,
    ActionResolved,
    AreaDamageSet,
    AreaGained,
    AreaLost,
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
from domain.gameofbones.records import AreaDamage, Circumstance, Spy, Status, week_fields

if TYPE_CHECKING:
    from domain.gameofbones.intel import HouseIntel
    from domain.gameofbones.ledger import Ledger


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
    InfluenceChange
    | PowerChange
    | GoldChange
    | FateChange
    | CircumstanceGain
    | KnowledgeGain
    | ControlChange
    | TroopChange
    | AreaDamageChange
    | SpyChange
    | Cover
    | Skim
    | Sighting
)


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
        return {
            "action": self.action,
            "action_id": self.action_id,
            "house_id": self.house_id,
            "defender_id": self.defender_id,
            "result": self.result,
            "succeeded": self.succeeded,
            "week": self.week,
            "when": week_fields(self.week),
            "rolls": [r.to_dict() for r in self.rolls],
            "false_knowledge_ids": self.false_knowledge_ids,
        }


Intel = Mapping[str, "HouseIntel"]


def apply_outcome(outcome: Outcome, ledger: Ledger) -> None:
    """Record an outcome through the ledger, as the typed effects of the events it makes (domain/gameofbones/
    effects.py): the acting house, defenders, areas and the houses' intel (where there is one; without it knowledge
    goes to the House, as before intel streams: domain/gameofbones/intel.py)."""
    for effect in outcome.effects:
        APPLY[type(effect)](effect, ledger)
    house = ledger.houses[outcome.house_id]
    if outcome.action_id is not None and outcome.action_id in house.pending:
        rolls = [] if outcome.secret else [r.to_dict() for r in outcome.rolls]
        action = house.pending[outcome.action_id].action
        ledger.record(house, ActionResolved(outcome.action_id, action, outcome.result, rolls, outcome.week))


def _influence(e: Any, ledger: Ledger) -> None:
    house = ledger.houses[e.house_id]
    ledger.record(house, InfluenceChanged(max(e.amount, -house.influence), e.reason))


def _power(e: Any, ledger: Ledger) -> None:
    house = ledger.houses[e.house_id]
    ledger.record(house, PowerChanged(max(e.amount, -house.power), e.reason))


def _gold(e: Any, ledger: Ledger) -> None:
    house = ledger.houses[e.house_id]
    ledger.record(house, GoldChanged(max(e.amount, -house.gold), e.reason))


def _fate(e: Any, ledger: Ledger) -> None:
    house = ledger.houses[e.house_id]
    ledger.record(house, CharacterSet(replace(house.character(e.name), status=e.status), e.reason))


def _circumstance(e: Any, ledger: Ledger) -> None:
    ledger.record(ledger.houses[e.house_id], CircumstanceGained(e.circumstance))


def _knowledge(e: Any, ledger: Ledger) -> None:
    ledger.record(ledger.intel.get(e.house_id) or ledger.houses[e.house_id], KnowledgeGained(dict(e.knowledge)))


def _sighting(e: Any, ledger: Ledger) -> None:
    if e.house_id in ledger.intel:
        seen = MovementSeen(dict(sorted(e.observers.items())), dict(e.knowledge))
        ledger.record(ledger.intel[e.house_id], seen)
        return
    for observer, knowledge_id in sorted(e.observers.items()):
        ledger.record(ledger.houses[observer], KnowledgeGained({"id": knowledge_id, **e.knowledge}))


def _control(e: Any, ledger: Ledger) -> None:
    ledger.record(ledger.areas[e.area_id], ControlChanged(e.house_id, e.reason))
    previous = ledger.houses.get(e.previous_house_id or "")
    if previous is not None and e.area_id in previous.area_ids:
        ledger.record(previous, AreaLost(e.area_id, e.reason))
    gaining = ledger.houses.get(e.house_id or "")
    if gaining is not None and e.area_id not in gaining.area_ids:
        ledger.record(gaining, AreaGained(e.area_id, e.reason))


def _troops(e: Any, ledger: Ledger) -> None:
    area = ledger.areas[e.area_id]
    ledger.record(area, TroopsChanged(e.house_id, max(e.amount, -area.troops.get(e.house_id, 0)), e.reason))


def _damage(e: Any, ledger: Ledger) -> None:
    d = e.damage
    ledger.record(
        ledger.houses[e.house_id], AreaDamageSet(d.area_id, d.dark_weeks, d.half_weeks, d.repair_cost, e.reason)
    )


def _spy(e: Any, ledger: Ledger) -> None:
    spy = e.spy
    ledger.record(
        ledger.houses[e.house_id], SpySet(spy.target_house_id, spy.bonus, spy.months, spy.planted_phase, e.reason)
    )


def _cover(e: Any, ledger: Ledger) -> None:
    ledger.record(ledger.houses[e.house_id], ActionCovered(e.action_id))


def _skim(e: Any, ledger: Ledger) -> None:
    """Paid with the month's income (see `month.pay_income`)."""


APPLY: dict[type, Callable[[Any, Ledger], None]] = {
    InfluenceChange: _influence,
    PowerChange: _power,
    GoldChange: _gold,
    FateChange: _fate,
    CircumstanceGain: _circumstance,
    KnowledgeGain: _knowledge,
    Sighting: _sighting,
    ControlChange: _control,
    TroopChange: _troops,
    AreaDamageChange: _damage,
    SpyChange: _spy,
    Cover: _cover,
    Skim: _skim,
}
