"""The audit export round-trips, and a replay finds the read model true to the events."""

from __future__ import annotations

import json
import uuid

import pytest

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.errors import ConflictError, InvalidInputError
from domain.region import Region
from projections.state import public_state
from service.bootstrap import Intrigue
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.replay import divergences
from service.usecases.transfer import export_lines, import_lines
from tests.support.drift import drift


def played(intrigue: Intrigue) -> Campaign:
    command = CreateCampaign(f"t-{uuid.uuid4().hex[:6]}", ["factionturn"], "tx", [MapRegion("A", 0, 0)])
    campaign = intrigue.campaigns.create_campaign(command)
    intrigue.campaigns.add_regions(AddRegions(campaign.id, [MapRegion("B", 1, 0, arcana=3)]))
    intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "omens"))
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.campaigns.resolve_phase(campaign.id)
    return intrigue.store.load(campaign.id, Campaign)


def test_an_export_imports_into_an_empty_store_with_identical_state(intrigue: Intrigue, fresh_db: Database) -> None:
    campaign = played(intrigue)
    lines = list(export_lines(intrigue.store, intrigue.db, campaign.id))
    assert json.loads(lines[0])["format"] == "intrigue-events/1"
    target = IntrigueStore(env=fresh_db.eventsourcing_env())
    try:
        progress: list[int] = []
        assert import_lines(target, lambda: lines, progress.append) == campaign.id
        assert progress[-1] == len(lines) - 1
        for aggregate_id in [campaign.id, *campaign.member_ids()]:
            assert public_state(target.repository.get(aggregate_id)) == public_state(
                intrigue.store.repository.get(aggregate_id)
            )
        assert list(export_lines(target, fresh_db, campaign.id))[1:] == lines[1:]
        with pytest.raises(ConflictError):
            import_lines(target, lambda: lines)
    finally:
        target.close()


def test_an_import_refuses_what_is_not_an_export(fresh_db: Database) -> None:
    target = IntrigueStore(env=fresh_db.eventsourcing_env())
    try:
        with pytest.raises(InvalidInputError):
            import_lines(target, lambda: ['{"format": "something-else"}'])
        with pytest.raises(InvalidInputError):
            import_lines(target, list)
    finally:
        target.close()


def test_replay_finds_no_divergence_in_a_played_campaign(intrigue: Intrigue) -> None:
    campaign = played(intrigue)
    assert divergences(intrigue.store, intrigue.state, campaign.id) == []


def test_replay_reports_a_read_model_that_drifted(intrigue: Intrigue) -> None:
    campaign = played(intrigue)
    region_id = campaign.member_ids("region")[0]
    drift(intrigue.db.conninfo, region_id, "arcana", 5)
    found = divergences(intrigue.store, intrigue.state, campaign.id)
    assert [(d.aggregate_id, d.field, d.rebuilt, d.read_model) for d in found] == [
        (region_id, "arcana", intrigue.store.load(region_id, Region).arcana, 5)
    ]
