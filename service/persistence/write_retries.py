"""What the events recorder does over a lost connection (service/persistence/recorder.py).

A save whose connection broke looks, before it tries again, whether its events are already stored byte for
byte (`_already_stored`): the commit may have happened with its acknowledgement lost, and writing them again would
then be answered as a conflict for a command that committed. A lane's lookup is read again on a fresh connection.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError
from eventsourcing.postgres import PostgresDatastore
from psycopg.sql import Composed

from service.persistence.insert_function import Lane

ATTEMPTS, WAIT = 10, 0.2  # as eventsourcing's own @retry on insert_events
# Citus (docs/scaling.md, "Citus"): a call delegated to the worker its campaign's shard has just left (a shard move's
# switch) fails there, its transaction rolled back; sent again, it goes to the shard's new worker.
SHARD_MOVED = "cannot execute a distributed query from a query on a shard"


class WriteRetries:
    """Mixed into the events recorder before the library's PostgresApplicationRecorder."""

    datastore: PostgresDatastore
    sql_lane_of: Composed
    sql_stored: Composed
    _lanes: OrderedDict[int, Lane]

    def lane_of(self, notification_id: int) -> Lane | None:
        """The campaign and position of the event with this notification id (None when there is none)."""
        kept = self._lanes.get(notification_id)
        if kept is not None:
            return kept
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with self.datastore.get_connection() as conn:
                    row = conn.execute(self.sql_lane_of, (notification_id,)).fetchone()
                break
            except (InterfaceError, OperationalError, psycopg.OperationalError):  # a pooled connection was lost
                if attempt == ATTEMPTS:
                    raise
                time.sleep(WAIT * attempt)
        return None if row is None else Lane(row["campaign_id"], row["campaign_position"], row["campaign_position"])

    def _already_stored(self, columns: tuple[list[Any], ...]) -> list[Any] | None:
        """The rows of these very events when every one is stored byte for byte, else None (none stored: the
        insert was rolled back; some other: a real conflict, which the insert reports)."""
        with self.datastore.transaction(commit=False) as curs:
            rows = curs.execute(self.sql_stored, columns).fetchall()
        if all(row["same"] for row in rows):
            return rows
        return None
