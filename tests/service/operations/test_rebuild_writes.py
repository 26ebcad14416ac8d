"""Issue 31, P4 (session 18): on plain PostgreSQL a page writes its houses' knowledge rows in one statement
(`knowledge._INSERT_TOGETHER`: one JSON array, `jsonb_to_recordset`), and a resolution its members' phase reports
(`phase_reports._WRITE_TOGETHER`), where each sent a statement per row; on Citus a row per statement as before, which
stays on the campaign's shard (tests/service/persistence/test_citus_router.py). The generation a rebuild makes so is
the one the per-row statements made, row for row, over a campaign of both systems with two rollbacks (knowledge
undone), in pages holding several phases and pages that cut one in two."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import psycopg
import pytest
from psycopg import Cursor
from psycopg.rows import tuple_row
from psycopg.sql import Identifier

from projections import phase_reports
from projections.knowledge import PageKnowledge
from service.bootstrap import Intrigue
from service.operations import rebuild_reports
from service.operations.worker import rebuild
from service.persistence import citus
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_rebuild_parts import generation_rows
from tests.support.both_systems_world import play_both

STATE = READ_MODELS[0]


def played(db: Database) -> bool:
    """Both rule systems played through two rollbacks; whether the store is on Citus."""
    writer = Intrigue(db)
    try:
        play_both(writer)
    finally:
        writer.close()
    with psycopg.connect(db.conninfo) as conn:
        return citus.enabled(conn)


def rebuilt(db: Database) -> dict[str, Any]:
    rebuild(db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    return generation_rows(db)


@pytest.mark.parametrize("page", [5_000, 40])
def test_the_rows_written_in_one_statement_are_the_rows_a_statement_per_row_wrote(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    on_citus = played(fresh_db)
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    monkeypatch.setenv(rebuild_reports.SETTING, "0")  # the reports in the runner, whose writes are watched here
    write, write_reports = PageKnowledge.write, phase_reports.write
    seen: list[tuple[bool, int]] = []
    reports_seen: list[bool] = []

    def watched(
        self: PageKnowledge, curs: Cursor[Any], sql: Mapping[str, Any], campaigns: Iterable[int] | None, **kw: Any
    ) -> None:
        seen.append((bool(kw.get("together")), len(self.rows)))
        write(self, curs, sql, campaigns, **kw)

    def reports_watched(*args: Any, together: bool = False) -> None:
        reports_seen.append(together)
        write_reports(*args, together=together)

    monkeypatch.setattr(PageKnowledge, "write", watched)
    monkeypatch.setattr(phase_reports, "write", reports_watched)
    together = rebuilt(fresh_db)
    assert together["house_knowledge"] and together["phase_report"], "the houses learned, the phases were reported"
    # One statement wherever the backend is plain PostgreSQL, a row per statement on Citus.
    assert {flag for flag, rows in seen if rows} == {not on_citus}
    assert set(reports_seen) == {not on_citus}

    def row_by_row(
        self: PageKnowledge, curs: Cursor[Any], sql: Mapping[str, Any], campaigns: Iterable[int] | None, **_: Any
    ) -> None:
        write(self, curs, sql, campaigns, together=False)

    def reports_row_by_row(*args: Any, together: bool = False) -> None:
        write_reports(*args, together=False)

    monkeypatch.setattr(PageKnowledge, "write", row_by_row)
    monkeypatch.setattr(phase_reports, "write", reports_row_by_row)
    assert rebuilt(fresh_db) == together

    # A resolution reported again (its rows there: a phase resolved anew) replaces its reports, as row by row.
    with psycopg.connect(fresh_db.conninfo) as conn, conn.cursor() as curs:
        generation = curs.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert generation is not None
        campaign_id, phase, member_id = curs.execute(
            "SELECT campaign_id, phase, member_id FROM phase_report"
        ).fetchone()
        sql = phase_reports.statements(generation[0], Identifier(f"aggregate_state_g{generation[0]}"))
        write_reports(curs, sql, campaign_id, phase, 7, {member_id: {"again": True}}, together=True)
        row = curs.execute(
            "SELECT resolved_at, report FROM phase_report WHERE campaign_id = %s AND phase = %s AND member_id = %s",
            (campaign_id, phase, member_id),
        ).fetchone()
        assert row == (7, {"again": True})


_KEYED = """SELECT coalesce(bool_or(i.indisprimary), false) FROM pg_class c LEFT JOIN pg_index i ON i.indrelid = c.oid
    WHERE c.relname = %s"""


def _current(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert row is not None
        return int(row[0])


def test_a_rebuilds_knowledge_gets_its_key_once_its_rows_are_in_and_before_the_switch(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, P4 (session 28): on plain PostgreSQL a rebuild's knowledge table has no key while the runner writes
    it, and has it before the switch (the live writers' `ON CONFLICT` find it); on Citus it has it from the start. A
    row sharing another's key (none does) would fail the rebuild before its switch, not be kept out silently."""
    on_citus = played(fresh_db)
    old = _current(fresh_db)
    table = f"house_knowledge_g{old + 1}"
    write = PageKnowledge.write
    keyed: list[bool] = []

    def watched(self: PageKnowledge, curs: Cursor[Any], *args: Any, **kw: Any) -> None:
        if self.given:
            with curs.connection.cursor(row_factory=tuple_row) as asking:
                row = asking.execute(_KEYED, (table,)).fetchone()
            keyed.append(bool(row and row[0]))
        write(self, curs, *args, **kw)

    monkeypatch.setattr(PageKnowledge, "write", watched)
    rows = rebuilt(fresh_db)
    assert _current(fresh_db) == old + 1 and rows["house_knowledge"]
    assert keyed and set(keyed) == {on_citus}
    with psycopg.connect(fresh_db.conninfo) as conn:
        assert conn.execute(_KEYED, (table,)).fetchone() == (True,)
    if on_citus:
        return
    # An intel event's rows written twice: the key cannot be built, the rebuild fails, the readers stay where they were.
    fold = PageKnowledge.fold

    def folded_twice(self: PageKnowledge, campaign: int, intel: Any, event: Any) -> None:
        before = len(self.given)
        fold(self, campaign, intel, event)
        self.given += self.given[before:]

    monkeypatch.setattr(PageKnowledge, "fold", folded_twice)
    with pytest.raises(psycopg.errors.UniqueViolation):
        rebuilt(fresh_db)
    assert _current(fresh_db) == old + 1
