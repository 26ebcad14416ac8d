"""The Faction Turn's index (issue 31) answers as the scans it replaced did, and a seeded campaign resolves to the
same changes and rolls on the same dice whichever answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.assistant.players import faction_orders
from domain.assistant.sim_setup import faction_table
from domain.dice import RandomDice
from domain.errors import DomainError
from domain.factionturn.aggregate.asset_effects import AssetMoved, AssetPurchased
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.resolution.phase import apply_phase, resolve_phase
from domain.factionturn.rules.rows import holds, new_asset
from domain.factionturn.rules.world import Change, World
from domain.factionturn.tables.catalog import asset_type
from domain.factionturn.tables.passives import Passive
from tests.domain.factionturn.factionturn_scenario import faction, give, region


def scanned_agitated(world: World, asset: OwnedAsset) -> bool:
    """The scan the index replaced (abilities.agitated before issue 31)."""
    return any(
        a.attached_to == asset.id and a.region_id == asset.region_id
        for f in world.factions.values()
        for a in f.assets.values()
    )


def scanned_holders(world: World, ability: str, region_id: str) -> list[Faction]:
    """The scan the index replaced (attack.books_in and purchase_rules before issue 31)."""
    return [f for f in world.factions.values() if holds(f, ability, region_id)]


def all_assets(world: World) -> Iterator[OwnedAsset]:
    return (a for f in world.factions.values() for a in f.assets.values())


def agrees(world: World) -> None:
    abilities = [str(p) for p in Passive]
    for asset in all_assets(world):
        assert world.agitated(asset) == scanned_agitated(world, asset)
    for r in world.regions:
        for ability in abilities:
            assert world.holders(ability, r) == scanned_holders(world, ability, r)


def test_the_index_follows_every_change_to_a_faction() -> None:
    r = [region(f"R{q}", q, 0) for q in range(3)]
    guild, rulers = faction("Guild", 4, 4, 4, r[0], facgold=20), faction("Rulers", 4, 4, 4, r[1], facgold=20)
    regiment = give(rulers, "regiment", r[0])
    agitators = give(guild, "agitators", r[0], attached_to=regiment.id)
    give(guild, "book_of_secrets", r[0])
    world = World([guild, rulers], r)
    agrees(world)
    assert world.agitated(rulers.assets[regiment.id])
    assert [f.name for f in world.holders(str(Passive.BOOK_OF_SECRETS), str(r[0].id))] == ["Guild"]
    world.apply(Change(str(guild.id), AssetMoved(agitators.id, str(r[1].id), arrives_on=0, cost=0, reason="away")))
    agrees(world)
    assert not world.agitated(rulers.assets[regiment.id])
    world.apply(
        Change(
            str(rulers.id),
            AssetPurchased(new_asset(rulers, asset_type("book_of_secrets"), str(r[2].id), 0), cost=0, via="bought"),
        )
    )
    agrees(world)
    assert [f.name for f in world.holders(str(Passive.BOOK_OF_SECRETS), str(r[2].id))] == ["Rulers"]


def play(phases: int) -> list[tuple[Any, ...]]:
    """The simulation's table (issue 19) played by the assistant at every seat on seeded dice: each phase's
    initiative, and every turn's changes, rolls and failures."""
    table = faction_table()
    listed = [str(f.id) for f in table.factions]
    played: list[tuple[Any, ...]] = []
    for phase in range(1, phases + 1):
        world = table.world(phase)
        orders: dict[str, FactionOrders] = {}
        for fid in listed:
            if world.faction(fid).destroyed:
                continue
            given = faction_orders("assistant", world, fid, RandomDice.seeded(f"draft {phase} {fid}"))
            try:
                check_orders(world, fid, given)
            except DomainError:
                continue
            orders[fid] = given
        outcome = resolve_phase(
            table.factions, table.regions, orders, RandomDice.seeded(f"phase {phase}"), phase=phase, listed=listed
        )
        apply_phase(outcome, table.factions, table.regions)
        played.append((outcome.initiative, outcome.turns))
    return played


def test_a_seeded_campaign_resolves_the_same_with_the_index_and_with_the_scans(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = {"agitated": 0, "holders": 0}
    indexed_agitated, indexed_holders = World.agitated, World.holders

    def checked_agitated(world: World, asset: OwnedAsset) -> bool:
        asked["agitated"] += 1
        answer = indexed_agitated(world, asset)
        assert answer == scanned_agitated(world, asset)
        return answer

    def checked_holders(world: World, ability: str, region_id: str) -> list[Faction]:
        asked["holders"] += 1
        answer = indexed_holders(world, ability, region_id)
        assert answer == scanned_holders(world, ability, region_id)
        return answer

    monkeypatch.setattr(World, "agitated", checked_agitated)
    monkeypatch.setattr(World, "holders", checked_holders)
    indexed = play(4)
    assert asked["agitated"] > 0 and asked["holders"] > 0
    monkeypatch.setattr(World, "agitated", scanned_agitated)
    monkeypatch.setattr(World, "holders", scanned_holders)
    assert play(4) == indexed
