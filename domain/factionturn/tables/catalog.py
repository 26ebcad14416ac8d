"""Every asset type of seed 002, by key, with lookups by attribute and rating."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from domain.errors import NotFoundError
from domain.factionturn.tables.assets import AssetType, Attribute, row
from domain.factionturn.tables.catalog_cunning import CUNNING_ASSETS
from domain.factionturn.tables.catalog_force import FORCE_ASSETS
from domain.factionturn.tables.catalog_wealth import WEALTH_ASSETS

# Printed at rating 1 in all three tables: one row. Its attribute is Cunning because the one roll tied to a
# base is Expand Influence's 1d10 + Cunning; bases never count against an attribute's asset limit.
BASE_OF_INFLUENCE = row(
    "base_of_influence",
    "Base of Influence",
    Attribute.CUNNING,
    1,
    (None, None, 0, "Special", "None", "None", "S"),
    passive=True,
)

# Keys that are not asset types: a base is bought by Expand Influence, Stealth is a quality of another asset.
NOT_BOUGHT_AS_ASSETS = frozenset({"base_of_influence", "stealth"})

_ROWS: tuple[AssetType, ...] = (BASE_OF_INFLUENCE, *FORCE_ASSETS, *CUNNING_ASSETS, *WEALTH_ASSETS)

CATALOG: Mapping[str, AssetType] = MappingProxyType({asset.key: asset for asset in _ROWS})

# Other spellings the seed itself uses for catalog rows (description headings, the worked example), and the
# full slug of Transport & Supply Chain, whose key drops the "and" (the engine was keyed on it first).
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "arcane_scholars": "arcane_researchers",
        "cavalry": "calvary",
        "cunning_traps": "cunning_trap",
        "demagogues": "demagogue",
        "heavy_transport": "heavy_transports",
        "militia_units": "militia_unit",
        "organizational_moles": "organization_moles",
        "popular_movements": "popular_movement",
        "treasure_vaults": "treasure_vault",
        "transport_and_supply_chain": "transport_supply_chain",
    }
)


def slug(name: str) -> str:
    """`Guards & Wards` -> `guards_and_wards`."""
    words = name.lower().replace("&", " and ").replace("'", "").replace("’", "")
    return "_".join("".join(ch if ch.isalnum() else " " for ch in words).split())


def asset_type(key: str) -> AssetType:
    """The row for a key (or a seed spelling of one); NotFoundError if the seed has no such asset."""
    found = CATALOG.get(ALIASES.get(key, key))
    if found is None:
        raise NotFoundError(f"no asset type {key!r} in the Faction Turn catalog")
    return found


def asset_type_named(name: str) -> AssetType:
    """The row for a printed name such as `Guards & Wards` or `Organizational Moles`."""
    return asset_type(slug(name))


def by_attribute(attribute: Attribute) -> tuple[AssetType, ...]:
    """One attribute's table in printed order, Base of Influence first as in every table."""
    return (BASE_OF_INFLUENCE, *(a for a in _ROWS if a.attribute is attribute and a is not BASE_OF_INFLUENCE))


def at_rating(attribute: Attribute, rating: int) -> tuple[AssetType, ...]:
    """The rows printed under one heading such as `Cunning 3`."""
    return tuple(a for a in by_attribute(attribute) if a.rating == rating)


def affordable(attribute: Attribute, score: int) -> tuple[AssetType, ...]:
    """Rows a faction with this score may buy: rating at most the score, excluding base and Stealth."""
    return tuple(a for a in by_attribute(attribute) if a.rating <= score and a.key not in NOT_BOUGHT_AS_ASSETS)
