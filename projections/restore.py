"""Aggregates restored at an exact version from the event store, for the state read model's writer.

The read model's rows hold no snapshot (issue 16, item 2: the hot columns are not carried beside a large one,
and a page no longer encodes and writes each touched aggregate's snapshot). A writer folds onto the states it
keeps in memory; where it has none at a row's version (a fresh process, a state evicted, a row another writer
moved), it restores the aggregate here: the event store's latest snapshot at or below that version, then its
events up to the version, for every aggregate of the page in one statement of the page's own transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from psycopg import Cursor
from psycopg.rows import TupleRow, tuple_row
from psycopg.sql import SQL, Composed, Identifier

_EVENTS_ONLY = (
    "SELECT e.originator_id, e.originator_version, e.topic, e.state, 1 AS part"
    " FROM unnest(%s::uuid[], %s::integer[]) AS r(id, hi)"
    " JOIN {schema}.{events} e ON e.originator_id = r.id AND e.originator_version <= r.hi"
    " ORDER BY 1, 5, 2"
)
_WITH_SNAPSHOTS = (
    "WITH r AS (SELECT * FROM unnest(%s::uuid[], %s::integer[]) AS r(id, hi)),"
    # DISTINCT ON, not LATERAL ... LIMIT 1, which Citus cannot push down (docs/scaling.md, "Citus").
    " s AS (SELECT DISTINCT ON (x.originator_id) x.originator_id, x.originator_version, x.topic, x.state"
    "   FROM r JOIN {schema}.{snapshots} x ON x.originator_id = r.id AND x.originator_version <= r.hi"
    "   ORDER BY x.originator_id, x.originator_version DESC)"
    " SELECT originator_id, originator_version, topic, state, 0 AS part FROM s"
    " UNION ALL"
    " SELECT e.originator_id, e.originator_version, e.topic, e.state, 1 FROM r"
    "   LEFT JOIN s ON s.originator_id = r.id"
    "   JOIN {schema}.{events} e ON e.originator_id = r.id"
    "   AND e.originator_version > coalesce(s.originator_version, 0) AND e.originator_version <= r.hi"
    " ORDER BY 1, 5, 2"
)


class VersionNotFoundError(Exception):
    """The event store does not hold the aggregate at the version its row has."""


class Restorer:
    """Restores aggregates at given versions from one event store's tables (its events and snapshots)."""

    def __init__(self, schema: str, events: str, snapshots: str | None) -> None:
        text = _EVENTS_ONLY if snapshots is None else _WITH_SNAPSHOTS
        names = {"schema": Identifier(schema), "events": Identifier(events)}
        if snapshots is not None:
            names["snapshots"] = Identifier(snapshots)
        self.statement: Composed = SQL(text).format(**names)

    @classmethod
    def of(cls, app: Any) -> Restorer:
        """The restorer of an eventsourcing application's store (its snapshots, where it keeps them)."""
        snapshots = app.snapshots.recorder.events_table_name if getattr(app, "snapshots", None) else None
        return cls(app.recorder.datastore.schema, app.recorder.events_table_name, snapshots)

    def restore(
        self, curs: Cursor[Any], wanted: Mapping[UUID, int], to_domain_event: Callable[[StoredEvent], Any]
    ) -> dict[UUID, Any]:
        """Each aggregate at exactly its wanted version, or the error that stopped it (decoding, applying, or
        `VersionNotFoundError`)."""
        ids = list(wanted)
        with curs.connection.cursor(row_factory=tuple_row, binary=True) as reading:
            rows: list[TupleRow] = reading.execute(self.statement, (ids, [wanted[i] for i in ids])).fetchall()
        streams: dict[UUID, list[StoredEvent]] = {}
        for row in rows:
            streams.setdefault(row[0], []).append(StoredEvent(row[0], row[1], row[2], bytes(row[3])))
        restored: dict[UUID, Any] = {}
        for aggregate_id, version in wanted.items():
            try:
                aggregate = None
                for stored in streams.get(aggregate_id, ()):
                    aggregate = to_domain_event(stored).mutate(aggregate)
                if aggregate is None or aggregate.version != version:
                    found = None if aggregate is None else aggregate.version
                    raise VersionNotFoundError(f"the event store holds {aggregate_id} at {found}, not at {version}")
                restored[aggregate_id] = aggregate
            except Exception as error:  # its campaign stops (projections/page.py `Unreadable`)
                restored[aggregate_id] = error
        return restored
