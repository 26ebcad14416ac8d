"""The Faction Turn's cross-faction lookups, indexed (issue 31): agitators by the asset they attach to, holders
by ability. An attack check asked "is this asset agitated?" and "who holds a Book of Secrets here?" by scanning
every asset of every faction; a phase of 100 factions of 20 assets made about 400,000 such steps.

Each faction's part is built once and kept while that faction is the same object at the same version: every
change to a faction is an event, and every event raises its version, so a kept part never outlives the state it
was built from. A working copy (`World.copy`, `clone`) is a new object and gets its own part. The answers are
the scans' own, in the same order (tests/domain/factionturn/test_asset_index.py).

Session 18 (P6): the Arsonists' blocks are kept the same way, apart from the parts (each turn scanned every asset
of every faction for the ones its faction blocked: 14% of a phase-1 deciding; kept with the parts, asking for them
at each turn's start rebuilt the parts of every faction changed since). A look-up checks the object and version
only of the factions changed since the last one (`touched`, which `World.apply` calls), not of all 100, and the
holders of an ability are looked for only among the factions that hold one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from domain.factionturn.aggregate.asset_effects import AssetDamaged, AssetMoved, Repaired, StealthChanged
from domain.factionturn.aggregate.effects import (
    ActionFailed,
    FacGoldGained,
    FacGoldSpent,
    GoalAchieved,
    GoalChosen,
    GoalProgressed,
    MaintenancePaid,
    MultiTurnActionSet,
    RatingRaised,
    TagsChanged,
    TurnBegun,
    TurnEnded,
)
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
    known = _ABILITIES  # a catalogued type's found in place, without a call per asset (issue 31, P6)
    for asset in faction.assets.values():
        if asset.attached_to:
            attached.setdefault(asset.attached_to, []).append(asset)
        ability = known.get(asset.type_key) if asset.custom_type is None else None
        if ability is None:
            ability = _ability(asset)
        if ability:
            by_ability.setdefault(ability, []).append(asset)
    return FactionPart({k: tuple(v) for k, v in attached.items()}, {k: tuple(v) for k, v in by_ability.items()})


def blocked_part(faction: FactionView) -> dict[str, tuple[OwnedAsset, ...]]:
    """One faction's assets by the faction whose Arsonists blocked their ability, in the faction's order."""
    blocked: dict[str, list[OwnedAsset]] = {}
    for asset in faction.assets.values():
        if asset.ability_blocked_by:
            blocked.setdefault(asset.ability_blocked_by, []).append(asset)
    return {k: tuple(v) for k, v in blocked.items()}


# Effects that leave a faction's part as it is: the same assets, in the same order, the very same objects, each
# attached to and blocked by the same and of the same type. A part holds the objects, whose region, HP, stealth and
# usability the look-ups read as they are now; so a faction changed only by these is not rebuilt (issue 31, P6: a
# turn's start, income, upkeep and end rebuilt its part four times a turn). Each is checked against its event's
# body in domain/factionturn/aggregate/faction.py; tests/domain/factionturn/test_asset_index.py holds it to a fresh
# index after every change of seeded phases.
PART_KEPT = frozenset(
    {
        TurnBegun,
        TurnEnded,
        ActionFailed,
        RatingRaised,
        GoalChosen,
        GoalProgressed,
        GoalAchieved,
        FacGoldGained,
        FacGoldSpent,
        MultiTurnActionSet,
        TagsChanged,
        StealthChanged,  # the flag set on the asset in place
        AssetMoved,  # its region and arrival set in place
        Repaired,  # HP and shelter set in place
    }
)


def keeps_part(effect: Any) -> bool:
    """Whether recording `effect` leaves its faction's part as it was (`PART_KEPT`, a wound that leaves the asset
    standing, upkeep that loses none)."""
    kind = type(effect)
    if kind is AssetDamaged:
        return bool(effect.hp > 0)
    if kind is MaintenancePaid:
        return not effect.lost
    return kind in PART_KEPT


T = TypeVar("T")
Assets = Mapping[str, tuple[OwnedAsset, ...]]


class Kept(Generic[T]):
    """A value made from each faction (`make`), kept while it is the same object at the same version, and each of
    its views (`views`: name -> that faction's assets) merged into name -> faction id -> assets.

    A look-up (`sync`) checks only the factions changed since the last one (`touched`, which `World.apply` calls)
    in the mapping it last looked at; another mapping (a second world sharing the index) is checked whole."""

    def __init__(self, make: Callable[[FactionView], T], *views: Callable[[T], Assets]) -> None:
        self._make, self._views = make, views
        self._kept: dict[str, tuple[FactionView, int, T]] = {}
        self._merged: list[dict[str, dict[str, tuple[OwnedAsset, ...]]]] = [{} for _ in views]
        self._synced: Mapping[str, FactionView] | None = None  # the factions (the very mapping) last looked at
        self._place: dict[str, int] = {}  # their keys' places
        self.touched: set[str] = set()  # keys changed since

    def sync(self, factions: Mapping[str, FactionView]) -> None:
        if factions is self._synced:
            keys: Iterable[str] = self.touched
        else:
            keys = factions
            self._synced = factions
            self._place = {key: place for place, key in enumerate(factions)}
        for key in keys:
            faction = factions.get(key)
            if faction is None:
                continue
            kept = self._kept.get(key)
            if kept is None or kept[0] is not faction or kept[1] != faction.version:
                self._replace(key, faction, None if kept is None else kept[2])
        self.touched = set()

    def _replace(self, key: str, faction: FactionView, old: T | None) -> None:
        new = self._make(faction)
        for view, merged in zip(self._views, self._merged, strict=True):
            for name in view(old) if old is not None else ():
                merged[name].pop(key, None)
            for name, assets in view(new).items():
                merged.setdefault(name, {})[key] = assets
        self._kept[key] = (faction, faction.version, new)

    def found(self, factions: Mapping[str, FactionView], view: int, name: str) -> Assets:
        """Every faction's assets under `name` in the `view`-th view, by faction id, after a sync."""
        self.sync(factions)
        return self._merged[view].get(name, {})

    def in_order(self, found: Assets) -> list[str]:
        """The keys of `found` that are factions of the world last synced, in its order."""
        if not found:
            return []
        place = self._place
        return sorted((key for key in found if key in place), key=place.__getitem__)


class AssetIndex:
    """Every faction's part merged (agitators by their target, holders by ability), each part replaced only when
    its faction changed; the Arsonists' blocks kept apart, so that asking for them each turn does not rebuild the
    parts."""

    def __init__(self) -> None:
        self._parts = Kept(faction_part, lambda p: p.attached, lambda p: p.by_ability)
        self._blocked = Kept(blocked_part, lambda b: b)

    def touched(self, key: str) -> None:
        """A change was applied to `key` (`World.apply`): the next look-up checks that faction again."""
        self._parts.touched.add(key)
        self._blocked.touched.add(key)

    def agitated(self, factions: Mapping[str, FactionView], asset: OwnedAsset) -> bool:
        """Seed 002, Agitators: an asset with an Agitator of any faction attached to it in its region."""
        return any(
            a.region_id == asset.region_id and key in factions
            for key, agitators in self._parts.found(factions, 0, asset.id).items()
            for a in agitators
        )

    def holders(self, factions: Mapping[str, FactionView], ability: str, region_id: str) -> Iterator[FactionView]:
        """The factions, in the world's order, holding a usable asset with `ability` in the region (`rows.holds`)."""
        found = self._parts.found(factions, 1, ability)
        # Those with such an asset in the region first, then put in order: a common ability is held by most of
        # the world's factions, and sorting them all for the one or two in the region was most of a look-up.
        here = {key: assets for key, assets in found.items() if any(a.region_id == region_id for a in assets)}
        for key in self._parts.in_order(here):
            faction = factions[key]
            if any(a.region_id == region_id and a.usable_on(faction.turn) for a in here[key]):
                yield faction

    def blocked_by(self, factions: Mapping[str, FactionView], blocker: str) -> list[tuple[FactionView, OwnedAsset]]:
        """Seed 002, Arsonists: every asset whose ability `blocker` blocked, with its faction, in the world's order."""
        found = self._blocked.found(factions, 0, blocker)
        return [(factions[key], a) for key in self._blocked.in_order(found) for a in found[key]]
