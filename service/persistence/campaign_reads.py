"""An aggregate's events read in its campaign's lane (issue 27, item 2; docs/scaling.md, "Citus").

The library reads an aggregate's events `WHERE originator_id = %s`. On Citus, where the events are distributed by
campaign, that statement goes to every shard. An aggregate never changes campaign, so once the recorder has seen
an aggregate's campaign (it wrote or read its events) it adds `AND campaign_id = %s`, and the read goes to that
campaign's shard alone, a router query. On plain PostgreSQL the condition costs nothing (the lane's index).

An aggregate's first read in this process names the campaign it is read in (`in_campaign`: a campaign is its
own; within a command, its one campaign, service/persistence/app.py): a command reads its own campaign only, so an
aggregate that is not there is not found, as a member of another campaign is refused. The campaign is
remembered once the read finds the aggregate's events there.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL

KEPT = 100_000  # aggregates whose campaign is remembered
_guessed = threading.local()  # the campaign this thread's next first reads name (`in_campaign`)


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

    def campaign_known(self, originator_id: UUID) -> UUID | None:
        """The campaign the aggregate's events were written or read in (None when this process has not seen it)."""
        known: dict[UUID, UUID] = self.__dict__.get("_campaigns", {})
        return known.get(originator_id)

    @contextmanager
    def in_campaign(self, campaign: UUID | None) -> Iterator[None]:
        """Within this block, an aggregate whose campaign is not known yet is looked for in `campaign` alone (None:
        in the campaign of an enclosing block, if any)."""
        before = getattr(_guessed, "campaign", None)
        _guessed.campaign = campaign or before
        try:
            yield
        finally:
            _guessed.campaign = before

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        """The library's read, in the aggregate's campaign when it is known, else in the one read in (if any)."""
        known = self.campaign_known(originator_id) if isinstance(originator_id, UUID) else None
        within = getattr(_guessed, "campaign", None) if known is None else None
        rows: Sequence[StoredEvent] = self._select(originator_id, known or within, gt, lte, desc, limit)
        if rows and within is not None and isinstance(originator_id, UUID):
            self.learn([originator_id], within)
        return rows

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def _select(
        self,
        originator_id: UUID | str,
        campaign: UUID | None,
        gt: int | None,
        lte: int | None,
        desc: bool,
        limit: int | None,
    ) -> Sequence[StoredEvent]:
        params: list[Any]
        statement, params = self.select_events_statement, [originator_id]
        for clause, value in (
            (" AND campaign_id = %s", campaign),
            (" AND originator_version > %s", gt),
            (" AND originator_version <= %s", lte),
        ):
            if value is not None:
                statement, params = statement + SQL(clause), [*params, value]
        statement += SQL(" ORDER BY originator_version DESC" if desc else " ORDER BY originator_version ASC")
        if limit is not None:
            statement, params = statement + SQL(" LIMIT %s"), [*params, limit]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            rows = curs.execute(statement, params, prepare=True).fetchall()
        if rows and campaign is None and isinstance(originator_id, UUID):
            self.learn([originator_id], rows[0]["campaign_id"])
        return [
            StoredEvent(row["originator_id"], row["originator_version"], row["topic"], bytes(row["state"]))
            for row in rows
        ]
