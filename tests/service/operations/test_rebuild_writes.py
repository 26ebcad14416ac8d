"""Issue 31, item 3 (session 13): a page writes its rows, its houses' knowledge, its history rows and its members' bases
each in one statement (`history.together`: one JSON array, `jsonb_to_recordset`), where it sent a statement per row.
The generation a rebuild makes so is the one the per-row statements made, row for row, over a campaign of both
systems with two rollbacks (knowledge undone, history superseded), in pages holding several phases and pages that
cut one in two."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import Composed

from projections import history
from projections.page import PageFold
from projections.page_history import PageHistory
from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.operations.test_rebuild_parts import generation_rows
from tests.support.both_systems_world import play_both

STATE = READ_MODELS[0]


def row_by_row(fold: PageFold, statements: Mapping[str, Any]) -> None:
    """`PageFold.write` as it was: a statement per row (`executemany`); a careful page writes as it still does."""
    if fold.careful:
        careful(fold, statements)
        return
    rows = fold.rows()
    for name, kind in (("upsert", True), ("patch", False)):
        of_kind = [row for row in rows if ("state" in row) is kind]
        if of_kind:
            fold.curs.executemany(statements[name], of_kind)
    fold.knowledge.write(fold.curs, statements, [c for c in fold.knowledge.campaigns() if c not in fold.failed])


careful = PageFold.write


def flushed_row_by_row(page: PageHistory, curs: Cursor[DictRow], sql: dict[str, Composed]) -> None:
    if page.rows:
        curs.executemany(sql["record"], page.rows)
        page.rows.clear()


def bases_row_by_row(curs: Cursor[DictRow], sql: dict[str, Composed], pending: Any, encode: Any) -> None:
    if pending:
        curs.executemany(sql["set_base"], [row | {"whole_state": encode(state)} for row, state in pending.values()])
        pending.clear()


def rebuilt(db: Database) -> dict[str, Any]:
    rebuild(db, {**db.eventsourcing_env(2), "CREATE_TABLE": "n"}, STATE)
    return generation_rows(db)


@pytest.mark.parametrize("page", [5_000, 40])
def test_a_page_written_in_one_statement_a_table_makes_the_rows_a_statement_per_row_made(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, page: int
) -> None:
    writer = Intrigue(fresh_db)
    try:
        play_both(writer)
    finally:
        writer.close()
    monkeypatch.setenv("INTRIGUE_PROJECTION_PAGE", str(page))
    together = rebuilt(fresh_db)
    assert together["house_knowledge"] and together["phase_history"] and together["phase_history_base"]
    assert any(row[6] for row in together["phase_history"]), "a rollback superseded history rows"
    with monkeypatch.context() as old:
        old.setattr(PageFold, "write", row_by_row)
        old.setattr(PageHistory, "flush", flushed_row_by_row)
        old.setattr(history, "store_bases", bases_row_by_row)
        assert rebuilt(fresh_db) == together
