"""GraphQL for each seat's phase report (what its faction or house did and suffered in a resolved phase) and each
seat's phase summary (the reports, the GM's turn summaries and the public chronicle, as far as its seat class may
hear: service/usecases/visibility/live.py `summary_scope`)."""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.enums import MemberKind, SummaryScope
from domain.seats import Seat
from service.entrypoints.graphql.campaign.types import uuid_or_none
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.entrypoints.graphql.core.guards import seat
from service.entrypoints.graphql.core.records import ReportDetail, Roll, WeekOfMonth, month_week
from service.entrypoints.graphql.gm.chronicle import Gossip, TurnSummary, gossip_of, summaries_of
from service.usecases import phase_report_records as r
from service.usecases import phase_reports as rs


def _rolls(rolls: list[r.ReportRoll]) -> list[Roll]:
    return [Roll.of(x) for x in rolls]


@strawberry.type(description="An order of the phase and what came of it.")
class ReportOrder:
    action: str = strawberry.field(
        description="The action ordered, by the name the rules give it (or a GM-made action's name)."
    )
    actor: str | None = strawberry.field(description="The house character who acts; null for a faction.")
    target_id: UUID | None = strawberry.field(description="The house its order targets; null for a faction.")
    outcome: str | None = strawberry.field(
        description="What came of it, as the resolution wrote it; null while an action runs on into a later phase."
    )
    week: int | None = strawberry.field(
        description="A house's: the week it resolves (or resolved), counted from "
        "the campaign's start; null for a faction."
    )
    rolls: list[Roll] = strawberry.field(description="The seat's own rolls for it.")

    @strawberry.field(description="`week` as the month and the week within it.")
    def when(self) -> WeekOfMonth | None:
        return month_week(self.week)


@strawberry.type(description="Damage taken or dealt: an asset's HP, a faction's HP, or a house's influence.")
class ReportDamage:
    member_id: UUID = strawberry.field(description="The faction or house that took it.")
    asset_id: UUID | None = strawberry.field(description="The asset hit; null when the faction or house itself was.")
    amount: int = strawberry.field(
        description="How much damage: HP lost by an asset, or by the faction itself; a house's influence lost."
    )
    member_damage: int = strawberry.field(description="Faction HP lost with a Base of Influence; influence lost.")
    hp_left: int | None = strawberry.field(description="HP left afterwards; null where hidden.")
    by_member_id: UUID | None = strawberry.field(description="Who dealt it; null where the rules keep it hidden.")
    reason: str = strawberry.field(
        description="What dealt it, in words (an attack, a counterattack, an asset spending itself…)."
    )
    rolls: list[Roll] = strawberry.field(description="The seat's own rolls for it.")


@strawberry.type(description="FacGold or gold gained (positive) or paid (negative), and why.")
class ReportMoney:
    amount: int = strawberry.field(description="FacGold or gp gained (positive) or paid (negative).")
    reason: str = strawberry.field(
        description="What the gain or cost was for, in words (income, maintenance, bought Thugs…)."
    )


@strawberry.type(description="Something the house learned: a plot, an attack on it, a rival's strength.")
class ReportLearned:
    kind: str = strawberry.field(description="What kind of knowledge: a plot, an attack, a strength.")
    action: str | None = strawberry.field(description="The action it concerns, if any.")
    week: int | None = strawberry.field(description="The week it was learned (of an attack: the week it struck).")
    expected_week: int | None = strawberry.field(description="A discovered plot's: the week it is due to resolve.")
    aggressor_id: UUID | None = strawberry.field(
        description="The id of the house that made the attack or plot; null when the author is not known to the house."
    )
    target_id: UUID | None = strawberry.field(description="Its target, if any.")
    area_ids: list[UUID] = strawberry.field(description="The areas it concerns.")
    result: str | None = strawberry.field(description="What came of it, if known.")
    details: list[ReportDetail] = strawberry.field(
        description="The rest of what was learned, as key and value pairs (numbers as text)."
    )

    @strawberry.field(description="`week` as the month and the week within it.")
    def when(self) -> WeekOfMonth | None:
        return month_week(self.week)

    @strawberry.field(description="`expectedWeek` as the month and the week within it.")
    def expected(self) -> WeekOfMonth | None:
        return month_week(self.expected_week)


@strawberry.type(description="What a faction or house did and suffered in one resolved phase, as its seat may know.")
class PhaseReport:
    campaign_id: UUID = strawberry.field(description="The id of the campaign it belongs to (`Campaign.id`).")
    phase: int = strawberry.field(description="The resolved phase the report tells, counted from 1.")
    member_id: UUID = strawberry.field(description="The faction or house it reports on.")
    kind: MemberKind = strawberry.field(description="Whether the report is a FACTION's or a HOUSE's.")
    initiative: int | None = strawberry.field(description="Its place in the Faction Turn's order, from 1.")
    orders: list[ReportOrder] = strawberry.field(description="Its orders and what came of them.")
    rolls: list[Roll] = strawberry.field(description="Every roll of its own in the phase.")
    damage_taken: list[ReportDamage] = strawberry.field(
        description="Each hit its faction, assets or house took in the phase, with who dealt it where known."
    )
    damage_dealt: list[ReportDamage] = strawberry.field(
        description="Each hit its assets dealt to a rival's in the phase (Faction Turn)."
    )
    learned: list[ReportLearned] = strawberry.field(
        description="What its house learned in the phase: plots found, attacks suffered, rivals assessed."
    )
    ledger: list[ReportMoney] = strawberry.field(
        description="Every gain (positive) and payment (negative) of the phase, in the member's money."
    )
    income: int = strawberry.field(description="Everything gained in the phase.")
    costs: int = strawberry.field(description="Everything paid in the phase.")

    @classmethod
    def of(cls, p: r.PhaseReport) -> PhaseReport:
        return cls(
            campaign_id=p.campaign_id,
            phase=p.phase,
            member_id=p.member_id,
            kind=MemberKind(p.kind),
            initiative=p.initiative,
            orders=[
                ReportOrder(
                    action=o.action,
                    actor=o.actor,
                    target_id=uuid_or_none(o.target_id),
                    outcome=o.outcome,
                    week=o.week,
                    rolls=_rolls(o.rolls),
                )
                for o in p.orders
            ],
            rolls=_rolls(p.rolls),
            damage_taken=[_damage(d) for d in p.damage_taken],
            damage_dealt=[_damage(d) for d in p.damage_dealt],
            learned=[
                ReportLearned(
                    kind=k.kind,
                    action=k.action,
                    week=k.week,
                    expected_week=k.expected_week,
                    aggressor_id=uuid_or_none(k.aggressor_id),
                    target_id=uuid_or_none(k.target_id),
                    area_ids=[UUID(a) for a in k.area_ids],
                    result=k.result,
                    details=[ReportDetail(key=a, value=b) for a, b in k.details],
                )
                for k in p.learned
            ],
            ledger=[ReportMoney(amount=m.amount, reason=m.reason) for m in p.ledger],
            income=p.income,
            costs=p.costs,
        )


def _damage(d: r.Damage) -> ReportDamage:
    return ReportDamage(
        member_id=UUID(d.member_id),
        asset_id=uuid_or_none(d.asset_id),
        amount=d.amount,
        member_damage=d.member_damage,
        hp_left=d.hp_left,
        by_member_id=uuid_or_none(d.by_member_id),
        reason=d.reason,
        rolls=_rolls(d.rolls),
    )


async def read_report(info: Info, campaign_id: UUID, phase: int, member_id: UUID | None) -> PhaseReport:
    found = await off_loop(intrigue(info).phase_reports.report, campaign_id, phase, seat(info), member_id)
    return PhaseReport.of(found)


async def own_report(info: Info, campaign_id: UUID, phase: int, listener: Seat | None) -> PhaseReport | None:
    """A player seat's own report, for the `phaseResults` subscription; None for a seat with no member."""
    if listener is None or (listener.faction_id or listener.house_id) is None:
        return None
    return PhaseReport.of(await off_loop(intrigue(info).phase_reports.report, campaign_id, phase, listener))


@strawberry.type(
    description="A resolved phase as the asking seat may hear it (`phaseSummary`, and `summary` on "
    "each `phaseResults` result): `scope` says how much that is."
)
class PhaseSummary:
    campaign_id: UUID = strawberry.field(description="The campaign the phase belongs to.")
    phase: int = strawberry.field(description="The resolved phase, counted from 1.")
    scope: SummaryScope = strawberry.field(
        description="How much of the phase this seat hears: GM (every report and "
        "the turn summaries), PLAYER (its own report) or OBSERVER (the public "
        "chronicle only)."
    )
    reports: list[PhaseReport] = strawberry.field(
        description="The phase reports this seat may read: the GM every "
        "faction's and house's (factions first), a player its own "
        "member's, an observer none (an empty list)."
    )
    gossip: list[Gossip] = strawberry.field(
        description="The phase's public chronicle, as the GM has published it, "
        "which every seat hears alike; empty until the GM publishes it "
        "(`publishChronicle`)."
    )
    turn_summaries: list[TurnSummary] = strawberry.field(
        description="The GM's own summaries of each turn, secrets "
        "included: the GM's seat only; an empty list for every "
        "other seat."
    )

    @classmethod
    def of(cls, s: rs.PhaseSummary) -> PhaseSummary:
        reports = [PhaseReport.of(p) for p in s.reports]
        return cls(
            campaign_id=s.campaign_id,
            phase=s.phase,
            scope=s.scope,
            reports=reports,
            gossip=gossip_of(s.gossip),
            turn_summaries=summaries_of(s.gm_notes),
        )


async def read_summary(info: Info, campaign_id: UUID, phase: int, listener: Seat | None) -> PhaseSummary:
    return PhaseSummary.of(await off_loop(intrigue(info).phase_reports.summary, campaign_id, phase, listener))


@strawberry.type
class PhaseReportQuery:
    @strawberry.field(
        description="What the caller's faction or house did and suffered in a resolved phase: its "
        "orders and their outcomes, its rolls, damage taken and dealt, what it learned, income and "
        "costs. "
        "The GM passes `factionId` or `houseId` to read any seat's."
    )
    async def phase_report(
        self, info: Info, campaign_id: UUID, phase: int, faction_id: UUID | None = None, house_id: UUID | None = None
    ) -> PhaseReport:
        return await read_report(info, campaign_id, phase, faction_id or house_id)

    @strawberry.field(
        description="A resolved phase as the caller's seat may hear it, the same summary "
        "`phaseResults` carries: the GM every member's report and the turn summaries, a player its "
        "own report, an observer the public chronicle only. Refused FORBIDDEN without a seat of the "
        "campaign, NOT_FOUND for a phase not resolved."
    )
    async def phase_summary(self, info: Info, campaign_id: UUID, phase: int) -> PhaseSummary:
        return await read_summary(info, campaign_id, phase, seat(info))
