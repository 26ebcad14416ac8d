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
from domain.phase_chronicle import chronicle_ids
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.storable import check_event

FORMAT = "intrigue-events/1"
BATCH = 500


def export_lines(store: IntrigueStore, db: Database, campaign_id: UUID) -> Iterator[str]:
    """A header line, then one line per stored event, in log order. State is kept byte for byte."""
    campaign = store.load(campaign_id, Campaign)
    ids = [campaign_id, *campaign.member_ids(), *chronicle_ids(campaign_id, campaign.phases_reached())]
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
    campaign_id = _header(next(iterator, ""))
    if store.exists(campaign_id):
        raise ConflictError(f"campaign {campaign_id} is already in this store")
    batch: list[StoredEvent] = []
    count = 0
    for number, line in enumerate(iterator, start=2):
        if not line.strip():
            continue
        batch.append(checked_line(store, number, line))
        if len(batch) >= BATCH:
            count += _append(store, campaign_id, batch, progress, count)
            batch = []
    if batch:
        count += _append(store, campaign_id, batch, progress, count)
    return campaign_id


def check_export(store: IntrigueStore, lines: Iterable[str]) -> int:
    """Check a whole export without writing (the import appends in batches): its header and every event."""
    iterator = iter(lines)
    _header(next(iterator, ""))
    count = 0
    for number, line in enumerate(iterator, start=2):
        if line.strip():
            checked_line(store, number, line)
            count += 1
    return count


def _header(line: str) -> UUID:
    try:
        header = json.loads(line)
    except json.JSONDecodeError as error:
        raise InvalidInputError("an export starts with its header line") from error
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        found = header.get("format") if isinstance(header, dict) else None
        raise InvalidInputError(f"not an Intrigue export (format {found!r}, expected {FORMAT!r})")
    try:
        return UUID(str(header["campaign_id"]))
    except (KeyError, ValueError):
        raise InvalidInputError("the header names no campaign_id") from None


def checked_line(store: IntrigueStore, number: int, line: str) -> StoredEvent:
    """One exported event, refused (naming its line, event and attribute) if it holds what cannot be stored."""
    try:
        row = json.loads(line)
        stored = StoredEvent(UUID(row["id"]), int(row["v"]), str(row["topic"]), base64.b64decode(row["state"]))
        state = store.mapper.transcoder.decode(stored.state)
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise InvalidInputError(f"line {number} is not an exported event ({type(error).__name__})") from None
    if not isinstance(state, dict):
        raise InvalidInputError(f"line {number} is not an exported event (its state is not an object)")
    check_event(f"line {number}: {stored.topic.rsplit(':', 1)[-1]}", state)
    return stored


def _append(store: IntrigueStore, campaign_id: UUID, batch: list[StoredEvent],
            progress: Callable[[int], None] | None, done: int) -> int:  # fmt: skip
    # In the campaign's lane, in the file's order: the campaign's positions are the exporting store's.
    store.recorder.insert_events(batch, campaign=campaign_id)
    if progress:
        progress(done + len(batch))
    return len(batch)
