"""Snapshots written a row per statement (issue 27, item 2; docs/scaling.md, "Citus").

The library inserts a save's snapshots as one `INSERT ... SELECT FROM unnest(...)`; on Citus such a statement is
pulled through the coordinator and copied into the shards under a two-phase commit, even for one row. A
`VALUES` row per snapshot, each its own statement on the autocommit connection, goes to one shard as a router
query and commits there alone; psycopg's `executemany` sends them in one pipeline, so plain PostgreSQL still pays
one round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Identifier


def write_rows(recorder: Any) -> None:
    """Make `recorder` (the library's PostgresAggregateRecorder of snapshots) insert a row per statement."""
    text = SQL("INSERT INTO {}.{} (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)")
    statement = text.format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))

    def insert(curs: Any, stored_events: Sequence[StoredEvent], **_: Any) -> None:
        curs.executemany(statement, [(e.originator_id, e.originator_version, e.topic, e.state) for e in stored_events])

    recorder._insert_stored_events = insert
