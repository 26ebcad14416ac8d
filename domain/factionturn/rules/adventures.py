"""Adventure outcomes on assets (seed 002, Players & The Faction Turn and Conflict & PC's): PCs "destroy,
create or save faction assets", with no chance of resisting. Each plan is the asset's new state, for
`Faction.resolve_adventure`; nothing is rolled."""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.holdings import BASE_OF_INFLUENCE, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.rows import new_asset
from domain.factionturn.tables.assets import AssetType
from domain.gm import RULE_PC_002

RULE_BASE = "seed 002, Expand Influence (a base has at most the faction's maximum HP)"


@dataclass(frozen=True)
class AssetOutcome:
    faction_id: str
    outcome: str  # destroyed, damaged, healed, created, revealed, stealthed, given away, received
    asset_id: str
    asset: OwnedAsset | None


def destroy(faction: FactionView, asset_id: str) -> AssetOutcome:
    faction.asset(asset_id)
    return AssetOutcome(str(faction.id), "destroyed", asset_id, None)


def damage(faction: FactionView, asset_id: str, amount: int) -> AssetOutcome:
    asset = faction.asset(asset_id)
    if amount < 1:
        raise InvalidInputError(f"damage is at least 1 HP, not {amount}")
    if amount >= asset.hp:
        return AssetOutcome(str(faction.id), "destroyed", asset_id, None)
    return AssetOutcome(str(faction.id), "damaged", asset_id, replace(asset, hp=asset.hp - amount))


def heal(faction: FactionView, asset_id: str, amount: int) -> AssetOutcome:
    """Healing stops at the asset's maximum HP, as Repair Asset does."""
    asset = faction.asset(asset_id)
    if amount < 1:
        raise InvalidInputError(f"healing is at least 1 HP, not {amount}")
    healed = min(asset.max_hp, asset.hp + amount)
    return AssetOutcome(str(faction.id), "healed", asset_id, replace(asset, hp=healed, sheltered=False))


def create(faction: FactionView, row: AssetType, region_id: str, *, stealthed: bool = False) -> AssetOutcome:
    """A new asset the PCs brought about; like a purchase it can act from the faction's next turn."""
    if row.hp is None:
        raise RuleViolationError(f"{row.name} is not an asset one can own", RULE_PC_002)
    asset = new_asset(faction, row, region_id, faction.turn + 1, stealthed=stealthed)
    return AssetOutcome(str(faction.id), "created", asset.id, asset)


def grant_base(faction: FactionView, region_id: str, hp: int) -> AssetOutcome:
    """A Base of Influence granted, or an existing one grown, up to the faction's maximum HP."""
    if hp < 1:
        raise InvalidInputError(f"a Base of Influence has at least 1 HP, not {hp}")
    base = faction.base_in(region_id)
    if (base.max_hp if base else 0) + hp > faction.max_hp:
        raise RuleViolationError(f"{faction.name}'s base would exceed its maximum HP {faction.max_hp}", RULE_BASE)
    if base is not None:
        return AssetOutcome(
            str(faction.id), "base grown", base.id, replace(base, hp=base.hp + hp, max_hp=base.max_hp + hp)
        )
    asset = OwnedAsset(faction.next_asset_id(), BASE_OF_INFLUENCE, "Base of Influence", "special", region_id, hp, hp)
    return AssetOutcome(str(faction.id), "base granted", asset.id, asset)


def remove_base(faction: FactionView, region_id: str) -> AssetOutcome:
    base = faction.base_in(region_id)
    if base is None:
        raise RuleViolationError(f"{faction.name} has no Base of Influence there", RULE_PC_002)
    return AssetOutcome(str(faction.id), "base removed", base.id, None)


def set_stealth(faction: FactionView, asset_id: str, stealthed: bool) -> AssetOutcome:
    asset = faction.asset(asset_id)
    if asset.stealthed == stealthed:
        raise RuleViolationError(f"{asset.name} is already {'stealthed' if stealthed else 'revealed'}", RULE_PC_002)
    return AssetOutcome(
        str(faction.id), "stealthed" if stealthed else "revealed", asset_id, replace(asset, stealthed=stealthed)
    )


def transfer(giver: FactionView, taker: FactionView, asset_id: str) -> tuple[AssetOutcome, AssetOutcome]:
    """The asset changes hands as it stands (HP, place); it acts for its new owner from that owner's next turn."""
    asset = giver.asset(asset_id)
    if asset.is_base:
        raise RuleViolationError("a Base of Influence is not handed over; grant the new owner its own", RULE_PC_002)
    if giver.id == taker.id:
        raise InvalidInputError("an asset is transferred to another faction")
    moved = replace(
        asset,
        id=taker.next_asset_id(),
        usable_from=taker.turn + 1,
        attached_to="",
        ability_blocked_by="",
        threatened=False,
    )
    return (
        AssetOutcome(str(giver.id), "given away", asset_id, None),
        AssetOutcome(str(taker.id), "received", moved.id, moved),
    )
