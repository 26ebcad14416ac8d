"""The events table's writer: one round trip per save, notification ids committed in order.

Events go to the insert function as four parallel arrays in binary format (ids, versions, topics, states),
not as an array of the `stored_event` composite dumped as text (issue 16, item 4; docs/architecture.md,
"Writing events"). The same call checks, under the table lock, that the aggregates a command read are still
at the versions it read, so a stale command writes nothing.

A save made for a request that `service.persistence.outcomes` tracks runs in an explicit transaction, so the request's
idempotency claim is written in the same transaction as its events (finding 3 of issue 12). Where this process
projects inline (`service/persistence/inline.py`), the same transaction also brings the read models up to the
command's own events.

A save whose connection broke looks, before it tries again, whether its events are already stored byte for
byte: the commit may have happened with its acknowledgement lost, and writing them again would then be
answered as a conflict for a command that committed.

Test-only fault hook: with `INTRIGUE_FAULT=exit-after-commit` in its environment, the process kills itself
(SIGKILL) right after a save made under an idempotency key has committed, before any answer exists.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.sql import SQL, Composed, Identifier

from service.persistence import outcomes

FAULT = "INTRIGUE_FAULT"  # test-only; see the module docstring
FUNCTION = "intrigue_insert_events"
ATTEMPTS, WAIT = 10, 0.2  # as eventsourcing's own @retry on insert_events
MOVED = "an aggregate read by this command changed before it saved"


class Inline(Protocol):
    """What the recorder asks of an inline projection (service/persistence/inline.py)."""

    def project(self, curs: Any, stored_events: Sequence[StoredEvent], ids: Sequence[int]) -> bool: ...

    def committed(self, position: int) -> None: ...

    def forget(self) -> None: ...


def insert_function(datastore: PostgresDatastore, table: str, channel: str) -> Composed:
    """The insert function (migration step 6): the table lock, so notification ids commit in order; the check
    that every aggregate in (`read_ids`, `read_versions`) is still at that version (SQLSTATE 23000, the
    library's IntegrityError, when one moved); the NOTIFY; the insert, returning the notification ids."""
    return SQL(
        "CREATE OR REPLACE FUNCTION {schema}.{function}(ids uuid[], versions bigint[], topics text[],"
        " states bytea[], read_ids uuid[], read_versions bigint[])"
        " RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ BEGIN"
        "    SET LOCAL lock_timeout = '{lock_timeout}s';"
        "    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;"
        "    IF EXISTS (SELECT FROM unnest(read_ids, read_versions) AS r(id, version) WHERE r.version"
        "        IS DISTINCT FROM (SELECT max(originator_version) FROM {schema}.{table} WHERE originator_id = r.id))"
        "    THEN RAISE EXCEPTION {moved} USING ERRCODE = '23000'; END IF;"
        "    NOTIFY {channel};"
        "    RETURN QUERY INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)"
        "    SELECT * FROM unnest(ids, versions, topics, states)"
        "    RETURNING notification_id;"
        " END; $BODY$"
    ).format(
        function=Identifier(FUNCTION),
        lock_timeout=datastore.lock_timeout,
        channel=Identifier(channel),
        moved=MOVED,
        schema=Identifier(datastore.schema),
        table=Identifier(table),
    )


class IntrigueRecorder(PostgresApplicationRecorder):
    """Saves through `intrigue_insert_events` (created by migration step 6), in one explicit transaction."""

    inline: Inline | None = None  # set by the read side when this process projects inline

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        # The composite-array function of steps 1-5, kept with its table lock for code from before step 6
        # (a rolling upgrade): every `migrate` runs the recorder's DDL, which would otherwise replace it by
        # the library's, without the lock.
        self.sql_create_pg_function_insert_events = SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{insert_events}(events {schema}.{event}[]) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ BEGIN"
            "    SET LOCAL lock_timeout = '{lock_timeout}s';"
            "    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;"
            "    NOTIFY {channel};"
            "    RETURN QUERY INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)"
            "    SELECT originator_id, originator_version, topic, state FROM unnest(events)"
            "    RETURNING notification_id;"
            " END; $BODY$"
        ).format(
            insert_events=Identifier(self.pg_function_name_insert_events),
            lock_timeout=self.datastore.lock_timeout,
            channel=Identifier(self.channel_name),
            event=Identifier(self.stored_event_type_name),
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
        )
        self.sql_create_statements[self.create_insert_function_statement_index] = (
            self.sql_create_pg_function_insert_events
        )
        # Step 6's function (the recorder's DDL runs on every `migrate`, before the steps).
        self.sql_create_statements.append(insert_function(datastore, self.events_table_name, self.channel_name))
        schema, table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        self.sql_insert = SQL(
            "SELECT * FROM {schema}.{function}(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[],"
            " %b::uuid[], %b::bigint[]) AS f(notification_id)"
        ).format(schema=schema, function=Identifier(FUNCTION))
        self.sql_stored = SQL(
            "SELECT e.notification_id, e.topic = s.topic AND e.state = s.state AS same"
            " FROM unnest(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[]) WITH ORDINALITY"
            " AS s(id, version, topic, state, n)"
            " LEFT JOIN {schema}.{table} e ON e.originator_id = s.id AND e.originator_version = s.version"
            " ORDER BY s.n"
        ).format(schema=schema, table=table)

    def insert_events(
        self, stored_events: Sequence[StoredEvent], *, unchanged: Mapping[UUID, int | None] | None = None,
        **kwargs: Any,
    ) -> Sequence[int] | None:
        """Insert the events. With `unchanged`, check in the same transaction that each of those aggregates is
        still at that version (None: has no event), and write nothing if one has moved (the library's
        IntegrityError: a conflict).
        A save for a request `service.persistence.outcomes` tracks writes the request's idempotency claim in it too."""
        columns = _columns(stored_events)
        read = unchanged if unchanged and stored_events else {}
        params = (*columns, list(read), list(read.values()))
        for attempt in range(1, ATTEMPTS + 1):
            try:
                if attempt > 1:
                    found = self._already_stored(columns)
                    if found is not None:  # the last attempt committed; only its acknowledgement was lost
                        return self._written(found, None)
                ids, inlined = self._insert(params, columns)
                return self._written(ids, inlined)
            except (InterfaceError, OperationalError):
                if attempt == ATTEMPTS:
                    raise
                time.sleep(WAIT * attempt)
        raise AssertionError("unreachable")

    def _insert(self, params: tuple[list[Any], ...], columns: tuple[list[Any], ...]) -> tuple[list[int], int | None]:
        """One transaction: the events (and the check), the idempotency claim, the inline projection. Without
        a claim or an inline projection, one statement in autocommit (the function is its own transaction)."""
        inline = self.inline
        if outcomes.current() is None and inline is None:
            with self.datastore.get_connection() as conn:
                rows = conn.execute(self.sql_insert, params, prepare=True).fetchall()
            return [row["notification_id"] for row in rows], None
        inlined = None
        try:
            with self.datastore.transaction(commit=True) as curs:
                curs.execute(self.sql_insert, params, prepare=True)
                ids: list[int] = [row["notification_id"] for row in curs.fetchall()]
                outcomes.writing(curs, max(ids, default=None))
                if inline is not None and ids:
                    stored = [StoredEvent(*event) for event in zip(*columns, strict=True)]
                    inlined = max(ids) if inline.project(curs, stored, ids) else None
        except BaseException:
            if inline is not None:
                inline.forget()
            raise
        return ids, inlined

    def _written(self, ids: list[int], inlined: int | None) -> list[int]:
        """After the commit: the inline projection's position, the request's outcome, the test-only fault."""
        if self.inline is not None and inlined is not None:
            self.inline.committed(inlined)
        outcome = outcomes.current()
        if outcome is not None:
            outcomes.written(max(ids, default=None))
            if outcome.record is not None and os.environ.get(FAULT) == "exit-after-commit":
                os.kill(os.getpid(), signal.SIGKILL)
        return ids

    def _already_stored(self, columns: tuple[list[Any], ...]) -> list[int] | None:
        """The notification ids of these very events when every one is stored byte for byte, else None
        (none stored: the insert was rolled back; some other: a real conflict, which the insert reports)."""
        if not columns[0]:
            return None
        with self.datastore.transaction(commit=False) as curs:
            rows = curs.execute(self.sql_stored, columns).fetchall()
        if all(row["same"] for row in rows):
            return [row["notification_id"] for row in rows]
        return None


def _columns(stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    return (
        [e.originator_id for e in stored_events], [e.originator_version for e in stored_events],
        [e.topic for e in stored_events], [e.state for e in stored_events],
    )  # fmt: skip

