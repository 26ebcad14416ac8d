"""Issue 31, P6: `holds` reads a catalogued asset's ability from the table in place of a call per asset; it finds
what the scan through `ability_of` finds, in the same order, for catalog keys, seed spellings, assets without a row
and custom types that reuse a catalog key with an ability of their own."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest

from domain.errors import NotFoundError
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.rules.rows import NOT_CATALOGUED, ability_of, holds
from domain.factionturn.tables.catalog import ALIASES, CATALOG, asset_type
from domain.factionturn.tables.custom_types import row_to_dict

KEYS = [*CATALOG, *ALIASES, *NOT_CATALOGUED]
ROWS = [asset_type(k) for k in CATALOG if k not in NOT_CATALOGUED]
BOUGHT = {r.key for r in ROWS if r.hp is not None and r.cost is not None and r.ability}
ABILITIES = sorted({ability_of(OwnedAsset("a", k, k, "force", "r", 1, 1)) for k in KEYS} | {"zealots"})


def scanned(faction: Any, ability: str, region_id: str | None = None, *, usable: bool = True) -> list[OwnedAsset]:
    """`holds` as it was: `ability_of` asked of every asset."""
    return [
        a
        for a in faction.assets.values()
        if (region_id is None or a.region_id == region_id)
        and ability_of(a) == ability
        and (not usable or a.usable_on(faction.turn))
    ]


def custom(key: str) -> dict[str, Any]:
    row = asset_type(key)
    other = "zealots" if row.ability != "zealots" else "smugglers"
    return row_to_dict(dataclasses.replace(row, key=f"custom_{key}", ability=other))


def random_faction(rng: random.Random) -> SimpleNamespace:
    assets = {}
    for n in range(rng.randint(0, 25)):
        key = rng.choice(KEYS)
        made = custom(key) if key in BOUGHT and rng.random() < 0.2 else None
        assets[f"a{n}"] = OwnedAsset(
            f"a{n}", key, key, "force", rng.choice("rst"), 3, 3, usable_from=rng.randint(0, 3), custom_type=made
        )
    return SimpleNamespace(assets=assets, turn=rng.randint(0, 3))


def test_holds_finds_what_the_scan_finds() -> None:
    rng = random.Random(31)
    customs = 0
    for _ in range(400):
        faction = random_faction(rng)
        customs += sum(a.custom_type is not None for a in faction.assets.values())
        for ability in ABILITIES:
            for region in (None, "r", "s"):
                for usable in (True, False):
                    got = holds(faction, ability, region, usable=usable)  # type: ignore[arg-type]
                    assert got == scanned(faction, ability, region, usable=usable)
                    assert [id(a) for a in got] == [id(a) for a in scanned(faction, ability, region, usable=usable)]
    assert customs > 50


def test_an_unknown_key_is_refused_alike() -> None:
    faction = SimpleNamespace(assets={"a": OwnedAsset("a", "no_such_asset", "x", "force", "r", 1, 1)}, turn=0)
    with pytest.raises(NotFoundError):
        scanned(faction, "zealots")
    with pytest.raises(NotFoundError):
        holds(faction, "zealots")  # type: ignore[arg-type]
