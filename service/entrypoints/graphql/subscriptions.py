"""Subscriptions over graphql-transport-ws, fed by PostgreSQL LISTEN/NOTIFY on the events table.

Every save notifies the channel of the events table (service/persistence/recorder.py); the app's one listener
(service/persistence/listener.py) wakes every subscriber, which reads its campaign's events after the last position it
sent, and sends them. Nothing polls, and a thousand subscribers hold one connection, not a thousand.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from uuid import UUID

import strawberry
from graphql import GraphQLError
from strawberry.types import Info

from domain.errors import DomainError, ForbiddenError
from domain.seats import Seat, check_gm
from service.bootstrap import Intrigue
from service.entrypoints.graphql.context import intrigue, off_loop, reads
from service.entrypoints.graphql.phase_report import PhaseReport, own_report
from service.entrypoints.graphql.types import AuditEvent, as_json
from service.entrypoints.shared.errors import graphql_extensions
from service.persistence.listener import Listener
from service.usecases.audit import AuditEntry

PHASE_TOPICS = ("Campaign.PhaseResolved", "Campaign.PhaseRolledBack")


@strawberry.type(description="A phase resolved or rolled back: what every seat of the campaign may hear.")
class PhaseResult:
    campaign_id: UUID
    phase: int
    status: str
    position: int

    @strawberry.field(description="The listening player's own report of the phase (as `phaseReport`); null for the "
                      "GM or an observer, and for a rollback.")  # fmt: skip
    async def report(self, info: Info) -> PhaseReport | None:
        if self.status != "resolved":
            return None
        return await own_report(info, self.campaign_id, self.phase, await _seat(info))


async def _seat(info: Info) -> Seat | None:
    found: Seat | None = info.context.get("seat")
    if found is not None:
        return found
    params = info.context.get("connection_params") or {}
    authorization = params.get("Authorization") or params.get("authorization")
    if authorization is None and "token" in params:
        authorization = f"Bearer {params['token']}"
    if authorization is None:
        request = info.context.get("request")
        authorization = request.headers.get("authorization") if request is not None else None
    resolved: Seat | None = await intrigue(info).seats.resolve_on(reads(info).pool, authorization)
    return resolved


async def _follow(app: Intrigue, listener: Listener, campaign_id: UUID, after: int) -> AsyncGenerator[AuditEntry, None]:
    """The campaign's events after `after`, then each new one as NOTIFY announces it."""
    position = after
    while True:
        mark = await listener.mark()  # before the read: an event saved during it wakes the wait below
        entries = await off_loop(_events_after, app, campaign_id, position)
        for entry in entries:
            position = entry.position
            yield entry
        await listener.wait_past(mark)


def _events_after(app: Intrigue, campaign_id: UUID, position: int) -> list[AuditEntry]:
    return list(app.audit.events(campaign_id, position))


def _refuse(error: DomainError) -> GraphQLError:
    return GraphQLError(error.message, extensions=graphql_extensions(error))


def _audit_event(entry: AuditEntry) -> AuditEvent:
    return AuditEvent(position=entry.position, aggregate_id=entry.aggregate_id, version=entry.version,
                      topic=entry.topic, timestamp=entry.timestamp, payload=as_json(entry.payload))  # fmt: skip


@strawberry.type
class CampaignSubscription:
    @strawberry.subscription(description="Every new event of the campaign (the GM's audit trail, live).")
    async def campaign_events(self, info: Info, campaign_id: UUID, after: int = 0) -> AsyncGenerator[AuditEvent, None]:
        try:
            check_gm(await _seat(info), campaign_id, "follow the audit trail")
        except DomainError as error:
            raise _refuse(error) from error
        async for entry in _follow(intrigue(info), info.context["listener"], campaign_id, after):
            yield _audit_event(entry)

    @strawberry.subscription(description="Each phase result of the campaign, for any seat of that campaign.")
    async def phase_results(self, info: Info, campaign_id: UUID, after: int = 0) -> AsyncGenerator[PhaseResult, None]:
        seat = await _seat(info)
        if seat is None or seat.campaign_id != campaign_id:
            raise _refuse(ForbiddenError("phase results go to the campaign's seats; send a seat's bearer token"))
        async for entry in _follow(intrigue(info), info.context["listener"], campaign_id, after):
            if entry.topic.endswith(PHASE_TOPICS):
                phase = entry.payload["phase"] if "phase" in entry.payload else entry.payload["to_phase"]
                status = "resolved" if entry.topic.endswith("PhaseResolved") else "rolled back"
                yield PhaseResult(campaign_id=campaign_id, phase=int(phase), status=status, position=entry.position)
