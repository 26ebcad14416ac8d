"""Issue 31, P4: a rebuild's phase reports are built and written by a process of their own
(projections/report_handoff.py, service/operations/rebuild_reports.py), and the rows it leaves are the ones a
rebuild whose runner keeps them leaves, on a campaign of both rule systems through two rollbacks, in pages that
hold several phases and pages that cut one in two; a page rolled back takes its reports with it, and a process that
fails leaves them to the readers."""

from __future__ import annotations

import io
import json
import logging
import sys
from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from service.bootstrap import Intrigue
from service.operations import rebuild_reports
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.persistence.test_standings_precomputed import current_generation
from tests.support.both_systems_world import Played, play_both

STATE = READ_MODELS[0]


@pytest.fixture
def played(fresh_db: Database) -> Played:
    """The campaign of both systems, rolled back twice, played on the test's own store."""
    writer = Intrigue(fresh_db)
    try:
        return play_both(writer)
    finally:
        writer.close()


def report_rows(db: Database) -> list[tuple[Any, ...]]:
    """The current generation's phase reports, every column."""
    table = Identifier(f"phase_report_g{current_generation(db)}")
    with psycopg.connect(db.conninfo) as conn:
        return sorted(conn.execute(SQL("SELECT * FROM {}").format(table)).fetchall(), key=repr)


def rebuilt(db: Database, reporter: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    handed: list[bool] = []
    start = rebuild_reports.start
    monkeypatch.setattr(rebuild_reports, "start", lambda *a: handed.append((s := start(*a))[1] is not None) or s)
    monkeypatch.setenv(rebuild_reports.SETTING, reporter)
    rebuild(db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    assert handed == [reporter != "0"]
    return report_rows(db)


@pytest.mark.parametrize("page", [1_000, 150])
def test_the_reports_a_rebuild_hands_over_are_the_ones_its_runner_keeps_through_rollbacks(
    fresh_db: Database, played: Played, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    in_runner = rebuilt(fresh_db, "0", monkeypatch)
    assert {row[1] for row in in_runner} == {1, 2}, "the rollbacks' forgets took phases 3 and 4"
    assert {row[2] for row in in_runner} == set(played.members)
    assert rebuilt(fresh_db, "1", monkeypatch) == in_runner


def test_a_pages_reports_are_kept_when_it_commits_and_dropped_when_it_does_not(
    fresh_db: Database, played: Played
) -> None:
    kept = report_rows(fresh_db)
    c, env = str(played.campaign_id), fresh_db.eventsourcing_env(2)
    forget: list[Any] = ["forget", c, 1]
    aborted = io.BytesIO(b"".join(json.dumps(line).encode() + b"\n" for line in (forget, ["abort"], forget)))
    assert rebuild_reports.apply_all(current_generation(fresh_db), env, aborted) == 0
    assert report_rows(fresh_db) == kept, "an aborted page, and a page the runner never ended, write nothing"
    committed = io.BytesIO(b"".join(json.dumps(line).encode() + b"\n" for line in (forget, ["commit"])))
    rebuild_reports.apply_all(current_generation(fresh_db), env, committed)
    assert kept and report_rows(fresh_db) == []


def test_a_reporting_process_that_fails_is_logged_and_the_rebuild_switches(
    fresh_db: Database, played: Played, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    before = current_generation(fresh_db)
    monkeypatch.setattr(rebuild_reports, "command", lambda _: [sys.executable, "-c", "raise SystemExit(3)"])
    with caplog.at_level(logging.ERROR, "intrigue.worker"):
        rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n", rebuild_reports.SETTING: "1"}, STATE)
    assert current_generation(fresh_db) == before + 1 and report_rows(fresh_db) == []
    assert any("readers build them" in r.getMessage() for r in caplog.records)


# A process that reads its jobs and applies none; and one that applies each page but never exits once its input ends.
SILENT = "import sys, time\nfor line in sys.stdin.buffer: pass\ntime.sleep(3600)"
NEVER_EXITS = """import sys, time
for line in sys.stdin.buffer:
    if line.startswith((b'["commit"]', b'["abort"]')):
        print("applied", flush=True)
time.sleep(3600)"""


@pytest.mark.timeout(60)
@pytest.mark.parametrize("script", [SILENT, NEVER_EXITS], ids=["applies-nothing", "never-exits"])
def test_a_stuck_reporting_process_is_stopped_and_the_rebuild_switches(
    fresh_db: Database, played: Played, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, script: str
) -> None:
    before, started = current_generation(fresh_db), []
    start = rebuild_reports.start
    monkeypatch.setattr(rebuild_reports, "start", lambda *a: started.append(s := start(*a)) or s)
    monkeypatch.setattr(rebuild_reports, "command", lambda _: [sys.executable, "-c", script])
    env = {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n", rebuild_reports.SETTING: "1"}
    with caplog.at_level(logging.ERROR, "intrigue.worker"):
        rebuild(fresh_db, {**env, rebuild_reports.STALL: "0.5"}, STATE)
    assert current_generation(fresh_db) == before + 1 and report_rows(fresh_db) == []
    assert any("applied nothing for 0.5 s" in r.getMessage() for r in caplog.records)
    assert any("readers build them" in r.getMessage() for r in caplog.records)
    [(_, reporting)] = started
    assert reporting is not None and reporting.proc.returncode is not None, "the stuck process was stopped"


def test_the_pages_ended_are_applied_once_drained_before_the_process_is_finished(
    fresh_db: Database, played: Played
) -> None:
    assert report_rows(fresh_db)
    env = {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n", rebuild_reports.SETTING: "1"}
    _, reporting = rebuild_reports.start(STATE, current_generation(fresh_db), env, 0)
    assert reporting is not None
    try:
        reporting.send(["forget", str(played.campaign_id), 1])
        reporting.commit()
        reporting.drained()
        assert report_rows(fresh_db) == [], "the page was applied and committed"
    finally:
        reporting.finish()


def test_a_log_under_the_threshold_keeps_its_reports_in_the_runner_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(rebuild_reports.SETTING, raising=False)
    monkeypatch.delenv(rebuild_reports.FROM, raising=False)
    small = rebuild_reports.SMALL_LOG
    assert not rebuild_reports.handed_over({}, small - 1)
    assert rebuild_reports.handed_over({}, small)
    assert rebuild_reports.handed_over({rebuild_reports.FROM: "10"}, 10)
    assert not rebuild_reports.handed_over({rebuild_reports.FROM: "10"}, 9)
    assert rebuild_reports.handed_over({rebuild_reports.SETTING: "1"}, 0), "forced on, whatever the log"
    assert not rebuild_reports.handed_over({rebuild_reports.SETTING: "0"}, 10 * small), "forced off"
    monkeypatch.setenv(rebuild_reports.FROM, "5")
    assert rebuild_reports.handed_over({}, 5), "the setting read from the environment too"
    assert not rebuild_reports.handed_over({}, 4)
    monkeypatch.setenv(rebuild_reports.SETTING, "0")
    assert not rebuild_reports.handed_over({}, 10 * small), "forced off from the environment"
