"""Builders for Faction Turn scenarios: a small map, factions, assets from the catalog, fixed dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.dice import FixedDice
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import Action, CustomAction, FactionOrders
from domain.factionturn.resolution.phase import PhaseOutcome, apply_phase, resolve_phase
from domain.factionturn.resolution.turn import resolve_turn
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.rows import new_asset
from domain.factionturn.rules.world import Outcome, World, apply_outcomes
from domain.factionturn.tables.catalog import asset_type
from domain.gm import CustomActionDef
from domain.region import Region

CAMPAIGN = UUID("00000000-0000-0000-0000-000000000002")


def region(name: str, q: int = 0, r: int = 0, **options: Any) -> Region:
    return Region.map(CAMPAIGN, name, q, r, **options)


def faction(name: str, force: int, cunning: int, wealth: int, home: Region, **options: Any) -> Faction:
    return Faction.found(CAMPAIGN, name, force, cunning, wealth, str(home.id), **options)


def give(owner: Faction, key: str, where: Region, **changes: Any) -> OwnedAsset:
    """Place a catalogued asset (usable at once unless told otherwise) and return it."""
    asset = new_asset(owner, asset_type(key), str(where.id), 0)
    for name, value in changes.items():
        setattr(asset, name, value)
    owner.grant_asset(asset, "scenario set-up")
    return owner.assets[asset.id]


def influence_action(name: str, cost: int, turns: int = 1, *, marked: bool = True) -> CustomAction:
    """A GM's custom action whose FacGold is (`marked`) or is not spending on bribes and influence."""
    definition = CustomActionDef("gilding", name, "factionturn", turns, cost, influence_spending=marked)
    return CustomAction(name, turns, cost, definition.to_dict())


def settle(*aggregates: Aggregate) -> None:
    """Forget the set-up events, so a test sees only what it caused."""
    for aggregate in aggregates:
        aggregate.collect_events()


class Table:
    """A campaign in play: factions, regions and the orders of the phase."""

    def __init__(self, factions: Iterable[Faction], regions: Iterable[Region], phase: int = 1) -> None:
        self.factions = list(factions)
        self.regions = list(regions)
        self.orders: dict[str, FactionOrders] = {}
        self.phase = phase

    def world(self) -> World:
        return World(self.factions, self.regions, self.orders, self.phase)

    def order(self, who: Faction, **orders: Any) -> None:
        self.orders[str(who.id)] = FactionOrders(**orders)

    def resolve(self, who: Faction, action: Action, *faces: int) -> Outcome:
        """Resolve one action with scripted dice, apply it, and check every die was used."""
        dice = FixedDice(faces)
        outcome = resolve_action(self.world(), str(who.id), action, dice)
        apply_outcomes([outcome], self.factions, self.regions)
        assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
        return outcome


def take_turn(table: Table, who: Faction, *faces: int) -> Outcome:
    """Resolve a faction's whole turn with scripted dice and apply it."""
    dice = FixedDice(faces)
    outcome = resolve_turn(table.world().copy(), str(who.id), dice)
    apply_outcomes([outcome], table.factions, table.regions)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
    return outcome


def run_phase(table: Table, *faces: int) -> PhaseOutcome:
    dice = FixedDice(faces)
    outcome = resolve_phase(table.factions, table.regions, table.orders, dice, phase=table.phase)
    apply_phase(outcome, table.factions, table.regions)
    assert dice.remaining == 0, f"{dice.remaining} scripted dice were not rolled"
    return outcome


def event_names(aggregate: Aggregate) -> list[str]:
    return [type(e).__name__ for e in aggregate.collect_events()]
