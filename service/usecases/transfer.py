"""A campaign's event log as NDJSON, out and back in, streamed in constant memory."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from uuid import UUID

import psycopg
from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.campaign import Campaign
from domain.errors import ConflictError, InvalidInputError
from domain.phase_chronicle import chronicle_ids
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.persistence.whole_saves import Also, insert_whole
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


def import_lines(
    store: IntrigueStore,
    source: Callable[[], Iterable[str]],
    progress: Callable[[int], None] | None = None,
    also: Also | None = None,
) -> UUID:
    """Append an exported log to a store that does not hold that campaign yet; returns the campaign id.

    `source()` gives the lines and is called twice: the whole file is checked (service/usecases/import_check.py),
    then appended in batches, each only if it is byte for byte a batch the check read. The first batch checks
    again, in the campaign's lane, that none of the file's aggregates is stored (docs/architecture.md, Importing).
    Every batch, and `also` (a write of the caller's), is in one transaction (service/persistence/whole_saves.py):
    a file refused or changed midway, a process killed or a connection lost, appends nothing."""
    check, digests = check_export(store, source())
    lines = iter(source())
    if _header(next(lines, "")) != check.campaign_id:
        raise ConflictError("line 1: the file changed while it was imported; nothing was appended")
    unstored: dict[UUID, int | None] = dict.fromkeys(check.ids())  # None: no event of it stored
    try:
        insert_whole(store, _checked(lines, digests), check.campaign_id, unstored, also, progress)
    except IntegrityError:
        raise ConflictError(
            "an aggregate of this campaign was stored by another writer during the import; nothing was appended"
        ) from None
    return check.campaign_id


def _checked(lines: Iterable[str], digests: list[bytes]) -> Iterator[list[StoredEvent]]:
    """The batches to append, each byte for byte one the check read, and as many as it read."""
    count = 0
    for index, batch in enumerate(_batches(lines)):
        if index >= len(digests) or _digest(batch) != digests[index]:
            raise _changed(batch[0][0])
        count = index + 1
        yield [parsed(n, line).stored() for n, line in batch]
    if count < len(digests):
        raise _changed(None)


def file_lines(file: Path) -> Iterator[str]:
    """An export file's lines; one that cannot be read is refused by its number, as the import's checks are."""
    try:
        with file.open("rb") as source:
            for number, line in enumerate(source, start=1):
                try:
                    yield line.decode("utf-8")
                except UnicodeDecodeError:
                    raise InvalidInputError(f"line {number}: not UTF-8 text") from None
    except OSError as error:
        raise InvalidInputError(f"cannot read {file}: {error.strerror or 'an error of the system'}") from None


def check_export(store: IntrigueStore, lines: Iterable[str]) -> tuple[ExportCheck, list[bytes]]:
    """Check a whole export without writing: its header, every event, and the file as one campaign new to the
    store; with the digest of each batch of lines the import will append."""
    iterator = iter(lines)
    check = ExportCheck(store, _header(next(iterator, "")))
    digests = []
    for batch in _batches(iterator):
        for number, line in batch:
            check.line(number, line)
        digests.append(_digest(batch))
    check.finish()
    return check, digests


def _batches(lines: Iterable[str]) -> Iterator[list[tuple[int, str]]]:
    """The lines after the header, numbered from 2, blank ones left out, BATCH at a time."""
    batch: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=2):
        if line.strip():
            batch.append((number, line))
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _digest(batch: list[tuple[int, str]]) -> bytes:
    digest = hashlib.blake2b(digest_size=16)
    for number, line in batch:
        digest.update(f"{number}:{len(line)}:".encode())
        digest.update(line.encode("utf-8", "surrogatepass"))
    return digest.digest()


def _changed(number: int | None) -> ConflictError:
    where = f"line {number}: " if number is not None else ""
    return ConflictError(f"{where}the file changed while it was imported; nothing was appended")


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
