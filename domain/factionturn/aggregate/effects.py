"""What a Faction Turn rule decides, as data: one frozen class per event the rules record, named after it and
holding its payload field for field (issue 30, item 3).

A rule returns these (`Session.record`); the aggregate applies each one way (`Faction.record`, `Region.record`),
so the stored events keep their shape. The one transcoding: an asset is carried as an `OwnedAsset` and stored as
its dict (`OwnedAsset.to_dict`). tests/domain/factionturn/test_effects.py holds each class to its event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.factionturn.aggregate.holdings import OwnedAsset

Rolls = list[dict[str, Any]]


def _rolls() -> Rolls:
    return []


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
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class FacGoldSpent:
    amount: int
    reason: str
    rolls: Rolls = field(default_factory=_rolls)


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
    rolls: Rolls = field(default_factory=_rolls)
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
class AssetPurchased:
    asset: OwnedAsset
    cost: int
    via: str
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class InfluenceExpanded:
    asset_id: str  # the base there, or the next asset id for a new one
    region_id: str
    hp: int
    cost: int
    usable_from: int
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class AssetDamaged:
    asset_id: str
    damage: int  # dealt: at most the asset's HP
    hp: int  # left; at 0 the asset is lost
    faction_damage: int  # what a Base of Influence passes on to the faction
    reason: str
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class AssetDestroyed:
    asset_id: str
    reason: str
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class AssetMarked:
    asset_id: str
    changes: dict[str, Any]  # fields of the asset's state (faction_assets.MARKABLE)
    reason: str
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class StealthChanged:
    asset_id: str
    stealthed: bool
    reason: str
    cost: int = 0
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class AssetMoved:
    asset_id: str
    region_id: str
    arrives_on: int
    cost: int
    reason: str


@dataclass(frozen=True)
class Repaired:
    assets: dict[str, int]  # HP restored, by asset id
    faction_hp: int
    cost: int


@dataclass(frozen=True)
class AssetSold:
    asset_id: str
    proceeds: int


@dataclass(frozen=True)
class AssetRefitted:
    asset_id: str
    asset: OwnedAsset
    cost: int
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class AssetLostToRival:
    asset_id: str
    to_faction_id: str
    reason: str


@dataclass(frozen=True)
class AssetAcquired:
    asset: OwnedAsset
    from_faction_id: str
    reason: str


@dataclass(frozen=True)
class PurchaseDiscountSet:
    amount: int
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class EmbargoSet:
    region_id: str
    by_faction_id: str | None  # None lifts it
    rolls: Rolls = field(default_factory=_rolls)


@dataclass(frozen=True)
class HomeMoved:
    region_id: str
    base_id: str
    base_hp: int  # the base there takes the faction's HP
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
class MonsterAttacked:
    monster_id: str
    target_faction_id: str
    target_asset_id: str
    defender_id: str
    phase: int
    hit: bool
    countered: bool
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
    | AssetPurchased
    | InfluenceExpanded
    | AssetDamaged
    | AssetDestroyed
    | AssetMarked
    | StealthChanged
    | AssetMoved
    | Repaired
    | AssetSold
    | AssetRefitted
    | AssetLostToRival
    | AssetAcquired
    | PurchaseDiscountSet
    | EmbargoSet
    | HomeMoved
    | Adjusted
    | CustomActionResolved
    | MonsterAttacked
)
RegionEffect = GovernmentChanged
Effect = FactionEffect | RegionEffect


def rolls_of(effect: Effect) -> Rolls:
    """The dice an effect's event keeps (none for most bookkeeping)."""
    rolls = getattr(effect, "rolls", None)
    return list(rolls) if rolls else []
