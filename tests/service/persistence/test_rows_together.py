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

from projections import history, together
from projections.jsonsafe import as_jsonb, dumps
from projections.state_sql import statements_of
from service.bootstrap import Intrigue
from service.operations.worker import rebuild
from service.persistence import citus
from service.persistence.database import Database
from service.persistence.readmodels import READ_MODELS
from tests.service.persistence.test_inline_equals_rebuild import generation_rows
from tests.support.both_systems_world import play_both


@pytest.mark.parametrize("whole_share", [history.WHOLE_SHARE, 0.0])  # 0: every resolution's rows with their bases
def test_the_rows_written_together_are_the_rows_a_statement_per_row_writes(
    fresh_db: Database, monkeypatch: pytest.MonkeyPatch, whole_share: float
) -> None:
    write = together.write
    seen: list[tuple[str, bool]] = []
    sent: dict[str, list[dict[str, Any]]] = {"record_bases": [], "set_base": []}

    def watched(curs: Any, sql: Any, name: str, rows: list[dict[str, Any]], at_once: bool) -> None:
        if rows:
            seen.append((name, at_once))
        sent.get(name, []).extend(rows)
        write(curs, sql, name, rows, at_once)

    monkeypatch.setattr(together, "write", watched)
    monkeypatch.setattr(history, "WHOLE_SHARE", whole_share)
    intrigue = Intrigue(fresh_db)
    try:
        play_both(intrigue)  # each command's page folded inline
    finally:
        intrigue.close()
    with psycopg.connect(fresh_db.conninfo) as conn:
        on_citus = citus.enabled(conn)
    names = {name for name, _ in seen}
    if on_citus:
        assert names == {"upsert", "patch", "record", "set_base"}
    elif whole_share:  # the first phase's resolutions (every row whole) in one statement, later ones in two
        assert names == {"upsert", "patch", "record", "set_base", "record_bases"}
    else:  # a marker alone (nothing moved) is written by `record`
        assert {"upsert", "patch", "record_bases"} <= names <= {"upsert", "patch", "record", "record_bases"}
    assert {at_once for _, at_once in seen} == {not on_citus}
    # A row with its base carries the base's whole state only where the row is partial; no base is sent twice.
    based = [row for row in sent["record_bases"] if row.get("based")]
    assert all(("whole_state" in row) != row["whole"] for row in based)
    assert not {(r["id"], r["version"]) for r in based} & {(r["id"], r["version"]) for r in sent["set_base"]}
    assert on_citus or {row["whole"] for row in based} == ({True} if whole_share else {True, False})
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
