"""A snapshot taken from the instance just saved holds what replaying the aggregate's events gives."""

from __future__ import annotations

import uuid

from domain.campaign import Campaign
from domain.commands import CreateCampaign
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.app import replay
from tests.service.usecases.test_factionturn_play import play_phase, world_map
from tests.support.gameofbones_world import city, give_orders, register_five


def test_every_snapshot_of_a_played_faction_campaign_equals_the_replay_of_its_events(intrigue: Intrigue) -> None:
    campaign = intrigue.campaigns.create_campaign(
        CreateCampaign(f"s-{uuid.uuid4().hex[:6]}", ["factionturn"], "snapshots", world_map())
    )
    intrigue.factionturn.generate_factions(campaign.id, 4)
    for _ in range(8):
        play_phase(intrigue, campaign.id)
    snapshots_replay_alike(intrigue, campaign.id)


def test_every_snapshot_of_a_played_house_campaign_equals_the_replay_of_its_events(intrigue: Intrigue) -> None:
    campaign = intrigue.campaigns.create_campaign(city(f"s-{uuid.uuid4().hex[:6]}"))
    register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    for _ in range(12):
        intrigue.campaigns.open_phase(campaign.id)
        give_orders(intrigue, campaign.id)
        intrigue.campaigns.resolve_phase(campaign.id)
    snapshots_replay_alike(intrigue, campaign.id)


def snapshots_replay_alike(intrigue: Intrigue, campaign_id: uuid.UUID) -> None:
    store = intrigue.store
    assert store.snapshots is not None
    store.snapshots_written()
    members = store.load(campaign_id, Campaign).member_ids()
    snapshotted = 0
    for aggregate_id in [campaign_id, *members]:
        for snapshot in store.snapshots.get(aggregate_id):
            snapshotted += 1
            replayed = replay(None, store.events.get(aggregate_id, lte=snapshot.originator_version))
            assert public_state(snapshot.mutate(None)) == public_state(replayed)
    assert snapshotted > 0
