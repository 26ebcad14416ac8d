"""Seeded campaigns of both rule systems played for some phases by one kind of player (issue 19, "Measured,
not asserted"): every order checked as a submission is, then the phase resolved by the rules' own code.

Dice come from `dice_for(*parts)`, handed in: the caller seeds them. Drafting and resolving are timed with
the `clock` handed in (no clock: no timing), for the ratio of drafting time to resolving time per power.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import median

from domain.assistant.drafts import Dice
from domain.assistant.players import faction_orders, house_orders
from domain.assistant.sim_setup import faction_table, house_table
from domain.errors import DomainError
from domain.factionturn.order_checks import check_orders
from domain.factionturn.orders import FactionOrders
from domain.factionturn.phase import apply_phase, resolve_phase
from domain.gameofbones.month import resolve_month
from domain.gameofbones.ordering import order_action

DiceFor = Callable[..., Dice]
Clock = Callable[[], float]
MAX_HOUSE_ORDERS = 8


@dataclass
class Tally:
    """What one kind of player achieved over one campaign of each rule system."""

    kind: str
    goals: int = 0
    xp: int = 0
    assets_start: int = 0
    assets_end: int = 0
    hp: list[int] = field(default_factory=list)
    hp_start: int = 0
    facgold: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    refused: int = 0
    orders: int = 0
    draft_seconds: float = 0.0
    resolve_seconds: float = 0.0
    powers: int = 0

    def merge(self, other: Tally) -> None:
        for name in ("goals", "xp", "assets_start", "assets_end", "hp_start", "refused", "orders", "draft_seconds",
                     "resolve_seconds", "powers"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.hp += other.hp
        self.facgold += other.facgold
        self.ranks += other.ranks

    def row(self) -> dict[str, float | int | str]:
        ratio = self.draft_seconds / self.resolve_seconds if self.resolve_seconds else 0.0
        return {"kind": self.kind, "goals": self.goals, "xp": self.xp,
                "assets kept": f"{self.assets_end}/{self.assets_start}", "HP kept": f"{sum(self.hp)}/{self.hp_start}",
                "median HP": _median(self.hp),
                "median FacGold": _median(self.facgold), "median rank": _median(self.ranks),
                "orders": self.orders, "refused": self.refused, "draft/resolve": round(ratio, 3)}  # fmt: skip


def _median(values: list[int]) -> float:
    return float(median(values)) if values else 0.0


def play_factions(kind: str, phases: int, dice_for: DiceFor, clock: Clock | None = None) -> Tally:
    table, tally = faction_table(), Tally(kind)
    tally.assets_start = sum(1 for f in table.factions for a in f.assets.values() if not a.is_base)
    xp_start = sum(f.xp for f in table.factions)
    tally.hp_start = sum(f.hp for f in table.factions)
    listed = [str(f.id) for f in table.factions]
    for phase in range(1, phases + 1):
        world = table.world(phase)
        orders: dict[str, FactionOrders] = {}
        started = clock() if clock else 0.0
        for faction_id in listed:
            if world.faction(faction_id).destroyed:
                continue
            given = faction_orders(kind, world, faction_id, dice_for("draft", kind, phase, faction_id))
            tally.orders += 1
            try:
                check_orders(world, faction_id, given)
            except DomainError:
                tally.refused += 1
                continue
            orders[faction_id] = given
        drafted = clock() if clock else 0.0
        outcome = resolve_phase(table.factions, table.regions, orders, dice_for("resolve", phase), phase=phase,
                                listed=listed)  # fmt: skip
        apply_phase(outcome, table.factions, table.regions)
        tally.goals += sum(1 for c in outcome.changes if c.method == "achieve_goal")
        tally.draft_seconds += drafted - started
        tally.resolve_seconds += (clock() if clock else 0.0) - drafted
    tally.xp = sum(f.xp for f in table.factions) - xp_start
    tally.assets_end = sum(1 for f in table.factions for a in f.assets.values() if not a.is_base)
    tally.hp = [max(f.hp, 0) for f in table.factions]  # seed 002: the faction's own HP (its cohesion), 0 if destroyed
    tally.facgold = [f.facgold for f in table.factions]
    tally.powers = len(table.factions)
    return tally


def play_houses(kind: str, phases: int, dice_for: DiceFor, clock: Clock | None = None) -> Tally:
    table, tally = house_table(), Tally(kind)
    for phase in range(1, phases + 1):
        started = clock() if clock else 0.0
        for house_id, house in table.houses.items():
            if house.destroyed:
                continue
            dice = dice_for("draft", kind, phase, house_id)
            for _ in range(MAX_HOUSE_ORDERS):
                batch = house_orders(kind, house, phase=phase, houses=table.houses, areas=table.areas, dice=dice)
                for order in batch:
                    tally.orders += 1
                    try:
                        order_action(house, order, phase=phase, houses=table.houses, areas=table.areas)
                    except DomainError:
                        tally.refused += 1
                if not batch or kind != "random":
                    break
        drafted = clock() if clock else 0.0
        resolve_month(list(table.houses.values()), list(table.areas.values()), phase, dice_for("month", phase))
        tally.draft_seconds += drafted - started
        tally.resolve_seconds += (clock() if clock else 0.0) - drafted
    tally.ranks = [0 if h.destroyed else h.rank for h in table.houses.values()]
    tally.powers = len(table.houses)
    return tally


def simulate(kind: str, phases: int, dice_for: DiceFor, clock: Clock | None = None) -> tuple[Tally, Tally]:
    """One kind of player over a campaign of each rule system: (Faction Turn, Game of Bones)."""
    return play_factions(kind, phases, dice_for, clock), play_houses(kind, phases, dice_for, clock)
