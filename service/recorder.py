"""The events table's writer: one round trip per save, notification ids committed in order."""

from __future__ import annotations

from typing import Any

from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg.sql import SQL, Identifier


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
