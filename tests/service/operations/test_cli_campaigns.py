"""The CLI over a campaign's history, run as a real process against the test databases."""

from __future__ import annotations

import csv
import io
import uuid
from pathlib import Path

from domain.commands import CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.support.drift import drift
from tests.support.processes import run


def played(intrigue: Intrigue) -> uuid.UUID:
    command = CreateCampaign(f"cli-{uuid.uuid4().hex[:6]}", ["factionturn"], "cli", [MapRegion("A", 0, 0)])
    campaign = intrigue.campaigns.create_campaign(command)
    for _ in range(2):
        intrigue.campaigns.open_phase(campaign.id)
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "2d6", "omens"))
        intrigue.campaigns.resolve_phase(campaign.id)
    return campaign.id


def test_export_then_import_into_an_empty_store_then_replay_finds_no_divergence(
    intrigue: Intrigue, db: Database, fresh_db: Database, tmp_path: Path
) -> None:
    campaign_id = played(intrigue)
    dump = tmp_path / "campaign.ndjson"
    exported = run(db, tmp_path, "export", "export", str(campaign_id), "--out", str(dump))
    assert exported.returncode == 0, exported.stdout
    assert len(dump.read_text().splitlines()) == 1 + len(list(intrigue.audit.events(campaign_id)))
    run(fresh_db, tmp_path, "migrate", "migrate")
    imported = run(fresh_db, tmp_path, "import", "import", str(dump))
    assert imported.returncode == 0, imported.stdout
    assert f"imported campaign {campaign_id}" in imported.stdout
    assert run(db, tmp_path, "replay", "replay", str(campaign_id)).returncode == 0


def test_replay_exits_non_zero_when_a_read_model_drifted(intrigue: Intrigue, db: Database, tmp_path: Path) -> None:
    campaign_id = played(intrigue)
    drift(intrigue.db.conninfo, campaign_id, "phase", 99)
    result = run(db, tmp_path, "replay-drift", "replay", str(campaign_id))
    assert result.returncode == 1
    assert f"{campaign_id} phase: events say 2, read model says 99" in result.stdout


def test_analytics_csv_and_a_fresh_gm_token(intrigue: Intrigue, db: Database, tmp_path: Path) -> None:
    campaign_id = played(intrigue)
    dice = run(db, tmp_path, "dice", "analytics", str(campaign_id), "dice")
    table = dice.stdout[dice.stdout.index("sides,rolls") :]  # log lines may come first
    rows = list(csv.reader(io.StringIO(table)))
    assert rows[0] == ["sides", "rolls", "chi_square", "p_value", "counts"]
    assert any(row[0] == "6" and row[1] == "4" for row in rows[1:])  # two phases of 2d6
    issued = run(db, tmp_path, "token", "gm-token", str(campaign_id))
    token = issued.stdout.strip().splitlines()[-1]
    seat = intrigue.seats.resolve(f"Bearer {token}")
    assert seat is not None and seat.is_gm_of(campaign_id)
