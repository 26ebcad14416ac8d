"""Migration step 12: every unique key of a campaign's table carries `campaign_id` (issue 27, item 1).

Citus enforces a primary or unique key only when it holds the distribution column, so the keys of the tables
distributed by campaign (service/persistence/citus.py) gain `campaign_id` as their last column: lookups by the
old leading columns keep their index, and nothing that was unique stops being so, for an aggregate, a seat,
an idempotency claim and a notification id each belong to one campaign. The step is the same on plain
PostgreSQL, so one schema serves both. A seat's token digest keeps an index, no longer a unique one: a
token is 256 random bits, and a unique key on it alone would span every campaign's shard.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
from psycopg.sql import SQL, Identifier

from projections import state_tables

NIL = UUID(int=0)  # the campaign of an answer kept for a command that wrote nothing
_KEYS = {  # table: its primary key, campaign last
    "intrigue_events": ("originator_id", "originator_version", "campaign_id"),
    "seats": ("id", "campaign_id"),
    "idempotency_keys": ("scope", "key_sha256", "campaign_id"),
}
_BEFORE = [
    f"ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS campaign_id uuid NOT NULL DEFAULT '{NIL}'",
    "ALTER TABLE seats DROP CONSTRAINT IF EXISTS seats_token_sha256_key",
    "CREATE INDEX IF NOT EXISTS seats_token ON seats (token_sha256)",
    # The library's DDL (run by every `migrate`) makes this index by name when it is missing: the name stays.
    "DROP INDEX IF EXISTS intrigue_events_notification_id_idx",
    "CREATE UNIQUE INDEX intrigue_events_notification_id_idx ON intrigue_events (notification_id, campaign_id)",
]


def campaign_keys(conn: psycopg.Connection[Any]) -> None:
    for statement in _BEFORE:
        conn.execute(statement)
    keys = dict(_KEYS)
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    if row is not None:
        generation = int(str(row[0]))
        keys[f"aggregate_state_g{generation}"] = ("id", "campaign_id")
        keys[f"phase_history_g{generation}_base"] = ("aggregate_id", "campaign_id")
    for table, columns in keys.items():
        rekey(conn, table, columns)


def rekey(conn: psycopg.Connection[Any], table: str, columns: tuple[str, ...]) -> None:
    """Make `columns` the table's primary key, under the name its key has (a table renamed from the layout
    before generations keeps its first key's name)."""
    row = conn.execute(
        "SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(%s) AND contype = 'p'", (table,)
    ).fetchone()
    name = Identifier(str(row[0]) if row else f"{table}_pkey")
    drop = SQL("DROP CONSTRAINT {}, ").format(name) if row else SQL("")
    conn.execute(
        SQL("ALTER TABLE {} {}ADD CONSTRAINT {} PRIMARY KEY ({})").format(
            Identifier(table), drop, name, SQL(", ").join(map(Identifier, columns))
        )
    )
