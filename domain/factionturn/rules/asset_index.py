"""The Faction Turn's cross-faction lookups, indexed (issue 31): agitators by the asset they attach to, holders
by ability. An attack check asked "is this asset agitated?" and "who holds a Book of Secrets here?" by scanning
every asset of every faction; a phase of 100 factions of 20 assets made about 400,000 such steps.

Each faction's part is built once and kept while that faction is the same object at the same version: every
change to a faction is an event, and every event raises its version, so a kept part never outlives the state it
was built from. A working copy (`World.copy`, `clone`) is a new object and gets its own part. The answers are
the scans' own, in the same order (tests/domain/factionturn/test_asset_index.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.rows import ability_of


@dataclass(frozen=True)
class FactionPart:
    """One faction's assets by the asset each attaches to (Agitators) and by ability, in the faction's order."""

    attached: Mapping[str, tuple[OwnedAsset, ...]]
    by_ability: Mapping[str, tuple[OwnedAsset, ...]]


# A catalogued type's ability, by its key: the catalog is fixed, so a part rebuilt as its faction changes (several
# times a turn) need not read each asset's row again (issue 31, item 1, P6). A campaign's own type is read each time.
_ABILITIES: dict[str, str] = {}


def _ability(asset: OwnedAsset) -> str:
    if asset.custom_type is not None:
        return ability_of(asset)
    found = _ABILITIES.get(asset.type_key)
    if found is None:
        found = _ABILITIES[asset.type_key] = ability_of(asset)
    return found


def faction_part(faction: FactionView) -> FactionPart:
    attached: dict[str, list[OwnedAsset]] = {}
    by_ability: dict[str, list[OwnedAsset]] = {}
    for asset in faction.assets.values():
        if asset.attached_to:
            attached.setdefault(asset.attached_to, []).append(asset)
        ability = _ability(asset)
        if ability:
            by_ability.setdefault(ability, []).append(asset)
    return FactionPart({k: tuple(v) for k, v in attached.items()}, {k: tuple(v) for k, v in by_ability.items()})


class AssetIndex:
    """Every faction's part merged (agitators by their target, holders by ability), each part replaced only when
    its faction changed; a look-up first makes sure of that (one step per faction, not per asset)."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[FactionView, int, FactionPart]] = {}
        self._attached: dict[str, dict[str, tuple[OwnedAsset, ...]]] = {}  # target -> faction id -> agitators
        self._by_ability: dict[str, dict[str, tuple[OwnedAsset, ...]]] = {}  # ability -> faction id -> assets

    def _sync(self, factions: Mapping[str, FactionView]) -> None:
        for key, faction in factions.items():
            kept = self._parts.get(key)
            if kept is None or kept[0] is not faction or kept[1] != faction.version:
                self._replace(key, faction, None if kept is None else kept[2])

    def _replace(self, key: str, faction: FactionView, old: FactionPart | None) -> None:
        new = faction_part(faction)
        for merged, before, after in (
            (self._attached, old and old.attached, new.attached),
            (self._by_ability, old and old.by_ability, new.by_ability),
        ):
            for name in before or ():
                merged[name].pop(key, None)
            for name, assets in after.items():
                merged.setdefault(name, {})[key] = assets
        self._parts[key] = (faction, faction.version, new)

    def agitated(self, factions: Mapping[str, FactionView], asset: OwnedAsset) -> bool:
        """Seed 002, Agitators: an asset with an Agitator of any faction attached to it in its region."""
        self._sync(factions)
        return any(
            a.region_id == asset.region_id and key in factions
            for key, agitators in self._attached.get(asset.id, {}).items()
            for a in agitators
        )

    def holders(self, factions: Mapping[str, FactionView], ability: str, region_id: str) -> Iterator[FactionView]:
        """The factions, in the world's order, holding a usable asset with `ability` in the region (`rows.holds`)."""
        self._sync(factions)
        found = self._by_ability.get(ability, {})
        for key, faction in factions.items():
            assets = found.get(key)
            if assets and any(a.region_id == region_id and a.usable_on(faction.turn) for a in assets):
                yield faction
