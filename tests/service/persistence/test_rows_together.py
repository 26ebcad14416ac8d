"""Issue 31, P6 (session 20): on plain PostgreSQL a page writes its state rows (upserts and patches), its phase-history
rows and its members' bases each in one statement (projections/together.py: one JSON array, `jsonb_to_recordset`),
the inline projection's page in a command's transaction included; on Citus a row per statement as before (which stays
on the campaign's shard: tests/service/persistence/test_citus_router.py). What the inline projection writes so, as
both rule systems play through rollbacks, is what a rebuild writing a statement per row folds from the events. A
resolution's history rows and their bases go in one statement (`record_bases`, session 26): a whole row's state is sent
once, as the row's and its base's; a partial row carries its member's whole state for the base."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from psycopg.sql import SQL, Identifier

from projections import together
from projections.jsonsafe import as_jsonb, dumps
from projections.state_sql import statements_of
from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence import citus
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.persistence.test_inline_equals_rebuild import generation_rows
from tests.support.both_systems_world import play_both


def test_the_rows_written_together_are_the_rows_a_statement_per_row_writes(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    write = together.write
    seen: list[tuple[str, bool]] = []
    history_rows: list[dict[str, Any]] = []

    def watched(curs: Any, sql: Any, name: str, rows: list[dict[str, Any]], at_once: bool) -> None:
        if rows:
            seen.append((name, at_once))
        if name == "record_bases":
            history_rows.extend(rows)
        write(curs, sql, name, rows, at_once)

    monkeypatch.setattr(together, "write", watched)
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)  # each command's page folded inline
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo) as conn:
        on_citus = citus.enabled(conn)
    # On plain PostgreSQL no base is sent again after its row (`history.STORED`), nor a row without its base.
    history = {"record", "set_base"} if on_citus else {"record_bases"}
    assert {name for name, _ in seen} == {"upsert", "patch"} | history
    assert {at_once for _, at_once in seen} == {not on_citus}
    members = [row for row in history_rows if row.get("based")]
    assert on_citus or {row["whole"] for row in members} == {True, False}
    assert all(("whole_state" in row) != row["whole"] for row in members)
    live, inline = generation_rows(fresh_db)
    assert all(inline[name] for name in ("aggregate_state_g", "phase_history_g", "phase_history_g_base"))

    def row_by_row(curs: Any, sql: Any, name: str, rows: list[dict[str, Any]], at_once: bool) -> None:
        seen.append((name, at_once))
        write(curs, sql, name, rows, False)

    seen.clear()
    monkeypatch.setattr(together, "write", row_by_row)
    rebuild(fresh_db, {**fresh_db.eventsourcing_env(2), "CREATE_TABLE": "n"}, READ_MODELS[0])
    rebuilt_generation, rebuilt = generation_rows(fresh_db)
    assert rebuilt_generation != live and seen
    assert rebuilt == inline


def test_a_row_written_whole_together_drops_the_keys_it_held_in_recent(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo) as conn, conn.cursor() as curs:
        row = curs.execute("SELECT current FROM read_model_generation WHERE name = 'state'").fetchone()
        assert row is not None
        sql = statements_of(row[0])
        patched = curs.execute(
            SQL(
                "SELECT id, campaign_id, kind, version, state || recent, position FROM {} WHERE recent <> '{{}}'"
            ).format(Identifier(f"aggregate_state_g{row[0]}"))
        ).fetchall()
        assert patched, "the inline projection patched some rows"
        rows = [
            {"id": i, "campaign_id": c, "kind": k, "version": v, "state": as_jsonb(dumps(s)), "position": p}
            for i, c, k, v, s, p in patched
        ]
        together.write(curs, sql, "upsert", rows, not citus.enabled(conn))  # row by row on Citus, as a page does
        after = curs.execute(
            SQL("SELECT id, campaign_id, kind, version, state, position, recent FROM {} WHERE id = ANY(%s)").format(
                Identifier(f"aggregate_state_g{row[0]}")
            ),
            ([i for i, *_ in patched],),
        ).fetchall()
    assert sorted(after, key=repr) == sorted(((*r, {}) for r in patched), key=repr)
