"""A campaign's event log as NDJSON, out and back in, streamed in constant memory."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable, Iterator
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent

from domain.campaign import Campaign
from domain.errors import ConflictError, InvalidInputError
from service.app import IntrigueStore
from service.database import Database

FORMAT = "intrigue-events/1"
BATCH = 500


def export_lines(store: IntrigueStore, db: Database, campaign_id: UUID) -> Iterator[str]:
    """A header line, then one line per stored event, in log order. State is kept byte for byte."""
    campaign = store.load(campaign_id, Campaign)
    ids = [campaign_id, *campaign.member_ids()]
    yield json.dumps({"format": FORMAT, "campaign_id": str(campaign_id), "name": campaign.name})
    table = f"{store.name.lower()}_events"
    with psycopg.connect(db.conninfo) as conn, conn.cursor(name="export") as cursor:
        cursor.itersize = BATCH
        cursor.execute(
            psycopg.sql.SQL(
                "SELECT originator_id, originator_version, topic, state FROM {} WHERE originator_id = ANY(%s)"
                " ORDER BY notification_id"
            ).format(psycopg.sql.Identifier(table)),
            (ids,),
        )
        for originator_id, version, topic, state in cursor:
            yield json.dumps(
                {"id": str(originator_id), "v": version, "topic": topic, "state": base64.b64encode(state).decode()}
            )


def import_lines(store: IntrigueStore, lines: Iterable[str], progress: Callable[[int], None] | None = None) -> UUID:
    """Append an exported log to a store that does not hold that campaign yet; returns the campaign id."""
    iterator = iter(lines)
    try:
        header = json.loads(next(iterator))
    except (StopIteration, json.JSONDecodeError) as error:
        raise InvalidInputError("an export starts with its header line") from error
    if header.get("format") != FORMAT:
        raise InvalidInputError(f"not an Intrigue export (format {header.get('format')!r}, expected {FORMAT!r})")
    campaign_id = UUID(header["campaign_id"])
    if store.exists(campaign_id):
        raise ConflictError(f"campaign {campaign_id} is already in this store")
    batch: list[StoredEvent] = []
    count = 0
    for line in iterator:
        if not line.strip():
            continue
        row = json.loads(line)
        batch.append(StoredEvent(UUID(row["id"]), int(row["v"]), row["topic"], base64.b64decode(row["state"])))
        if len(batch) >= BATCH:
            count += _append(store, batch, progress, count)
            batch = []
    if batch:
        count += _append(store, batch, progress, count)
    return campaign_id


def _append(store: IntrigueStore, batch: list[StoredEvent], progress: Callable[[int], None] | None, done: int) -> int:
    store.recorder.insert_events(batch)
    if progress:
        progress(done + len(batch))
    return len(batch)
