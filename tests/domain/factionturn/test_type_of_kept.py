"""Issue 31, P6: an asset's row is read from a table worked out once for the catalog's keys and spellings: what it
gives is the catalog's own row (the same object), none for the assets read as having none, a custom type's own row,
and an unknown key is refused alike."""

from __future__ import annotations

import dataclasses

import pytest

from domain.errors import NotFoundError
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.rules.rows import NOT_CATALOGUED, type_of
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.catalog import ALIASES, CATALOG, asset_type
from domain.factionturn.tables.custom_types import row_from_dict, row_to_dict


def plain(asset: OwnedAsset) -> AssetType | None:
    """`type_of` as it was: the catalog asked each time."""
    if asset.custom_type is not None:
        return row_from_dict(asset.custom_type)
    return None if asset.type_key in NOT_CATALOGUED else asset_type(asset.type_key)


def asset(type_key: str, custom: dict | None = None) -> OwnedAsset:  # type: ignore[type-arg]
    return OwnedAsset("a1", type_key, type_key, "force", "r1", 3, 3, custom_type=custom)


def test_every_key_and_spelling_reads_as_its_row() -> None:
    for key in (*CATALOG, *ALIASES, *NOT_CATALOGUED):
        assert type_of(asset(key)) is plain(asset(key)), key
    assert type_of(asset("base_of_influence")) is None and type_of(asset("wild_monster")) is None
    assert type_of(asset(next(iter(ALIASES)))) is asset_type(ALIASES[next(iter(ALIASES))])


def test_a_custom_type_reads_as_its_own_row() -> None:
    row = next(asset_type(k) for k in CATALOG if k not in NOT_CATALOGUED and asset_type(k).hp is not None)
    made = asset(row.key, row_to_dict(dataclasses.replace(row, key=f"custom_{row.key}", hp=(row.hp or 0) + 1)))
    assert type_of(made) == plain(made) != row  # the catalog's key, but a row of its own


def test_an_unknown_key_is_refused_alike() -> None:
    with pytest.raises(NotFoundError):
        plain(asset("no_such_asset"))
    with pytest.raises(NotFoundError):
        type_of(asset("no_such_asset"))
