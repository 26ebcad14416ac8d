"""Migration step 19: the columns a resolution writes whole compressed by lz4 where the server has it (issue 31, P6,
session 19; docs/scaling.md, "the save side's server"). The current generation's written columns
(projections/state_tables.py `COMPRESSED`; a rebuild's new generation gets them in `create_generation`) and the
store's events and snapshots. Only values written from now on are compressed so: nothing is rewritten, every value
reads back the same, and `compress(..., "pglz")` on the same tables reverts it. On Citus the ALTERs propagate to
the shards, and shards made later carry the columns' compression.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.sql import Identifier

from projections import state_tables

STORE = [(Identifier("intrigue_events"), ("state",)), (Identifier("intrigue_snapshots"), ("state",))]


def written_columns(conn: psycopg.Connection[Any]) -> list[tuple[Identifier, tuple[str, ...]]]:
    """The store's and the current generation's tables, with the columns a resolution writes whole."""
    row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (state_tables.MODEL,)).fetchone()
    return STORE + (state_tables.compressed(int(str(row[0]))) if row is not None else [])


def lz4_written_columns(conn: psycopg.Connection[Any]) -> None:
    conn.execute(state_tables.compress(written_columns(conn)))
