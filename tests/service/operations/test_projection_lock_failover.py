"""The server's projection lock after its session ends (a failover does that): taken again on reconnect, and
meanwhile commands read their writes from whichever process projects (issue 27, item 5)."""

from __future__ import annotations

import itertools
import threading
import uuid

import psycopg
import pytest

from domain.commands import AddRegions, CreateCampaign, MapRegion
from service.bootstrap import Intrigue
from service.persistence import outcomes
from service.persistence.database import Database
from service.persistence.readmodels import by_name, lock_key, start_runner
from tests.support.processes import eventually

STATE = by_name("state")
HEXES = itertools.count(1)
RUNNER = "intrigue-projection-state"  # the application_name of the runner's connection


def add_region_reads_it_back(system: Intrigue, campaign_id: uuid.UUID, name: str) -> bool:
    """One command; whether its answer said reads may lag, once its region is read back from the read model."""
    hex_ = next(HEXES)  # a hex of its own
    with outcomes.tracking() as outcome:
        (region,) = system.campaigns.add_regions(AddRegions(campaign_id, [MapRegion(name, hex_, 0, arcana=1)]))
    assert system.state.one(region.id, "region")["name"] == name  # read your writes
    return outcome.lagging


def end_the_runners_session_while_a_competitor_waits_for_its_lock(db: Database) -> psycopg.Connection:
    """The competitor's connection, holding the lock the server's runner held until its backend was terminated."""
    competitor = psycopg.connect(db.conninfo, autocommit=True)
    queued = threading.Thread(target=competitor.execute, args=("SELECT pg_advisory_lock(%s)", (lock_key(STATE),)))
    queued.start()  # waits behind the runner's session; granted the moment that session ends
    with psycopg.connect(db.conninfo, autocommit=True) as admin:
        eventually(lambda: _waiting_for_lock(admin), "the competitor to queue for the lock")
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s AND datname = %s",
            (RUNNER, db.dbname),
        ).fetchall()
    assert ended == [(True,)]
    queued.join(timeout=30)
    assert not queued.is_alive()
    return competitor


def _waiting_for_lock(admin: psycopg.Connection) -> bool:
    row = admin.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted").fetchone()
    return row is not None and row[0] == 1


def test_commands_read_their_writes_through_a_lost_lock_a_competitor_and_its_end(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")  # every command waits for a projection process
    system = Intrigue(fresh_db, pool_size=2)
    try:
        runner = system.read_side.runners["state"]
        campaign = system.campaigns.create_campaign(CreateCampaign("lanes", ["factionturn"]))
        assert not add_region_reads_it_back(system, campaign.id, "before")
        competitor = end_the_runners_session_while_a_competitor_waits_for_its_lock(fresh_db)
        env = {**fresh_db.eventsourcing_env(1), "CREATE_TABLE": "n"}
        worker = start_runner(STATE, env)  # projects, as a worker holding the lock does
        try:
            eventually(lambda: not runner.holds_lock and not runner.is_interrupted.is_set(), "the runner to stand by")
            lagged = [add_region_reads_it_back(system, campaign.id, f"worker {n}") for n in range(5)]
            assert lagged == [False] * 5
        finally:
            worker.__exit__(None, None, None)
            competitor.close()  # the worker is gone and its lock with it
        eventually(lambda: runner.leading, "the server's runner to take its lock again")
        lagged = [add_region_reads_it_back(system, campaign.id, f"after {n}") for n in range(5)]
        assert lagged == [False] * 5
    finally:
        system.close()
