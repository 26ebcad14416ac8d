"""What a Faction Turn rule decides about a faction's holdings, as data: one frozen class per event of
`FactionAssets` (domain/factionturn/aggregate/faction.py) the rules record, holding its payload field for field.
Their union is declared here, beside them; the rest of the effects, and the unions a rule returns, are in
effects.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.factionturn.aggregate.holdings import OwnedAsset

Rolls = list[dict[str, Any]]


def no_rolls() -> Rolls:
    return []


@dataclass(frozen=True)
class AssetPurchased:
    asset: OwnedAsset
    cost: int
    via: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class InfluenceExpanded:
    asset_id: str  # the base there, or the next asset id for a new one
    region_id: str
    hp: int
    cost: int
    usable_from: int
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class AssetDamaged:
    asset_id: str
    damage: int  # dealt: at most the asset's HP
    hp: int  # left; at 0 the asset is lost
    faction_damage: int  # what a Base of Influence passes on to the faction
    reason: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class AssetDestroyed:
    asset_id: str
    reason: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class AssetMarked:
    asset_id: str
    changes: dict[str, Any]  # fields of the asset's state (faction_assets.MARKABLE)
    reason: str
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class StealthChanged:
    asset_id: str
    stealthed: bool
    reason: str
    cost: int = 0
    rolls: Rolls = field(default_factory=no_rolls)


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
    rolls: Rolls = field(default_factory=no_rolls)


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
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class EmbargoSet:
    region_id: str
    by_faction_id: str | None  # None lifts it
    rolls: Rolls = field(default_factory=no_rolls)


@dataclass(frozen=True)
class HomeMoved:
    region_id: str
    base_id: str
    base_hp: int  # the base there takes the faction's HP
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


AssetEffect = (
    AssetPurchased
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
    | MonsterAttacked
)
