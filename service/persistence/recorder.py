"""The events table's writer: one round trip per save, each save in its campaign's lane (issue 26).

Events go to the insert function as four parallel arrays in binary format (ids, versions, topics, states),
not as an array of the `stored_event` composite dumped as text (issue 16, item 4; docs/architecture.md,
"Writing events"), with the campaign they belong to. The function moves that campaign's head row (its writers
queue there, and no other campaign's do), checks that the aggregates the command read are still at the
versions it read, so a stale command writes nothing, and gives the events the campaign's next positions.

A save made for a request that `service.persistence.outcomes` tracks runs in an explicit transaction, so the request's
idempotency claim is written in the same transaction as its events (finding 3 of issue 12). Where this process
projects inline (`projections/inline.py`), the same transaction also brings the read models up to the
command's own events.

A save whose connection broke looks, before it tries again, whether its events are already stored byte for
byte: the commit may have happened with its acknowledgement lost, and writing them again would then be
answered as a conflict for a command that committed (service/persistence/write_retries.py).

The insert function's DDL is in insert_function.py; its names and write_retries.py's are exported here too.

Test-only fault hook: with `INTRIGUE_FAULT=exit-after-commit` in its environment, the process kills itself
(SIGKILL) right after a save made under an idempotency key has committed, before any answer exists.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol
from uuid import UUID

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError, PersistenceError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.sql import SQL, Identifier

from projections.codec import WrittenJSON
from service.persistence import one_pipeline, outbox, outcomes
from service.persistence.campaign_reads import CampaignReads
from service.persistence.insert_function import FUNCTION as FUNCTION
from service.persistence.insert_function import HEADS as HEADS
from service.persistence.insert_function import HEADS_DDL as HEADS_DDL
from service.persistence.insert_function import LANE_COLUMNS as LANE_COLUMNS
from service.persistence.insert_function import LANE_INDEX as LANE_INDEX
from service.persistence.insert_function import MOVED as MOVED
from service.persistence.insert_function import Lane as Lane
from service.persistence.insert_function import insert_function as insert_function
from service.persistence.notifier import Notifier
from service.persistence.write_retries import ATTEMPTS as ATTEMPTS
from service.persistence.write_retries import SHARD_MOVED as SHARD_MOVED
from service.persistence.write_retries import WAIT as WAIT
from service.persistence.write_retries import WriteRetries as WriteRetries

log = logging.getLogger("intrigue.persistence")
FAULT = "INTRIGUE_FAULT"  # test-only; see the module docstring
LANES_KEPT = 4096  # recent saves whose lane `lane_of` answers without a query


class Inline(Protocol):
    """What the recorder asks of an inline projection (projections/inline.py)."""

    def check(self, curs: Any, campaign_id: UUID, aggregate_ids: set[Any], count: int) -> bool: ...

    def project(self, curs: Any, stored_events: Sequence[StoredEvent], ids: Sequence[int], lane: Lane) -> bool: ...

    def abandon(self, curs: Any) -> None: ...

    def committed(self, position: int, lane: Lane) -> None: ...

    def forget(self) -> None: ...


class IntrigueRecorder(CampaignReads, WriteRetries, PostgresApplicationRecorder):
    """Saves through `intrigue_insert_events` (migration step 10), one campaign's lane, in one transaction."""

    inline: Inline | None = None  # set by the read side when this process projects inline
    unread_topics: Sequence[str] = ()  # set by the event store: what a `loose` read does not conflict with
    creations: Callable[[StoredEvent], UUID | None] | None = None  # set by the event store: a creation's campaign

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        # The composite-array function of steps 1-5 refuses: code from before the lanes would write events
        # without their campaign and position (every `migrate` runs the recorder's DDL, which would otherwise
        # make the library's, which writes them so).
        self.sql_create_statements[self.create_insert_function_statement_index] = SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{insert_events}(events {schema}.{event}[]) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ BEGIN"
            "    RAISE EXCEPTION 'this store writes by campaign (migration step 10): upgrade the writer';"
            " END; $BODY$"
        ).format(
            insert_events=Identifier(self.pg_function_name_insert_events),
            event=Identifier(self.stored_event_type_name),
            schema=Identifier(self.datastore.schema),
        )
        schema, table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        # Step 10's columns, heads and function (the recorder's DDL runs on every `migrate`, before the steps,
        # and makes a store where nothing migrates, as tests do); step 10 fills the columns of older events.
        self.sql_create_statements.extend(
            [
                SQL(LANE_COLUMNS).format(schema=schema, table=table),
                SQL(HEADS_DDL).format(schema=schema, heads=Identifier(HEADS)),
                SQL(LANE_INDEX).format(schema=schema, table=table, index=Identifier(f"{self.events_table_name}_lane")),
                insert_function(datastore, self.events_table_name),
                # Step 14's outbox, which a save with news writes in its transaction.
                *[SQL(statement).format() for statement in outbox.DDL],
            ]
        )
        self.sql_insert = SQL(
            "SELECT * FROM {schema}.{function}(%b::uuid, %b::uuid[], %b::bigint[], %b::text[], %b::bytea[],"
            " %b::uuid[], %b::bigint[], %b::uuid[], %b::bigint[], %b::text[])"
        ).format(schema=schema, function=Identifier(FUNCTION))
        self.sql_stored = SQL(
            "SELECT e.notification_id, e.campaign_position, e.topic = s.topic AND e.state = s.state AS same"
            " FROM unnest(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[]) WITH ORDINALITY"
            " AS s(id, version, topic, state, n)"
            " LEFT JOIN {schema}.{table} e ON e.originator_id = s.id AND e.originator_version = s.version"
            " ORDER BY s.n"
        ).format(schema=schema, table=table)
        self.sql_lane_of = SQL("SELECT campaign_id, campaign_position FROM {}.{} WHERE notification_id = %s").format(
            schema, table
        )
        self.sql_campaign_of = SQL("SELECT campaign_id FROM {}.{} WHERE originator_id = %s LIMIT 1").format(
            schema, table
        )
        self.heads_table_name = HEADS
        self.notifier = Notifier(datastore, self.channel_name)
        self._lanes: OrderedDict[int, Lane] = OrderedDict()  # the last notification id of recent saves: their lane

    def insert_events(
        self,
        stored_events: Sequence[StoredEvent],
        *,
        campaign: UUID | None = None,
        unchanged: Mapping[UUID, int | None] | None = None,
        loose: Mapping[UUID, int] | None = None,
        trees: Sequence[Any] | None = None,
        **kwargs: Any,
    ) -> Sequence[int] | None:
        """Insert one campaign's events at its next positions. With `unchanged`, check in the same transaction
        that each of those aggregates is still at that version (None: has no event), and write nothing if one has
        moved (the library's IntegrityError: a conflict); with `loose`, that nothing but `unread_topics` was
        appended to each since that version. A save for a request `service.persistence.outcomes` tracks writes the
        request's idempotency claim in it too. `trees`: what orjson wrote each state from, or None; the inline fold
        revives them instead of parsing the states (service/persistence/written_store.py)."""
        if not stored_events:
            return []
        if campaign is None:  # a raw write (a test, a tool): the lane its first aggregate is in, or is created in
            campaign = self._campaign_of_raw(stored_events[0])
        columns = _columns(stored_events)
        states = _fold_states(columns[3], trees if self.inline is not None else None)
        self.learn(columns[0], campaign)  # an aggregate stays in its campaign: later reads go to its lane
        read, seen = unchanged or {}, loose or {}
        params = (
            campaign,
            *columns,
            list(read),
            list(read.values()),
            list(seen),
            list(seen.values()),
            list(self.unread_topics),
        )
        for attempt in range(1, ATTEMPTS + 1):
            try:
                if attempt > 1:
                    found = self._already_stored(columns)
                    if found is not None:  # the last attempt committed; only its acknowledgement was lost
                        return self._written(campaign, found, None)
                rows, inlined = self._insert(params, columns, states)
                return self._written(campaign, rows, inlined)
            except PersistenceError as error:
                lost = isinstance(error, (InterfaceError, OperationalError)) or SHARD_MOVED in str(error)
                if attempt == ATTEMPTS or not lost:
                    raise
                time.sleep(WAIT * attempt)
        raise AssertionError("unreachable")

    def _insert(
        self, params: tuple[Any, ...], columns: tuple[list[Any], ...], states: list[Any] | None = None
    ) -> tuple[list[Any], int | None]:
        """One transaction: the events (and the check), the idempotency claim, the inline projection. Without
        a claim or an inline projection, one statement in autocommit (the function is its own transaction).
        Where PostgreSQL refuses the folded rows (reported at the end of the pipeline, so the whole transaction
        is lost), the save is made again without folding: the runner folds them, and records the failure."""
        inline = self.inline
        if outcomes.current() is None and inline is None and not outbox.news_in(columns[2]):
            with self.datastore.get_connection() as conn:
                return conn.execute(self.sql_insert, params, prepare=True).fetchall(), None
        folded: list[bool] = []
        states = columns[3] if states is None else states  # the fold's (`_fold_states`)
        try:
            return self._transaction(params, columns, states, inline, folded)
        except (InterfaceError, OperationalError):
            raise
        except PersistenceError:
            if not any(folded):
                raise
            log.warning("the inline projection's rows were refused; saving again without them")
            return self._transaction(params, columns, states, None, [])

    def _transaction(
        self,
        params: tuple[Any, ...],
        columns: tuple[list[Any], ...],
        states: list[Any],
        inline: Inline | None,
        folded: list[bool],
    ) -> tuple[list[Any], int | None]:
        inlined = None
        try:
            # In pipeline mode (issue 26, item 2): a statement whose result is not read (BEGIN, the savepoint and
            # the check of the lane, the claim, the folded rows, the tracking row, the release, COMMIT) travels
            # with the next one that is, so the save costs two round trips: BEGIN with the insert, the savepoint and
            # the check (issue 27: each round trip is a hop to a worker on Citus); the folded rows, the release, the
            # claim and COMMIT, at the pipeline's end (issue 31, P5; tests/service/persistence/test_round_trips.py).
            with self.datastore.get_connection() as conn, one_pipeline.transaction(conn):
                curs = conn.cursor()
                inserted = curs.connection.cursor(row_factory=curs.row_factory)
                inserted.execute(self.sql_insert, params, prepare=True)
                checking = inline is not None and inline.check(curs, params[0], set(columns[0]), len(columns[0]))
                try:
                    rows = inserted.fetchall()  # and the check's answer, sent after it
                except psycopg.Error:
                    if not checking or inline is None or not _succeeded(inserted):
                        raise
                    inline.abandon(curs)  # the check failed, not the insert: the runner folds these events
                    rows, checking = inserted.fetchall(), False
                if checking and inline is not None:
                    stored = [StoredEvent(*event) for event in zip(*columns[:3], states, strict=True)]
                    lane = Lane(params[0], rows[0]["campaign_position"], rows[-1]["campaign_position"])
                    ids = [row["notification_id"] for row in rows]
                    inlined = ids[-1] if inline.project(curs, stored, ids, lane) else None
                    folded.append(inlined is not None)
                # After the fold's savepoint (its rollback keeps them), under its lock timeout: one the claim waits
                # out is reported at the commit, where the save is made again without folding (`_insert`).
                # The API's position: the campaign's own; the claim goes to the campaign's shard (on Citus).
                outcomes.writing(curs, rows[-1]["campaign_position"], params[0])
                # News in these events: their deliveries commit with them (service/persistence/outbox.py).
                outbox.enqueue(curs, params[0], columns[2], [row["campaign_position"] for row in rows])
        except BaseException:
            if inline is not None:
                inline.forget()
            raise
        return rows, inlined

    def _written(self, campaign: UUID, rows: list[Any], inlined: int | None) -> list[int]:
        """After the commit: the notification, the inline projection's position, the request's outcome, the
        test-only fault."""
        ids = [row["notification_id"] for row in rows]
        lane = Lane(campaign, rows[0]["campaign_position"], rows[-1]["campaign_position"])
        outcome = outcomes.current()
        if outcome is not None and outcome.record is not None and os.environ.get(FAULT) == "exit-after-commit":
            os.kill(os.getpid(), signal.SIGKILL)  # before anything is told of the commit: no answer, no delivery
        self._lanes[ids[-1]] = lane
        while len(self._lanes) > LANES_KEPT:
            self._lanes.popitem(last=False)
        # With the position the inline projection folded up to, when it did (projections/notices.py, issue 31, P5).
        self.notifier.notify(campaign, lane.last if self.inline is not None and inlined is not None else None)
        outbox.committed()
        if self.inline is not None and inlined is not None:
            self.inline.committed(inlined, lane)
        if outcome is not None:
            outcomes.written(lane.last)
        return ids

    def _campaign_of_raw(self, first: StoredEvent) -> UUID:
        with self.datastore.get_connection() as conn:
            row = conn.execute(self.sql_campaign_of, (first.originator_id,)).fetchone()
        if row is not None:
            return UUID(str(row["campaign_id"]))
        created = self.creations(first) if self.creations is not None else None
        if created is None:
            raise ValueError("every save names its campaign (docs/architecture.md, Persistence: lanes)")
        return created


def _succeeded(cursor: Any) -> bool:
    """Whether the cursor's statement answered rows (a later statement of the pipeline is what failed)."""
    result = cursor.pgresult
    return result is not None and result.status == psycopg.pq.ExecStatus.TUPLES_OK


def _fold_states(states: list[Any], trees: Sequence[Any] | None) -> list[Any]:
    """The states the inline fold decodes, each with its tree where one is given: one list for every attempt of
    the save, so each tree is revived once (projections/codec.py `WrittenJSON`)."""
    if not trees:
        return states
    return [s if t is None else WrittenJSON.of(s, t) for s, t in zip(states, trees, strict=True)]


def _columns(stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    return (
        [e.originator_id for e in stored_events],
        [e.originator_version for e in stored_events],
        [e.topic for e in stored_events],
        [e.state for e in stored_events],
    )
