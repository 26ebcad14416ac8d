"""The audit trail over GraphQL as Relay connections: a campaign's events, and one phase's log."""

from __future__ import annotations

from itertools import islice
from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.errors import NotFoundError
from service.entrypoints.graphql.campaign.types import AuditEvent, as_json
from service.entrypoints.graphql.core.connections import PageInfo, Window, window
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.usecases.audit import AuditLog
from service.usecases.phase_branches import branch_window

Attempt = Annotated[
    int | None,
    strawberry.argument(
        description="Which resolution of the phase (a branch's `attempt`, 1 the first); null, the default, its latest."
    ),
]
EVENT = "position"  # the cursors' kind: an event's campaign position, opaque to clients (a cursor of the
# notification ids shown before issue 26 was "event": refused, never misread as a position)


@strawberry.type(description="An event of the audit trail with its cursor.")
class AuditEdge:
    cursor: str = strawberry.field(description="Opaque: pass it as `after` or `before` to page from this event.")
    node: AuditEvent = strawberry.field(description="The stored event at this place of the log.")


@strawberry.type(description="A page of a campaign's stored events, oldest first.")
class AuditConnection:
    edges: list[AuditEdge] = strawberry.field(description="The page's events with their cursors.")
    nodes: list[AuditEvent] = strawberry.field(description="The page's events, without cursors.")
    page_info: PageInfo = strawberry.field(description="Whether events lie before or after this page.")
    total_count: int = strawberry.field(description="How many events the whole log (or phase log) holds.")


def page(audit: AuditLog, campaign_id: UUID, shown: Window) -> AuditConnection:
    keys = shown.shown
    entries = list(islice(audit.events(campaign_id, keys[0] - 1), len(keys))) if keys else []
    nodes = [
        AuditEvent(
            position=e.position,
            aggregate_id=e.aggregate_id,
            version=e.version,
            topic=e.topic,
            timestamp=e.timestamp,
            payload=as_json(e.payload),
        )
        for e in entries
    ]
    return AuditConnection(
        edges=[AuditEdge(cursor=shown.cursor(n.position), node=n) for n in nodes],
        nodes=nodes,
        page_info=shown.page_info(),
        total_count=len(shown.keys),
    )


PAGING = "`first` (default 100, at most 500) after the cursor `after`, or `last` before the cursor `before`."


@strawberry.type
class AuditQuery:
    @strawberry.field(description="The campaign's events in log order, a page at a time (GM only). " + PAGING)
    async def event_log(
        self,
        info: Info,
        campaign_id: UUID,
        first: int | None = None,
        after: str | None = None,
        last: int | None = None,
        before: str | None = None,
    ) -> AuditConnection:
        app = intrigue(info)

        def read() -> AuditConnection:
            keys = app.audit.positions(campaign_id)
            return page(app.audit, campaign_id, window(keys, EVENT, first, after, last, before))

        return await off_loop(read)

    @strawberry.field(
        description="One phase's log (GM only): initiative, then every turn's orders, rolls, outcomes and narrative, "
        "from the moment the phase began resolving until it resolved: its latest resolution, or with `attempt` "
        "any of its branches (`phaseBranches`), a rolled-back one included. " + PAGING
    )
    async def phase_log(
        self,
        info: Info,
        campaign_id: UUID,
        phase: int,
        first: int | None = None,
        after: str | None = None,
        last: int | None = None,
        before: str | None = None,
        attempt: Attempt = None,
    ) -> AuditConnection:
        app = intrigue(info)

        def read() -> AuditConnection:
            if attempt is None:
                start = app.history.resolution_start(campaign_id, phase)
                end = app.history.phase_end(campaign_id, phase)
            else:
                found = branch_window(app.history, campaign_id, phase, attempt)
                if found is None:
                    raise NotFoundError(f"phase {phase} had no resolution {attempt} (see phaseBranches)")
                start, end = found
            keys = [p for p in app.audit.positions(campaign_id) if start <= p < end]
            return page(app.audit, campaign_id, window(keys, EVENT, first, after, last, before))

        return await off_loop(read)
