"""What the poisoned-input tests count: rows in the events table, and whether the read model is at its head."""

from __future__ import annotations

import psycopg

from service.bootstrap import Intrigue
from service.persistence.database import Database


def event_rows(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT count(*) FROM intrigue_events").fetchone()
    assert row is not None
    return int(row[0])


def assert_projection_at_head(intrigue: Intrigue) -> None:
    """The read model has projected every campaign's lane to its head (issue 26: each lane is tracked apart)."""
    with psycopg.connect(intrigue.db.conninfo) as conn:
        heads = conn.execute("SELECT max(notification_id) FROM intrigue_events GROUP BY campaign_id").fetchall()
    for (last,) in heads:
        intrigue.wait_for_projections(int(last))  # raises if the projection stopped before it
    with psycopg.connect(intrigue.db.conninfo) as conn:
        row = conn.execute(
            "SELECT (SELECT coalesce(sum(position), 0) FROM campaign_heads),"
            " (SELECT coalesce(sum(position), 0) FROM state_tracking)"
        ).fetchone()
    assert row is not None and row[0] == row[1], f"log head {row[0]}, read model at {row[1]}"
