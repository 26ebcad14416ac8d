"""Read model of every aggregate's current state, folded from its events by the domain's own apply methods.

Each row keeps the aggregate's snapshot (to fold the next event onto) and its state as plain JSON with the
values of its public properties (max HP, rank…), for the queries that serve standings, regions and assets.
Rows and tracking position are written in one transaction, so a row is never ahead of or behind its event.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, Snapshot
from eventsourcing.persistence import StoredEvent, Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.projection import Projection
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Identifier
from psycopg.types.json import Jsonb

from projections.codec import domain_mapper, plain

_TABLES = [
    """CREATE TABLE IF NOT EXISTS aggregate_state (
        id uuid PRIMARY KEY,
        campaign_id uuid NOT NULL,
        kind text NOT NULL,
        version integer NOT NULL,
        snapshot_topic text NOT NULL,
        snapshot bytea NOT NULL,
        state jsonb NOT NULL,
        position bigint NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS aggregate_state_campaign ON aggregate_state (campaign_id, kind)",
    # History series: every member's state as each phase resolved (seed-independent: design, "history").
    """CREATE TABLE IF NOT EXISTS phase_history (
        campaign_id uuid NOT NULL,
        phase integer NOT NULL,
        position bigint NOT NULL,
        aggregate_id uuid NOT NULL,
        kind text NOT NULL,
        state jsonb NOT NULL,
        superseded boolean NOT NULL DEFAULT false,
        PRIMARY KEY (campaign_id, position, aggregate_id))""",
]
_RECORD_PHASE = """INSERT INTO phase_history (campaign_id, phase, position, aggregate_id, kind, state)
    SELECT campaign_id, %(phase)s, %(position)s, id, kind, state FROM aggregate_state
    WHERE campaign_id = %(campaign_id)s AND kind <> 'campaign' ON CONFLICT DO NOTHING"""
_SUPERSEDE = """UPDATE phase_history SET superseded = true
    WHERE campaign_id = %(campaign_id)s AND phase >= %(phase)s AND position < %(position)s"""
CACHE_SIZE = 2_000
_SELECT = "SELECT version, snapshot_topic, snapshot FROM aggregate_state WHERE id = %s FOR UPDATE"
_UPSERT = """INSERT INTO aggregate_state VALUES (%(id)s, %(campaign_id)s, %(kind)s, %(version)s, %(topic)s,
    %(snapshot)s, %(state)s, %(position)s)
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, snapshot_topic = EXCLUDED.snapshot_topic,
    snapshot = EXCLUDED.snapshot, state = EXCLUDED.state, position = EXCLUDED.position"""
# Folding onto the cached state, in one statement: the row must still be at the version before this event,
# and the tracking position moves only if the row was written (so both or neither).
_FOLD_NEXT = (
    "WITH up AS (" + _UPSERT.replace("{", "{{").replace("}", "}}")
    + " WHERE aggregate_state.version = EXCLUDED.version - 1 RETURNING version),"
    " tr AS (INSERT INTO {0}.{1} (application_name, notification_id)"
    " SELECT %(application_name)s, %(position)s WHERE EXISTS (SELECT 1 FROM up)"
    " ON CONFLICT (application_name) DO UPDATE SET notification_id = EXCLUDED.notification_id"
    " WHERE {1}.notification_id < EXCLUDED.notification_id RETURNING notification_id)"
    " SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tr) - 1 AS written"
)
_HISTORY_EVENTS = frozenset({"Campaign.PhaseResolved", "Campaign.PhaseRolledBack"})


_SKIP = frozenset({"pending_events"})


class _StaleCacheError(Exception):
    pass


def public_state(aggregate: Aggregate) -> dict[str, Any]:
    """Attributes and property values, as plain JSON."""
    state = {k: plain(v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    for name in dir(type(aggregate)):
        if (
            not name.startswith("_")
            and name not in _SKIP
            and isinstance(getattr(type(aggregate), name, None), property)
        ):
            try:
                state[name] = plain(getattr(aggregate, name))
            except Exception:  # a property that cannot be computed is left out of the view
                continue
    state["id"], state["version"] = str(aggregate.id), aggregate.version
    return state


class StateView(PostgresTrackingRecorder):
    """The table `aggregate_state`."""

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.sql_create_statements.extend(SQL(s) for s in _TABLES)  # type: ignore[arg-type]
        self.mapper = domain_mapper()
        tracking_table = Identifier(self.datastore.schema), Identifier(self.tracking_table_name)
        self._fold_next = SQL(_FOLD_NEXT).format(*tracking_table)  # type: ignore[arg-type]
        # The last folded state of recently seen aggregates: most events then need no read and no decoding.
        self._cache: OrderedDict[UUID, Aggregate] = OrderedDict()

    def fold(self, domain_event: Any, tracking: Tracking) -> None:
        aggregate_id = domain_event.originator_id
        cached = self._cache.pop(aggregate_id, None)
        try:
            if cached is not None and cached.version == domain_event.originator_version - 1:
                folded = self._fold_cached(domain_event, cached, tracking)
            else:
                folded = self._fold_stored(domain_event, tracking)
        except _StaleCacheError:
            folded = self._fold_stored(domain_event, tracking)
        if folded is not None:
            self._cache[aggregate_id] = folded
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _fold_cached(self, domain_event: Any, cached: Aggregate, tracking: Tracking) -> Aggregate:
        """The common case: the last state is in memory, so no read; row and tracking go in one statement."""
        aggregate: Aggregate = domain_event.mutate(cached)
        if type(domain_event).__qualname__ in _HISTORY_EVENTS:
            raise _StaleCacheError  # the rare phase marks take the transactional path, with their history rows
        params = self._row(aggregate, tracking) | {"application_name": tracking.application_name}
        with self.datastore.get_connection() as conn:  # autocommit: the one statement is its own transaction
            written = conn.execute(self._fold_next, params).fetchone()  # type: ignore[arg-type]
        if written is None or written["written"] != 1:
            raise _StaleCacheError  # another writer moved the row: read it and fold again
        return aggregate

    def _fold_stored(self, domain_event: Any, tracking: Tracking) -> Aggregate | None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL(_SELECT), (domain_event.originator_id,))  # type: ignore[arg-type]
            row = curs.fetchone()
            aggregate = None
            if row is None or row["version"] < domain_event.originator_version:
                aggregate = domain_event.mutate(self._restore(domain_event.originator_id, row))
                curs.execute(SQL(_UPSERT), self._row(aggregate, tracking))  # type: ignore[arg-type]
                self._record_history(curs, domain_event, tracking)
            self._insert_tracking(curs, tracking)
        return aggregate

    def _record_history(self, curs: Any, domain_event: Any, tracking: Tracking) -> None:
        name = type(domain_event).__qualname__
        params = {"campaign_id": domain_event.originator_id, "position": tracking.notification_id}
        if name == "Campaign.PhaseResolved":
            curs.execute(SQL(_RECORD_PHASE), params | {"phase": domain_event.phase})  # type: ignore[arg-type]
        elif name == "Campaign.PhaseRolledBack":
            curs.execute(SQL(_SUPERSEDE), params | {"phase": domain_event.to_phase})  # type: ignore[arg-type]

    def _restore(self, aggregate_id: UUID, row: DictRow | None) -> Aggregate | None:
        if row is None:
            return None
        stored = StoredEvent(aggregate_id, row["version"], row["snapshot_topic"], bytes(row["snapshot"]))
        restored: Aggregate = self.mapper.to_domain_event(stored).mutate(None)  # type: ignore[attr-defined]
        return restored

    def _row(self, aggregate: Aggregate, tracking: Tracking) -> dict[str, Any]:
        stored = self.mapper.to_stored_event(Snapshot.take(aggregate))
        campaign_id = getattr(aggregate, "campaign_id", aggregate.id)
        return {
            "id": aggregate.id, "campaign_id": campaign_id, "kind": type(aggregate).__name__.lower(),
            "version": aggregate.version, "topic": stored.topic, "snapshot": stored.state,
            "state": Jsonb(public_state(aggregate)), "position": tracking.notification_id,
        }  # fmt: skip

    def query(self, statement: str | Composable, params: Any = None) -> list[DictRow]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL(statement) if isinstance(statement, str) else statement, params)  # type: ignore[arg-type]
            return curs.fetchall()


class StateProjection(Projection[StateView]):
    name = "state"

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        self.view.fold(domain_event, tracking)
