"""`make test-citus`'s databases (docs/scaling.md, "`make test-citus`'s scope"): on a Citus cluster a new test
database is made on three nodes, each with the extension, and its migration distributes every table (about 10-20 s
here, against a fraction of a second on one server), so a test that asks for an empty store (`fresh_db`) is given
one database per test session (per pytest-xdist worker), migrated once and emptied after each test.

Emptied means: the test's connections to it ended, every table but the record of the migration steps truncated
(identities restarted), and the store-wide rows migration wrote (the read models' generation) put back as they
were. When a test changed more than rows (a rebuild's new generation, a dropped column, a step undone), the
database is dropped and made again. A test that needs a database with nothing in it, not even the migrations,
asks for `blank_db` instead.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import psycopg
from psycopg.sql import SQL, Identifier

from service.persistence import citus, database, migrations
from service.persistence.database import Database

# Shards per distributed table in a test database (Citus's default is 32). The cost of making, emptying and
# dropping a database grows with the shards (a TRUNCATE of every table: 2.4-3.2 s at 32, 0.4-0.8 s at 4, load
# 7-11); 4 still puts two shard groups on each of the two workers, so a campaign's statements are routed to one
# of several shards and a statement over two campaigns still spans shards (or workers) as it would at 32.
SHARD_COUNT = 4
KEPT = ("intrigue_schema",)  # the record of the steps: a step undone makes the database anew (see `changed`)
# The database's shape besides its rows: every relation, column, index, function and trigger of its schema, and
# the migration steps recorded. Any difference after a test and the database is made anew.
SHAPE = """
SELECT md5(string_agg(item, ',' ORDER BY item)) FROM (
  SELECT concat_ws(':', c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod)) AS item
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
   WHERE n.nspname = current_schema()
  UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()
  UNION ALL SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = current_schema()
  UNION ALL SELECT tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n
      ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND NOT t.tgisinternal
  UNION ALL SELECT 'step ' || version FROM intrigue_schema
) shape
"""


def on_citus(admin: Database) -> bool:
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        return citus.enabled(conn)


def create(admin: Database, prefix: str) -> Database:
    """A new database on the cluster, its distributed tables to be made of `SHARD_COUNT` shards."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    made = database.create_database(admin, name)
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        conn.execute(SQL("ALTER DATABASE {} SET citus.shard_count = {}").format(Identifier(name), SHARD_COUNT))
    return made


_DROP_TRIES = 5


class Pool:
    """One migrated database, emptied after each test that used it (see the module's docstring)."""

    def __init__(self, admin: Database) -> None:
        self.admin = admin
        self.db: Database | None = None
        self.shape = ""
        self.rows: dict[str, list[tuple[Any, ...]]] = {}

    def take(self) -> Database:
        if self.db is None:
            self.db = create(self.admin, "intrigue_pool")
            migrations.migrate(self.db)
            with psycopg.connect(self.db.conninfo, autocommit=True) as conn:
                self.shape = _shape(conn)
                self.rows = {
                    t: conn.execute(SQL("SELECT * FROM {}").format(Identifier(t))).fetchall() for t in citus.REFERENCE
                }
        return self.db

    def give_back(self) -> None:
        """Empty the database for the next test, or drop it when the test changed its shape."""
        if self.db is None:
            return
        _end_connections(self.admin, self.db.dbname)
        with psycopg.connect(self.db.conninfo, autocommit=True) as conn:
            if _shape(conn) != self.shape:
                conn.close()
                self.close()
                return
            tables = [
                row[0]
                for row in conn.execute(
                    "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                    " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')"
                )
            ]
            emptied = [Identifier(t) for t in tables if t not in KEPT]
            conn.execute(SQL("TRUNCATE {} RESTART IDENTITY").format(SQL(", ").join(emptied)))
            for table, rows in self.rows.items():
                for row in rows:
                    marks = SQL(", ").join(SQL("%s") for _ in row)
                    conn.execute(SQL("INSERT INTO {} VALUES ({})").format(Identifier(table), marks), row)

    def close(self) -> None:
        """Drop the database and forget it whatever happens, so the next test makes a new one: a drop that failed
        once left the coordinator's copy gone and every later test of the worker on a database that no longer
        existed (77 errors from one in a whole-suite run at load 20)."""
        if self.db is None:
            return
        name, self.db = self.db.dbname, None
        for attempt in range(_DROP_TRIES):
            try:
                database.drop_database(self.admin, name)
                return
            except psycopg.errors.ObjectInUse:  # `WITH (FORCE)` waits 5 s for the sessions it ended; a loaded node
                if attempt == _DROP_TRIES - 1:  # can take longer: the drop is tried again (IF EXISTS on each node)
                    raise
                time.sleep(1.0)


def _shape(conn: psycopg.Connection[Any]) -> str:
    row = conn.execute(SHAPE).fetchone()
    return str(row[0]) if row else ""


def _end_connections(admin: Database, dbname: str) -> None:
    """End the connections a test left to the database (its Intrigue's pools close with it; a killed process's
    may linger), so that the TRUNCATE waits on none of them."""
    with psycopg.connect(admin.conninfo, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s"
            " AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
            (dbname,),
        )
