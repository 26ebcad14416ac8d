"""`intrigue projections retry CAMPAIGN_ID`: fold one stopped campaign again from its events, beside the live
projection, once the cause is fixed (a deployed fix or an upcaster; docs/operations.md).

In one transaction that holds the generation row (so the live writer's pages wait for it, and it for the
page in flight): the campaign's rows are deleted from every table the fold writes (its history's bases, its houses'
knowledge, its reports and standings answers with its states and history: session 29 found the bases kept, so that
the history folded again took its changes against the bases of phases the stopped fold had recorded, and lost or
garbled rows), every event of the campaign up to the live position is folded from nothing, the rows are written
and the failure forgotten. The live writer then
projects the campaign's later events as any other's. If an event still fails, nothing changes but the
failure's error text, and the failure is answered.
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Identifier

from projections import kept, standings
from projections.failures import FORGET, TABLE, Failure
from projections.page import PageFold
from projections.runner import Undecodable
from projections.state import StateView
from projections.state_sql import SWITCHING
from projections.state_tables import FOLDED, MODEL, names

# Every writer of the generation waits meanwhile, as for a switch (projections/state_sql.py `SWITCHING`).
_CURRENT = "SELECT current FROM read_model_generation WHERE name = %(model)s"
_FAILURE = f"SELECT * FROM {TABLE} WHERE generation = %s AND campaign_id = %s"
_NEW_ERROR = (
    f"UPDATE {TABLE} SET position = %s, topic = %s, aggregate_id = %s, error = %s, failed_at = now()"
    " WHERE generation = %s AND campaign_id = %s"
)


class StillFailsError(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.stopped_error().message)
        self.failure = failure


def retry(store: Any, view: StateView, campaign_id: UUID) -> int | None:
    """Fold the campaign again into the current generation; the position it is folded up to, or None when
    it was not stopped. Raises `StillFailsError` (and records the new error) when an event still fails."""
    events_table = SQL("{}.{}").format(
        Identifier(store.recorder.datastore.schema), Identifier(store.recorder.events_table_name)
    )
    try:
        with view.datastore.transaction(commit=True) as curs:
            curs.execute(SWITCHING, {"model": MODEL})
            generation = int(curs.execute(_CURRENT, {"model": MODEL}).fetchone()["current"])  # type: ignore[index]
            if curs.execute(_FAILURE, (generation, campaign_id)).fetchone() is None:
                return None
            tables = names(generation)
            # Its lane, locked: the runner leaves it alone meanwhile (projections/state_tracking.py `_claim`).
            tracked = curs.execute(
                SQL("SELECT notification_id AS at FROM {} WHERE campaign_id = %s FOR UPDATE").format(
                    tables["tracking"]
                ),
                (campaign_id,),
            ).fetchone()
            position = int(tracked["at"]) if tracked else 0
            ids = _aggregates(store, curs, events_table, campaign_id)
            rows = curs.execute(
                SQL(
                    "SELECT notification_id, originator_id, originator_version, topic, state FROM {}"
                    " WHERE originator_id = ANY(%s) AND notification_id <= %s ORDER BY notification_id"
                ).format(events_table),
                (list(ids.values()), position),
            ).fetchall()
            for table in FOLDED:  # its tracking row kept, locked, where the live writer put it
                curs.execute(SQL("DELETE FROM {} WHERE campaign_id = %s").format(tables[table]), (campaign_id,))
            writer = copy.copy(view)  # the view's statements and encoders, aimed at that generation
            writer._cache, writer._stored = kept.folded_map(), kept.stored_map()
            writer._written, writer._row_versions = {}, {}
            # Each resolution's history written with its bases at once, as a careful page's: never a runner's page's
            # pending bases or page history, which this copy would otherwise share with the view it copies.
            writer._bases, writer._page_history = None, None
            writer._aim(generation)
            page = PageFold(writer, curs, dict.fromkeys(ids), ids, set(), careful=False)
            page.fold([(_decode(store, row), row["notification_id"]) for row in rows], {})
            page.write(writer._sql)
            standings.refresh(curs, writer._sql, page.changed(), partial(writer._read_back, page.states))
            if page.failures:
                raise StillFailsError(page.failures[0])
            curs.execute(FORGET, (generation, campaign_id))
            return position
    except StillFailsError as still:
        failure = still.failure
        with view.datastore.transaction(commit=True) as curs:
            curs.execute(
                _NEW_ERROR,
                (failure.position, failure.topic, failure.aggregate_id, failure.error, generation, campaign_id),
            )
        raise


def _decode(store: Any, row: dict[str, Any]) -> Any:
    stored = StoredEvent(row["originator_id"], row["originator_version"], row["topic"], bytes(row["state"]))
    try:
        return store.mapper.to_domain_event(stored)
    except Exception as error:
        return Undecodable(row["originator_id"], stored.originator_version, stored.topic, error)


def _aggregates(store: Any, curs: Any, events_table: Any, campaign_id: UUID) -> dict[int, UUID]:
    """The campaign and every aggregate whose creating event names it (enrolled or not, projected or not): the
    creating events that hold the campaign's id are decoded, and their `campaign_id` compared."""
    found = {campaign_id.int: campaign_id}
    candidates = curs.execute(
        SQL(
            "SELECT originator_id, originator_version, topic, state FROM {}"
            " WHERE originator_version = 1 AND position(%s::bytea IN state) > 0"
        ).format(events_table),
        (campaign_id.hex.encode(),),
    )
    for row in candidates.fetchall():
        created = _decode(store, {**row, "notification_id": 0})
        if str(getattr(created, "campaign_id", "")) == str(campaign_id):
            found[row["originator_id"].int] = row["originator_id"]
    return found
