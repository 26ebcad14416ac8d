"""The working state a resolution reads and the outcome it returns.

A `World` holds copies of the campaign's factions and regions. Resolving records every change as a
`Change` (aggregate id, typed effect: domain/factionturn/aggregate/effects.py) and applies it to the copies at once, so
later steps see earlier ones; the service then applies the same changes, in order, to the aggregates it loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.dice import Dice, DiceSpec, Modifier, Roll
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.aggregate.clone import clone
from domain.factionturn.aggregate.effects import Effect, GovernmentChanged, TurnBegun
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.faction_record import record
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.asset_index import AssetIndex, keeps_part
from domain.factionturn.tables.assets import AssetType
from domain.factionturn.tables.catalog import asset_type
from domain.hexmap import hex_distance
from domain.region import Region


@dataclass(frozen=True)
class Change:
    """One effect a rule decided, and the aggregate (a faction or a region) that records it."""

    target_id: str
    effect: Effect


@dataclass(frozen=True)
class Outcome:
    """What one step of a faction's turn did: every roll, every change, and why an order failed."""

    faction_id: str
    step: str
    rolls: tuple[Roll, ...] = ()
    changes: tuple[Change, ...] = ()
    failures: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


class World:
    """Factions and regions of one campaign, with the orders submitted for the phase. The rules read its factions
    as `FactionView`s (read-only: aggregate/view.py); only `apply` changes one, by recording an effect."""

    def __init__(
        self,
        factions: Iterable[Faction],
        regions: Iterable[Region],
        orders: Mapping[str, FactionOrders] | None = None,
        phase: int = 1,
        custom_types: Mapping[str, AssetType] | None = None,
    ) -> None:
        self._factions = {str(f.id): f for f in factions}
        self.regions = {str(r.id): r for r in regions}
        self.orders = dict(orders or {})
        self.phase = phase
        self.custom_types = dict(custom_types or {})  # the campaign's own asset types, by key
        self.index = AssetIndex()  # each faction's agitators and abilities, kept while it is unchanged

    @property
    def factions(self) -> Mapping[str, FactionView]:
        return self._factions

    def aggregates(self) -> Mapping[str, Faction]:
        """The factions themselves, for whoever holds this world as its own working copy (the assistant, the odds);
        the rules, forms and resolution read `factions`/`faction` and change a faction only through `apply`."""
        return self._factions

    def copy(self) -> World:
        return World(
            [clone(f) for f in self._factions.values()],
            [clone(r) for r in self.regions.values()],
            self.orders,
            self.phase,
            self.custom_types,
        )

    def with_copy_of(self, faction_id: str) -> tuple[World, FactionView]:
        """This world with a copy of one faction, to change while its orders are checked; the other factions and
        the regions are shared, not copied (a check only reads them)."""
        working = self.with_copies((faction_id,))
        working.index = self.index  # shared: a part is kept only for the very object at its version
        return working, working.faction(faction_id)

    def with_copies(self, faction_ids: Iterable[str], copier: Callable[[Faction], Faction] = clone) -> World:
        """This world with copies of some factions (the others and the regions shared), and an index of its own."""
        working = World((), self.regions.values(), self.orders, self.phase, self.custom_types)
        copies = {str(i): copier(self._aggregate(i)) for i in faction_ids}
        working._factions = {**self._factions, **copies}  # the others are not even looked at
        return working

    def asset_type(self, key: str) -> AssetType:
        """A row of the catalog, or of the campaign's custom types (which never shadow the catalog)."""
        return self.custom_types[key] if key in self.custom_types else asset_type(key)

    def faction(self, faction_id: str) -> FactionView:
        return self._aggregate(faction_id)

    def _aggregate(self, faction_id: str) -> Faction:
        found = self._factions.get(str(faction_id))
        if found is None:
            raise NotFoundError(f"no faction {faction_id} in this campaign")
        return found

    def region(self, region_id: str) -> Region:
        found = self.regions.get(str(region_id))
        if found is None:
            raise NotFoundError(f"no region {region_id} in this campaign")
        return found

    def orders_of(self, faction_id: str) -> FactionOrders:
        return self.orders.get(str(faction_id), FactionOrders())

    def distance(self, from_region: str, to_region: str) -> int:
        return hex_distance(self.region(from_region).hex, self.region(to_region).hex)

    def present(self, region_id: str, *, but: str = "") -> list[tuple[FactionView, OwnedAsset]]:
        """Every asset in a region, with its owner, leaving out faction `but`. A faction's key is its id's text (each
        is put under `str(f.id)`), read in place of a `str(UUID)` per faction per look-up (issue 31, P6)."""
        return [(f, a) for key, f in self._factions.items() if key != but for a in f.assets_in(region_id)]

    def agitated(self, asset: OwnedAsset) -> bool:
        """Seed 002, Agitators: whether an Agitator shares the asset's region, attached to it."""
        return self.index.agitated(self.factions, asset)

    def holders(self, ability: str, region_id: str) -> list[FactionView]:
        """The factions holding a usable asset with the ability in the region, in the world's order."""
        return list(self.index.holders(self.factions, ability, region_id))

    def blocked_by(self, faction_id: str) -> list[tuple[FactionView, OwnedAsset]]:
        """Seed 002, Arsonists: every asset whose ability the faction blocked, with its owner, in the world's order."""
        return self.index.blocked_by(self.factions, str(faction_id))

    def governor(self, region_id: str) -> str | None:
        return self.region(region_id).governing_faction_id

    def begin_turn(self, faction_id: str) -> None:
        """A faction's turn begun in this world's phase (a working copy's, to check or preview its orders)."""
        self.apply(Change(str(faction_id), TurnBegun(self.phase, self.faction(faction_id).turn + 1)))

    def raise_rating(self, faction_id: str, attribute: str) -> None:
        """A rating raised from the faction's XP, refused (naming the rule) without it (seed 002, Raising Stats)."""
        self.apply(Change(str(faction_id), self.faction(faction_id).rating_raise(attribute)))

    def apply(self, change: Change) -> None:
        """Record one change on this world's faction or region: the one way an effect is applied."""
        effect = change.effect
        if not keeps_part(effect):  # before: a change refused part-way may have written an event
            self.index.touched(change.target_id)
        if isinstance(effect, GovernmentChanged) and change.target_id in self.regions:
            self.regions[change.target_id].change_government(effect.faction_id, effect.reason)
        elif not isinstance(effect, GovernmentChanged) and change.target_id in self._factions:
            record(self._factions[change.target_id], effect)
        else:
            raise InvalidInputError(f"cannot apply {type(effect).__name__} to {change.target_id}")


class OwnedWorld(World):
    """A world as its owner holds it (the service, through the face, which exports it as `World`): the factions it
    hands out are the aggregates themselves, to record on. The rules' rooms never build one: whatever world they are
    given, they read it as a `World`, whose factions are views."""

    @property
    def factions(self) -> Mapping[str, Faction]:
        return self._factions

    def faction(self, faction_id: str) -> Faction:
        return self._aggregate(faction_id)


@dataclass
class Session:
    """One faction's turn being resolved: dice in, changes and rolls out, applied to the world as they go."""

    world: World
    dice: Dice
    actor_id: str
    changes: list[Change] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    once: set[str] = field(default_factory=set)  # "once per turn" effects already used, by key
    # Each recorded aggregate's id as text, by the object (held, so its `id()` is not reused): a turn records some
    # five changes on the same few, a `str(UUID)` each before (issue 31, P6). An aggregate's id never changes.
    keys: dict[int, tuple[object, str]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def actor(self) -> FactionView:
        return self.world.faction(self.actor_id)

    def record(self, aggregate: FactionView | Region | str, effect: Effect) -> None:
        """Apply an effect to the working world at once (later steps see it) and keep it for the outcome."""
        change = Change(str(aggregate) if isinstance(aggregate, str) else self._key(aggregate), effect)
        self.world.apply(change)
        self.changes.append(change)

    def _key(self, aggregate: FactionView | Region) -> str:
        found = self.keys.get(id(aggregate))
        if found is None or found[0] is not aggregate:
            found = self.keys[id(aggregate)] = (aggregate, str(aggregate.id))
        return found[1]

    def roll(
        self, spec: DiceSpec | str, purpose: str, rule: str, actor: str = "", modifiers: Sequence[Modifier] = ()
    ) -> Roll:
        parsed = spec if isinstance(spec, DiceSpec) else DiceSpec.parse(spec)
        result = parsed.roll(self.dice, purpose=purpose, rule=rule, actor=actor or self.actor_id, modifiers=modifiers)
        self.rolls.append(result)
        return result

    def use_once(self, key: str) -> bool:
        """True the first time `key` is asked for in this turn."""
        if key in self.once:
            return False
        self.once.add(key)
        return True

    def outcome(self, step: str, since: int = 0, rolls_since: int = 0) -> Outcome:
        return Outcome(
            self.actor_id,
            step,
            tuple(self.rolls[rolls_since:]),
            tuple(self.changes[since:]),
            tuple(self.failures),
            tuple(self.notes),
        )


def roll_dicts(rolls: Iterable[Roll]) -> list[dict[str, Any]]:
    return [r.to_dict() for r in rolls]


def apply_outcomes(outcomes: Iterable[Outcome], factions: Iterable[Faction], regions: Iterable[Region]) -> None:
    """Apply resolved outcomes, in order, to the aggregates the service loaded."""
    world = World(factions, regions)
    for outcome in outcomes:
        for change in outcome.changes:
            world.apply(change)
