"""Issue 30, item 8: the phase reports' rows (projections/phase_reports.py) are what the state projection writes as
each phase resolves, whoever writes them: the live projection, a rebuild of the read model, and migration step 18
on a store from before it (which fills them for the phases that stand resolved); and the reports a seat reads
from them are the ones built from the events."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from service.usecases import phase_reports as use_case
from service.usecases.phase_reports import PhaseReports
from tests.support.both_systems_world import Played, answers, play_both

ROWS = "SELECT campaign_id, phase, member_id, resolved_at, report FROM phase_report ORDER BY 1, 2, 3"


def _rows(db: Database) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute(ROWS).fetchall()


def _check(intrigue: Intrigue, played: Played, monkeypatch: pytest.MonkeyPatch) -> None:
    for seat in played.seats.values():
        for phase in (1, 2, 3):
            served = answers(intrigue.phase_reports, played.campaign_id, phase, seat, played.members)
            with monkeypatch.context() as patched:
                patched.setattr(use_case, "kept_reports", lambda *args: {})
                live = PhaseReports(intrigue.store, intrigue.audit, intrigue.history, intrigue.chronicle)
                built = answers(live, played.campaign_id, phase, seat, played.members)
            assert served == built, (seat.role, phase)


def test_the_rows_are_the_same_from_the_projection_a_rebuild_and_step_18(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        played = play_both(intrigue)
        rows = _rows(fresh_db)
        assert {(r[1], r[2]) for r in rows} == {(p, m) for p in (1, 2) for m in played.members}
        _check(intrigue, played, monkeypatch)
        rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
        assert _rows(fresh_db) == rows
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:  # back to a store from before step 18
        generation = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert generation is not None
        for statement in (
            "DROP VIEW phase_report",
            f"DROP TABLE phase_report_g{generation[0]}",
            "DELETE FROM intrigue_schema WHERE version = 18",
        ):
            conn.execute(statement)  # type: ignore[arg-type]
    intrigue = Intrigue(fresh_db)  # migrates on start: step 18 fills the rows of the phases that stand resolved
    try:
        assert _rows(fresh_db) == rows
        _check(intrigue, played, monkeypatch)
    finally:
        intrigue.close()
