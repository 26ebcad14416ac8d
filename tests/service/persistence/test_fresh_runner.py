"""A projection runner starting on any backlog projects it, whatever its first page holds (issue 12, finding 2):
a phase resolution or rollback in the first page of a fresh process once left the read side dead for good."""

from __future__ import annotations

import uuid
from pathlib import Path

from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence.database import Database
from service.usecases.replay import divergences
from service.usecases.rewind import RollBackPhase
from tests.support.processes import run

QUERY = """query($id: UUID!) { campaign(id: $id) { name phase phaseStatus regions { name } } }"""


def played(intrigue: Intrigue, phases: int = 3) -> Campaign:
    """A Faction Turn campaign with rolls, a region added midway and several resolved phases."""
    command = CreateCampaign(f"fresh-{uuid.uuid4().hex[:6]}", ["factionturn"], "fresh", [MapRegion("A", 0, 0)])
    campaign = intrigue.campaigns.create_campaign(command)
    for phase in range(phases):
        intrigue.campaigns.open_phase(campaign.id)
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", f"omens {phase}"))
        if phase == 1:
            intrigue.campaigns.add_regions(AddRegions(campaign.id, [MapRegion("B", 1, 0, arcana=3)]))
        intrigue.campaigns.resolve_phase(campaign.id)
    return intrigue.store.load(campaign.id, Campaign)


def test_an_export_imported_into_an_empty_database_is_served_and_replays_without_divergence(
    intrigue: Intrigue, db: Database, fresh_db: Database, tmp_path: Path
) -> None:
    campaign = played(intrigue)
    dump = tmp_path / "campaign.ndjson"
    assert run(db, tmp_path, "export", "export", str(campaign.id), "--out", str(dump)).returncode == 0
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    imported = run(fresh_db, tmp_path, "import", "import", str(dump))
    assert imported.returncode == 0, imported.stdout
    served = Intrigue(fresh_db)  # its runner's first page is the whole import, resolutions included
    try:
        served.wait_for_projections(served.store.recorder.max_notification_id())
        with TestClient(create_app(served)) as client:
            body = client.post("/graphql", json={"query": QUERY, "variables": {"id": str(campaign.id)}}).json()
        assert body == {
            "data": {
                "campaign": {
                    "name": campaign.name,
                    "phase": 3,
                    "phaseStatus": "RESOLVED",
                    "regions": [{"name": "A"}, {"name": "B"}],
                }
            }
        }
        assert divergences(served.store, served.state, campaign.id) == []
    finally:
        served.close()
    replayed = run(fresh_db, tmp_path, "replay", "replay", str(campaign.id))
    assert replayed.returncode == 0, replayed.stdout


def test_a_rollback_as_the_first_write_after_a_restart_is_projected(fresh_db: Database) -> None:
    first = Intrigue(fresh_db)
    try:
        campaign = played(first, phases=2)
        resolved = first.catalog.campaign(campaign.id)
    finally:
        first.close()
    second = Intrigue(fresh_db)  # its runner's first page is the rollback
    try:
        second.rewind.roll_back(RollBackPhase(campaign.id, 2, "a disputed month"))
        assert resolved["phase"] == 2 and resolved["phase_status"] == "resolved"
        shown = second.catalog.campaign(campaign.id)
        assert (shown["phase"], shown["phase_status"]) == (2, "open")
        assert divergences(second.store, second.state, campaign.id) == []
        second.campaigns.resolve_phase(campaign.id)  # and the GM plays on
        assert second.catalog.campaign(campaign.id)["phase_status"] == "resolved"
        assert divergences(second.store, second.state, campaign.id) == []
    finally:
        second.close()
