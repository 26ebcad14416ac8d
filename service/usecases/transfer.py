"""A campaign's event log as NDJSON, out and back in, streamed in constant memory."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable, Iterator
from uuid import UUID

import psycopg
from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.campaign import Campaign
from domain.errors import ConflictError, InvalidInputError
from domain.phase_chronicle import chronicle_ids
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.import_check import ExportCheck, parsed

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


def import_lines(store: IntrigueStore, source: Callable[[], Iterable[str]],
                 progress: Callable[[int], None] | None = None) -> UUID:  # fmt: skip
    """Append an exported log to a store that does not hold that campaign yet; returns the campaign id.

    `source()` gives the lines and is called twice: the whole file is checked first (service/usecases/import_check.py)
    and appended only if all of it holds, in batches, the first of which checks again, under the table lock, that
    none of its aggregates is stored yet (an import racing another with the same ids appends nothing)."""
    check = check_export(store, source())
    lines = iter(source())
    campaign_id = _header(next(lines, ""))
    unstored: dict[UUID, int | None] = dict.fromkeys(check.ids())  # None: no event of it stored
    batch: list[StoredEvent] = []
    count = 0
    for number, line in enumerate(lines, start=2):
        if line.strip():
            batch.append(parsed(number, line).stored())
        if len(batch) >= BATCH:
            count += _append(store, batch, unstored, progress, count)
            batch, unstored = [], {}
    if batch:
        _append(store, batch, unstored, progress, count)
    return campaign_id


def check_export(store: IntrigueStore, lines: Iterable[str]) -> ExportCheck:
    """Check a whole export without writing: its header, every event, and the file as one campaign new to the store."""
    iterator = iter(lines)
    check = ExportCheck(store, _header(next(iterator, "")))
    for number, line in enumerate(iterator, start=2):
        if line.strip():
            check.line(number, line)
    check.finish()
    return check


def _header(line: str) -> UUID:
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        raise InvalidInputError("line 1: an export starts with its header line") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        found = header.get("format") if isinstance(header, dict) else None
        raise InvalidInputError(f"line 1: not an Intrigue export (format {found!r}, expected {FORMAT!r})")
    try:
        return UUID(str(header["campaign_id"]))
    except (KeyError, ValueError):
        raise InvalidInputError("line 1: the header names no campaign_id") from None


def _append(store: IntrigueStore, batch: list[StoredEvent], unstored: dict[UUID, int | None],
            progress: Callable[[int], None] | None, done: int) -> int:  # fmt: skip
    try:
        store.recorder.insert_events(batch, unchanged=unstored)
    except IntegrityError:
        raise ConflictError(f"an aggregate of this campaign was stored by another writer during the import, after"
                            f" {done} of its events were appended") from None  # fmt: skip
    if progress:
        progress(done + len(batch))
    return len(batch)
