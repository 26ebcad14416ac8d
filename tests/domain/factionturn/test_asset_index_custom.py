"""Issue 31, P6: an index part (`faction_part`) reads a catalogued type's ability from its table in place, and a
campaign's own type from its row, even when its key is a catalog key the table already holds."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.rules.asset_index import faction_part
from domain.factionturn.rules.rows import NOT_CATALOGUED, ability_of
from domain.factionturn.tables.catalog import CATALOG, asset_type
from domain.factionturn.tables.custom_types import row_to_dict


def test_a_custom_type_under_a_catalog_key_is_indexed_by_its_own_ability() -> None:
    rows = [asset_type(k) for k in CATALOG if k not in NOT_CATALOGUED]
    bought = [r for r in rows if r.hp is not None and r.cost is not None and r.ability][:8]
    assets: dict[str, OwnedAsset] = {}
    for n, row in enumerate(bought):
        other = "zealots" if row.ability != "zealots" else "smugglers"
        custom = row_to_dict(dataclasses.replace(row, key=f"custom_{row.key}", ability=other))
        for m, made in enumerate((None, custom, None)):  # the catalogued one first: its key is in the table
            key = f"a{n}-{m}"
            assets[key] = OwnedAsset(key, row.key, row.name, "force", "r", 3, 3, custom_type=made)
    part = faction_part(SimpleNamespace(assets=assets))  # type: ignore[arg-type]
    expected: dict[str, list[OwnedAsset]] = {}
    for a in assets.values():
        expected.setdefault(ability_of(a), []).append(a)
    assert {k: list(v) for k, v in part.by_ability.items()} == expected
    assert any(a.custom_type for a in part.by_ability["zealots"])
