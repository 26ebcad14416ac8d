"""Subscriptions over graphql-transport-ws, fed by PostgreSQL LISTEN/NOTIFY on the events table.

Every save notifies the channel of the events table with its campaign (service/persistence/notifier.py); the app's
one listener (service/persistence/listener.py) wakes the subscribers of that campaign, which read its events after the
last position each sent, and send them. Nothing polls, and a thousand subscribers hold one connection, not a thousand.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from functools import partial
from typing import Annotated
from uuid import UUID

import strawberry
from graphql import GraphQLError
from strawberry.types import Info

from domain.enums import ChangeKind, PhaseChange
from domain.errors import DomainError, ForbiddenError
from domain.seats import Seat, check_gm
from service.bootstrap import Intrigue
from service.entrypoints.graphql.campaign.types import AuditEvent, as_json
from service.entrypoints.graphql.core.context import intrigue, off_loop, reads
from service.entrypoints.graphql.core.seat_watch import watch_of
from service.entrypoints.graphql.phase_report import PhaseReport, PhaseSummary, own_report, read_summary
from service.entrypoints.shared.errors import graphql_extensions
from service.entrypoints.shared.view_as import named_in, seat_viewed
from service.usecases.audit import AuditEntry
from service.usecases.seats import UnauthenticatedError, bearer_token, digest
from service.usecases.visibility import change_seen_by, sees_everything

PHASE_TOPICS = ("Campaign.PhaseResolved", "Campaign.PhaseRolledBack")


@strawberry.type(description="A phase resolved or rolled back: what every seat of the campaign may hear.")
class PhaseResult:
    campaign_id: UUID = strawberry.field(description="The id of the campaign whose phase it was.")
    phase: int = strawberry.field(description="The phase resolved, or the phase rolled back to.")
    status: PhaseChange = strawberry.field(description="Resolved, or rolled back.")
    position: int = strawberry.field(
        description="Where to resume after this result: pass it as `after`. For the GM, the event's position in "
        "the campaign's log; for any other seat, the result's number among the campaign's phase results (1 for "
        "the first), since the gaps between log positions would count the events it may not know of."
    )

    @strawberry.field(
        description="The listening player's own report of the phase (as `phaseReport`); null for the "
        "GM or an observer, whose seats have no faction or house of their own (the GM's reports of "
        "every member are in `summary`), and for a rollback."
    )
    async def report(self, info: Info) -> PhaseReport | None:
        if self.status != "resolved":
            return None
        return await own_report(info, self.campaign_id, self.phase, await _seat(info, _authorization(info)))

    @strawberry.field(
        description="The resolved phase as the listening seat may hear it, as `phaseSummary` answers "
        "it: the GM every member's report and the turn summaries, a player its own report, an "
        "observer the public chronicle only (`scope` says which). Null for a rollback."
    )
    async def summary(self, info: Info) -> PhaseSummary | None:
        if self.status != "resolved":
            return None
        return await read_summary(info, self.campaign_id, self.phase, await _seat(info, _authorization(info)))


def _authorization(info: Info) -> str | None:
    params = info.context.get("connection_params") or {}
    authorization: str | None = params.get("Authorization") or params.get("authorization")
    if authorization is None and "token" in params:
        authorization = f"Bearer {params['token']}"
    if authorization is None:
        request = info.context.get("request")
        authorization = request.headers.get("authorization") if request is not None else None
    return authorization


async def _seat(info: Info, authorization: str | None) -> Seat | None:
    """The token's seat, or the seat its GM views the campaign as (issue 28, item 5), as a query would be answered."""
    found: Seat | None = await intrigue(info).seats.resolve_on(reads(info).pool, authorization)
    request = info.context.get("request")
    named = named_in(info.context.get("connection_params"), request.headers if request is not None else None)
    return await seat_viewed(intrigue(info), reads(info).pool, found, named, reading=True)


async def _follow(
    info: Info,
    campaign_id: UUID,
    after: int | None,
    check: Callable[[Seat | None], None],
    readable: bool = False,
    acknowledge: bool = False,
) -> AsyncGenerator[AuditEntry | None, None]:
    """The campaign's events after `after`, then each new one as NOTIFY announces it, for as long as the seat holds.

    With `after` None, it follows from the campaign's last event at subscribe time (nothing of the past is sent).
    The seat is checked at subscribe time and again before any delivery once some seat's token changed since
    (`Listener.seat_changes`: one integer compared per delivery), so a rotated or revoked token ends the
    subscription with UNAUTHENTICATED, even while no event comes. The open subscriptions' tokens are checked
    together, in one query per change (graphql/core/seat_watch.py).

    `readable`: a batch is sent once the read models have folded it (or could not within the projection timeout),
    so a client that re-reads on a change reads it, even when the runner, not the command, folds it.
    `acknowledge`: first yield None, once the seat is checked and the subscription held: every change after it is told.
    """
    app, listener = intrigue(info), info.context["listener"]
    authorization = _authorization(info)
    await listener.mark()  # listening before the seat is resolved, so no change after it goes unseen
    checked = listener.seat_changes
    try:
        check(await _seat(info, authorization))  # refuses an unseated caller: a token is held from here on
        sealed, watch = digest(bearer_token(authorization) or ""), watch_of(listener)
        held = partial(app.seats.held_on, reads(info).pool)
        with watch.watching(sealed):
            position = after if after is not None else await off_loop(_last_position, app, campaign_id)
            if acknowledge:
                yield None
            while True:
                mark = await listener.mark(campaign_id)  # before the read: an event saved during it wakes the wait
                entries = await off_loop(_events_after, app, campaign_id, position)
                if readable and entries:
                    await off_loop(app.wait_for_reads, campaign_id, entries[-1].position)
                for entry in [*entries, None]:
                    if listener.seat_changes != checked:
                        checked = listener.seat_changes
                        if not await watch.holds(checked, sealed, held):
                            raise UnauthenticatedError(
                                "this bearer token names no seat any more: it was rotated or revoked"
                            )
                    if entry is not None:
                        position = entry.position
                        yield entry
                await listener.wait_past(mark, campaign_id)
    except DomainError as error:
        raise _refuse(error) from error


def _counted(seen: list[int], after: int | None) -> tuple[int, int]:
    """A player's or observer's cursor: how many of the log positions it may know of (`seen`) it has had, and the
    log position to follow from. `after` counts them (1 for the first); None is from now on."""
    counted = len(seen) if after is None else max(0, min(after, len(seen)))
    return counted, seen[counted - 1] if counted else 0


def _counted_to(seen: list[int], position: int) -> tuple[int, int]:
    """A player's cursor from `position` on: the changes it may know of up to it, and the last one's position."""
    counted = sum(1 for p in seen if p <= position)
    return counted, seen[counted - 1] if counted else 0


def _events_after(app: Intrigue, campaign_id: UUID, position: int) -> list[AuditEntry]:
    return list(app.audit.events(campaign_id, position))


def _last_position(app: Intrigue, campaign_id: UUID) -> int:
    positions = app.audit.positions(campaign_id)
    return positions[-1] if positions else 0


def _refuse(error: DomainError) -> GraphQLError:
    return GraphQLError(error.message, extensions=graphql_extensions(error))


@strawberry.type(
    description="Something changed in the campaign that the listening seat may know of (issue 18, "
    "Live): read again what you show. It carries no secret, only where and what kind."
)
class CampaignChange:
    campaign_id: UUID = strawberry.field(description="The campaign that changed (the one subscribed to).")
    kind: ChangeKind = strawberry.field(
        description="What kind of change: the phase clock, orders (the seat's own, "
        "or any for the GM), the published chronicle, or another change."
    )
    position: int = strawberry.field(
        description="Where to resume after this change: pass it as `after`. For the "
        "GM, the event's position in the campaign's log; for any other seat, the "
        "change's number among the changes that seat may know of (1 for the first), "
        "since the gaps between log positions would count the events it may not "
        "know of."
    )
    acknowledgement: bool = strawberry.field(
        default=False,
        description="True on the first message asked for by `acknowledge`, and only there (`kind` OTHER): from "
        "now on every change is told, so a client that reads again on it misses none. Nothing changed.",
    )


def _audit_event(entry: AuditEntry) -> AuditEvent:
    return AuditEvent(
        position=entry.position,
        aggregate_id=entry.aggregate_id,
        version=entry.version,
        topic=entry.topic,
        timestamp=entry.timestamp,
        payload=as_json(entry.payload),
    )


def _gm_of(campaign_id: UUID) -> Callable[[Seat | None], None]:
    return lambda found: check_gm(found, campaign_id, "follow the audit trail")


def _seated_in(campaign_id: UUID) -> Callable[[Seat | None], None]:
    def check(found: Seat | None) -> None:
        if found is None or found.campaign_id != campaign_id:
            raise ForbiddenError("phase results go to the campaign's seats; send a seat's bearer token")

    return check


AFTER = (
    "A position in the campaign's log (an event's `position`): the subscription first sends, in log order, "
    "what followed it (with 0, the default, everything since the campaign began), then each new one as it "
    "is written. A client that reconnects passes the last `position` it received and misses nothing."
)
CampaignId = Annotated[UUID, strawberry.argument(description="The campaign to follow.")]
After = Annotated[int, strawberry.argument(description=AFTER)]
SINCE = (
    "The last change's `position` received, to resume after it: the subscription first sends, in order, the "
    "changes that followed it, then each new one (0: every change since the campaign began). Null, the default, "
    "follows from now on, sending nothing of the past."
)
Since = Annotated[int | None, strawberry.argument(description=SINCE)]
ACKNOWLEDGE = "First send one message with `acknowledgement` true, once the server holds the subscription."
Acknowledge = Annotated[bool, strawberry.argument(description=ACKNOWLEDGE)]
RESULTS_AFTER = (
    "The last result's `position` received, to resume after it: the subscription first sends, in order, the "
    "results that followed it (with 0, the default, every one since the campaign began), then each new one."
)
ResultsAfter = Annotated[int, strawberry.argument(description=RESULTS_AFTER)]


@strawberry.type(
    description="Live updates over graphql-transport-ws; a seat's bearer token goes in the "
    "connection_init payload (`Authorization` or `token`)."
)
class CampaignSubscription:
    @strawberry.subscription(
        description="Every event of the campaign (the GM's audit trail, live): a late "
        "subscriber first receives the past events after `after`, then each new one."
    )
    async def campaign_events(
        self, info: Info, campaign_id: CampaignId, after: After = 0
    ) -> AsyncGenerator[AuditEvent, None]:
        async for entry in _follow(info, campaign_id, after, _gm_of(campaign_id)):
            if entry is not None:
                yield _audit_event(entry)

    @strawberry.subscription(
        description="Each phase result of the campaign, for any seat of that campaign, with the phase's summary as "
        "that seat may see it (`report`). A late subscriber first receives the past results after `after` (all of "
        "them with the default 0), in order, then each new one as the phase resolves or rolls back."
    )
    async def phase_results(
        self, info: Info, campaign_id: CampaignId, after: ResultsAfter = 0
    ) -> AsyncGenerator[PhaseResult, None]:
        try:
            seat = await _seat(info, _authorization(info))
        except DomainError:
            seat = None  # `_follow` refuses it, with its error
        counted: int | None = None  # a player's cursor: the results so far (log positions are the GM's)
        start = after
        if not sees_everything(seat, campaign_id):
            results = await off_loop(intrigue(info).audit.result_positions, campaign_id, PHASE_TOPICS)
            counted, start = _counted(results, after)
        async for entry in _follow(info, campaign_id, start, _seated_in(campaign_id), readable=True):
            if entry is not None and entry.topic.endswith(PHASE_TOPICS):
                phase = entry.payload["phase"] if "phase" in entry.payload else entry.payload["to_phase"]
                status = PhaseChange.RESOLVED if entry.topic.endswith("PhaseResolved") else PhaseChange.ROLLED_BACK
                counted = None if counted is None else counted + 1
                position = entry.position if counted is None else counted
                yield PhaseResult(campaign_id=campaign_id, phase=int(phase), status=status, position=position)

    @strawberry.subscription(
        description="Each change of the campaign that the listening seat may know of, for any seat of that "
        "campaign: the phase opened, resolving, resolved or rolled back, and the published chronicle, for every "
        "seat; orders landing or withdrawn, and any other change, only for the GM and the member's own seat "
        "(service/usecases/visibility/live.py, `change_seen_by`). A console re-reads its views on each."
    )
    async def campaign_changes(
        self, info: Info, campaign_id: CampaignId, after: Since = None, acknowledge: Acknowledge = False
    ) -> AsyncGenerator[CampaignChange, None]:
        try:
            seat = await _seat(info, _authorization(info))
        except DomainError:
            seat = None  # `_follow` refuses it, with its error
        counted: int | None = None  # a player's or observer's cursor: the changes it may know of so far
        # "From now on" is from what the reads show now: a change committed but not yet folded (the runner's to
        # fold) is still to be told, once readable, or a client that read before the fold would never re-read it.
        start = after if after is not None else await off_loop(intrigue(info).folded_position, campaign_id)
        if seat is not None and seat.campaign_id == campaign_id and not sees_everything(seat, campaign_id):
            logged = await off_loop(intrigue(info).audit.topics, campaign_id)
            seen = [p for p, stream, topic in logged if change_seen_by(seat, campaign_id, topic, stream) is not None]
            counted, start = _counted(seen, after) if after is not None else _counted_to(seen, start)
        follow = _follow(info, campaign_id, start, _seated_in(campaign_id), readable=True, acknowledge=acknowledge)
        async for entry in follow:
            if entry is None:  # held: every later change is told (a caller not seated was refused before it)
                position = start if counted is None else counted
                yield CampaignChange(
                    campaign_id=campaign_id, kind=ChangeKind.OTHER, position=position, acknowledgement=True
                )
                continue
            kind = change_seen_by(seat, campaign_id, entry.topic, entry.aggregate_id)
            if kind is not None:
                counted = None if counted is None else counted + 1
                position = entry.position if counted is None else counted
                yield CampaignChange(campaign_id=campaign_id, kind=kind, position=position)
