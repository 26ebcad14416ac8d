"""What a Faction Turn rule decides, as data: one frozen class per event the rules record, named after it and
holding its payload field for field (issue 30, item 3).

A rule returns these (`Session.record`); the aggregate applies each one way (`Faction.record`, `Region.record`),
so the stored events keep their shape. The one transcoding: an asset is carried as an `OwnedAsset` and stored as
its dict (`OwnedAsset.to_dict`). tests/domain/factionturn/test_effects.py holds each class to its event. The effects
on a faction's holdings (the events of `FactionAssets`) are declared in asset_effects.py with their union
(`AssetEffect`), which the unions here take in whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.factionturn.aggregate.asset_effects import AssetEffect, no_rolls
from domain.factionturn.aggregate.asset_effects import Rolls as Rolls


@dataclass(frozen=True)
class TurnBegun:
    phase: int
    turn: int  # the faction's turn number, one past the last


@dataclass(frozen=True)
class RatingRaised:
    attribute: str
    rating: int
    xp_cost: int
    hp_gained: int


@dataclass(frozen=True)
class GoalChosen:
    goal: str
    target: str | None
    baseline: dict[str, int]
    abandoned: str | None


@dataclass(frozen=True)
class GoalProgressed:
    counter: str
    amount: int
    reason: str


@dataclass(frozen=True)
class GoalAchieved:
    goal: str
    xp: int


@dataclass(frozen=True)
class FacGoldGained:
    amount: int
    reason: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class FacGoldSpent:
    amount: int
    reason: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class MaintenancePaid:
    paid: int
    threatened: list[str]
    lost: list[str]
    restored: list[str]


@dataclass(frozen=True)
class ActionFailed:
    action: str
    reason: str


@dataclass(frozen=True)
class TurnEnded:
    phase: int
    action: str
    attacked: bool
    narrative: str
    rolls: Rolls = field(default_factory=no_rolls)
    kept_apart: bool = True  # the narrative goes to the phase's chronicle (False only on old events)


@dataclass(frozen=True)
class MultiTurnActionSet:
    state: dict[str, Any] | None
    reason: str


@dataclass(frozen=True)
class TagsChanged:
    add: list[str]
    remove: list[str]
    reason: str


@dataclass(frozen=True)
class Adjusted:
    field: str
    before: int
    after: int
    hp: int
    seat: str
    reason: str


@dataclass(frozen=True)
class CustomActionResolved:
    name: str
    succeeded: bool
    rolls: Rolls
    seat: str
    reason: str


@dataclass(frozen=True)
class GovernmentChanged:
    """A Region's: who governs it (seed 002, Seize Region)."""

    faction_id: str | None
    reason: str


FactionEffect = (
    TurnBegun
    | RatingRaised
    | GoalChosen
    | GoalProgressed
    | GoalAchieved
    | FacGoldGained
    | FacGoldSpent
    | MaintenancePaid
    | ActionFailed
    | TurnEnded
    | MultiTurnActionSet
    | TagsChanged
    | Adjusted
    | CustomActionResolved
    | AssetEffect
)
RegionEffect = GovernmentChanged
Effect = FactionEffect | RegionEffect


def rolls_of(effect: Effect) -> Rolls:
    """The dice an effect's event keeps (none for most bookkeeping)."""
    rolls = getattr(effect, "rolls", None)
    return list(rolls) if rolls else []
