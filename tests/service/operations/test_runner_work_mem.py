"""A runner reads its pages with room to sort them in memory (projections/runner.py `WORK_MEM`): a page of many
campaigns' events, sorted by notification id with their states, went to disk at PostgreSQL's default 4 MB (issue 31,
P4). A server or a session set higher keeps its own."""

from __future__ import annotations

import pytest

from service.persistence import migrations
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS, Runner, start_runner


def _work_mem(runner: Runner) -> str:
    row = runner._conn.execute("SHOW work_mem").fetchone()  # type: ignore[attr-defined]  # the connection it reads on
    assert row is not None
    return str(row[0])


def _runner_work_mem(db: Database) -> str:
    runner = start_runner(READ_MODELS[0], {**db.eventsourcing_env(1), "CREATE_TABLE": "n"})
    try:
        return _work_mem(runner)
    finally:
        runner.__exit__(None, None, None)


def test_a_runner_reads_with_32_mb_to_sort_a_page_and_a_higher_setting_stands(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    migrations.migrate(fresh_db)
    monkeypatch.setenv("PGOPTIONS", "-c work_mem=4MB")
    assert _runner_work_mem(fresh_db) == "32MB"
    monkeypatch.setenv("PGOPTIONS", "-c work_mem=64MB")
    assert _runner_work_mem(fresh_db) == "64MB"
