"""The Faction Turn's index (issue 31) answers as the scans it replaced did, and a seeded campaign resolves to the
same changes and rolls on the same dice whichever answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.assistant.players import faction_orders
from domain.assistant.sim_setup import faction_table
from domain.dice import RandomDice
from domain.errors import DomainError
from domain.factionturn.aggregate.asset_effects import (
    AssetMarked,
    AssetMoved,
    AssetPurchased,
    Repaired,
    StealthChanged,
)
from domain.factionturn.aggregate.effects import MaintenancePaid
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import FactionOrders
from domain.factionturn.forms.order_checks import check_orders
from domain.factionturn.resolution.phase import apply_phase, resolve_phase
from domain.factionturn.rules.asset_index import keeps_part
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

    indexed_blocked_by = World.blocked_by

    def checked_blocked_by(world: World, blocker: str) -> list[tuple[Faction, OwnedAsset]]:
        asked["blocked_by"] += 1
        answer = indexed_blocked_by(world, blocker)
        assert answer == scanned_blocked_by(world, blocker)
        return answer

    asked["blocked_by"] = 0
    monkeypatch.setattr(World, "agitated", checked_agitated)
    monkeypatch.setattr(World, "holders", checked_holders)
    monkeypatch.setattr(World, "blocked_by", checked_blocked_by)
    indexed = play(4)
    assert asked["agitated"] > 0 and asked["holders"] > 0 and asked["blocked_by"] > 0
    monkeypatch.setattr(World, "agitated", scanned_agitated)
    monkeypatch.setattr(World, "holders", scanned_holders)
    monkeypatch.setattr(World, "blocked_by", scanned_blocked_by)
    assert play(4) == indexed


def scanned_blocked_by(world: World, blocker: str) -> list[tuple[Faction, OwnedAsset]]:
    """The scan the index replaced (turn._lift_arsonist_blocks before session 18)."""
    return [(f, a) for f in world.factions.values() for a in f.assets.values() if a.ability_blocked_by == blocker]


def blocks_agree(world: World) -> None:
    for fid in world.factions:
        assert [(f.id, a.id) for f, a in world.blocked_by(fid)] == [
            (f.id, a.id) for f, a in scanned_blocked_by(world, fid)
        ]


@pytest.mark.parametrize("seed", range(6))
def test_the_blocks_index_equals_the_scan_on_random_worlds_through_every_change(seed: int) -> None:
    rng = random.Random(seed)
    r = [region(f"R{q}", q, 0) for q in range(4)]
    factions = [faction(f"F{i}", 4, 4, 4, r[i % 4], facgold=20) for i in range(5)]
    keys = ["regiment", "agitators", "book_of_secrets", "informers", "smugglers"]
    for f in factions:
        for _ in range(rng.randint(2, 6)):
            give(f, rng.choice(keys), rng.choice(r))
    world = World(factions, r)
    ids = [str(f.id) for f in factions]
    blocks_agree(world)
    agrees(world)
    for _ in range(40):
        owner = rng.choice(factions)
        asset = rng.choice(list(owner.assets.values()))
        blocker = rng.choice([*ids, ""])
        marked = AssetMarked(asset_id=asset.id, changes={"ability_blocked_by": blocker}, reason="test")
        world.apply(Change(str(owner.id), marked))
        if rng.random() < 0.3:  # a second world sharing the index, changing its own copy of one faction
            copy, view = world.with_copy_of(str(owner.id))
            copied = rng.choice(list(view.assets.values()))
            copy.apply(Change(str(owner.id), AssetMarked(copied.id, {"ability_blocked_by": rng.choice(ids)}, "copy")))
            blocks_agree(copy)
        blocks_agree(world)
    agrees(world)
    assert any(world.blocked_by(fid) for fid in ids)


def test_a_part_kept_through_an_effect_answers_as_the_scans_after_every_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31, P6: a faction changed only by an effect that keeps its part (`keeps_part`) is not rebuilt; after
    every change of seeded phases, kept or not, every look-up answers as the scans do."""
    applied = World.apply
    seen: dict[str, int] = {}

    def checked(world: World, change: Change) -> None:
        applied(world, change)
        kind = type(change.effect).__name__ + (":kept" if keeps_part(change.effect) else "")
        seen[kind] = seen.get(kind, 0) + 1
        agrees(world)
        blocks_agree(world)

    monkeypatch.setattr(World, "apply", checked)
    play(2)
    kept = {k for k in seen if k.endswith(":kept")}
    assert {"TurnBegun:kept", "TurnEnded:kept", "FacGoldGained:kept", "AssetDamaged:kept"} <= kept, seen
    assert "AssetDamaged" in seen or "AssetDestroyed" in seen, seen  # a lost asset rebuilds its part


def _random_effect(rng: random.Random, owner: Faction, regions: list[Any], ids: list[str]) -> Any:
    asset = rng.choice(list(owner.assets.values()))
    region_id = str(rng.choice(regions).id)
    return rng.choice(
        [
            AssetMoved(asset.id, region_id, arrives_on=0, cost=0, reason="test"),
            owner.damage(asset.id, 1, "test"),
            owner.damage(asset.id, asset.hp, "test") if not asset.is_base else None,
            StealthChanged(asset.id, rng.random() < 0.5, "test", 0),
            Repaired({asset.id: 1}, 0, 0),
            MaintenancePaid(0, [asset.id], [], []),
            MaintenancePaid(0, [], [asset.id], []) if not asset.is_base else None,
            AssetMarked(asset.id, {"attached_to": rng.choice([*_asset_ids(owner), ""])}, "test"),
            AssetMarked(asset.id, {"ability_blocked_by": rng.choice([*ids, ""])}, "test"),
        ]
    )


def _asset_ids(owner: Faction) -> list[str]:
    return list(owner.assets)


@pytest.mark.parametrize("seed", range(6))
def test_kept_and_rebuilt_parts_answer_as_the_scans_through_random_changes(seed: int) -> None:
    rng = random.Random(seed)
    r = [region(f"R{q}", q, 0) for q in range(3)]
    factions = [faction(f"F{i}", 4, 4, 4, r[i % 3], facgold=20) for i in range(4)]
    keys = ["regiment", "agitators", "book_of_secrets", "informers", "smugglers"]
    for f in factions:
        for _ in range(rng.randint(4, 8)):
            give(f, rng.choice(keys), rng.choice(r), attached_to=rng.choice(["", *_asset_ids(factions[0])]))
    world, ids, kinds = World(factions, r), [str(f.id) for f in factions], set()
    for _ in range(80):
        owner = rng.choice([f for f in factions if len(f.assets) > 1])
        effect = _random_effect(rng, owner, r, ids)
        if effect is None:
            continue
        world.apply(Change(str(owner.id), effect))
        kinds.add((type(effect).__name__, keeps_part(effect)))
        agrees(world)
        blocks_agree(world)
    assert {("AssetMoved", True), ("MaintenancePaid", False), ("AssetDamaged", False)} <= kinds
