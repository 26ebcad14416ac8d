"""The audit trail: a campaign's stored events, in the order they were written."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, LiteralString
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent

from domain.campaign import Campaign
from service.persistence.app import IntrigueStore, event_payload
from service.persistence.database import Database


@dataclass(frozen=True)
class AuditEntry:
    position: int
    aggregate_id: UUID
    version: int
    topic: str
    timestamp: datetime
    payload: dict[str, Any]

    def to_json(self) -> str:
        return json.dumps(
            {
                "position": self.position,
                "aggregate_id": str(self.aggregate_id),
                "version": self.version,
                "topic": self.topic,
                "timestamp": self.timestamp.isoformat(),
                "payload": self.payload,
            },
            default=str,
            sort_keys=True,
        )


class AuditLog:
    def __init__(self, store: IntrigueStore, db: Database) -> None:
        self.store = store
        self.db = db

    def events(self, campaign_id: UUID, after: int = 0) -> Iterator[AuditEntry]:
        """Every event of the campaign's lane (itself, every member it ever enrolled, its phases' chronicles), in
        order, each at its campaign position (docs/architecture.md, Persistence: positions)."""
        rows = self._rows(campaign_id, "campaign_position, originator_id, originator_version, topic, state", after)
        for position, originator_id, version, topic, state in rows:
            event = self.store.mapper.to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))
            yield AuditEntry(
                position,
                originator_id,
                version,
                topic,
                event.timestamp,  # type: ignore[attr-defined]
                event_payload(event),
            )

    def positions(self, campaign_id: UUID) -> list[int]:
        """The positions of the campaign's events, in order: what a page of the log is cut from."""
        return [position for (position,) in self._rows(campaign_id, "campaign_position", 0)]

    def topics(self, campaign_id: UUID) -> list[tuple[int, UUID, str]]:
        """Each event's position, stream and topic, in order, no payload decoded: what a seat's count of the
        changes it may know of is made from (`campaignChanges`, service/entrypoints/graphql/subscriptions.py)."""
        rows = self._rows(campaign_id, "campaign_position, originator_id, topic", 0)
        return [(int(position), UUID(str(stream)), str(topic)) for position, stream, topic in rows]

    def result_positions(self, campaign_id: UUID, topics: tuple[str, ...]) -> list[int]:
        """The positions of the campaign's own events whose topic ends with one of `topics`, in order (its phase
        results: a player's `phaseResults` cursor counts them, service/entrypoints/graphql/subscriptions.py)."""
        table = psycopg.sql.Identifier(f"{self.store.name.lower()}_events")
        patterns = [f"%{topic}" for topic in topics]
        with psycopg.connect(self.db.conninfo) as conn:
            rows = conn.execute(
                psycopg.sql.SQL(
                    "SELECT campaign_position FROM {} WHERE campaign_id = %s AND originator_id = %s"
                    " AND topic LIKE ANY(%s) ORDER BY 1"
                ).format(table),
                (campaign_id, campaign_id, patterns),
            ).fetchall()
        return [int(position) for (position,) in rows]

    def _rows(self, campaign_id: UUID, columns: LiteralString, after: int) -> Iterator[tuple[Any, ...]]:
        self.store.load(campaign_id, Campaign)  # NotFoundError for a campaign that is not stored
        table = f"{self.store.name.lower()}_events"
        with psycopg.connect(self.db.conninfo) as conn, conn.cursor(name="audit") as cursor:
            cursor.execute(
                psycopg.sql.SQL(
                    "SELECT " + columns + " FROM {}"
                    " WHERE campaign_id = %s AND campaign_position > %s ORDER BY campaign_position"
                ).format(psycopg.sql.Identifier(table)),
                (campaign_id, after),
            )
            yield from cursor
