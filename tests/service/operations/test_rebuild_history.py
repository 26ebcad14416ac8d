"""Issue 31, item 3: a rebuild records a page's many resolutions together (projections/page_history.py), and the
phase history it makes is the one the inline projection wrote as the phases resolved, row for row: the rows,
superseded or not, and the members' bases, over several phases and a rollback, in pages that hold several phases
of a campaign and pages that cut one in two."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from service.bootstrap import Intrigue
from service.operations.worker import IDLE_SETTING, REBUILD_IDLE, rebuild, rebuild_env
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import play_phase, played

STATE = READ_MODELS[0]


def history(db: Database) -> dict[str, list[Any]]:
    """The current generation's history rows (every column) and bases, sorted."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert row is not None
        return {
            name: sorted(conn.execute(SQL("SELECT * FROM {}").format(Identifier(table))).fetchall(), key=repr)
            for name, table in (("rows", f"phase_history_g{row[0]}"), ("bases", f"phase_history_g{row[0]}_base"))
        }


@pytest.mark.parametrize("page", [1_000, 150])
def test_the_history_a_rebuild_makes_is_the_one_written_inline_through_a_rollback(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    writer = Intrigue(fresh_db)
    try:
        campaigns = [played(writer, seed, 4) for seed in ("history one", "history two")]
        writer.rewind.roll_back(RollBackPhase(campaigns[0].id, 2, "the GM misread an order"))
        writer.campaigns.resolve_phase(campaigns[0].id)
        for _ in range(2):
            play_phase(writer, campaigns[0].id)
    finally:
        writer.close()
    inline = history(fresh_db)
    assert any(row[6] for row in inline["rows"]), "the rollback superseded rows"
    assert len({row[1] for row in inline["rows"]}) >= 4 and inline["bases"]
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    assert history(fresh_db) == inline


def test_a_rebuilds_runners_are_given_the_longer_silence_and_keep_a_longer_one() -> None:
    assert rebuild_env({"A": "b"}) == {"A": "b", IDLE_SETTING: str(REBUILD_IDLE)}
    assert rebuild_env({IDLE_SETTING: "1"})[IDLE_SETTING] == str(REBUILD_IDLE)
    assert rebuild_env({IDLE_SETTING: str(REBUILD_IDLE * 2)})[IDLE_SETTING] == str(REBUILD_IDLE * 2)
