"""GraphQL for each seat's phase report: what its faction or house did and suffered in a resolved phase."""

from __future__ import annotations

from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.seats import Seat
from service.entrypoints.graphql.context import intrigue, off_loop
from service.entrypoints.graphql.enums import MemberKind
from service.entrypoints.graphql.gameofbones_types import WeekOfMonth
from service.entrypoints.graphql.guards import seat
from service.entrypoints.graphql.types import uuid_or_none
from service.usecases import phase_report as r


@strawberry.type(description="A bonus or penalty added to a roll, with where it came from.")
class RollModifier:
    source: str
    value: int


@strawberry.type(description="One use of dice: the expression, every face, the modifiers, and the rule it decided.")
class Roll:
    expression: str
    faces: list[int]
    modifiers: list[RollModifier]
    base: int
    total: int
    purpose: str
    rule: str
    actor: str = strawberry.field(description="A faction's id, or the house character who rolled.")

    @classmethod
    def of(cls, roll: r.ReportRoll) -> Roll:
        return cls(expression=roll.expression, faces=roll.faces,
                   modifiers=[RollModifier(source=m.source, value=m.value) for m in roll.modifiers], base=roll.base,
                   total=roll.total, purpose=roll.purpose, rule=roll.rule, actor=roll.actor)  # fmt: skip


def _rolls(rolls: list[r.ReportRoll]) -> list[Roll]:
    return [Roll.of(x) for x in rolls]


@strawberry.type(description="An order of the phase and what came of it.")
class ReportOrder:
    action: str
    actor: str | None = strawberry.field(description="The house character who acts; null for a faction.")
    target_id: UUID | None = strawberry.field(description="The house its order targets; null for a faction.")
    outcome: str | None = strawberry.field(description="Null while an action runs on into a later phase.")
    week: int | None = strawberry.field(description="A house's: the week it resolves (or resolved), counted from "
                                        "the campaign's start; null for a faction.")  # fmt: skip
    rolls: list[Roll] = strawberry.field(description="The seat's own rolls for it.")

    @strawberry.field(description="`week` as the month and the week within it.")
    def when(self) -> WeekOfMonth | None:
        return _month_week(self.week)


@strawberry.type(description="Damage taken or dealt: an asset's HP, a faction's HP, or a house's influence.")
class ReportDamage:
    member_id: UUID = strawberry.field(description="The faction or house that took it.")
    asset_id: UUID | None
    amount: int
    member_damage: int = strawberry.field(description="Faction HP lost with a Base of Influence; influence lost.")
    hp_left: int | None
    by_member_id: UUID | None = strawberry.field(description="Who dealt it; null where the rules keep it hidden.")
    reason: str
    rolls: list[Roll]


@strawberry.type(description="FacGold or gold gained (positive) or paid (negative), and why.")
class ReportMoney:
    amount: int
    reason: str


@strawberry.type(description="One fact its knowledge holds; the rest of the entry's fields.")
class ReportDetail:
    key: str
    value: str


@strawberry.type(description="Something the house learned: a plot, an attack on it, a rival's strength.")
class ReportLearned:
    kind: str
    action: str | None
    week: int | None = strawberry.field(description="The week it was learned (of an attack: the week it struck).")
    expected_week: int | None = strawberry.field(description="A discovered plot's: the week it is due to resolve.")
    aggressor_id: UUID | None = strawberry.field(description="Null when the author is not known to the house.")
    target_id: UUID | None
    area_ids: list[UUID]
    result: str | None
    details: list[ReportDetail]

    @strawberry.field(description="`week` as the month and the week within it.")
    def when(self) -> WeekOfMonth | None:
        return _month_week(self.week)

    @strawberry.field(description="`expectedWeek` as the month and the week within it.")
    def expected(self) -> WeekOfMonth | None:
        return _month_week(self.expected_week)


def _month_week(week: int | None) -> WeekOfMonth | None:
    return None if week is None else WeekOfMonth.of(week)


@strawberry.type(description="What a faction or house did and suffered in one resolved phase, as its seat may know.")
class PhaseReport:
    campaign_id: UUID
    phase: int
    member_id: UUID
    kind: MemberKind
    initiative: int | None = strawberry.field(description="Its place in the Faction Turn's order, from 1.")
    orders: list[ReportOrder]
    rolls: list[Roll] = strawberry.field(description="Every roll of its own in the phase.")
    damage_taken: list[ReportDamage]
    damage_dealt: list[ReportDamage]
    learned: list[ReportLearned]
    ledger: list[ReportMoney]
    income: int = strawberry.field(description="Everything gained in the phase.")
    costs: int = strawberry.field(description="Everything paid in the phase.")

    @classmethod
    def of(cls, p: r.PhaseReport) -> PhaseReport:
        return cls(
            campaign_id=p.campaign_id, phase=p.phase, member_id=p.member_id, kind=MemberKind(p.kind),
            initiative=p.initiative,
            orders=[ReportOrder(action=o.action, actor=o.actor, target_id=uuid_or_none(o.target_id),
                                outcome=o.outcome, week=o.week, rolls=_rolls(o.rolls)) for o in p.orders],
            rolls=_rolls(p.rolls), damage_taken=[_damage(d) for d in p.damage_taken],
            damage_dealt=[_damage(d) for d in p.damage_dealt],
            learned=[ReportLearned(kind=k.kind, action=k.action, week=k.week, expected_week=k.expected_week,
                                   aggressor_id=uuid_or_none(k.aggressor_id), target_id=uuid_or_none(k.target_id),
                                   area_ids=[UUID(a) for a in k.area_ids],
                                   result=k.result, details=[ReportDetail(key=a, value=b) for a, b in k.details])
                     for k in p.learned],
            ledger=[ReportMoney(amount=m.amount, reason=m.reason) for m in p.ledger], income=p.income, costs=p.costs,
        )  # fmt: skip


def _damage(d: r.Damage) -> ReportDamage:
    return ReportDamage(member_id=UUID(d.member_id), asset_id=uuid_or_none(d.asset_id), amount=d.amount,
                        member_damage=d.member_damage, hp_left=d.hp_left, by_member_id=uuid_or_none(d.by_member_id),
                        reason=d.reason,
                        rolls=_rolls(d.rolls))  # fmt: skip


async def read_report(info: Info, campaign_id: UUID, phase: int, member_id: UUID | None) -> PhaseReport:
    found = await off_loop(intrigue(info).phase_reports.report, campaign_id, phase, seat(info), member_id)
    return PhaseReport.of(found)


async def own_report(info: Info, campaign_id: UUID, phase: int, listener: Seat | None) -> PhaseReport | None:
    """A player seat's own report, for the `phaseResults` subscription; None for a seat with no member."""
    if listener is None or (listener.faction_id or listener.house_id) is None:
        return None
    return PhaseReport.of(await off_loop(intrigue(info).phase_reports.report, campaign_id, phase, listener))


@strawberry.type
class PhaseReportQuery:
    @strawberry.field(description="What the caller's faction or house did and suffered in a resolved phase: its "
                      "orders and their outcomes, its rolls, damage taken and dealt, what it learned, income and "
                      "costs. "
                      "The GM passes `factionId` or `houseId` to read any seat's.")  # fmt: skip
    async def phase_report(self, info: Info, campaign_id: UUID, phase: int, faction_id: UUID | None = None,
                           house_id: UUID | None = None) -> PhaseReport:  # fmt: skip
        return await read_report(info, campaign_id, phase, faction_id or house_id)
