"""Operating Intrigue: metrics, readiness, migrations, and the serve / worker / migrate process roles."""

from __future__ import annotations

import json
import threading
import uuid
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion, RollDice
from domain.dice import Dice
from domain.errors import ConflictError
from service.bootstrap import Intrigue, campaign_dice
from service.entrypoints.http import create_app
from service.operations import metrics
from service.operations.logs import redact
from service.persistence import migrations
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, relations_of
from service.usecases.campaigns import CampaignService
from tests.support.processes import Api, Process, eventually, free_port, head, position, rows, run
from tests.support.service import gql, gql_as

CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id name phaseStatus gmToken } }"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase phaseStatus } }"
EVENTS = "subscription($id: UUID!) { campaignEvents(campaignId: $id) { position topic } }"
READ = "query($id: UUID!) { campaign(id: $id) { name phase phaseStatus regions { name } } }"
PROJECTIONS = [m.name for m in READ_MODELS]


def read_model_tables(db: Database) -> list[str]:
    """The names readers use (views over each read model's current generation), less tracking."""
    return [name for model in READ_MODELS for name in relations_of(model)[:-1]]


def samples(text: str, name: str) -> list[tuple[dict[str, str], float]]:
    return [(s.labels, s.value) for f in text_string_to_metric_families(text) for s in f.samples if s.name == name]


def value(text: str, name: str, **labels: str) -> float:
    return sum(v for found, v in samples(text, name) if labels.items() <= found.items())


def test_metrics_count_requests_commands_events_lag_and_pool_use(client: TestClient) -> None:
    created = gql(
        client,
        CREATE,
        input={"name": "Metered", "ruleSystems": ["FACTION_TURN"], "regions": [{"name": "Fort", "q": 0, "r": 0}]},
    )
    campaign_id = created["data"]["createCampaign"]["id"]  # type: ignore[index]
    gql_as(client, created["data"]["createCampaign"]["gmToken"], OPEN, id=campaign_id)  # type: ignore[index]
    refused = gql(client, CREATE, input={"name": " ", "ruleSystems": ["FACTION_TURN"]})
    assert refused["errors"]
    text = client.get("/metrics").text
    latency = "intrigue_http_request_duration_seconds_count"
    assert value(text, latency, route="/graphql", operation="mutation createCampaign", status="200") >= 2
    assert value(text, latency, route="/graphql", operation="mutation openPhase") >= 1
    assert value(text, "intrigue_commands_total", command="create_campaign", outcome="ok") >= 1
    assert value(text, "intrigue_commands_total", command="create_campaign", outcome="refused") >= 1
    assert value(text, "intrigue_commands_total", command="open_phase", outcome="ok") >= 1
    assert value(text, "intrigue_events_appended_total") >= 4  # Created, MemberEnrolled, Mapped, PhaseOpened
    for projection in PROJECTIONS:
        assert samples(text, "intrigue_projection_lag_events") and samples(text, "intrigue_projection_lag_seconds")
        assert value(text, "intrigue_projection_position", projection=projection) >= 4
    assert value(text, "intrigue_db_pool_connections", pool="events", state="max") >= 1


def commands(command: str, outcome: str) -> float:
    return REGISTRY.get_sample_value("intrigue_commands_total", {"command": command, "outcome": outcome}) or 0.0


def test_a_stale_write_through_the_service_counts_as_a_conflict(intrigue: Intrigue) -> None:
    campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"c-{uuid.uuid4().hex[:6]}", ["factionturn"]))

    def dice_after_another_command(loaded: Campaign, stream: str) -> Dice:
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", "gets in first"))
        return campaign_dice(loaded, stream)

    racing = metrics.counted(CampaignService(intrigue.store, intrigue.wait_for_projections, dice_after_another_command))
    before = commands("roll_dice", "conflict")
    with pytest.raises(ConflictError):
        racing.roll_dice(RollDice(campaign.id, "1d6", "stale"))
    assert commands("roll_dice", "conflict") == before + 1


def test_logs_never_carry_secrets() -> None:
    line = redact(
        None,
        "info",
        {
            "event": "connect postgresql://app:hunter2@db/x",
            "token": "itg_abc",
            "header": "Bearer itg_abc",
            "campaign_id": "c",
        },
    )
    assert "hunter2" not in json.dumps(line) and "itg_abc" not in json.dumps(line)
    assert line["campaign_id"] == "c"


def test_readyz_is_ready_only_once_migrations_are_current(blank_db: Database) -> None:
    intrigue = Intrigue(blank_db, run_projections=False, migrate=False)
    try:
        with TestClient(create_app(intrigue)) as client:
            waiting = client.get("/readyz")
            assert waiting.status_code == 503
            assert waiting.json() == {"status": "not ready", "database": True, "migrations": False}
            assert migrations.migrate(blank_db) == [step.version for step in migrations.STEPS]
            ready = {"status": "ready", "database": True, "migrations": True, "stopped_campaigns": []}
            assert client.get("/readyz").json() == ready
            # The API started before the tables existed, and writes once they do.
            assert intrigue.store.commit(Campaign.start("after migrate", ["factionturn"])) is not None
    finally:
        intrigue.close()


def test_a_second_process_leaves_a_projection_to_the_one_holding_its_lock(fresh_db: Database) -> None:
    first = Intrigue(fresh_db)
    second = Intrigue(fresh_db)
    try:
        assert set(first.read_side.runners) == set(PROJECTIONS) and not second.read_side.runners
        campaign = second.campaigns.create_campaign(CreateCampaign("written by the second", ["factionturn"]))
        assert second.catalog.campaign(campaign.id)["name"] == "written by the second"  # projected by the first
    finally:
        second.close()
        first.close()


def tables(db: Database) -> set[str]:
    """Tables and views."""
    with psycopg.connect(db.conninfo) as conn:
        found = conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
        return {row[0] for row in found}


def test_migrate_creates_every_table_up_front_and_is_idempotent(fresh_db: Database, tmp_path: Path) -> None:
    first = run(fresh_db, tmp_path, "migrate-1", "migrate")
    assert first.returncode == 0, first.stdout
    created = tables(fresh_db)
    expected = {"intrigue_events", "intrigue_snapshots", "intrigue_schema", *read_model_tables(fresh_db)}
    assert expected | {f"{name}_tracking" for name in PROJECTIONS} <= created
    second = run(fresh_db, tmp_path, "migrate-2", "migrate")
    assert second.returncode == 0, second.stdout
    assert "applied now: none" in second.stdout
    outcomes: list[list[int]] = []
    racers = [threading.Thread(target=lambda: outcomes.append(migrations.migrate(fresh_db))) for _ in range(3)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert outcomes == [[], [], []]
    assert tables(fresh_db) == created
    assert migrations.schema_version(fresh_db) == migrations.SCHEMA_VERSION


def test_a_mutation_through_one_replica_reaches_the_other_replicas_queries_and_subscriptions(
    fresh_db: Database, tmp_path: Path
) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    worker = Process(fresh_db, tmp_path, "worker", "worker", "--poll", "0.2")
    a = Api(fresh_db, tmp_path, "api-a", "--no-projections", "--no-migrate")
    b = Api(fresh_db, tmp_path, "api-b", "--no-projections", "--no-migrate")
    try:
        eventually(lambda: a.ready() and b.ready(), "both replicas to be ready", a, b, worker)
        regions = [{"name": "Fort", "q": 0, "r": 0}, {"name": "Swamp", "q": 1, "r": 0}]
        created = a.gql(CREATE, input={"name": "Across", "ruleSystems": ["FACTION_TURN"], "regions": regions})
        campaign_id = created["data"]["createCampaign"]["id"]  # type: ignore[index]
        # A answers once the worker has projected its events, so B reads them at once.
        seen = b.gql(READ, id=campaign_id)["data"]["campaign"]  # type: ignore[index]
        assert seen == {
            "name": "Across",
            "phase": 0,
            "phaseStatus": "SETUP",
            "regions": [{"name": "Fort"}, {"name": "Swamp"}],
        }
        token = created["data"]["createCampaign"]["gmToken"]  # type: ignore[index]
        with b.subscription(token, EVENTS, id=campaign_id) as next_event:
            assert next_event()["data"]["campaignEvents"]["topic"].endswith("Campaign.Created")
            opened = a.gql(OPEN, id=campaign_id, token=token)["data"]
            assert opened == {"openPhase": {"phase": 1, "phaseStatus": "OPEN"}}
            # B's subscriber hears the rest of the log, ending with the phase A opened.
            topics = [next_event()["data"]["campaignEvents"]["topic"] for _ in range(2 * len(regions) + 1)]
        assert topics[-1].endswith("Campaign.PhaseOpened")
        assert b.gql(READ, id=campaign_id)["data"]["campaign"]["phaseStatus"] == "OPEN"  # type: ignore[index]
        lines = [json.loads(line) for line in b.output().splitlines() if line.startswith("{")]
        assert any(line.get("campaign_id") == campaign_id and line.get("request_id") for line in lines)
        opening = [json.loads(line) for line in a.output().splitlines() if "mutation openPhase" in line]
        assert opening and opening[0]["seat"].startswith("gm:") and opening[0]["campaign_id"] == campaign_id
        assert token not in a.output() + b.output()
    finally:
        for process in (a, b, worker):
            process.stop()


def play(service: CampaignService, number: int, regions: int) -> Campaign:
    hexes = [MapRegion(f"R{i}", i % 12, i // 12) for i in range(regions)]
    campaign = service.create_campaign(CreateCampaign(f"played {number}", ["factionturn", "gameofbones"], "s", hexes))
    for turn in range(5):
        service.roll_dice(RollDice(campaign.id, "2d6", f"turn {turn}"))
    service.open_phase(campaign.id)
    return campaign


def comparable(value: object) -> object:
    """A stored snapshot, less the wall-clock time it was taken at (a rebuild takes it again, later)."""
    if isinstance(value, bytes) and value.startswith(b"{"):
        return {k: v for k, v in json.loads(value).items() if k != "timestamp"}
    return value


def read_models(db: Database) -> dict[str, Any]:
    return {
        table: sorted((tuple(comparable(v) for v in row) for row in rows(db, table)), key=repr)
        for table in read_model_tables(db)
    }


def positions(db: Database) -> list[int]:
    return [position(db, name) for name in PROJECTIONS]


def test_a_worker_killed_mid_projection_is_replaced_with_no_gap_and_no_duplicate(
    fresh_db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")  # a new campaign's lane would be folded inline
    writer = Intrigue(fresh_db, run_projections=False, migrate=False)
    monkeypatch.delenv("INTRIGUE_INLINE_PROJECTION")
    service = CampaignService(writer.store, lambda _: None, campaign_dice)  # nobody projects yet
    first = second = None
    try:
        played = [play(service, n, regions=60) for n in range(12)]
        # One event a page: slow enough to be killed mid-backlog (a page is one transaction either way).
        one_a_page = {"INTRIGUE_PROJECTION_PAGE": "1"}
        first = Process(fresh_db, tmp_path, "worker-1", "worker", "--poll", "0.2", env=one_a_page)
        quarter = head(fresh_db) // 4
        eventually(lambda: min(positions(fresh_db)) > quarter, "the worker to be well into the backlog", first)
        first.kill()
        assert min(positions(fresh_db)) < head(fresh_db), (
            "the worker was done before it was killed: give it more events to do"
        )
        for campaign in played[:3]:
            service.roll_dice(RollDice(campaign.id, "1d20", "after the crash"))
        port = free_port()
        second = Process(fresh_db, tmp_path, "worker-2", "worker", "--poll", "0.2", "--metrics-port", str(port))
        last = head(fresh_db)
        eventually(lambda: set(positions(fresh_db)) == {last}, "the replacement to catch up", second)
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        for name in PROJECTIONS:
            assert value(text, "intrigue_projection_leader", projection=name) == 1
            assert value(text, "intrigue_projection_lag_events", projection=name) == 0
        assert second.stop() == 0
        replaced = read_models(fresh_db)
        assert len(replaced["aggregate_state"]) == 12 * 61  # each campaign and region once
        rebuilt = run(fresh_db, tmp_path, "rebuild", "projections", "rebuild", *PROJECTIONS)
        assert rebuilt.returncode == 0, rebuilt.stdout
        assert read_models(fresh_db) == replaced
    finally:
        for process in (first, second):
            if process is not None:
                process.stop()
        writer.close()
