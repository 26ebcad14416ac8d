"""GraphQL for the GM's assistant (issue 19): GM-run powers and their temperaments, drafted orders with their
reasons and odds, accepting (as drafted or edited) and rejecting them, and a downtime of assistant play.

Every field takes `campaignId` and is the GM's (guards.POLICY); the GM's seat id and reason go on the events.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.assistant import Choice, FactionDraft, HouseDraft
from domain.enums import DraftDecision, MemberKind, Temperament
from domain.factionturn.face import action_name
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.factionturn.order_inputs import FactionOrdersInput
from service.entrypoints.graphql.gameofbones.inputs import HouseOrderInput
from service.usecases.assistant import Downtime, Power
from service.usecases.interventions import By

Reason = Annotated[str, strawberry.argument(description="Why the GM does it, kept on the event.")]
Campaign = Annotated[
    UUID, strawberry.argument(description="The campaign whose GM-run powers are meant (its GM token is needed).")
]
Member = Annotated[UUID, strawberry.argument(description="The faction or house.")]


@strawberry.type(name="DraftChoice", description="One choice the assistant weighed: what, why, and its odds.")
class DraftChoice:
    summary: str = strawberry.field(description="What would be done, in plain words.")
    reasons: list[str] = strawberry.field(description="Why: the goal and the temperament it serves.")
    odds: list[str] = strawberry.field(description="Its exact odds, in plain words (empty when no die decides).")
    score: float = strawberry.field(description="How the assistant weighed it; higher is better.")
    line: str = strawberry.field(description="Reasons, choice and odds as one sentence for the GM.")

    @classmethod
    def of(cls, choice: Choice) -> DraftChoice:
        return cls(
            summary=choice.summary,
            reasons=list(choice.reasons),
            odds=list(choice.odds),
            score=round(choice.score, 3),
            line=choice.line(),
        )


@strawberry.type(description="The assistant's draft for one GM-run faction or house, for the open phase.")
class DraftedOrders:
    member_id: UUID = strawberry.field(description="The faction or house drafted for.")
    kind: MemberKind = strawberry.field(description="Whether it is a faction or a house.")
    temperament: Temperament = strawberry.field(description="The temperament its choices were weighed by.")
    drafted_actions: list[str] = strawberry.field(description="The actions drafted, by name, in the order given.")
    chosen: list[DraftChoice] = strawberry.field(description="Each choice drafted, with reasons and odds.")
    passed_over: list[DraftChoice] = strawberry.field(description="The best choices it did not draft.")

    @classmethod
    def of(cls, draft: FactionDraft | HouseDraft) -> DraftedOrders:
        if isinstance(draft, FactionDraft):
            member, kind = draft.faction_id, MemberKind.FACTION
            actions = [action_name(draft.orders.action)] if draft.orders.action is not None else []
        else:
            member, kind = draft.house_id, MemberKind.HOUSE
            actions = [o.action.value for o in draft.orders]
        chosen = [DraftChoice.of(c) for c in draft.chosen]
        passed = [DraftChoice.of(c) for c in draft.passed_over]
        return cls(
            member_id=UUID(member),
            kind=kind,
            temperament=Temperament(draft.temperament),
            drafted_actions=actions,
            chosen=chosen,
            passed_over=passed,
        )


@strawberry.type(description="A faction or house the GM runs, and the temperament the assistant weighs it by.")
class GmRunPower:
    member_id: UUID = strawberry.field(description="The faction or house.")
    kind: MemberKind = strawberry.field(description="Whether it is a faction or a house.")
    name: str = strawberry.field(description="The faction's or house's name as the campaign shows it.")
    temperament: Temperament = strawberry.field(description="Its temperament: the GM's, else derived.")
    set_by_gm: bool = strawberry.field(description="True when the GM set the temperament; false when derived.")

    @classmethod
    def of(cls, power: Power) -> GmRunPower:
        return cls(
            member_id=UUID(power.member_id),
            kind=MemberKind(power.kind),
            name=power.name,
            temperament=power.temperament,
            set_by_gm=power.set_by_gm,
        )


@strawberry.type(description="A downtime the assistant played: one rollback to its first phase undoes it all.")
class DowntimePlayed:
    first_phase: int = strawberry.field(description="The first phase it played.")
    phases: int = strawberry.field(description="How many phases it played.")
    rollback_phase: int = strawberry.field(description="Roll back to this phase (rollBackPhase) to undo it all.")
    drafts_given: int = strawberry.field(description="How many drafts it gave as orders.")

    @classmethod
    def of(cls, downtime: Downtime) -> DowntimePlayed:
        return cls(
            first_phase=downtime.first_phase,
            phases=downtime.phases,
            rollback_phase=downtime.rollback_phase,
            drafts_given=downtime.drafts,
        )


def _by(info: Info, campaign_id: UUID, reason: str) -> By:
    found = seat(info)
    return By(campaign_id, str(found.id) if found else "", reason)


@strawberry.type
class AssistantQuery:
    @strawberry.field(description="The GM's: the powers the GM runs, each with its temperament.")
    async def gm_run_powers(self, info: Info, campaign_id: Campaign) -> list[GmRunPower]:
        return [GmRunPower.of(p) for p in await off_loop(intrigue(info).assistant.powers, campaign_id)]

    @strawberry.field(
        description="The GM's: orders drafted for the open phase for GM-run powers (all by "
        "default), each choice with its reasons and exact odds; nothing is given until "
        "accepted."
    )
    async def draft_orders(
        self,
        info: Info,
        campaign_id: Campaign,
        member_ids: Annotated[
            list[UUID] | None, strawberry.argument(description="The GM-run powers to draft for; default every one.")
        ] = None,
    ) -> list[DraftedOrders]:
        drafts = await off_loop(intrigue(info).assistant.drafts, campaign_id, member_ids)
        return [DraftedOrders.of(d) for d in drafts]


@strawberry.type
class AssistantMutation:
    @strawberry.mutation(description="Mark a faction or house as run by the GM (or no longer), with a temperament.")
    async def mark_gm_run(
        self,
        info: Info,
        campaign_id: Campaign,
        member_id: Member,
        gm_run: Annotated[bool, strawberry.argument(description="True: the GM runs it.")],
        reason: Reason,
        temperament: Annotated[
            Temperament | None, strawberry.argument(description="The GM's temperament for it; null to derive it.")
        ] = None,
    ) -> list[GmRunPower]:
        app = intrigue(info)
        await off_loop(
            app.assistant.mark_gm_run,
            _by(info, campaign_id, reason),
            member_id,
            gm_run,
            temperament.value if temperament else "",
        )
        return [GmRunPower.of(p) for p in await off_loop(app.assistant.powers, campaign_id)]

    @strawberry.mutation(
        description="Give every GM-run power's draft as its orders; recorded as drafted by the "
        "assistant and accepted by the GM."
    )
    async def accept_all_drafts(self, info: Info, campaign_id: Campaign, reason: Reason) -> list[UUID]:
        accepted = await off_loop(intrigue(info).assistant.accept_all, _by(info, campaign_id, reason))
        return [UUID(m) for m in accepted]

    @strawberry.mutation(
        description="Give one power's draft as its orders, or the GM's edit of it (a faction's "
        "orders, or a house's list of orders); the decision is recorded."
    )
    async def accept_draft(
        self,
        info: Info,
        campaign_id: Campaign,
        member_id: Member,
        reason: Reason,
        faction_orders: Annotated[
            FactionOrdersInput | None,
            strawberry.argument(description="A faction's edited draft; null to accept it as drafted."),
        ] = None,
        house_orders: Annotated[
            list[HouseOrderInput] | None,
            strawberry.argument(description="A house's edited draft; null to accept it as drafted."),
        ] = None,
    ) -> DraftDecision:
        edited = (
            faction_orders.to_dict()
            if faction_orders is not None
            else ([o.to_order() for o in house_orders] if house_orders is not None else None)
        )
        decided = await off_loop(intrigue(info).assistant.accept, _by(info, campaign_id, reason), member_id, edited)
        return DraftDecision(decided)

    @strawberry.mutation(description="Reject a power's draft: nothing is ordered; the rejection is recorded.")
    async def reject_draft(self, info: Info, campaign_id: Campaign, member_id: Member, reason: Reason) -> DraftDecision:
        await off_loop(intrigue(info).assistant.reject, _by(info, campaign_id, reason), member_id)
        return DraftDecision.REJECTED

    @strawberry.mutation(
        description="Let the assistant play every GM-run power for some phases (open, draft, "
        "accept, resolve); one rollback to its first phase undoes it all."
    )
    async def play_downtime(
        self,
        info: Info,
        campaign_id: Campaign,
        phases: Annotated[int, strawberry.argument(description="How many phases, 1-24.")],
        reason: Reason,
    ) -> DowntimePlayed:
        played = await off_loop(intrigue(info).assistant.play_downtime, _by(info, campaign_id, reason), phases)
        return DowntimePlayed.of(played)
