"""The audit trail over GraphQL with Relay-style cursors: a campaign's events, and one phase's log."""

from __future__ import annotations

import base64
from itertools import islice
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.errors import InvalidInputError
from service.entrypoints.graphql.context import intrigue, off_loop
from service.entrypoints.graphql.types import AuditEvent, as_json
from service.usecases.audit import AuditEntry

MAX_PAGE = 500


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: str | None


@strawberry.type
class AuditEdge:
    cursor: str
    node: AuditEvent


@strawberry.type
class AuditConnection:
    edges: list[AuditEdge]
    page_info: PageInfo


def cursor_of(position: int) -> str:
    return base64.urlsafe_b64encode(f"event:{position}".encode()).decode()


def position_of(cursor: str | None) -> int:
    if not cursor:
        return 0
    try:
        kind, _, number = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        if kind != "event":
            raise ValueError(kind)
        return int(number)
    except ValueError as error:
        raise InvalidInputError(f"not a cursor from this API: {cursor!r}") from error


def page(entries: list[AuditEntry], first: int) -> AuditConnection:
    shown = entries[:first]
    edges = [
        AuditEdge(
            cursor=cursor_of(e.position),
            node=AuditEvent(
                position=e.position,
                aggregate_id=e.aggregate_id,
                version=e.version,
                topic=e.topic,
                timestamp=e.timestamp,
                payload=as_json(e.payload),
            ),
        )
        for e in shown
    ]
    return AuditConnection(
        edges=edges,
        page_info=PageInfo(has_next_page=len(entries) > first, end_cursor=edges[-1].cursor if edges else None),
    )


def _check_first(first: int) -> int:
    if not 1 <= first <= MAX_PAGE:
        raise InvalidInputError(f"first must be 1-{MAX_PAGE}, not {first}")
    return first


@strawberry.type
class AuditQuery:
    @strawberry.field(description="The campaign's events in log order, a page at a time (GM only).")
    async def event_log(
        self, info: Info, campaign_id: UUID, first: int = 100, after: str | None = None
    ) -> AuditConnection:
        app = intrigue(info)

        def read() -> AuditConnection:
            size = _check_first(first)
            return page(list(islice(app.audit.events(campaign_id, position_of(after)), size + 1)), size)

        return await off_loop(read)

    @strawberry.field(
        description="One phase's log (GM only): initiative, then every turn's orders, rolls, outcomes and narrative, "
        "from the moment the phase began resolving until it resolved."
    )
    async def phase_log(
        self, info: Info, campaign_id: UUID, phase: int, first: int = 100, after: str | None = None
    ) -> AuditConnection:
        app = intrigue(info)

        def read() -> AuditConnection:
            size = _check_first(first)
            start = app.history.resolution_start(campaign_id, phase)
            end = app.history.phase_end(campaign_id, phase)
            begin = max(start - 1, position_of(after))
            window = (e for e in app.audit.events(campaign_id, begin) if e.position < end)
            return page(list(islice(window, size + 1)), size)

        return await off_loop(read)
