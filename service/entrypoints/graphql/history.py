"""GraphQL for the phase clock, rewinds and time travel."""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from domain.errors import InvalidInputError
from projections.state import public_state
from service.entrypoints.graphql.context import intrigue, off_loop, on_loop, reads
from service.entrypoints.graphql.enums import AggregateKind
from service.entrypoints.graphql.types import Campaign, as_json
from service.usecases.rewind import RollBackPhase


@strawberry.type(description="One aggregate's state at a point in the campaign's history, rebuilt from events.")
class AggregateState:
    id: UUID
    kind: AggregateKind
    version: int
    state: JSON


@strawberry.type
class HistoryQuery:
    @strawberry.field(description="The campaign as of the end of phase `phase`, or before event `position`.")
    async def campaign_as_of(
        self, info: Info, campaign_id: UUID, phase: int | None = None, position: int | None = None
    ) -> list[AggregateState]:
        history = intrigue(info).history

        def read() -> list[AggregateState]:
            if (phase is None) == (position is None):
                raise InvalidInputError("give exactly one of phase or position")
            if phase is not None:
                aggregates = history.as_of_phase(campaign_id, phase)
            else:
                aggregates = history.as_of(campaign_id, position or 0)
            return [
                AggregateState(id=i, kind=AggregateKind(type(a).__name__.lower()), version=a.version,
                               state=as_json(public_state(a)))
                for i, a in sorted(aggregates.items(), key=lambda item: str(item[0]))
            ]

        return await off_loop(read)


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
