"""Events are the truth: a rebuild never rolls, a restart loses nothing, a seed reproduces the dice."""

from __future__ import annotations

import uuid
from typing import Any

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.dice import Dice, FixedDice, RaisingDice, roll
from domain.region import Region
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.app import SNAPSHOT_INTERVAL, IntrigueStore
from service.persistence.database import Database
from service.usecases.campaigns import CampaignService


def state(aggregate: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(aggregate).items() if not k.startswith("_")} | {"version": aggregate.version}


def play(intrigue: Intrigue, seed: str | None) -> Campaign:
    regions = [MapRegion("Fort", 0, 0, arcana=4), MapRegion("Swamp", 1, 0, wild=True, terrain_difficulty=2)]
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"c-{uuid.uuid4().hex[:6]}", ["factionturn", "gameofbones"], seed, regions)
    )
    intrigue.campaigns.add_regions(
        AddRegions(campaign.id, [MapRegion("Capital", 2, 0, population="Tens of Thousands")])
    )
    for purpose in ("initiative", "weather", "omens"):
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6+1", purpose))
    intrigue.campaigns.open_phase(campaign.id)
    return intrigue.store.load(campaign.id, Campaign)


def raising(campaign: Campaign, stream: str) -> Dice:
    return RaisingDice()


def test_a_campaign_rebuilt_from_its_events_with_dice_that_raise_is_identical(intrigue: Intrigue, db: Database) -> None:
    played = play(intrigue, seed="replay")
    # A second process's view of the store, whose every dice source raises: rebuilding must not roll.
    replayer = IntrigueStore(env=db.eventsourcing_env())
    service = CampaignService(replayer, lambda position: None, raising)
    try:
        rebuilt = service.store.load(played.id, Campaign)
        assert state(rebuilt) == state(played)
        for region_id in played.member_ids("region"):
            assert state(replayer.load(region_id, Region)) == state(intrigue.store.load(region_id, Region))
    finally:
        replayer.close()


def test_the_state_read_model_equals_the_aggregates_rebuilt_from_events(intrigue: Intrigue) -> None:
    played = play(intrigue, seed="view")
    assert intrigue.state.one(played.id, "campaign") == public_state(played)
    regions = {r["id"]: r for r in intrigue.state.of_kind(played.id, "region")}
    assert len(regions) == 3
    for region_id in played.member_ids("region"):
        assert regions[str(region_id)] == public_state(intrigue.store.load(region_id, Region))


def test_a_snapshot_restores_exactly_the_state_it_was_taken_from(db: Database) -> None:
    replayer = IntrigueStore(env=db.eventsourcing_env())
    try:
        campaign = Campaign.start("many events", ["factionturn"], "s")
        for i in range(SNAPSHOT_INTERVAL + 7):
            campaign.record_roll(roll("1d6", FixedDice([1 + i % 6]), purpose=f"r{i}"))
        replayer.commit(campaign)
        replayer.snapshots_written()
        assert replayer.snapshots is not None
        assert list(replayer.snapshots.get(campaign.id))  # a snapshot was taken
        assert state(replayer.load(campaign.id, Campaign)) == state(campaign)
    finally:
        replayer.close()


def test_the_same_seed_and_the_same_orders_give_the_same_rolls(intrigue: Intrigue) -> None:
    def faces(campaign: Campaign) -> list[list[int]]:
        return [
            e.payload["roll"]["faces"] for e in intrigue.audit.events(campaign.id) if e.topic.endswith("DiceRolled")
        ]

    first, second = play(intrigue, seed="same"), play(intrigue, seed="same")
    other = play(intrigue, seed="different")
    assert faces(first) == faces(second)
    assert len(faces(first)) == 3
    assert faces(first) != faces(other)


def test_stopping_and_starting_again_gives_the_same_state(fresh_db: Database) -> None:
    first_run = Intrigue(fresh_db)
    try:
        campaign = play(first_run, seed=None)
        before = (first_run.catalog.campaign(campaign.id), first_run.catalog.regions(campaign.id))
    finally:
        first_run.close()
    second_run = Intrigue(fresh_db)
    try:
        assert state(second_run.store.load(campaign.id, Campaign)) == state(campaign)
        assert (second_run.catalog.campaign(campaign.id), second_run.catalog.regions(campaign.id)) == before
    finally:
        second_run.close()
