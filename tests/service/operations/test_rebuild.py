"""`intrigue projections rebuild`: a new generation of the read model is built beside the live one while the
service answers queries and commands, then reads switch over to it."""

from __future__ import annotations

import threading
from io import StringIO
from pathlib import Path

import psycopg
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import RollDice
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.entrypoints.http import create_app
from service.operations.worker import CLOSE_ENOUGH, ProgressBar, rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from service.usecases.replay import divergences
from tests.service.operations.test_ops import play, read_models
from tests.service.usecases.test_factionturn_play import play_phase, played
from tests.support.processes import Api, Process, eventually, head, position, run
from tests.support.service import gql

STATE = READ_MODELS[0]
FACTIONS = "query($id: UUID!) { factions(campaignId: $id) { id name hp maxHp force cunning wealth } }"


def generation(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
    assert row is not None
    return int(row[0])


def physical_tables(db: Database) -> set[str]:
    with psycopg.connect(db.conninfo) as conn:
        return {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}


def test_queries_keep_answering_through_a_rebuild_and_a_command_during_it_is_kept(fresh_db: Database) -> None:
    # As `make run` does: the process keeps the standings as sent (the CLI registers it first), then runs the
    # projection in-process. The rebuild's writers keep them too, so the two generations must agree on them.
    precompute_standings()
    intrigue = Intrigue(fresh_db)
    try:
        campaign = played(intrigue, "rebuilt", 3)
        for number in range(4):  # more events, so the rebuild has a while to run
            play(intrigue.campaigns, number, regions=40)
        factions = intrigue.state.of_kind(campaign.id, "faction")
        regions = intrigue.state.of_kind(campaign.id, "region")
        with TestClient(create_app(intrigue)) as client:
            answered = gql(client, FACTIONS, id=str(campaign.id))["data"]

        stop, queried = threading.Event(), threading.Event()
        problems: list[str] = []
        answers = [0]

        def keep_querying() -> None:
            with TestClient(create_app(intrigue)) as reader:
                while not stop.is_set():
                    try:
                        if intrigue.state.of_kind(campaign.id, "faction") != factions:
                            problems.append("factions differ")
                        if intrigue.state.of_kind(campaign.id, "region") != regions:
                            problems.append("regions differ")
                        if gql(reader, FACTIONS, id=str(campaign.id)) != {"data": answered}:
                            problems.append("GraphQL factions differ")
                    except Exception as error:  # any failed query is a finding, not a crash of the thread
                        problems.append(repr(error))
                    answers[0] += 1
                    queried.set()

        expected: dict[str, object] = {}
        rolled_version: list[int] = []

        def progress(done: int, at_head: int) -> None:
            assert at_head - done > CLOSE_ENOUGH or rolled_version, "the log is too short to command mid-rebuild"
            ProgressBar("rebuilding state", StringIO())(done, at_head)
            if rolled_version:
                return
            # Called first before the rebuild locks anything (the log is longer than CLOSE_ENOUGH): a query
            # answered and a command committed, then the read model as it stands (the new generation must
            # equal it once switched).
            queried.clear()
            assert queried.wait(60), "no query answered during the rebuild"
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d20", "during the rebuild"))
            rolled_version.append(intrigue.store.load(campaign.id, Campaign).version)
            expected.update(read_models(fresh_db))

        querying = threading.Thread(target=keep_querying)
        querying.start()
        try:
            assert queried.wait(60)
            before = generation(fresh_db)
            reached = rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE, progress)
            queried.clear()
            assert queried.wait(60)  # and queries go on after the switch
        finally:
            stop.set()
            querying.join()
        assert problems == []
        assert answers[0] >= 2
        assert generation(fresh_db) == before + 1
        assert f"aggregate_state_g{before}" not in physical_tables(fresh_db)
        assert f"aggregate_state_g{before + 1}" in physical_tables(fresh_db)
        assert reached >= position(fresh_db, "state")  # tracking now reads the new generation
        assert read_models(fresh_db) == expected
        assert intrigue.catalog.campaign(campaign.id)["version"] == rolled_version[0]
        assert divergences(intrigue.store, intrigue.state, campaign.id) == []
        # The live runner followed the switch: a command after it is projected into the new generation.
        play_phase(intrigue, campaign.id)
        assert intrigue.catalog.campaign(campaign.id)["phase"] == 4
        assert divergences(intrigue.store, intrigue.state, campaign.id) == []
        assert position(fresh_db, "state") == head(fresh_db)
    finally:
        intrigue.close()


def test_the_cli_rebuilds_beside_a_worker_and_an_api_which_carry_on(fresh_db: Database, tmp_path: Path) -> None:
    assert run(fresh_db, tmp_path, "migrate", "migrate").returncode == 0
    worker = Process(fresh_db, tmp_path, "worker", "worker", "--poll", "0.2")
    api = Api(fresh_db, tmp_path, "api", "--no-projections", "--no-migrate")
    writer = Intrigue(fresh_db, run_projections=False, migrate=False)
    try:
        eventually(api.ready, "the API to be ready", api, worker)
        played = [play(writer.campaigns, n, regions=30) for n in range(3)]
        rebuilding = Process(fresh_db, tmp_path, "rebuild", "projections", "rebuild")
        read = "query($id: UUID!) { campaign(id: $id) { name phase regions { name } } }"
        answers = 0
        while rebuilding.popen.poll() is None or answers == 0:
            seen = api.gql(read, id=str(played[answers % 3].id))["data"]["campaign"]  # type: ignore[index]
            assert seen["name"] == f"played {answers % 3}" and len(seen["regions"]) == 30
            answers += 1
        assert rebuilding.stop() == 0, rebuilding.output()
        assert "rebuilding state [" in rebuilding.output() and "switched" in rebuilding.output()
        assert generation(fresh_db) == 2
        # The worker's runner followed the switch: a write after it is projected, and read through the API.
        writer.campaigns.roll_dice(RollDice(played[0].id, "1d6", "after the switch"))
        eventually(lambda: position(fresh_db, "state") == head(fresh_db), "the worker to project it", worker)
        for campaign in played:
            assert divergences(writer.store, writer.state, campaign.id) == []
    finally:
        for process in (api, worker):
            process.stop()
        writer.close()


def test_migrate_turns_the_tables_of_an_older_database_into_generation_one(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = play(intrigue.campaigns, 0, regions=5)
    finally:
        intrigue.close()
    before = read_models(fresh_db)
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to the layout before generations
        for statement in (
            "DROP VIEW aggregate_state",
            "DROP VIEW phase_history",
            "DROP VIEW state_tracking",
            "DROP TABLE read_model_generation",
            "DELETE FROM intrigue_schema WHERE version = 3",
            "ALTER TABLE aggregate_state_g1 RENAME TO aggregate_state",
            "ALTER INDEX aggregate_state_g1_campaign RENAME TO aggregate_state_campaign",
            "ALTER TABLE phase_history_g1 RENAME TO phase_history",
            "ALTER TABLE state_g1_tracking RENAME TO state_tracking",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start
    try:
        assert generation(fresh_db) == 1
        assert {"aggregate_state_g1", "phase_history_g1", "state_g1_tracking"} <= physical_tables(fresh_db)
        assert read_models(fresh_db) == before
        intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", "after the migration"))
        assert divergences(intrigue.store, intrigue.state, campaign.id) == []
    finally:
        intrigue.close()
