"""The Faction Turn on PostgreSQL: generated factions play ten phases; events rebuild the same world."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion
from domain.errors import DomainError, RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.tables.catalog import CATALOG
from domain.hexmap import offset_of, rectangle
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.usecases.replay import divergences
from tests.service.usecases.decoding import assert_both_decoders_agree
from tests.support.service import replaying


def world_map() -> list[MapRegion]:
    regions = []
    for h in rectangle(4, 4):
        column, row = offset_of(h)
        wild = (column + row) % 5 == 4
        regions.append(
            MapRegion(
                f"R{column}{row}",
                h.q,
                h.r,
                arcana=4 if not wild else 0,
                population="Thousands",
                wild=wild,
                terrain_difficulty=3 if wild else 0,
            )
        )
    return regions


def candidate_orders(faction: Faction, factions: list[Faction]) -> list[dict[str, Any]]:
    """A plain policy: strike an enemy asset sharing a region, else buy the dearest affordable asset at home."""
    orders: list[dict[str, Any]] = []
    for asset in faction.assets.values():
        row = CATALOG.get(asset.type_key)
        if row is None or row.attack is None:
            continue
        for foe in factions:
            if foe.id == faction.id or foe.destroyed:
                continue
            for target in foe.assets_in(asset.region_id):
                if not target.stealthed:
                    strike = {"attacker_id": asset.id, "target_faction_id": str(foe.id), "target_asset_id": target.id}
                    orders.append({"action": {"action": "Attack", "strikes": [strike]}})
    rows = sorted(
        (r for r in CATALOG.values() if r.cost and r.hp and r.rating <= faction.rating(r.attribute.value.lower())),
        key=lambda r: -(r.cost or 0),
    )
    for row in rows:
        if (row.cost or 0) <= faction.facgold:
            orders.append({"action": {"action": "Buy Asset", "type_key": row.key, "region_id": faction.home_region_id}})
    return orders


def play_phase(intrigue: Intrigue, campaign_id: uuid.UUID) -> int:
    """Open a phase, give every faction the first order the rules accept, resolve; returns orders refused."""
    intrigue.campaigns.open_phase(campaign_id)
    campaign = intrigue.store.load(campaign_id, Campaign)
    factions = [intrigue.store.load(i, Faction) for i in campaign.member_ids("faction")]
    refused = 0
    for faction in factions:
        if faction.wild:
            continue
        for orders in candidate_orders(faction, factions)[:6]:
            try:
                intrigue.factionturn.submit_orders(campaign_id, faction.id, orders)
                break
            except RuleViolationError:
                refused += 1
    intrigue.campaigns.resolve_phase(campaign_id)
    return refused


def played(intrigue: Intrigue, seed: str, phases: int) -> Campaign:
    """A seeded Faction Turn campaign on `world_map`: The Wild, six generated factions, `phases` phases played."""
    command = CreateCampaign(f"ft-{uuid.uuid4().hex[:6]}", ["factionturn"], seed, world_map())
    campaign = intrigue.campaigns.create_campaign(command)
    intrigue.factionturn.populate_the_wild(campaign.id)
    intrigue.factionturn.generate_factions(campaign.id, 6)
    for _ in range(phases):
        play_phase(intrigue, campaign.id)
    return intrigue.store.load(campaign.id, Campaign)


@pytest.fixture(scope="module")
def ten_phases(intrigue: Intrigue) -> Campaign:
    return played(intrigue, "ten phases", 10)


def test_six_generated_factions_play_ten_phases(intrigue: Intrigue, ten_phases: Campaign) -> None:
    assert (ten_phases.phase, ten_phases.phase_status) == (10, "resolved")
    factions = intrigue.state.of_kind(ten_phases.id, "faction")
    assert len([f for f in factions if not f["wild"]]) == 6
    topics = {e.topic.rsplit(".", 1)[-1] for e in intrigue.audit.events(ten_phases.id)}
    assert {"InitiativeRolled", "AssetPurchased", "TurnEnded", "FacGoldGained"} <= topics
    bought = [e for e in intrigue.audit.events(ten_phases.id) if e.topic.endswith("AssetPurchased")]
    assert len(bought) >= 6


def test_the_played_campaign_rebuilds_identically_from_its_events(
    intrigue: Intrigue, ten_phases: Campaign, db: Database
) -> None:
    with replaying(db) as rebuilt:
        for aggregate_id in [ten_phases.id, *ten_phases.member_ids()]:
            assert public_state(rebuilt.store.repository.get(aggregate_id)) == public_state(
                intrigue.store.repository.get(aggregate_id)
            )
    assert divergences(intrigue.store, intrigue.state, ten_phases.id) == []


def test_the_played_events_decode_alike_with_the_fast_decoder(intrigue: Intrigue, ten_phases: Campaign) -> None:
    assert assert_both_decoders_agree(intrigue, [ten_phases.id, *ten_phases.member_ids()]) > 100


def test_a_forbidden_order_is_refused_and_writes_nothing(intrigue: Intrigue, ten_phases: Campaign) -> None:
    intrigue.campaigns.open_phase(ten_phases.id)
    faction = next(f for f in (intrigue.store.load(i, Faction) for i in ten_phases.member_ids("faction")) if not f.wild)
    dearest = max((r for r in CATALOG.values() if r.cost), key=lambda r: r.cost or 0)
    order = {"action": {"action": "Buy Asset", "type_key": dearest.key, "region_id": faction.home_region_id}}
    before = faction.version
    with pytest.raises(DomainError):
        intrigue.factionturn.submit_orders(ten_phases.id, faction.id, order)
    assert intrigue.store.load(faction.id, Faction).version == before
    intrigue.campaigns.resolve_phase(ten_phases.id)
