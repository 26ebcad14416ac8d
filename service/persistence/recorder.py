"""The events table's writer: one round trip per save, notification ids committed in order.

A save made for a request that `service.persistence.outcomes` tracks runs in an explicit transaction, so the request's
idempotency claim is written in the same transaction as its events (finding 3 of issue 12).

Test-only fault hook: with `INTRIGUE_FAULT=exit-after-commit` in its environment, the process kills itself
(SIGKILL) right after a save made under an idempotency key has committed, before any answer exists.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

from service.persistence import outcomes

FAULT = "INTRIGUE_FAULT"  # test-only; see the module docstring


class IntrigueRecorder(PostgresApplicationRecorder):
    """The library's insert function, plus the table lock its plain path takes.

    eventsourcing's `POSTGRES_ENABLE_DB_FUNCTIONS` saves in one round trip but skips `LOCK TABLE`, so two
    concurrent saves could commit notification ids out of order and a projection could step past one.
    Taking the lock inside the function keeps both the single round trip and the ordering.
    """

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
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
        # Run after the insert function, so under its table lock: no other save can commit in between.
        self.sql_moved_since_read = SQL(
            "SELECT e.id FROM unnest(%s::uuid[], %s::bigint[]) AS e(id, version)"
            " WHERE e.version IS DISTINCT FROM"
            " (SELECT max(originator_version) FROM {schema}.{table} WHERE originator_id = e.id)"
        ).format(schema=Identifier(self.datastore.schema), table=Identifier(self.events_table_name))

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], *, unchanged: Mapping[UUID, int] | None = None, **kwargs: Any
    ) -> Sequence[int] | None:
        """Insert the events. With `unchanged`, check in the same transaction that each of those aggregates is
        still at that version, and write nothing if one has moved (the library's IntegrityError: a conflict).
        A save for a request `service.persistence.outcomes` tracks writes the request's idempotency claim in it too."""
        outcome = outcomes.current()
        check = bool(unchanged) and bool(stored_events)
        if outcome is None and not check:
            inserted: Sequence[int] | None = super().insert_events(stored_events, **kwargs)
            return inserted
        events = [self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
                  for e in stored_events]  # fmt: skip
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(self.sql_invoke_pg_function_insert_events, (events,), prepare=True)
            ids: list[int] = [row[self.pg_function_name_insert_events] for row in curs.fetchall()]
            if check and unchanged:
                curs.execute(self.sql_moved_since_read, (list(unchanged), list(unchanged.values())))
                if curs.fetchall():
                    raise IntegrityError("an aggregate read by this command changed before it saved")
            if outcome is not None:
                outcomes.writing(curs, max(ids, default=None))
        if outcome is not None:
            outcomes.written(max(ids, default=None))
            if outcome.record is not None and os.environ.get(FAULT) == "exit-after-commit":
                os.kill(os.getpid(), signal.SIGKILL)
        return ids
