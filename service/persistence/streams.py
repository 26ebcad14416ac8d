"""Many aggregates' latest snapshots and later events, read in one statement (issue 16, item 3).

The library's repository reads each aggregate in two round trips (its latest snapshot, then the events after
it), so a phase resolution that loads a campaign's hundreds of members paid hundreds of round trips. Here one
statement returns, for every id asked, its latest snapshot (if any) and then its events after that snapshot,
in version order: the same rows the library reads, from one consistent view of the tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Composed, Identifier

from projections.state_sql import ON_CITUS

Streams = dict[UUID, list[StoredEvent]]  # by id: its snapshot (when one is used) first, then its events


# Plain PostgreSQL reads each id's events by a range of the primary key (originator_id, originator_version): a
# subquery per id that OFFSET 0 keeps from being flattened into a join. As a join, the planner took unnest's ids
# for a share of the whole table and hashed all of it, then filtered by version: four sequential scans of the
# events a resolution, 17,000 pages at phase 50 for 481 rows (docs/scaling.md, issue 31, P6, session 19).
# Citus cannot push such a correlated subquery down to the shards (docs/scaling.md, "Citus"): it keeps the join.
_EVENTS_JOINED = "JOIN {schema}.{events} e ON e.originator_id = i.id AND e.originator_version > {after}"
_EVENTS_BY_RANGE = (
    "CROSS JOIN LATERAL (SELECT e.originator_id, e.originator_version, e.topic, e.state FROM {schema}.{events} e"
    " WHERE e.originator_id = i.id AND e.originator_version > {after} OFFSET 0) e"
)


def streams_statement(
    datastore: PostgresDatastore, events: str, snapshots: str | None, *, by_range: bool = False
) -> Composed:
    """The statement for `StreamReader.read`: parameter one is the ids, two the version already held of each (0:
    none, read from its latest snapshot); `snapshots` None reads events only. `by_range`: each id's events read by a
    range of the primary key (plain PostgreSQL), else joined (Citus)."""
    schema = Identifier(datastore.schema)
    events_of = _EVENTS_BY_RANGE if by_range else _EVENTS_JOINED
    if snapshots is None:
        return SQL(
            "SELECT e.originator_id, e.originator_version, e.topic, e.state"
            " FROM (SELECT id, max(after) AS after FROM unnest(%s::uuid[], %s::int[]) AS t(id, after) GROUP BY id) i "
            + events_of
            + " ORDER BY e.originator_id, e.originator_version"
        ).format(schema=schema, events=Identifier(events), after=SQL("i.after"))
    return SQL(
        # `after`: the version a caller already holds of an id (0: none), read from there without its snapshot.
        "WITH i AS (SELECT id, max(after) AS after FROM unnest(%s::uuid[], %s::int[]) AS t(id, after) GROUP BY id),"
        # DISTINCT ON, not LATERAL ... LIMIT 1, which Citus cannot push down (docs/scaling.md, "Citus").
        " s AS (SELECT DISTINCT ON (x.originator_id) x.originator_id, x.originator_version, x.topic, x.state"
        "   FROM i JOIN {schema}.{snapshots} x ON x.originator_id = i.id AND i.after = 0"
        "   ORDER BY x.originator_id, x.originator_version DESC)"
        " SELECT originator_id, originator_version, topic, state, 0 AS part FROM s"
        " UNION ALL"
        " SELECT e.originator_id, e.originator_version, e.topic, e.state, 1 FROM i"
        "   LEFT JOIN s ON s.originator_id = i.id " + events_of + " ORDER BY 1, 5, 2"
    ).format(
        schema=schema,
        events=Identifier(events),
        snapshots=Identifier(snapshots),
        after=SQL("greatest(i.after, coalesce(s.originator_version, 0))"),
    )


class StreamReader:
    """Reads many aggregates' streams in one round trip on the event store's pool."""

    def __init__(self, events: PostgresAggregateRecorder, snapshots: PostgresAggregateRecorder | None) -> None:
        self.datastore = events.datastore
        tables = (events.datastore, events.events_table_name, snapshots.events_table_name if snapshots else None)
        self.joined, self.by_range = streams_statement(*tables), streams_statement(*tables, by_range=True)
        self.statement: Composed | None = None  # chosen at the first read: `by_range` unless on Citus
        self.stored_statement = SQL(
            "SELECT DISTINCT originator_id FROM {schema}.{events} WHERE originator_id = ANY(%s::uuid[])"
        ).format(schema=Identifier(self.datastore.schema), events=Identifier(events.events_table_name))

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def read(self, ids: Sequence[UUID], held: Mapping[UUID, int] | None = None) -> Streams:
        """Each id's stored snapshot and events (an id with none is left out); an id `held` at a version, only its
        events after that version (none when it has not moved)."""
        ids = list(ids)
        params = (ids, [(held or {}).get(i, 0) for i in ids])
        with self.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row, binary=True) as curs:
            if self.statement is None:
                on_citus = curs.execute(ON_CITUS).fetchone() is not None
                self.statement = self.joined if on_citus else self.by_range
            curs.execute(self.statement, params, prepare=True)
            return grouped(curs.fetchall())

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def stored(self, ids: Sequence[UUID]) -> set[UUID]:
        """Those of the ids that have events in the store."""
        with self.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row, binary=True) as curs:
            curs.execute(self.stored_statement, (list(ids),))
            return {row[0] for row in curs.fetchall()}


def grouped(rows: Iterable[tuple[Any, ...]]) -> Streams:
    streams: Streams = {}
    for row in rows:
        originator_id = row[0]
        stream = streams.get(originator_id)
        if stream is None:
            stream = streams[originator_id] = []
        stream.append(StoredEvent(originator_id, row[1], row[2], bytes(row[3])))
    return streams
