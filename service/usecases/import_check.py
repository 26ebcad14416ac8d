"""An export checked whole against the campaign it imports, before anything is appended (issue 25, item 2).

Every event names a topic of the closed registry (projections/topics.py), looked up before any byte of its state
is decoded: a topic never imports a module. Each aggregate's versions run 1, 2, 3… with no gap or repeat, its
first event creates it and the others are its own. Every aggregate is the file's campaign, a member its log
enrols (under its kind), or one of its phase chronicles; a created one names the file's campaign; and none is in
the store yet, so an import never appends to another campaign. Every id its payload holds is spelt as the product
writes it (domain/ids.py `misspelt_id`): the rules match ids as text, so a house spelt twice would be two houses.
A refusal names the line and the reason.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, DomainEvent
from eventsourcing.persistence import StoredEvent

from domain.campaign import Campaign
from domain.errors import ConflictError, InvalidInputError
from domain.ids import misspelt_id
from domain.phase_chronicle import PhaseChronicle, chronicle_id
from projections.topics import StoredTopics, stored_topics
from service.persistence.app import IntrigueStore
from service.persistence.storable import check_event

ENROLLED = f"{Campaign.__module__}:Campaign.MemberEnrolled"
SHOWN = 100  # characters of a refused topic in its refusal


def refused(number: int, reason: str) -> InvalidInputError:
    return InvalidInputError(f"line {number}: {reason}")


@dataclass(frozen=True)
class ExportedEvent:
    id: UUID
    version: int
    topic: str
    state: bytes

    def stored(self) -> StoredEvent:
        return StoredEvent(self.id, self.version, self.topic, self.state)


def shown(topic: str) -> str:
    """A topic as a refusal names it: a forged one may be long or hold control characters."""
    return repr(topic[:SHOWN] + ("…" if len(topic) > SHOWN else ""))


def parsed(number: int, line: str) -> ExportedEvent:
    """One line's fields, of the types an exported event has; nothing of its state decoded yet."""
    try:
        row = json.loads(line)
    except (ValueError, RecursionError):
        raise refused(number, "not JSON") from None
    if not isinstance(row, dict):
        raise refused(number, "not an exported event (a JSON object with id, v, topic and state)")
    for name, kind in (("id", str), ("v", int), ("topic", str), ("state", str)):
        if type(row.get(name)) is not kind:
            raise refused(number, f"'{name}' is missing or not a {'number' if kind is int else 'string'}")
    try:
        originator_id = UUID(row["id"])
        state = base64.b64decode(row["state"], validate=True)
    except (ValueError, binascii.Error):
        raise refused(number, "'id' is not a UUID or 'state' is not base64") from None
    return ExportedEvent(originator_id, row["v"], row["topic"], state)


@dataclass
class _Stream:
    kind: type[Aggregate]
    version: int
    line: int  # where it starts


class ExportCheck:
    """Feed it every line in order (`line`), then `finish`; it raises at the first thing that does not hold."""

    def __init__(self, store: IntrigueStore, campaign_id: UUID) -> None:
        self.store, self.campaign_id = store, campaign_id
        self.topics: StoredTopics = stored_topics()
        self.streams: dict[UUID, _Stream] = {}
        self.enrolled: dict[UUID, str] = {}  # member id -> kind, as the campaign's log enrols it
        self.enrolment = self.topics.events[ENROLLED]

    def line(self, number: int, line: str) -> ExportedEvent:
        event = parsed(number, line)
        event_class = self.topics.events.get(event.topic)
        if event_class is None:  # before decoding, and without resolving the topic
            raise refused(number, f"topic {shown(event.topic)} is not an Intrigue event")
        stream = self._next_version(number, event, event_class)
        state = self._decoded(number, event)
        if stream is None:
            self._started(number, event, event_class, state)
        elif event_class is self.enrolment:
            member, kind = state.get("member_id"), state.get("kind")
            if not isinstance(member, str) or not isinstance(kind, str):
                raise refused(number, "the enrolment names no member and kind")
            self.enrolled[self._uuid(number, member)] = kind
        check_event(f"line {number}: {event_class.__qualname__}", state)
        misspelt = misspelt_id(state)
        if misspelt is not None:
            raise refused(number, f"{event_class.__qualname__}: {misspelt}")
        return event

    def finish(self) -> None:
        """The checks of the whole file: the campaign is in it, every member is enrolled, none is stored yet."""
        campaign = self.streams.get(self.campaign_id)
        if campaign is None or campaign.kind is not Campaign:
            raise InvalidInputError(f"the file holds no event of its campaign {self.campaign_id}")
        for aggregate_id, stream in self.streams.items():
            kind = stream.kind.__name__.lower()
            if stream.kind not in (Campaign, PhaseChronicle) and self.enrolled.get(aggregate_id) != kind:
                raise refused(stream.line, f"{kind} {aggregate_id} is not enrolled in campaign {self.campaign_id}")
        stored = self.store.streams.stored(list(self.streams))
        if self.campaign_id in stored:
            raise ConflictError(f"campaign {self.campaign_id} is already in this store")
        for aggregate_id in stored:  # another campaign's: an import never appends to it
            stream = self.streams[aggregate_id]
            raise ConflictError(
                f"line {stream.line}: {stream.kind.__name__.lower()} {aggregate_id} is already in this store"
            )

    def ids(self) -> list[UUID]:
        return list(self.streams)

    def _next_version(self, number: int, event: ExportedEvent, event_class: type[DomainEvent]) -> _Stream | None:
        """The aggregate's stream so far (None: this event starts it), checked against this event's place."""
        stream = self.streams.get(event.id)
        version = event.version
        if stream is None:
            if version != 1:
                raise refused(
                    number, f"{event.id} starts at version {version}: an export holds whole aggregates, from version 1"
                )
            return None
        if version != stream.version + 1:
            seen = "repeats" if version <= stream.version else "skips to"
            raise refused(number, f"{event.id} {seen} version {version} after {stream.version}")
        if event_class not in self.topics.changes[stream.kind]:
            raise refused(number, f"{event_class.__qualname__} is not an event of a {stream.kind.__name__.lower()}")
        stream.version = version
        return stream

    def _decoded(self, number: int, event: ExportedEvent) -> dict[str, Any]:
        try:
            state = self.store.mapper.transcoder.decode(event.state)
        except Exception:  # forged bytes reach the library's transcodings, which assert (`UUIDAsHex`) or raise anything
            state = None
        if not isinstance(state, dict):
            raise refused(number, "its state does not decode to an event's attributes")
        return state

    def _started(
        self, number: int, event: ExportedEvent, event_class: type[DomainEvent], state: dict[str, Any]
    ) -> None:
        topic = state.get("originator_topic")
        kind = self.topics.aggregates.get(topic) if isinstance(topic, str) else None
        if kind is None or event_class not in self.topics.creates[kind]:
            raise refused(number, f"{event_class.__qualname__} does not create an Intrigue aggregate")
        aggregate_id = event.id
        if kind is Campaign:
            if aggregate_id != self.campaign_id:
                raise refused(number, f"campaign {aggregate_id} is not the file's campaign {self.campaign_id}")
        elif state.get("campaign_id") != self.campaign_id:
            raise refused(number, f"{kind.__name__.lower()} {aggregate_id} belongs to another campaign")
        elif kind is PhaseChronicle and aggregate_id != self._chronicle_id(state.get("phase")):
            raise refused(number, f"{aggregate_id} is not the id of a phase chronicle of campaign {self.campaign_id}")
        self.streams[aggregate_id] = _Stream(kind, 1, number)

    def _chronicle_id(self, phase: object) -> UUID | None:
        return chronicle_id(self.campaign_id, phase) if type(phase) is int else None

    def _uuid(self, number: int, text: str) -> UUID:
        try:
            return UUID(text)
        except ValueError:
            raise refused(number, "the enrolled member's id is not a UUID") from None
