"""Adapter between the tables (catalog, tags) and owned asset instances."""

from __future__ import annotations

from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.aggregate.holdings import BASE_OF_INFLUENCE, WILD_MONSTER, WILD_TERRAIN, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.tables.assets import AssetKind, AssetType, Attribute
from domain.factionturn.tables.catalog import ALIASES, CATALOG, NOT_BOUGHT_AS_ASSETS, asset_type, slug
from domain.factionturn.tables.custom_types import row_from_dict, row_to_dict
from domain.factionturn.tables.tags import TagRoll, TagScope, tag
from domain.region import Region

RULE_STARTING = "seed 002, Creating a Faction (starting assets)"
NOT_CATALOGUED = frozenset({BASE_OF_INFLUENCE, WILD_TERRAIN, WILD_MONSTER})


def type_of(asset: OwnedAsset) -> AssetType | None:
    """The table row of an asset; None for Bases of Influence and The Wild's terrain and monsters."""
    if asset.custom_type is not None:
        return row_from_dict(asset.custom_type)
    found = _ROWS.get(asset.type_key, _UNKNOWN)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    return None if asset.type_key in NOT_CATALOGUED else asset_type(asset.type_key)  # refused: no such asset


# The row of each catalog key and seed spelling, None for those read as having none: each turn's upkeep asks it of
# every asset of its faction, some 2,500 times a phase (issue 31, P6). The catalog is fixed (a read-only map).
_UNKNOWN = object()
_ROWS: dict[str, AssetType | None] = {key: asset_type(key) for key in (*CATALOG, *ALIASES)}
_ROWS |= dict.fromkeys(NOT_CATALOGUED, None)


def ability_of(asset: OwnedAsset) -> str:
    if asset.custom_type is None:  # a catalogued key's, worked out once below
        found = _ABILITIES.get(asset.type_key)
        if found is not None:
            return found
    row = type_of(asset)
    return (row.ability or "") if row else ""


# The ability of each catalog key and seed spelling, "" where there is none or `type_of` reads no row: `holds` asks
# it of every asset of a faction, some 3,000 times a phase (issue 31, P6). The catalog is fixed (a read-only map).
_ABILITIES: dict[str, str] = {key: asset_type(key).ability or "" for key in (*CATALOG, *ALIASES)}
_ABILITIES |= dict.fromkeys(NOT_CATALOGUED, "")


def kind_of(asset: OwnedAsset) -> AssetKind:
    row = type_of(asset)
    return row.kind if row else AssetKind.SPECIAL


def is_unit(asset: OwnedAsset) -> bool:
    """Special Forces and Military Units: what Boltholes and Cathedrals protect."""
    return kind_of(asset) in (AssetKind.SPECIAL_FORCES, AssetKind.MILITARY_UNIT)


def attribute_key(attribute: Attribute) -> str:
    return attribute.value.lower()


def new_asset(
    faction: FactionView, row: AssetType, region_id: str, usable_from: int, *, stealthed: bool = False
) -> OwnedAsset:
    assert row.hp is not None, f"{row.key} is not bought as an asset"
    custom = None if row.key in CATALOG else row_to_dict(row)
    return OwnedAsset(
        faction.next_asset_id(),
        row.key,
        row.name,
        attribute_key(row.attribute),
        region_id,
        row.hp,
        row.hp,
        usable_from=usable_from,
        stealthed=stealthed,
        custom_type=custom,
    )


def starting_asset(faction: FactionView, row: AssetType, region_id: str) -> OwnedAsset:
    """Seed 002, Creating a Faction: "Give assets ... Place these assets in the regions occupied by the faction".
    A catalog or custom row, usable from the first turn; no rating is asked (the seed's own Merchant Alliance,
    Force 3, starts with Force 6 Calvary). A Base of Influence or Stealth is no asset to start with."""
    if row.hp is None or row.key in NOT_BOUGHT_AS_ASSETS:
        raise RuleViolationError(f"{row.name} is not an asset a faction starts with", RULE_STARTING)
    return new_asset(faction, row, region_id, 0)


def holds(faction: FactionView, ability: str, region_id: str | None = None, *, usable: bool = True) -> list[OwnedAsset]:
    """The faction's assets with an ability, in a region (or anywhere), usable now unless told otherwise."""
    return [
        a
        for a in faction.assets.values()
        if (region_id is None or a.region_id == region_id)
        and ability_of(a) == ability
        and (not usable or a.usable_on(faction.turn))
    ]


def tag_dice(
    faction: FactionView,
    roll: TagRoll,
    region: Region,
    *,
    attribute: str = "",
    against: str = "",
    opponent_id: str = "",
) -> int:
    """Bonus dice a faction's tags give on one roll (seed 002 names them under Blackmail; tags.py defines them);
    `opponent_id` is the faction rolled against, when there is one."""
    count = 0
    for name in faction.tags:
        try:
            die = tag(slug(name)).effect.bonus_die
        except NotFoundError:
            continue
        if die is None or die.roll is not roll:
            continue
        if die.attribute is not None and attribute_key(die.attribute) != attribute:
            continue
        if die.against is not None and attribute_key(die.against) != against:
            continue
        if _in_scope(faction, die.scope, region, opponent_id):
            count += 1
    return count


def _in_scope(faction: FactionView, scope: TagScope, region: Region, opponent_id: str) -> bool:
    home = faction.home_region_id == str(region.id)
    return {
        TagScope.ANYWHERE: True,
        TagScope.HOME: home,
        TagScope.AWAY: not home,
        TagScope.LOW_ARCANA: region.arcana <= 2,
        # Rebels: only against the faction that is the Regional Government there, not a third faction in its land
        TagScope.AGAINST_GOVERNMENT: region.governing_faction_id not in (None, str(faction.id))
        and region.governing_faction_id == opponent_id,
    }[scope]
