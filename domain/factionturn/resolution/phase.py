"""The Faction Phase (seed 002): initiative, then each faction's turn in order.

The service loads every Faction and Region of the campaign, calls `resolve_phase`, then `apply_phase` on the
same aggregates, and saves them all in one transaction. Resolution never touches the aggregates it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domain.dice import Dice
from domain.errors import DomainError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.forms.order_form import stored_orders
from domain.factionturn.resolution.initiative import Initiative, roll_initiative
from domain.factionturn.resolution.turn import bare_turn, set_aside_reason, take_turn
from domain.factionturn.rules.world import Change, Outcome, Session, World, apply_outcomes
from domain.factionturn.tables.assets import AssetType
from domain.region import Region

__all__ = ["PhaseOutcome", "apply_phase", "check_orders", "read_orders", "resolve_phase", "submitted_orders"]


@dataclass(frozen=True)
class PhaseOutcome:
    """The initiative roll and each turn's outcome, in the order they were taken."""

    phase: int
    initiative: Initiative
    turns: tuple[Outcome, ...]

    @property
    def changes(self) -> tuple[Change, ...]:
        return tuple(c for turn in self.turns for c in turn.changes)

    @property
    def changed_ids(self) -> frozenset[str]:
        return frozenset(c.target_id for c in self.changes)

    def turn_of(self, faction_id: str) -> Outcome | None:
        return next((t for t in self.turns if t.faction_id == str(faction_id)), None)


def resolve_phase(
    factions: Iterable[Faction],
    regions: Iterable[Region],
    orders: Mapping[str, FactionOrders],
    dice: Dice,
    *,
    phase: int,
    listed: Sequence[str] | None = None,
    custom_types: Mapping[str, AssetType] | None = None,
    unreadable: Mapping[str, str] | None = None,
) -> PhaseOutcome:
    """Roll initiative over `listed` (the campaign's numbered faction list; default: the order given) and
    resolve every turn on a copy of the aggregates. `custom_types` are the campaign's own asset types;
    `unreadable`: why a faction's stored orders could not be read (`read_orders`)."""
    start = World(factions, regions, {str(k): v for k, v in orders.items()}, phase, custom_types)
    world = start.copy()
    initiative = roll_initiative(list(listed) if listed is not None else list(world.factions), dice)
    turns: list[Outcome] = []
    for faction_id in initiative.order:
        outcome, world = _turn(start, world, turns, faction_id, dice, (unreadable or {}).get(faction_id, ""))
        turns.append(outcome)
    return PhaseOutcome(phase, initiative, tuple(turns))


def _turn(
    start: World, world: World, done: Sequence[Outcome], faction_id: str, dice: Dice, set_aside: str
) -> tuple[Outcome, World]:
    """One turn, and the world after it. Orders that can no longer be carried out (the campaign changed since
    they were given) fail that faction's turn, never the phase: the turn is taken again from where it began,
    without them, the refusal recorded; the rolls the refused attempt made are kept with the turn."""
    session = Session(world, dice, faction_id)
    orders = FactionOrders() if set_aside else world.orders_of(faction_id)
    try:
        return take_turn(session, orders, set_aside), world
    except DomainError as refused:
        set_aside = set_aside or set_aside_reason(refused)
    world = _replayed(start, done)
    again = Session(world, dice, faction_id, rolls=list(session.rolls))
    try:
        return take_turn(again, FactionOrders(), set_aside), world
    except DomainError:  # even a turn without orders is refused: record only why the faction did nothing
        world = _replayed(start, done)
        return bare_turn(Session(world, dice, faction_id, rolls=list(again.rolls)), set_aside), world


def _replayed(start: World, done: Sequence[Outcome]) -> World:
    """The working world as it stood after the turns `done`, rebuilt from the untouched start."""
    world = start.copy()
    for outcome in done:
        for change in outcome.changes:
            world.apply(change)
    return world


def apply_phase(outcome: PhaseOutcome, factions: Iterable[Faction], regions: Iterable[Region]) -> None:
    """Record a resolved phase on the aggregates the service loaded (the same state it was resolved from)."""
    apply_outcomes(outcome.turns, factions, regions)


def submitted_orders(factions: Iterable[FactionView], phase: int) -> dict[str, FactionOrders]:
    """The orders each faction submitted (`Faction.submit_order(phase, orders_to_dict(...))`) for a phase;
    a stored order that cannot be read is left out (`read_orders` says why)."""
    return read_orders(factions, phase)[0]


def read_orders(factions: Iterable[FactionView], phase: int) -> tuple[dict[str, FactionOrders], dict[str, str]]:
    """The orders submitted for a phase, and, by faction id, why a stored one cannot be read (an order stored
    before orders were checked whole at submission): that faction's turn is taken without it."""
    read: dict[str, FactionOrders] = {}
    unreadable: dict[str, str] = {}
    for faction in factions:
        if faction.order is None or faction.order.get("phase") != phase:
            continue
        try:
            read[str(faction.id)] = stored_orders(faction.order)
        except DomainError as malformed:
            unreadable[str(faction.id)] = set_aside_reason(malformed)
    return read, unreadable
