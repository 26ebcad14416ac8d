"""The Faction Turn's cross-faction lookups, indexed (issue 31): agitators by the asset they attach to, holders
by ability. An attack check asked "is this asset agitated?" and "who holds a Book of Secrets here?" by scanning
every asset of every faction; a phase of 100 factions of 20 assets made about 400,000 such steps.

Each faction's part is built once and kept while that faction is the same object at the same version: every
change to a faction is an event, and every event raises its version, so a kept part never outlives the state it
was built from. A working copy (`World.copy`, `clone`) is a new object and gets its own part. The answers are
the scans' own, in the same order (tests/domain/factionturn/test_asset_index.py)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from domain.factionturn.faction import Faction
from domain.factionturn.holdings import OwnedAsset
from domain.factionturn.rows import ability_of


@dataclass(frozen=True)
class FactionPart:
    """One faction's assets by the asset each attaches to (Agitators) and by ability, in the faction's order."""

    attached: Mapping[str, tuple[OwnedAsset, ...]]
    by_ability: Mapping[str, tuple[OwnedAsset, ...]]


def faction_part(faction: Faction) -> FactionPart:
    attached: dict[str, list[OwnedAsset]] = {}
    by_ability: dict[str, list[OwnedAsset]] = {}
    for asset in faction.assets.values():
        if asset.attached_to:
            attached.setdefault(asset.attached_to, []).append(asset)
        ability = ability_of(asset)
        if ability:
            by_ability.setdefault(ability, []).append(asset)
    return FactionPart({k: tuple(v) for k, v in attached.items()}, {k: tuple(v) for k, v in by_ability.items()})


class AssetIndex:
    """The parts of the factions a working world holds, each rebuilt only when its faction changed."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[Faction, int, FactionPart]] = {}

    def part(self, faction: Faction) -> FactionPart:
        key = str(faction.id)
        kept = self._parts.get(key)
        if kept is not None and kept[0] is faction and kept[1] == faction.version:
            return kept[2]
        built = faction_part(faction)
        self._parts[key] = (faction, faction.version, built)
        return built

    def agitated(self, factions: Iterable[Faction], asset: OwnedAsset) -> bool:
        """Seed 002, Agitators: an asset with an Agitator of any faction attached to it in its region."""
        return any(a.region_id == asset.region_id
                   for f in factions for a in self.part(f).attached.get(asset.id, ()))  # fmt: skip

    def holders(self, factions: Iterable[Faction], ability: str, region_id: str) -> Iterator[Faction]:
        """The factions, in the order given, holding a usable asset with `ability` in the region (`rows.holds`)."""
        for f in factions:
            if any(a.region_id == region_id and a.usable_on(f.turn) for a in self.part(f).by_ability.get(ability, ())):
                yield f
