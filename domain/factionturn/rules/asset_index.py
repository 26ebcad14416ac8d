"""The Faction Turn's cross-faction lookups, indexed (issue 31): agitators by the asset they attach to, holders
by ability. An attack check asked "is this asset agitated?" and "who holds a Book of Secrets here?" by scanning
every asset of every faction; a phase of 100 factions of 20 assets made about 400,000 such steps.

Each faction's part is built once and kept while that faction is the same object at the same version: every
change to a faction is an event, and every event raises its version, so a kept part never outlives the state it
was built from. A working copy (`World.copy`, `clone`) is a new object and gets its own part. The answers are
the scans' own, in the same order (tests/domain/factionturn/test_asset_index.py).

Session 18 (P6): the Arsonists' blocks are a third part (each turn scanned every asset of every faction for the
ones its faction blocked: 14% of a phase-1 deciding); a look-up checks the object and version only of the factions
changed since the last one (`touched`, which `World.apply` calls), not of all 100; and the holders of an ability
are looked for only among the factions that hold one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.rows import ability_of


@dataclass(frozen=True)
class FactionPart:
    """One faction's assets by the asset each attaches to (Agitators), by ability, and by the faction whose
    Arsonists blocked their ability, in the faction's order."""

    attached: Mapping[str, tuple[OwnedAsset, ...]]
    by_ability: Mapping[str, tuple[OwnedAsset, ...]]
    blocked: Mapping[str, tuple[OwnedAsset, ...]]


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
    blocked: dict[str, list[OwnedAsset]] = {}
    for asset in faction.assets.values():
        if asset.attached_to:
            attached.setdefault(asset.attached_to, []).append(asset)
        ability = _ability(asset)
        if ability:
            by_ability.setdefault(ability, []).append(asset)
        if asset.ability_blocked_by:
            blocked.setdefault(asset.ability_blocked_by, []).append(asset)
    return FactionPart(*({k: tuple(v) for k, v in part.items()} for part in (attached, by_ability, blocked)))


class AssetIndex:
    """Every faction's part merged (agitators by their target, holders by ability), each part replaced only when
    its faction changed; a look-up first makes sure of that (one step per faction, not per asset)."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[FactionView, int, FactionPart]] = {}
        self._attached: dict[str, dict[str, tuple[OwnedAsset, ...]]] = {}  # target -> faction id -> agitators
        self._by_ability: dict[str, dict[str, tuple[OwnedAsset, ...]]] = {}  # ability -> faction id -> assets
        self._blocked: dict[str, dict[str, tuple[OwnedAsset, ...]]] = {}  # blocker -> faction id -> assets
        self._synced: Mapping[str, FactionView] | None = None  # the factions (the very mapping) last looked at
        self._place: dict[str, int] = {}  # their keys' places
        self._touched: set[str] = set()  # keys changed through `touched` since

    def touched(self, key: str) -> None:
        """A change was applied to `key` (`World.apply`): the next look-up checks that faction again."""
        self._touched.add(key)

    def _sync(self, factions: Mapping[str, FactionView]) -> None:
        # In the mapping last looked at, only a faction changed since needs checking: a world changes its factions
        # only through `World.apply`, which says so. Another mapping (a second world sharing the index) is checked
        # whole.
        if factions is self._synced:
            keys: Iterable[str] = self._touched
        else:
            keys = factions
            self._synced = factions
            self._place = {key: place for place, key in enumerate(factions)}
        for key in keys:
            faction = factions.get(key)
            if faction is None:
                continue
            kept = self._parts.get(key)
            if kept is None or kept[0] is not faction or kept[1] != faction.version:
                self._replace(key, faction, None if kept is None else kept[2])
        self._touched = set()

    def _replace(self, key: str, faction: FactionView, old: FactionPart | None) -> None:
        new = faction_part(faction)
        for merged, before, after in (
            (self._attached, old and old.attached, new.attached),
            (self._by_ability, old and old.by_ability, new.by_ability),
            (self._blocked, old and old.blocked, new.blocked),
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
        found = self._found(factions, self._by_ability, ability)
        for key in self._in_order(found):
            faction = factions[key]
            if any(a.region_id == region_id and a.usable_on(faction.turn) for a in found[key]):
                yield faction

    def blocked_by(self, factions: Mapping[str, FactionView], blocker: str) -> list[tuple[FactionView, OwnedAsset]]:
        """Seed 002, Arsonists: every asset whose ability `blocker` blocked, with its faction, in the world's order."""
        found = self._found(factions, self._blocked, blocker)
        return [(factions[key], a) for key in self._in_order(found) for a in found[key]]

    def _found(
        self, factions: Mapping[str, FactionView], merged: dict[str, dict[str, tuple[OwnedAsset, ...]]], name: str
    ) -> dict[str, tuple[OwnedAsset, ...]]:
        self._sync(factions)
        return merged.get(name, {})

    def _in_order(self, found: Mapping[str, tuple[OwnedAsset, ...]]) -> list[str]:
        """The keys of `found` that are factions of the world last synced, in its order."""
        if not found:
            return []
        place = self._place
        return sorted((key for key in found if key in place), key=place.__getitem__)
