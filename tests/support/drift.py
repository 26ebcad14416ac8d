"""A read model made to drift from its events on purpose, for the tests of replay's divergence report."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
from psycopg.sql import SQL

from projections.state_tables import MODEL, names


def drift(conninfo: str, aggregate_id: UUID, key: str, value: Any) -> None:
    """Give one field of an aggregate's read-model row a value its events never gave it. The readers' view lays a
    row's `recent` keys over its `state` (issue 26, item 2), so the field is written there, in the current
    generation's table."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (MODEL,)).fetchone()
        assert row is not None
        table = names(int(row[0]))["state"]
        conn.execute(
            SQL("UPDATE {} SET recent = recent || jsonb_build_object(%s::text, %s::jsonb) WHERE id = %s").format(table),
            (key, psycopg.types.json.Jsonb(value), aggregate_id),
        )
