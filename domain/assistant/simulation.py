"""Seeded campaigns of both rule systems played for some phases (issue 19, "Measured, not asserted"): every
order checked as a submission is, then the phase resolved by the rules' own code.

Who plays which power is a seating: one kind at every seat (`same_kind`), or a mixed table (`mixed`) where the
three kinds sit at once, rotated so that over `ROTATION` tables every power is played once by each kind
(docs/assistant.md, Simulation). The figures are tallied per kind, over the seats that kind held.

Dice come from `dice_for(*parts)`, handed in: the caller seeds them. Drafting and resolving are timed with
the `clock` handed in (no clock: no timing), for the ratio of drafting time to resolving time per power.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from domain.assistant.drafts import Dice
from domain.assistant.players import KINDS, faction_orders, house_orders
from domain.assistant.sim_setup import HouseTable, faction_table, house_table
from domain.assistant.sim_tally import Tally
from domain.errors import DomainError
from domain.factionturn.aggregate.effects import GoalAchieved
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.resolution.phase import apply_phase, resolve_phase
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.resolution.month import apply_month, resolve_month
from domain.gameofbones.resolution.orders_given import order_action

__all__ = ["ROTATION", "Tally", "mixed", "play_factions", "play_houses", "same_kind", "simulate"]

DiceFor = Callable[..., Dice]
Clock = Callable[[], float]
Seats = Callable[[int], str]  # the kind of player at the seat of the table's power number `index`
MAX_HOUSE_ORDERS = 8
ROTATION = len(KINDS)


def same_kind(kind: str) -> Seats:
    """Every power played by `kind`."""
    return lambda _index: kind


def mixed(rotation: int) -> Seats:
    """A mixed table: power `index` played by kind `(index + rotation) mod 3`, so each table seats all three
    kinds and tables 0, 1 and 2 of a rotation give every power each kind once."""
    return lambda index: KINDS[(index + rotation) % ROTATION]


def _tallies(kinds: Iterable[str]) -> dict[str, Tally]:
    present = set(kinds)
    return {kind: Tally(kind) for kind in KINDS if kind in present}


def _now(clock: Clock | None) -> float:
    return clock() if clock else 0.0


def _share(tallies: dict[str, Tally], live: list[str], seconds: float) -> None:
    """A phase resolves every turn at once: each kind is charged the share of its live seats."""
    for kind in set(live):
        tallies[kind].resolve_seconds += seconds * live.count(kind) / len(live)


def _assets(faction: Faction) -> int:
    return sum(1 for a in faction.assets.values() if not a.is_base)


def play_factions(seats: Seats, phases: int, dice_for: DiceFor, clock: Clock | None = None) -> dict[str, Tally]:
    table = faction_table()
    kind_of = {str(f.id): seats(index) for index, f in enumerate(table.factions)}
    tallies = _tallies(kind_of.values())
    for faction in table.factions:
        tally = tallies[kind_of[str(faction.id)]]
        tally.seats.append(faction.name)
        tally.assets_start, tally.hp_start = tally.assets_start + _assets(faction), tally.hp_start + faction.hp
        tally.xp -= faction.xp
    listed = list(kind_of)
    for phase in range(1, phases + 1):
        world = table.world(phase)
        live = [f for f in listed if not world.faction(f).destroyed]
        orders: dict[str, FactionOrders] = {}
        for faction_id in live:
            kind, started = kind_of[faction_id], _now(clock)
            given = faction_orders(kind, world, faction_id, dice_for("draft", kind, phase, faction_id))
            tallies[kind].orders += 1
            try:
                check_orders(world, faction_id, given)
                orders[faction_id] = given
            except DomainError:
                tallies[kind].refused += 1
            tallies[kind].draft_seconds += _now(clock) - started
        started = _now(clock)
        outcome = resolve_phase(
            table.factions, table.regions, orders, dice_for("resolve", phase), phase=phase, listed=listed
        )
        apply_phase(outcome, table.factions, table.regions)
        _share(tallies, [kind_of[f] for f in live], _now(clock) - started)
        for change in outcome.changes:
            if isinstance(change.effect, GoalAchieved) and change.target_id in kind_of:
                tallies[kind_of[change.target_id]].goals += 1
    for faction in table.factions:
        tally = tallies[kind_of[str(faction.id)]]
        tally.xp, tally.assets_end = tally.xp + faction.xp, tally.assets_end + _assets(faction)
        tally.hp.append(max(faction.hp, 0))  # seed 002: the faction's own HP (its cohesion), 0 if destroyed
        tally.facgold.append(faction.facgold)
    return tallies


def play_houses(seats: Seats, phases: int, dice_for: DiceFor, clock: Clock | None = None) -> dict[str, Tally]:
    table = house_table()
    kind_of = {house_id: seats(index) for index, house_id in enumerate(table.houses)}
    tallies = _tallies(kind_of.values())
    for house_id, house in table.houses.items():
        tallies[kind_of[house_id]].seats.append(house.name)
    for phase in range(1, phases + 1):
        live = [h for h, house in table.houses.items() if not house.destroyed]
        for house_id in live:
            kind, started = kind_of[house_id], _now(clock)
            _order_house(tallies[kind], table.houses[house_id], phase, table, dice_for("draft", kind, phase, house_id))
            tallies[kind].draft_seconds += _now(clock) - started
        started = _now(clock)
        houses, areas = list(table.houses.values()), list(table.areas.values())
        apply_month(resolve_month(houses, areas, phase, dice_for("month", phase)), houses, areas)
        _share(tallies, [kind_of[h] for h in live], _now(clock) - started)
    for house_id, house in table.houses.items():
        tallies[kind_of[house_id]].ranks.append(0 if house.destroyed else house.rank)
    return tallies


def _order_house(tally: Tally, house: House, phase: int, table: HouseTable, dice: Dice) -> None:
    """The house's orders given in turn; the baseline asks again while it still picks one (at most 8)."""
    for _ in range(MAX_HOUSE_ORDERS):
        batch = house_orders(tally.kind, house, phase=phase, houses=table.houses, areas=table.areas, dice=dice)
        for order in batch:
            tally.orders += 1
            try:
                order_action(house, order, phase=phase, houses=table.houses, areas=table.areas)
            except DomainError:
                tally.refused += 1
        if not batch or tally.kind != "random":
            break


def simulate(
    seats: Seats, phases: int, dice_for: DiceFor, clock: Clock | None = None
) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """One seating over a campaign of each rule system: per kind, (Faction Turn, Game of Bones)."""
    return play_factions(seats, phases, dice_for, clock), play_houses(seats, phases, dice_for, clock)
