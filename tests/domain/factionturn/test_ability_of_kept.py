"""Issue 31, P6: an asset's ability is read from a table worked out once for the catalog's keys and spellings:
what it gives is what the asset's row gives (`type_of`), for every key, a custom type, and none for the assets
without a row; an unknown key is refused alike."""

from __future__ import annotations

import dataclasses

import pytest

from domain.errors import NotFoundError
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.rules.rows import NOT_CATALOGUED, ability_of, type_of
from domain.factionturn.tables.catalog import ALIASES, CATALOG, asset_type
from domain.factionturn.tables.custom_types import row_to_dict


def plain(asset: OwnedAsset) -> str:
    row = type_of(asset)
    return (row.ability or "") if row else ""


def asset(type_key: str, custom: dict | None = None) -> OwnedAsset:  # type: ignore[type-arg]
    return OwnedAsset("a1", type_key, type_key, "force", "r1", 3, 3, custom_type=custom)


def test_every_key_and_spelling_reads_as_its_row() -> None:
    keys = [*CATALOG, *ALIASES, *NOT_CATALOGUED]
    assert "base_of_influence" in CATALOG and "base_of_influence" in NOT_CATALOGUED  # a row, read as none
    for key in keys:
        assert ability_of(asset(key)) == plain(asset(key)), key
    assert ability_of(asset("base_of_influence")) == ""
    assert {ability_of(asset(k)) for k in CATALOG} - {""}  # some abilities at all


def test_a_custom_type_reads_as_its_own_row() -> None:
    rows = [asset_type(k) for k in CATALOG]
    bought = [r.key for r in rows if r.hp is not None and r.cost is not None and r.ability]
    assert len(bought) > 10
    for key in bought:
        row = asset_type(key)
        other = "zealots" if row.ability != "zealots" else "smugglers"
        custom = row_to_dict(dataclasses.replace(row, key=f"custom_{key}", ability=other))
        made = asset(key, custom)  # the key of a catalogued row, but a type of its own
        assert ability_of(made) == plain(made) == other


def test_an_unknown_key_is_refused_alike() -> None:
    with pytest.raises(NotFoundError):
        plain(asset("no_such_asset"))
    with pytest.raises(NotFoundError):
        ability_of(asset("no_such_asset"))
