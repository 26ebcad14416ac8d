"""An aggregate's events read in its campaign's lane (issue 27, item 2; docs/scaling.md, "Citus").

The library reads an aggregate's events `WHERE originator_id = %s`. On Citus, where the events are distributed by
campaign, that statement goes to every shard. An aggregate never changes campaign, so once the recorder has seen
an aggregate's campaign (it wrote or read its events) it adds `AND campaign_id = %s`, and the read goes to that
campaign's shard alone, a router query. On plain PostgreSQL the condition costs nothing (the lane's index).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL

KEPT = 100_000  # aggregates whose campaign is remembered


class CampaignReads:
    """Mixed into the events recorder before the library's PostgresAggregateRecorder."""

    select_events_statement: Any
    datastore: PostgresDatastore

    def learn(self, originator_ids: Iterable[UUID], campaign: UUID) -> None:
        known: OrderedDict[UUID, UUID] = self.__dict__.setdefault("_campaigns", OrderedDict())
        for originator_id in originator_ids:
            known[originator_id] = campaign
            known.move_to_end(originator_id)
        while len(known) > KEPT:
            known.popitem(last=False)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_events(self, originator_id: UUID | str, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> Sequence[StoredEvent]:  # fmt: skip
        """The library's read, in the aggregate's campaign when it is known."""
        params: list[Any]
        campaign = self.__dict__.get("_campaigns", {}).get(originator_id)
        statement, params = self.select_events_statement, [originator_id]
        for clause, value in ((" AND campaign_id = %s", campaign), (" AND originator_version > %s", gt),
                              (" AND originator_version <= %s", lte)):  # fmt: skip
            if value is not None:
                statement, params = statement + SQL(clause), [*params, value]
        statement += SQL(" ORDER BY originator_version DESC" if desc else " ORDER BY originator_version ASC")
        if limit is not None:
            statement, params = statement + SQL(" LIMIT %s"), [*params, limit]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            rows = curs.execute(statement, params, prepare=True).fetchall()
        if rows and campaign is None and isinstance(originator_id, UUID):
            self.learn([originator_id], rows[0]["campaign_id"])
        return [StoredEvent(row["originator_id"], row["originator_version"], row["topic"], bytes(row["state"]))
                for row in rows]  # fmt: skip
