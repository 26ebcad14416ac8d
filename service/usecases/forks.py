"""What-if forks (issue 32, item 2): a new campaign whose history is another's up to the end of a resolved phase.

The fork is an import (service/usecases/transfer.py `import_lines`, with every check an import makes) of the
source's lane up to its phase's `PhaseResolved`, each event with new aggregate ids, then the fork's own
`Campaign.Forked` naming the source and the phase. Nothing is written to the source's lane. Every event of the
fork, its GM seat and the request's idempotency claim commit in one transaction (service/persistence/
whole_saves.py): a fork that fails or is killed midway leaves no campaign, and its retry forks once.
"""

from __future__ import annotations

import base64
import inspect
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

import psycopg
from eventsourcing.domain import Aggregate

from domain.campaign import Campaign, clean_name
from domain.seats import gm_seat_id
from projections.topics import stored_topics
from service.persistence.app import IntrigueStore
from service.persistence.database import Database
from service.usecases.history import History, check_resolved
from service.usecases.seats import SeatService, StartedCampaign
from service.usecases.transfer import FORMAT, import_lines

# What the library keeps on every event; never an argument of `create_id`.
_BOOKKEEPING = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


@dataclass(frozen=True)
class ForkCampaign:
    campaign_id: UUID
    phase: int
    name: str


class ForkService:
    """Forks and the list of a campaign's forks. Who may call is checked by the adapters (the source's GM)."""

    def __init__(
        self,
        store: IntrigueStore,
        db: Database,
        history: History,
        seats: SeatService,
        projected: Callable[[int | None], None],
    ) -> None:
        self.store, self.db, self.history, self.seats = store, db, history, seats
        self._projected = projected
        self.table = f"{store.name.lower()}_events"

    def fork(self, command: ForkCampaign) -> StartedCampaign:
        """The caller becomes the fork's GM: no seat of the source is copied."""
        name = clean_name(command.name, "campaign")
        source = self.store.load(command.campaign_id, Campaign)  # NotFoundError for an unknown campaign
        check_resolved(source, command.phase)  # as `campaign(asOf: {phase})` checks it
        end = self.history.phase_end(source.id, command.phase)  # the position after its last PhaseResolved
        ids, version = self._new_ids(source.id, end)
        fork_id = ids[source.id]
        forked = Campaign.Forked(  # type: ignore[attr-defined]
            originator_id=fork_id,
            originator_version=version + 1,
            timestamp=Campaign.Event.create_timestamp(),
            source_id=source.id,
            phase=command.phase,
            name=name,
        )
        stored = self.store.mapper.to_stored_event(forked)
        last_line = _line(fork_id, stored.originator_version, stored.topic, stored.state)
        gm, seat_gm = self.seats.gm_of_new(fork_id)  # written in the fork's one transaction, as the claim is
        import_lines(self.store, lambda: self._lines(source.id, end, ids, last_line, name), also=seat_gm)
        self._projected(self._last_notification(fork_id))
        return StartedCampaign(self.store.load(fork_id, Campaign), gm)

    def _events(self, campaign_id: UUID, end: int) -> Iterator[tuple[UUID, int, str, bytes]]:
        """The campaign's lane before position `end`, in order: every aggregate's first versions."""
        with psycopg.connect(self.db.conninfo) as conn, conn.cursor(name="fork") as cursor:
            cursor.itersize = 500
            cursor.execute(
                f"SELECT originator_id, originator_version, topic, state FROM {self.table}"
                " WHERE campaign_id = %s AND campaign_position < %s ORDER BY campaign_position",
                (campaign_id, end),
            )
            for originator_id, version, topic, state in cursor:
                yield UUID(str(originator_id)), int(version), topic, bytes(state)

    def _new_ids(self, campaign_id: UUID, end: int) -> tuple[dict[UUID, UUID], int]:
        """Each aggregate's id in the fork, and the campaign's last version copied. An aggregate whose id is a
        natural key's (a region's hex, a faction's name: `create_id`) gets the fork's id for that key, so the fork
        refuses a second region on a hex or faction of a name as the source does; the others new random ids."""
        decode = self.store.mapper.transcoder.decode
        aggregates = stored_topics().aggregates
        ids: dict[UUID, UUID] = {campaign_id: uuid4()}
        version = 0
        for originator_id, event_version, _topic, state in self._events(campaign_id, end):
            if originator_id == campaign_id:
                version = event_version
            if event_version != 1 or originator_id in ids:
                continue
            payload = decode(state)
            kind = aggregates.get(payload.get("originator_topic", ""))
            ids[originator_id] = _natural_id(kind, _renamed(payload, ids)) if kind else uuid4()
        ids[gm_seat_id(campaign_id)] = gm_seat_id(ids[campaign_id])
        return ids, version

    def _lines(self, campaign_id: UUID, end: int, ids: dict[UUID, UUID], last_line: str, name: str) -> Iterator[str]:
        """The fork as an export: its header, the source's events renamed, then its `Forked` event."""
        decode, encode = self.store.mapper.transcoder.decode, self.store.mapper.transcoder.encode
        yield json.dumps({"format": FORMAT, "campaign_id": str(ids[campaign_id]), "name": name})
        for originator_id, version, topic, state in self._events(campaign_id, end):
            yield _line(ids[originator_id], version, topic, encode(_renamed(decode(state), ids)))
        yield last_line

    def _last_notification(self, campaign_id: UUID) -> int | None:
        with psycopg.connect(self.db.conninfo) as conn:
            row = conn.execute(
                f"SELECT max(notification_id) FROM {self.table} WHERE campaign_id = %s", (campaign_id,)
            ).fetchone()
        return int(row[0]) if row and row[0] is not None else None


def _line(originator_id: UUID, version: int, topic: str, state: bytes) -> str:
    return json.dumps(
        {"id": str(originator_id), "v": version, "topic": topic, "state": base64.b64encode(state).decode()}
    )


def _natural_id(kind: type[Aggregate], payload: dict[str, Any]) -> UUID:
    create_id = kind.create_id
    if getattr(create_id, "__func__", create_id) is getattr(Aggregate.create_id, "__func__", Aggregate.create_id):
        return uuid4()  # the library's default: a random id
    parameters = inspect.signature(create_id).parameters
    return create_id(**{k: v for k, v in payload.items() if k in parameters and k not in _BOOKKEEPING})


def _renamed(value: Any, ids: dict[UUID, UUID]) -> Any:
    """`value` with every aggregate id of the source (a UUID, or its text, as a value or a key) the fork's."""
    if isinstance(value, UUID):
        return ids.get(value, value)
    if isinstance(value, str):
        return str(ids[UUID(value)]) if _is_uuid(value) and UUID(value) in ids else value
    if isinstance(value, dict):
        return {_renamed(k, ids): _renamed(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_renamed(v, ids) for v in value)
    return value


def _is_uuid(text: str) -> bool:
    if len(text) != 36:
        return False
    try:
        UUID(text)
    except ValueError:
        return False
    return True
