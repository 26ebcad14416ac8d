"""Migration step 19 (service/persistence/compression.py): the columns a resolution writes whole are compressed by
lz4 where the server has it, in the current generation, in a rebuild's new one and in the store; the values read
back as written; `pglz` reverts it. On a server without lz4 (the embedded one) the step changes nothing."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import psycopg
from psycopg.types.json import Jsonb

from projections import state_tables
from service.bootstrap import Intrigue
from service.persistence import citus, compression
from service.persistence.database import Database

WRITTEN = {  # table: the columns a resolution writes whole (docs/scaling.md, issue 31, P6, session 19)
    "intrigue_events": {"state"},
    "intrigue_snapshots": {"state"},
    "aggregate_state_g{}": {"state", "recent"},
    "phase_history_g{}": {"state"},
    "phase_history_g{}_base": {"state"},
    "standings_answer_g{}": {"gm", "public", "own"},
    "house_knowledge_g{}": {"entry"},
    "phase_report_g{}": {"report"},
}
_ATTRIBUTES = """SELECT c.relname, a.attname, a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relname = ANY(%s) AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped"""


_ON_SHARDS = """SELECT result FROM run_command_on_placements('phase_history_g1_base',
    $$SELECT attcompression FROM pg_attribute WHERE attrelid = '%s'::regclass AND attname = 'state'$$)"""


def compressions(conn: psycopg.Connection[Any], generation: int) -> dict[tuple[str, str], str]:
    tables = [t.format(generation) for t in WRITTEN]
    return {(t, c): str(m) for t, c, m in conn.execute(_ATTRIBUTES, (tables,)).fetchall()}


def expected(lz4: bool, generation: int, method: str = "l") -> dict[tuple[str, str], str]:
    """The written columns: `method` where the server has lz4, else as made ("", the server's default)."""
    return {(t.format(generation), c): method if lz4 else "" for t in WRITTEN for c in WRITTEN[t]}


def has_lz4(conn: psycopg.Connection[Any]) -> bool:
    """Whether the server was built with lz4: then it is one of the default's values."""
    row = conn.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'").fetchone()
    return row is not None and "lz4" in row[0]


def test_step_19_compresses_the_written_columns_by_lz4_where_the_server_has_it(fresh_db: Database) -> None:
    Intrigue(fresh_db).close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:
        lz4 = has_lz4(conn)
        found = compressions(conn, 1)
        assert {k: found.get(k) for k in expected(lz4, 1)} == expected(lz4, 1)
        assert {k for k, m in found.items() if m} == {k for k, m in expected(lz4, 1).items() if m}
        # a value written whole reads back as it was, compressed by the column's method
        big = {"assets": [{"name": f"asset {i}", "hp": i, "note": "x" * (i % 7)} for i in range(400)]}
        key = (uuid4(), uuid4())
        conn.execute("INSERT INTO phase_history_g1_base VALUES (%s, %s, 1, %s)", (*key, Jsonb(big)))
        row = conn.execute(
            "SELECT state, pg_column_compression(state) FROM phase_history_g1_base"
            " WHERE aggregate_id = %s AND campaign_id = %s",
            key,
        ).fetchone()
        assert row == (big, "lz4" if lz4 else "pglz")
        if citus.enabled(conn):  # each shard's columns, made after the step (docs/scaling.md, "Citus")
            shards = conn.execute(_ON_SHARDS).fetchall()
            assert shards and {r[0] for r in shards} == {"l" if lz4 else ""}


def test_a_rebuilds_generation_compresses_its_written_columns(fresh_db: Database) -> None:
    Intrigue(fresh_db).close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:
        lz4 = has_lz4(conn)
        try:
            for statement in [*state_tables.drop_generation(2), *state_tables.create_generation(2)]:
                conn.execute(statement)
            made = {k: m for k, m in expected(lz4, 2).items() if "_g2" in k[0]}
            found = {k: m for k, m in compressions(conn, 2).items() if "_g2" in k[0]}
            assert {k: found.get(k) for k in made} == made
            assert {k for k, m in found.items() if m} == {k for k, m in made.items() if m}
        finally:
            for statement in state_tables.drop_generation(2):
                conn.execute(statement)


def test_pglz_reverts_step_19(fresh_db: Database) -> None:
    Intrigue(fresh_db).close()
    with psycopg.connect(fresh_db.conninfo, autocommit=True) as conn:
        lz4 = has_lz4(conn)
        conn.execute(state_tables.compress(compression.written_columns(conn), "pglz"))
        try:
            found = compressions(conn, 1)
            assert {k: found.get(k) for k in expected(lz4, 1, "p")} == expected(lz4, 1, "p")
            assert {k for k, m in found.items() if m} == {k for k, m in expected(lz4, 1, "p").items() if m}
        finally:  # on Citus the session's database serves the next tests (tests/citus_pool.py)
            compression.lz4_written_columns(conn)
