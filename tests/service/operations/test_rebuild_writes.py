"""Issue 31, P4 (session 18): on plain PostgreSQL a page writes its houses' knowledge rows in one statement
(`knowledge._INSERT_TOGETHER`: one JSON array, `jsonb_to_recordset`), where it sent a statement per row; on Citus a
row per statement as before, which stays on the campaign's shard (tests/service/persistence/test_citus_router.py).
The generation a rebuild makes so is the one the per-row statements made, row for row, over a campaign of both
systems with two rollbacks (knowledge undone), in pages holding several phases and pages that cut one in two."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import psycopg
import pytest
from psycopg import Cursor

from projections.knowledge import PageKnowledge
from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence import citus
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_rebuild_parts import generation_rows
from tests.support.both_systems_world import play_both

STATE = READ_MODELS[0]


def rebuilt(db: Database) -> dict[str, Any]:
    rebuild(db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    return generation_rows(db)


@pytest.mark.parametrize("page", [5_000, 40])
def test_the_knowledge_rows_written_in_one_statement_are_the_rows_a_statement_per_row_wrote(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    writer = Intrigue(fresh_db)
    try:
        play_both(writer)
    finally:
        writer.close()
    with psycopg.connect(fresh_db.conninfo) as conn:
        on_citus = citus.enabled(conn)
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    write = PageKnowledge.write
    seen: list[tuple[bool, int]] = []

    def watched(
        self: PageKnowledge, curs: Cursor[Any], sql: Mapping[str, Any], campaigns: Iterable[int] | None, **kw: Any
    ) -> None:
        seen.append((bool(kw.get("together")), len(self.rows)))
        write(self, curs, sql, campaigns, **kw)

    monkeypatch.setattr(PageKnowledge, "write", watched)
    together = rebuilt(fresh_db)
    assert together["house_knowledge"], "the houses learned"
    # One statement wherever the backend is plain PostgreSQL, a row per statement on Citus.
    assert {flag for flag, rows in seen if rows} == {not on_citus}

    def row_by_row(
        self: PageKnowledge, curs: Cursor[Any], sql: Mapping[str, Any], campaigns: Iterable[int] | None, **_: Any
    ) -> None:
        write(self, curs, sql, campaigns, together=False)

    monkeypatch.setattr(PageKnowledge, "write", row_by_row)
    assert rebuilt(fresh_db) == together
