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
    """The read model has projected the last event of the log (its tracking position is the max notification id)."""
    with psycopg.connect(intrigue.db.conninfo) as conn:
        head = conn.execute("SELECT coalesce(max(notification_id), 0) FROM intrigue_events").fetchone()
    assert head is not None
    intrigue.wait_for_projections(int(head[0]) or None)  # raises if the projection stopped before it
    with psycopg.connect(intrigue.db.conninfo) as conn:
        row = conn.execute("SELECT (SELECT coalesce(max(notification_id), 0) FROM intrigue_events),"
                           " (SELECT coalesce(max(notification_id), 0) FROM state_tracking)").fetchone()  # fmt: skip
    assert row is not None and row[0] == row[1], f"log head {row[0]}, read model at {row[1]}"
