"""Changing what a faction owns: buying, expanding, damaging, marking, hiding, moving, repairing, selling, refitting,
losing and gaining assets, and its home. The bodies of the `FactionAssets` events; faction.py declares the events."""

from __future__ import annotations

from typing import Any

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import AssetDamaged, HomeMoved, InfluenceExpanded
from domain.factionturn.aggregate.effects import Rolls
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.reading import FactionReading

MARKABLE = frozenset({"disabled", "sheltered", "attached_to", "ability_blocked_by", "threatened", "hp", "restored_on"})


class AssetChanges(FactionReading):
    """What a faction owns, changed (the events of `FactionAssets`)."""

    def _asset_purchased(self, asset: dict[str, Any], cost: int, via: str, rolls: Rolls) -> None:
        self._add(OwnedAsset.from_dict(asset))
        self.facgold -= cost
        self.purchased_this_turn = True
        self.purchase_discount = 0

    def expand_influence(self, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls) -> None:
        e = self.expansion(region_id, hp, cost, usable_from, rolls)
        self._influence_expanded(e.asset_id, e.region_id, e.hp, e.cost, e.usable_from, e.rolls)

    def expansion(self, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls) -> InfluenceExpanded:
        base = self.base_in(region_id)
        if (base.max_hp if base else 0) + hp > self.max_hp:
            raise RuleViolationError(
                f"a Base of Influence has at most {self.max_hp} HP, {self.name}'s maximum", "seed 002, Expand Influence"
            )
        self.check_can_pay(cost, "the Base of Influence")
        asset_id = base.id if base else self.next_asset_id()
        return InfluenceExpanded(asset_id, region_id, hp, cost, usable_from, rolls)

    def _influence_expanded(
        self, asset_id: str, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls
    ) -> None:
        self.facgold -= cost
        if asset_id in self.assets:
            base = self.assets[asset_id]
            base.hp, base.max_hp = base.hp + hp, base.max_hp + hp
        else:
            self._add(OwnedAsset.base(asset_id, region_id, hp, usable_from))

    def damage_asset(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> None:
        e = self.damage(asset_id, damage, reason, rolls)
        self._asset_damaged(e.asset_id, e.damage, e.hp, e.faction_damage, e.reason, e.rolls)

    def damage(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> AssetDamaged:
        """Damage to an asset; at 0 HP it is lost. Damage to a Base of Influence also hits faction HP."""
        asset = self.asset(asset_id)
        dealt = min(max(damage, 0), asset.hp)
        faction_damage = min(dealt, self.hp) if asset.is_base else 0
        return AssetDamaged(asset_id, dealt, asset.hp - dealt, faction_damage, reason, rolls or [])

    def _asset_damaged(
        self, asset_id: str, damage: int, hp: int, faction_damage: int, reason: str, rolls: Rolls
    ) -> None:
        self.hp -= faction_damage
        self.destroyed = self.destroyed or self.hp <= 0
        if hp <= 0:
            del self.assets[asset_id]
        else:
            self.assets[asset_id].hp = hp

    def destroy_asset(self, asset_id: str, reason: str, rolls: Rolls | None = None) -> None:
        self.asset(asset_id)
        self._asset_destroyed(asset_id, reason, rolls or [])

    def _asset_destroyed(self, asset_id: str, reason: str, rolls: Rolls) -> None:
        del self.assets[asset_id]

    def mark_asset(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls | None = None) -> None:
        """Record an ability's effect on an asset's state: disabled, sheltered, agitated, blocked, threatened."""
        self.asset(asset_id)
        if not set(changes) <= MARKABLE:
            raise InvalidInputError(f"cannot mark {sorted(set(changes) - MARKABLE)} on an asset")
        self._asset_marked(asset_id, changes, reason, rolls or [])

    def _asset_marked(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls) -> None:
        for name, value in changes.items():
            setattr(self.assets[asset_id], name, value)

    def set_stealth(
        self, asset_id: str, stealthed: bool, reason: str, cost: int = 0, rolls: Rolls | None = None
    ) -> None:
        self.asset(asset_id)
        self.check_can_pay(cost, "Stealth")
        self._stealth_changed(asset_id, stealthed, reason, cost, rolls or [])

    def _stealth_changed(self, asset_id: str, stealthed: bool, reason: str, cost: int, rolls: Rolls) -> None:
        self.assets[asset_id].stealthed = stealthed
        self.facgold -= cost

    def _asset_moved(self, asset_id: str, region_id: str, arrives_on: int, cost: int, reason: str) -> None:
        asset = self.assets[asset_id]
        asset.region_id, asset.arrives_on = region_id, arrives_on
        self.facgold -= cost

    def _repaired(self, assets: dict[str, int], faction_hp: int, cost: int) -> None:
        for asset_id, amount in assets.items():
            asset = self.assets[asset_id]
            asset.hp = min(asset.max_hp, asset.hp + amount)
            asset.sheltered = asset.sheltered and asset.hp < asset.max_hp
        self.hp = min(self.max_hp, self.hp + faction_hp)
        self.facgold -= cost

    def _asset_sold(self, asset_id: str, proceeds: int) -> None:
        del self.assets[asset_id]
        self.facgold += proceeds

    def _asset_refitted(self, asset_id: str, asset: dict[str, Any], cost: int, rolls: Rolls) -> None:
        self.assets[asset_id] = OwnedAsset.from_dict(asset)
        self.facgold -= cost

    def _asset_lost(self, asset_id: str, to_faction_id: str, reason: str) -> None:
        del self.assets[asset_id]

    def _asset_acquired(self, asset: dict[str, Any], from_faction_id: str, reason: str) -> None:
        self._add(OwnedAsset.from_dict(asset))

    def _discount_set(self, amount: int, rolls: Rolls) -> None:
        self.purchase_discount = amount

    def _embargo_set(self, region_id: str, by_faction_id: str | None, rolls: Rolls) -> None:
        if by_faction_id is None:
            self.embargoes.pop(region_id, None)
        else:
            self.embargoes[region_id] = by_faction_id

    def home_move(self, region_id: str, reason: str) -> HomeMoved:
        """Seed 002, Change Home: the base there becomes the home and takes the faction's HP."""
        base = self.base_in(region_id)
        if base is None:
            raise RuleViolationError(f"{self.name} has no Base of Influence there", "seed 002, Change Home")
        return HomeMoved(region_id, base.id, self.hp, reason)

    def _home_moved(self, region_id: str, base_id: str, base_hp: int, reason: str) -> None:
        self.home_region_id = region_id
        base = self.assets[base_id]
        base.hp = base.max_hp = base_hp
