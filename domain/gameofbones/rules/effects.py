"""What a Game of Bones resolution records, as data: one frozen class per event it makes a House, an area (Region)
or a house's intel record, named after it and holding its payload field for field (issue 30, item 3).

A rule returns these, each in a `Change` naming the aggregate that records it (`Outcome.effects`; the builders
that read the aggregates' state, clamped as the aggregates clamp: rules/changes.py). The month resolves on working
copies (resolution/ledger.py) and keeps every change; `record` (aggregate/effect_record.py)
applies each one way, one exhaustive `match` per aggregate, on the copies as the month goes and then on the
aggregates the service loaded. The transcodings: a character is carried
as its `Character` and a circumstance as its `Circumstance`, stored as their dicts.
tests/domain/gameofbones/test_bones_effects.py holds each class to its event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.gameofbones.tables.records import Character, Circumstance

Rolls = list[dict[str, Any]]


# ---- a House's ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class InfluenceChanged:
    amount: int  # as recorded: a loss takes at most what the house has
    reason: str


@dataclass(frozen=True)
class PowerChanged:
    amount: int  # as recorded: a loss takes at most what the house has
    reason: str


@dataclass(frozen=True)
class GoldChanged:
    amount: int
    reason: str


@dataclass(frozen=True)
class CharacterSet:
    character: Character  # the leader or a lieutenant as they now are (a resolution changes only the status)
    reason: str


@dataclass(frozen=True)
class CircumstanceGained:
    circumstance: Circumstance


@dataclass(frozen=True)
class CircumstanceEnded:
    circumstance_id: str
    reason: str


@dataclass(frozen=True)
class KnowledgeGained:
    """A House's or, since intel streams, its HouseIntel's: the holder's copy, a falsehood looking like the truth."""

    knowledge: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class SpySet:
    target_house_id: str
    bonus: int  # 0 ends the spy
    months: int
    planted_phase: int
    reason: str


@dataclass(frozen=True)
class AreaDamageSet:
    area_id: str
    dark_weeks: int
    half_weeks: int
    repair_cost: int
    reason: str


@dataclass(frozen=True)
class AreaGained:
    area_id: str
    reason: str


@dataclass(frozen=True)
class AreaLost:
    area_id: str
    reason: str


@dataclass(frozen=True)
class ActionCovered:
    action_id: str


@dataclass(frozen=True)
class ActionResolved:
    action_id: str
    action: str
    result: str
    rolls: Rolls
    week: int


@dataclass(frozen=True)
class ActionReleased:
    action_id: str
    influence: int  # what the action had dedicated, free again
    power: int
    week: int


@dataclass(frozen=True)
class IncomeReceived:
    phase: int
    amount: int
    by_area: dict[str, int] = field(hash=False)


@dataclass(frozen=True)
class Destroyed:
    reason: str


# ---- an area's (a Region) ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ControlChanged:
    house_id: str | None
    reason: str


@dataclass(frozen=True)
class TroopsChanged:
    house_id: str
    power: int  # as recorded: a loss takes at most the troops there
    reason: str


# ---- a house's intel (IntelView) -------------------------------------------------------------------------------
@dataclass(frozen=True)
class MovementSeen:
    """The mover's record of houses that saw its troops move: each observer with its entry's id."""

    observers: dict[str, str] = field(hash=False)
    knowledge: dict[str, Any] = field(hash=False)


HouseEffect = (
    InfluenceChanged
    | PowerChanged
    | GoldChanged
    | CharacterSet
    | CircumstanceGained
    | CircumstanceEnded
    | KnowledgeGained
    | SpySet
    | AreaDamageSet
    | AreaGained
    | AreaLost
    | ActionCovered
    | ActionResolved
    | ActionReleased
    | IncomeReceived
    | Destroyed
)
AreaEffect = ControlChanged | TroopsChanged
IntelEffect = KnowledgeGained | MovementSeen
Effect = HouseEffect | AreaEffect | IntelEffect


@dataclass(frozen=True)
class Change:
    """One effect a rule decided, and the aggregate (a house, an area or a house's intel, by id) that records it."""

    target_id: str
    effect: Effect
