"""A faction's holdings (seed 002, Assets): the asset methods of the Faction aggregate, kept in their own file.

`Faction` inherits them; the events they record are still `Faction.AssetPurchased` and so on, because
eventsourcing names an event after the aggregate class that triggers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import uuid5

from eventsourcing.domain import event

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.effects import AssetDamaged, HomeMoved, InfluenceExpanded, Rolls
from domain.factionturn.aggregate.holdings import ATTRIBUTES, BASE_OF_INFLUENCE, WILD_MONSTER, OwnedAsset, max_hp_for
from domain.factionturn.tables.wild import RULE_MONSTER
from domain.gm import check_intervention
from domain.history import Rewindable

MARKABLE = frozenset({"disabled", "sheltered", "attached_to", "ability_blocked_by", "threatened", "hp", "restored_on"})


class CannotPayError(RuleViolationError):
    """A cost above the FacGold the faction holds: what it is for, and how much."""

    def __init__(self, faction: str, facgold: int, what: str, amount: int) -> None:
        super().__init__(f"{faction} has {facgold} FacGold and {what} costs {amount}", "seed 002, Faction Actions")
        self.what, self.amount = what, amount


class FactionAssets(Rewindable):
    """Reading and changing what a faction owns. State is set up by `Faction.__init__`."""

    if TYPE_CHECKING:  # declared for type checking only: a class annotation would make eventsourcing add fields
        name: str
        force: int
        cunning: int
        wealth: int
        hp: int
        facgold: int
        home_region_id: str
        assets: dict[str, OwnedAsset]
        asset_serial: int
        purchased_this_turn: bool
        purchase_discount: int
        embargoes: dict[str, str]
        destroyed: bool

    # ---- reading -------------------------------------------------------------------------------------------
    @property
    def max_hp(self) -> int:
        return max_hp_for(self.force, self.cunning, self.wealth)

    def rating(self, attribute: str) -> int:
        if attribute not in ATTRIBUTES:
            return 0
        return int(getattr(self, attribute))

    def asset(self, asset_id: str) -> OwnedAsset:
        found = self.assets.get(asset_id)
        if found is None:
            raise RuleViolationError(f"{self.name} owns no asset {asset_id}", "seed 002, Assets")
        return found

    def assets_in(self, region_id: str) -> list[OwnedAsset]:
        return [a for a in self.assets.values() if a.region_id == region_id]

    def base_in(self, region_id: str) -> OwnedAsset | None:
        return next((a for a in self.assets_in(region_id) if a.is_base), None)

    def next_asset_id(self, ahead: int = 0) -> str:
        """Unguessable: observers see the unstealthed assets' ids, and in a plain series the gaps are the stealthed
        ones. The faction's secret, made at founding, hides the series; factions founded before it keep theirs.
        `ahead`: the id that many places further on in the series."""
        secret = str(getattr(self, "_secret", ""))
        serial = self.asset_serial + 1 + ahead
        return str(uuid5(self.id, f"asset:{secret}:{serial}" if secret else f"asset:{serial}"))

    def _add(self, asset: OwnedAsset) -> None:
        if asset.id == self.next_asset_id():
            self.asset_serial += 1
        self.assets[asset.id] = asset

    def check_can_pay(self, amount: int, what: str) -> None:
        if amount > self.facgold:
            raise CannotPayError(self.name, self.facgold, what, amount)

    # ---- assets --------------------------------------------------------------------------------------------
    @event("AssetPurchased")
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

    @event("InfluenceExpanded")
    def _influence_expanded(
        self, asset_id: str, region_id: str, hp: int, cost: int, usable_from: int, rolls: Rolls
    ) -> None:
        self.facgold -= cost
        if asset_id in self.assets:
            base = self.assets[asset_id]
            base.hp, base.max_hp = base.hp + hp, base.max_hp + hp
        else:
            self._add(
                OwnedAsset(
                    asset_id,
                    BASE_OF_INFLUENCE,
                    "Base of Influence",
                    "special",
                    region_id,
                    hp,
                    hp,
                    usable_from=usable_from,
                )
            )

    def damage_asset(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> None:
        e = self.damage(asset_id, damage, reason, rolls)
        self._asset_damaged(e.asset_id, e.damage, e.hp, e.faction_damage, e.reason, e.rolls)

    def damage(self, asset_id: str, damage: int, reason: str, rolls: Rolls | None = None) -> AssetDamaged:
        """Damage to an asset; at 0 HP it is lost. Damage to a Base of Influence also hits faction HP."""
        asset = self.asset(asset_id)
        dealt = min(max(damage, 0), asset.hp)
        faction_damage = min(dealt, self.hp) if asset.is_base else 0
        return AssetDamaged(asset_id, dealt, asset.hp - dealt, faction_damage, reason, rolls or [])

    @event("AssetDamaged")
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

    @event("AssetDestroyed")
    def _asset_destroyed(self, asset_id: str, reason: str, rolls: Rolls) -> None:
        del self.assets[asset_id]

    def mark_asset(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls | None = None) -> None:
        """Record an ability's effect on an asset's state: disabled, sheltered, agitated, blocked, threatened."""
        self.asset(asset_id)
        if not set(changes) <= MARKABLE:
            raise InvalidInputError(f"cannot mark {sorted(set(changes) - MARKABLE)} on an asset")
        self._asset_marked(asset_id, changes, reason, rolls or [])

    @event("AssetMarked")
    def _asset_marked(self, asset_id: str, changes: dict[str, Any], reason: str, rolls: Rolls) -> None:
        for name, value in changes.items():
            setattr(self.assets[asset_id], name, value)

    def set_stealth(
        self, asset_id: str, stealthed: bool, reason: str, cost: int = 0, rolls: Rolls | None = None
    ) -> None:
        self.asset(asset_id)
        self.check_can_pay(cost, "Stealth")
        self._stealth_changed(asset_id, stealthed, reason, cost, rolls or [])

    @event("StealthChanged")
    def _stealth_changed(self, asset_id: str, stealthed: bool, reason: str, cost: int, rolls: Rolls) -> None:
        self.assets[asset_id].stealthed = stealthed
        self.facgold -= cost

    @event("AssetMoved")
    def _asset_moved(self, asset_id: str, region_id: str, arrives_on: int, cost: int, reason: str) -> None:
        asset = self.assets[asset_id]
        asset.region_id, asset.arrives_on = region_id, arrives_on
        self.facgold -= cost

    @event("Repaired")
    def _repaired(self, assets: dict[str, int], faction_hp: int, cost: int) -> None:
        for asset_id, amount in assets.items():
            asset = self.assets[asset_id]
            asset.hp = min(asset.max_hp, asset.hp + amount)
            asset.sheltered = asset.sheltered and asset.hp < asset.max_hp
        self.hp = min(self.max_hp, self.hp + faction_hp)
        self.facgold -= cost

    @event("AssetSold")
    def _asset_sold(self, asset_id: str, proceeds: int) -> None:
        del self.assets[asset_id]
        self.facgold += proceeds

    @event("AssetRefitted")
    def _asset_refitted(self, asset_id: str, asset: dict[str, Any], cost: int, rolls: Rolls) -> None:
        self.assets[asset_id] = OwnedAsset.from_dict(asset)
        self.facgold -= cost

    @event("AssetLostToRival")
    def _asset_lost(self, asset_id: str, to_faction_id: str, reason: str) -> None:
        del self.assets[asset_id]

    @event("AssetAcquired")
    def _asset_acquired(self, asset: dict[str, Any], from_faction_id: str, reason: str) -> None:
        self._add(OwnedAsset.from_dict(asset))

    @event("PurchaseDiscountSet")
    def _discount_set(self, amount: int, rolls: Rolls) -> None:
        self.purchase_discount = amount

    @event("EmbargoSet")
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

    @event("HomeMoved")
    def _home_moved(self, region_id: str, base_id: str, base_hp: int, reason: str) -> None:
        self.home_region_id = region_id
        base = self.assets[base_id]
        base.hp = base.max_hp = base_hp

    # ---- The Wild's monsters, played by the GM (seed 002, Monster; domain/factionturn/rules/monsters.py) -------------
    def monster(self, asset_id: str) -> OwnedAsset:
        found = self.asset(asset_id)
        if found.type_key != WILD_MONSTER:
            raise RuleViolationError(f"{found.name} is not a Monster asset of The Wild", RULE_MONSTER)
        return found

    def move_monster(self, monster_id: str, region_id: str, phase: int, seat: str, reason: str) -> None:
        """The GM moves a monster (the map's checks are `monsters.plan_move`'s); once a phase."""
        beast = self.monster(monster_id)
        if beast.moved_phase == phase:
            raise RuleViolationError(f"{beast.name} has already moved in phase {phase}", RULE_MONSTER)
        self._monster_moved(monster_id, beast.region_id, region_id, phase, seat, check_intervention(seat, reason))

    @event("MonsterMoved")
    def _monster_moved(
        self, monster_id: str, from_region_id: str, to_region_id: str, phase: int, seat: str, reason: str
    ) -> None:
        beast = self.assets[monster_id]
        beast.region_id, beast.moved_phase = to_region_id, phase

    def record_monster_attack(
        self,
        monster_id: str,
        target_faction_id: str,
        target_asset_id: str,
        defender_id: str,
        phase: int,
        hit: bool,
        countered: bool,
        rolls: Rolls,
        seat: str,
        reason: str,
    ) -> None:
        """The GM's monster attack and its contest rolls; the damage follows as ordinary `AssetDamaged` events."""
        beast = self.monster(monster_id)
        if beast.attacked_phase == phase:
            raise RuleViolationError(f"{beast.name} has already attacked in phase {phase}", RULE_MONSTER)
        self._monster_attacked(
            monster_id,
            target_faction_id,
            target_asset_id,
            defender_id,
            phase,
            hit,
            countered,
            rolls,
            seat,
            check_intervention(seat, reason),
        )

    @event("MonsterAttacked")
    def _monster_attacked(
        self,
        monster_id: str,
        target_faction_id: str,
        target_asset_id: str,
        defender_id: str,
        phase: int,
        hit: bool,
        countered: bool,
        rolls: Rolls,
        seat: str,
        reason: str,
    ) -> None:
        self.assets[monster_id].attacked_phase = phase
