"""GraphQL for a campaign's phases as played, rolled-back branches included, and a rollback's preview (GM only)."""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.types import Info

from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.usecases.phase_branches import Branch, RollbackPlan, UndoneOrder, branches, rollback_plan


@strawberry.type(
    description="One resolution of a phase. A rollback appends, so a phase rolled back and resolved "
    "again has two: the first marked rolled back, with the GM's reason."
)
class PhaseBranch:
    phase: int = strawberry.field(description="The phase this resolution resolved.")
    attempt: int = strawberry.field(
        description="1 for the phase's first resolution, 2 for the one after its "
        "first rollback, and so on: pass it to `phaseLog` as `attempt`."
    )
    began_at: int = strawberry.field(description="The position of its `PhaseResolutionBegan` in the log.")
    resolved_at: int | None = strawberry.field(
        description="The position of its `PhaseResolved`; null while it resolves, or when a rollback undid it first."
    )
    rolled_back: bool = strawberry.field(description="Whether a rollback undid it (its events stay in the log).")
    rolled_back_at: int | None = strawberry.field(description="The position of the rollback that undid it.")
    reason: str | None = strawberry.field(description="The GM's reason for that rollback.")

    @classmethod
    def of(cls, b: Branch) -> PhaseBranch:
        return cls(
            phase=b.phase,
            attempt=b.attempt,
            began_at=b.began_at,
            resolved_at=b.resolved_at,
            rolled_back=b.rolled_back_at is not None,
            rolled_back_at=b.rolled_back_at,
            reason=b.reason,
        )


@strawberry.type(description="An order a rollback would undo: its result, or the order itself.")
class UndoneOrderView:
    phase: int = strawberry.field(description="The phase it was given or resolved in.")
    member_id: UUID = strawberry.field(description="The faction or house that gave it.")
    action: str = strawberry.field(
        description="The action ordered (a seed 002 or seed 000 action, or a GM-made "
        "one's name); `None` for a faction's turn without an action."
    )
    outcome: str | None = strawberry.field(description="What resolving it wrote; null for an order not yet resolved.")

    @classmethod
    def of(cls, o: UndoneOrder) -> UndoneOrderView:
        return cls(phase=o.phase, member_id=o.member_id, action=o.action, outcome=o.outcome)


@strawberry.type(
    description="What rolling back to the start of a phase's resolution would undo, so a GM's "
    "confirmation can name it. The phase's own orders stand again, to be amended."
)
class RollbackPreview:
    phase: int = strawberry.field(description="The phase it rolls back to: it opens again.")
    phases: list[int] = strawberry.field(description="Every phase whose resolution or orders it undoes.")
    events: int = strawberry.field(
        description="How many of the campaign's events it undoes (they stay in the log, marked rolled back)."
    )
    results: list[UndoneOrderView] = strawberry.field(description="The orders resolved since, whose results it undoes.")
    orders: list[UndoneOrderView] = strawberry.field(description="Orders given for later phases, which it takes back.")

    @classmethod
    def of(cls, p: RollbackPlan) -> RollbackPreview:
        return cls(
            phase=p.phase,
            phases=p.phases,
            events=p.events,
            results=[UndoneOrderView.of(o) for o in p.results],
            orders=[UndoneOrderView.of(o) for o in p.orders],
        )


@strawberry.type
class BranchQuery:
    @strawberry.field(
        description="Every resolution each phase had, oldest first, rolled-back ones marked (GM only: "
        "each branch's log is `phaseLog` with its `attempt`)."
    )
    async def phase_branches(self, info: Info, campaign_id: UUID) -> list[PhaseBranch]:
        found = await off_loop(branches, intrigue(info).history, campaign_id)
        return [PhaseBranch.of(b) for b in found]

    @strawberry.field(description="What `rollBackPhase` to this phase would undo, as it stands now (GM only).")
    async def rollback_preview(self, info: Info, campaign_id: UUID, phase: int) -> RollbackPreview:
        app = intrigue(info)
        return RollbackPreview.of(await off_loop(rollback_plan, app.history, app.audit, campaign_id, phase))
