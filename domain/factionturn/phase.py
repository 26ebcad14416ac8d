"""The Faction Phase (seed 002): initiative, then each faction's turn in order.

The service loads every Faction and Region of the campaign, calls `resolve_phase`, then `apply_phase` on the
same aggregates, and saves them all in one transaction. Resolution never touches the aggregates it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domain.dice import Dice
from domain.faction import Faction
from domain.factionturn.actions import check_action
from domain.factionturn.assets import AssetType
from domain.factionturn.initiative import Initiative, roll_initiative
from domain.factionturn.orders import FactionOrders, orders_from_dict
from domain.factionturn.turn import resolve_turn
from domain.factionturn.world import Change, Outcome, World, apply_outcomes
from domain.region import Region


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
    factions: Iterable[Faction], regions: Iterable[Region], orders: Mapping[str, FactionOrders], dice: Dice,
    *, phase: int, listed: Sequence[str] | None = None, custom_types: Mapping[str, AssetType] | None = None,
) -> PhaseOutcome:  # fmt: skip
    """Roll initiative over `listed` (the campaign's numbered faction list; default: the order given) and
    resolve every turn on a copy of the aggregates. `custom_types` are the campaign's own asset types."""
    world = World(factions, regions, {str(k): v for k, v in orders.items()}, phase, custom_types).copy()
    initiative = roll_initiative(list(listed) if listed is not None else list(world.factions), dice)
    turns = tuple(resolve_turn(world, faction_id, dice) for faction_id in initiative.order)
    return PhaseOutcome(phase, initiative, turns)


def apply_phase(outcome: PhaseOutcome, factions: Iterable[Faction], regions: Iterable[Region]) -> None:
    """Record a resolved phase on the aggregates the service loaded (the same state it was resolved from)."""
    apply_outcomes(outcome.turns, factions, regions)


def submitted_orders(factions: Iterable[Faction], phase: int) -> dict[str, FactionOrders]:
    """The orders each faction submitted (`Faction.submit_order(phase, orders_to_dict(...))`) for a phase."""
    return {
        str(f.id): orders_from_dict(f.order) for f in factions if f.order is not None and f.order.get("phase") == phase
    }


def check_orders(world: World, faction_id: str, orders: FactionOrders) -> None:
    """Refuse, before submission, orders the rules forbid given the campaign as it stands."""
    if orders.action is not None:
        working = world.copy()
        faction = working.faction(faction_id)
        faction.begin_turn(world.phase)  # checked as it will stand when its turn begins
        check_action(working, faction, orders.action)
