"""A campaign's own asset types: rows like the catalog's, kept on the Campaign, never added to the catalog.

An owned asset of a custom type carries its row (`OwnedAsset.custom_type`), so `rows.type_of` needs no
lookup and history keeps meaning what it meant when the GM later edits the type (docs/rules-notes/gm.md).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from domain.errors import InvalidInputError
from domain.factionturn.tables.assets import AssetKind, AssetType, Attribute, attack, counter
from domain.factionturn.tables.catalog import ALIASES, CATALOG

# Every ability key the engine's registries act on: the catalog rows' own keys.
ABILITY_KEYS = frozenset(row.ability for row in CATALOG.values() if row.ability)


def define_row(
    key: str,
    name: str,
    attribute: str,
    rating: int,
    hp: int,
    cost: int,
    *,
    arcana: int = 0,
    kind: str = "Special Forces",
    attack_cell: str = "None",
    counter_cell: str = "None",
    maintenance: int = 0,
    ability: str | None = None,
    needs_permission: bool = False,
) -> AssetType:
    """Check and build a custom row. No ability key means a narrative-only asset (its text is flavour); an ability
    plays as the catalog row it belongs to declares it (passive, its die)."""
    if key in CATALOG or key in ALIASES:
        raise InvalidInputError(f"{key!r} is a built-in asset type; a custom type needs its own key")
    if ability is not None and ability not in ABILITY_KEYS:
        raise InvalidInputError(f"unknown ability key {ability!r}; choose from {sorted(ABILITY_KEYS)}")
    source = next((r for r in CATALOG.values() if ability is not None and r.ability == ability), None)
    try:
        return AssetType(
            key=key,
            name=name.strip(),
            attribute=Attribute(attribute.title()),
            rating=rating,
            hp=hp,
            cost=cost,
            arcana=arcana,
            kind=AssetKind(kind),
            attack=attack(attack_cell),
            counter=counter(counter_cell),
            needs_permission=needs_permission,
            has_action=ability is not None,
            maintenance=maintenance,
            ability=ability,
            narrative_only=ability is None,
            passive=source.passive if source else False,
            die=source.die if source else None,
        )
    except ValueError as wrong:
        raise InvalidInputError(f"custom asset type {key!r}: {wrong}") from wrong


def row_to_dict(row: AssetType) -> dict[str, Any]:
    """A custom row as flat JSON: its table cells as text, as the seed prints them."""
    return {
        "key": row.key,
        "name": row.name,
        "attribute": row.attribute.value,
        "rating": row.rating,
        "hp": row.hp,
        "cost": row.cost,
        "arcana": row.arcana,
        "kind": row.kind.value,
        "attack": str(row.attack) if row.attack else "None",
        "counter": str(row.counter) if row.counter else "None",
        "maintenance": row.maintenance,
        "ability": row.ability,
        "needs_permission": row.needs_permission,
    }


def row_from_dict(data: dict[str, Any]) -> AssetType:
    return _cached(json.dumps(data, sort_keys=True))


@lru_cache(maxsize=256)
def _cached(text: str) -> AssetType:
    d = json.loads(text)
    return define_row(
        d["key"],
        d["name"],
        d["attribute"],
        int(d["rating"]),
        int(d["hp"]),
        int(d["cost"]),
        arcana=int(d["arcana"]),
        kind=d["kind"],
        attack_cell=d["attack"],
        counter_cell=d["counter"],
        maintenance=int(d["maintenance"]),
        ability=d["ability"],
        needs_permission=bool(d["needs_permission"]),
    )
