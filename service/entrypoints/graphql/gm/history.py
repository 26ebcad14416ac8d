"""GraphQL for the phase clock, rewinds and time travel."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import strawberry
from strawberry.types import Info

from projections.state import public_state
from service.entrypoints.graphql.campaign.types import Campaign, Past, PastPoint
from service.entrypoints.graphql.core.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.core.guards import seat
from service.persistence.queries import campaign_row
from service.usecases.rewind import RollBackPhase
from service.usecases.visibility import check_gm_only


@strawberry.input(
    one_of=True,
    description="A point of the campaign's past: the end of one of its resolved phases, "
    "or just after its own event `position` (1: its first event; positions are the campaign's own, "
    "not the server's). Exactly one.",
)
class AsOfInput:
    phase: int | None = strawberry.field(default=strawberry.UNSET, description="The state at the close of this phase.")
    position: int | None = strawberry.field(
        default=strawberry.UNSET,
        description="An event's position in the campaign's log (from 1): the state just before it.",
    )


async def past_campaign(info: Info, campaign_id: UUID, as_of: AsOfInput) -> Campaign:
    """The campaign as it stood at `as_of`, in the present's types; its past is the GM's (docs/architecture.md)."""
    check_gm_only(seat(info), campaign_id, "the campaign as of a past point")
    history = intrigue(info).history

    def read() -> Past:
        if isinstance(as_of.phase, int):
            aggregates, count = history.as_of_resolved_phase(campaign_id, as_of.phase)
        else:
            aggregates, count = history.as_of_event(campaign_id, int(as_of.position or 0))
        states: dict[str, list[dict[str, Any]]] = {}
        for aggregate in aggregates.values():
            states.setdefault(type(aggregate).__name__.lower(), []).append(public_state(aggregate))
        phase = as_of.phase if isinstance(as_of.phase, int) else None
        point = PastPoint(phase=phase, position=count, last_position=history.event_count(campaign_id))
        return Past(point, states)

    past = await off_loop(read)
    return Campaign.from_row(campaign_row(past.states["campaign"][0]), past)


@strawberry.type
class HistoryMutation:
    @strawberry.mutation(description="Resolve the open phase for every rule system the campaign runs.")
    async def resolve_phase(self, info: Info, campaign_id: UUID) -> Campaign:
        app = intrigue(info)
        await off_loop(app.campaigns.resolve_phase, campaign_id)
        return Campaign.from_row(await on_loop(reads(info).campaign(campaign_id)))

    @strawberry.mutation(description="Roll back to the start of a resolved phase; it opens again. Appends events.")
    async def roll_back_phase(self, info: Info, campaign_id: UUID, phase: int, reason: str) -> Campaign:
        app = intrigue(info)
        await off_loop(app.rewind.roll_back, RollBackPhase(campaign_id, phase, reason))
        return Campaign.from_row(await on_loop(reads(info).campaign(campaign_id)))
