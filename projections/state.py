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
from eventsourcing.persistence import IntegrityError, ProgrammingError, StoredEvent, Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.projection import Projection
from psycopg.errors import UndefinedTable
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Identifier
from psycopg.types.json import Jsonb

from projections.codec import domain_mapper, plain

# The read model lives in generations: tables `aggregate_state_g{N}`, `phase_history_g{N}` and tracking table
# `state_g{N}_tracking`. Readers use the views `aggregate_state`, `phase_history` and `state_tracking`, which
# point at the current generation (`read_model_generation`); a rebuild fills generation N+1 beside it and
# repoints the views in one transaction (service/worker.py).
MODEL = "state"
RELATIONS = ("aggregate_state", "phase_history", "state_tracking")
GENERATIONS = """CREATE TABLE IF NOT EXISTS read_model_generation (
    name text PRIMARY KEY,
    current integer NOT NULL)"""
_TABLES = [
    """CREATE TABLE {state} (
        id uuid PRIMARY KEY,
        campaign_id uuid NOT NULL,
        kind text NOT NULL,
        version integer NOT NULL,
        snapshot_topic text NOT NULL,
        snapshot bytea NOT NULL,
        state jsonb NOT NULL,
        position bigint NOT NULL)""",
    "CREATE INDEX {state_index} ON {state} (campaign_id, kind)",
    # History series: every member's state as each phase resolved (seed-independent: design, "history").
    """CREATE TABLE {history} (
        campaign_id uuid NOT NULL,
        phase integer NOT NULL,
        position bigint NOT NULL,
        aggregate_id uuid NOT NULL,
        kind text NOT NULL,
        state jsonb NOT NULL,
        superseded boolean NOT NULL DEFAULT false,
        PRIMARY KEY (campaign_id, position, aggregate_id))""",
    "CREATE TABLE {tracking} (application_name text PRIMARY KEY, notification_id bigint)",
]
_RECORD_PHASE = """INSERT INTO {history} (campaign_id, phase, position, aggregate_id, kind, state)
    SELECT campaign_id, %(phase)s, %(position)s, id, kind, state FROM {state}
    WHERE campaign_id = %(campaign_id)s AND kind <> 'campaign' ON CONFLICT DO NOTHING"""
_SUPERSEDE = """UPDATE {history} SET superseded = true
    WHERE campaign_id = %(campaign_id)s AND phase >= %(phase)s AND position < %(position)s"""
CACHE_SIZE = 2_000
_SELECT = "SELECT version, snapshot_topic, snapshot FROM {state} WHERE id = %s FOR UPDATE"
_ON_CONFLICT = """ ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, snapshot_topic = EXCLUDED.snapshot_topic,
    snapshot = EXCLUDED.snapshot, state = EXCLUDED.state, position = EXCLUDED.position"""
_ROW = "%(id)s, %(campaign_id)s, %(kind)s, %(version)s, %(topic)s, %(snapshot)s, %(state)s, %(position)s"
_UPSERT = "INSERT INTO {state} VALUES (" + _ROW + ")" + _ON_CONFLICT
_TRACK = """INSERT INTO {tracking} VALUES (%(application_name)s, %(notification_id)s)
    ON CONFLICT (application_name) DO UPDATE SET notification_id = EXCLUDED.notification_id
    WHERE {tracking}.notification_id < EXCLUDED.notification_id RETURNING notification_id"""
# The live writer locks the generation row (FOR KEY SHARE) in every write, so a rebuild's switch (FOR UPDATE
# on that row) waits for the write in flight and every later write sees the new generation.
_CURRENT = "SELECT current FROM read_model_generation WHERE name = %(model)s FOR KEY SHARE"
# Folding onto the cached state, in one statement: the row must still be at the version before this event
# (and, for the live writer, the generation still current), and the tracking position moves only if the row
# was written (so both or neither).
_FOLD_NEXT = (
    "WITH {generation_lock} up AS (INSERT INTO {state} SELECT " + _ROW + " WHERE {guard}" + _ON_CONFLICT
    + " WHERE {state}.version = EXCLUDED.version - 1 RETURNING version),"
    " tr AS (INSERT INTO {tracking} (application_name, notification_id)"
    " SELECT %(application_name)s, %(position)s WHERE EXISTS (SELECT 1 FROM up)"
    " ON CONFLICT (application_name) DO UPDATE SET notification_id = EXCLUDED.notification_id"
    " WHERE {tracking}.notification_id < EXCLUDED.notification_id RETURNING notification_id)"
    " SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tr) - 1 AS written"
)
_LIVE = {  # what the live writer adds to that statement; a rebuild's writer never touches the generation row
    "generation_lock": "gen AS (SELECT 1 FROM read_model_generation WHERE name = %(model)s"
    " AND current = %(generation)s FOR KEY SHARE),",
    "guard": "EXISTS (SELECT 1 FROM gen)",
}
_REBUILD = {"generation_lock": "", "guard": "true"}


def names(generation: int) -> dict[str, Identifier]:
    """The physical tables of one generation."""
    return {
        "state": Identifier(f"aggregate_state_g{generation}"), "history": Identifier(f"phase_history_g{generation}"),
        "tracking": Identifier(f"{MODEL}_g{generation}_tracking"),
        "state_index": Identifier(f"aggregate_state_g{generation}_campaign"),
    }  # fmt: skip


def create_generation(generation: int) -> list[Composable]:
    """DDL for one generation's (empty) tables; they must not exist yet."""
    return [SQL(s).format(**names(generation)) for s in _TABLES]  # type: ignore[arg-type]


def drop_generation(generation: int) -> list[Composable]:
    tables = names(generation)
    return [SQL("DROP TABLE IF EXISTS {}").format(tables[t]) for t in ("state", "history", "tracking")]


def point_views_at(generation: int) -> list[Composable]:
    """Repoint the names every reader uses at one generation (run in the transaction that sets `current`)."""
    tables = names(generation)
    return [
        SQL("CREATE OR REPLACE VIEW {} AS SELECT * FROM {}").format(Identifier(view), tables[table])
        for view, table in zip(RELATIONS, ("state", "history", "tracking"), strict=True)
    ]


def adopt_plain_tables() -> list[Composable]:
    """Turn the tables of the layout before generations (plain `aggregate_state`…) into generation 1."""
    tables = names(1)
    return [
        SQL("ALTER TABLE aggregate_state RENAME TO {}").format(tables["state"]),
        SQL("ALTER INDEX IF EXISTS aggregate_state_campaign RENAME TO {}").format(tables["state_index"]),
        SQL("ALTER TABLE phase_history RENAME TO {}").format(tables["history"]),
        SQL("ALTER TABLE state_tracking RENAME TO {}").format(tables["tracking"]),
    ]


_HISTORY_EVENTS = frozenset({"Campaign.PhaseResolved", "Campaign.PhaseRolledBack"})


_SKIP = frozenset({"pending_events"})


class _StaleCacheError(Exception):
    pass


class _GenerationChangedError(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(current)
        self.current = current


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
    """The state read model. Queries read the views (`aggregate_state`…) of the current generation.

    The live writer (`generation = None`, tracking table the view `state_tracking`) writes to the current
    generation and follows a rebuild's switch: it notices the new generation in its next write, forgets its
    cache, and skips the events the rebuild already projected there. A rebuild's writer (`at_generation(n)`)
    writes to generation n only, with tracking table `state_g{n}_tracking`.
    """

    generation: int | None = None
    RELATIONS = RELATIONS

    @classmethod
    def at_generation(cls, generation: int) -> type[StateView]:
        return type(f"{cls.__name__}G{generation}", (cls,), {"generation": generation})

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.mapper = domain_mapper()
        # The last folded state of recently seen aggregates: most events then need no read and no decoding.
        self._cache: OrderedDict[UUID, Aggregate] = OrderedDict()
        self._aimed: int | None = None  # the generation this writer writes to
        self._skip_until = 0  # events the rebuild already projected into that generation
        if self.generation is not None:
            self._aim(self.generation)

    def create_table(self) -> None:
        """Generations are created by `intrigue migrate` and by rebuilds, not by the recorder."""

    def _aim(self, generation: int) -> None:
        parts = {k: SQL(v) for k, v in (_LIVE if self.generation is None else _REBUILD).items()}  # type: ignore[arg-type]
        self._sql = {
            name: SQL(text).format(**names(generation), **parts)  # type: ignore[arg-type]
            for name, text in (("fold_next", _FOLD_NEXT), ("select", _SELECT), ("upsert", _UPSERT),
                               ("record_phase", _RECORD_PHASE), ("supersede", _SUPERSEDE), ("track", _TRACK),
                               ("position", "SELECT notification_id FROM {tracking} WHERE application_name = %s"))
        }  # fmt: skip
        self._aimed = generation
        self._cache.clear()

    def _follow(self, current: int, application_name: str) -> None:
        """The live writer moves to the generation a rebuild switched to."""
        self._aim(current)
        rows = self.query(self._sql["position"], (application_name,))
        self._skip_until = int(rows[0]["notification_id"] or 0) if rows else 0

    def fold(self, domain_event: Any, tracking: Tracking) -> None:
        while tracking.notification_id > self._skip_until:
            try:
                self._fold(domain_event, tracking)
                return
            except _GenerationChangedError as changed:
                self._follow(changed.current, tracking.application_name)

    def _fold(self, domain_event: Any, tracking: Tracking) -> None:
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
        params = self._row(aggregate, tracking) | {
            "application_name": tracking.application_name, "model": MODEL, "generation": self._aimed,
        }  # fmt: skip
        try:
            with self.datastore.get_connection() as conn:  # autocommit: the one statement is its own transaction
                written = conn.execute(self._sql["fold_next"], params).fetchone()
        except (UndefinedTable, ProgrammingError) as error:
            if isinstance(error, ProgrammingError) and not isinstance(error.__cause__, UndefinedTable):
                raise
            raise _StaleCacheError from None  # a rebuild switched generations and dropped this one
        if written is None or written["written"] != 1:
            raise _StaleCacheError  # another writer moved the row, or the generation changed: read and fold again
        return aggregate

    def _fold_stored(self, domain_event: Any, tracking: Tracking) -> Aggregate | None:
        with self.datastore.transaction(commit=True) as curs:
            if self.generation is None:
                current = curs.execute(SQL(_CURRENT), {"model": MODEL}).fetchone()  # type: ignore[arg-type]
                if current is None:
                    raise RuntimeError("no read_model_generation row for 'state': run `intrigue migrate`")
                if current["current"] != self._aimed:
                    raise _GenerationChangedError(current["current"])
            curs.execute(self._sql["select"], (domain_event.originator_id,))
            row = curs.fetchone()
            aggregate = None
            if row is None or row["version"] < domain_event.originator_version:
                aggregate = domain_event.mutate(self._restore(domain_event.originator_id, row))
                curs.execute(self._sql["upsert"], self._row(aggregate, tracking))
                self._record_history(curs, domain_event, tracking)
            params = {"application_name": tracking.application_name, "notification_id": tracking.notification_id}
            if curs.execute(self._sql["track"], params).fetchone() is None:
                raise IntegrityError(f"tracking is past {tracking.notification_id}: another writer projected it")
        return aggregate

    def _record_history(self, curs: Any, domain_event: Any, tracking: Tracking) -> None:
        name = type(domain_event).__qualname__
        params = {"campaign_id": domain_event.originator_id, "position": tracking.notification_id}
        if name == "Campaign.PhaseResolved":
            curs.execute(self._sql["record_phase"], params | {"phase": domain_event.phase})
        elif name == "Campaign.PhaseRolledBack":
            curs.execute(self._sql["supersede"], params | {"phase": domain_event.to_phase})

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
