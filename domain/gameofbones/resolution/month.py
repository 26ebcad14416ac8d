"""Seed 000, "Playing the Game of Bones": one month-long phase of four weeks, resolved in week order."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain.dice import Dice, Roll
from domain.errors import DomainError, NotFoundError, RuleViolationError
from domain.gameofbones.resolution.ledger import Ledger, apply_changes, apply_outcome
from domain.gameofbones.rules import effects as fx
from domain.gameofbones.rules.covert import (
    resolve_assassination,
    resolve_counterintelligence,
    resolve_cover_up,
    resolve_force_assessment,
    resolve_intelligence_gathering,
)
from domain.gameofbones.rules.custom import is_custom, resolve_custom
from domain.gameofbones.rules.effects import ActionCovered, Change
from domain.gameofbones.rules.force import (
    resolve_assault,
    resolve_troop_movements,
    resolve_vandalism,
    resolve_wrest_control,
)
from domain.gameofbones.rules.intrigue import (
    check_spy,
    resolve_divine_petition,
    resolve_extortion,
    resolve_frame_up,
    resolve_poison_pill,
    resolve_public_relations_campaign,
    resolve_smear_campaign,
)
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ActionName
from domain.gameofbones.tables.records import WEEKS_PER_MONTH, PendingAction, absolute_week

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House
    from domain.gameofbones.aggregate.intel import HouseIntel
    from domain.region import Region

Intel = Mapping[str, "HouseIntel"]  # the houses' intel by house id
MONTH_RULE = "seed 000, Playing the Game of Bones"
ORDER_RULE = "seed 000, Taking Action"
Resolver = Callable[[Scene, Dice], Outcome]
A = ActionName
RESOLVERS: dict[ActionName, Resolver] = {
    A.ASSASSINATION: resolve_assassination,
    A.ASSAULT: resolve_assault,
    A.COUNTERINTELLIGENCE: resolve_counterintelligence,
    A.COVER_UP: resolve_cover_up,
    A.DIVINE_PETITION: resolve_divine_petition,
    A.EXTORTION: resolve_extortion,
    A.FORCE_ASSESSMENT: resolve_force_assessment,
    A.FRAME_UP: resolve_frame_up,
    A.INTELLIGENCE_GATHERING: resolve_intelligence_gathering,
    A.POISON_PILL: resolve_poison_pill,
    A.PUBLIC_RELATIONS_CAMPAIGN: resolve_public_relations_campaign,
    A.SMEAR_CAMPAIGN: resolve_smear_campaign,
    A.TROOP_MOVEMENTS: resolve_troop_movements,
    A.VANDALISM: resolve_vandalism,
    A.WREST_CONTROL: resolve_wrest_control,
}


@dataclass(frozen=True)
class MonthReport:
    """Everything a phase decided, in order; `summary()` is the GM-side record for `Campaign.resolve_phase`.
    `changes`: every typed effect it records, in order, for `apply_month`."""

    phase: int
    outcomes: tuple[Outcome, ...]
    income: dict[str, int] = field(hash=False)
    destroyed: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()

    def summary(self) -> dict[str, Any]:
        return {
            "system": "gameofbones",
            "phase": self.phase,
            "outcomes": [o.summary() for o in self.outcomes],
            "income": dict(self.income),
            "destroyed": list(self.destroyed),
        }


def resolve_month(
    houses: Sequence[House], areas: Sequence[Region], phase: int, dice: Dice, intel: Intel | None = None
) -> MonthReport:
    """Resolve a phase on working copies of the houses, areas and intel (the ones given are left untouched;
    `apply_month` records the report on them), each change recorded on the copies as it lands.

    Week by week: the week's income accrues (damage honoured), then the actions due that week resolve in
    order, each seeing the results of those before it. At the month's end: income is paid, spies are
    checked, circumstances expire, and houses at Rank 1 with every leader dead are destroyed. `intel`: the houses'
    knowledge by house id (aggregate/intel.py); without it, knowledge is read from and written to the Houses.
    """
    return _month(Ledger.copy_of(houses, areas, intel), phase, dice)


def resolve_month_in_place(
    houses: Sequence[House], areas: Sequence[Region], phase: int, dice: Dice, intel: Intel | None = None
) -> MonthReport:
    """`resolve_month` on the aggregates given, each change recorded on them as it lands: no copy first, and no
    second application after (`apply_month`), for an owner that discards them if the month raises (the service's
    unit of work). The month never takes a change back: an order that cannot be carried out is refused before its
    outcome is recorded (`carry_out`), so the aggregates end as `apply_month` leaves them (issue 31, item 1)."""
    return _month(Ledger({str(h.id): h for h in houses}, {str(a.id): a for a in areas}, dict(intel or {})), phase, dice)


def _month(ledger: Ledger, phase: int, dice: Dice) -> MonthReport:
    outcomes: list[Outcome] = []
    earned: dict[str, dict[str, int]] = {hid: {} for hid in ledger.houses}
    booked = {hid: tuple(h.orders_in(phase)) for hid, h in ledger.houses.items()}
    for week in range(1, WEEKS_PER_MONTH + 1):
        now = absolute_week(phase, week)
        accrue_income(ledger, week, earned)
        for house, planned in due(ledger.houses, now, phase):
            pending = house.pending[planned.id]  # as it stands now: a Cover Up may just have covered it
            outcomes.append(carry_out(ledger, house, pending, now, dice, booked))
        release_finished(ledger, now)
    income = pay_income(ledger, phase, earned, outcomes)
    outcomes += check_spies(ledger, phase, dice)
    expire_circumstances(ledger, phase)
    destroyed = destroy_fallen(ledger)
    return MonthReport(phase, tuple(outcomes), income, destroyed, tuple(ledger.changes))


def apply_month(
    report: MonthReport, houses: Iterable[House], areas: Iterable[Region], intel: Intel | None = None
) -> None:
    """Record a resolved month on the aggregates the service loaded (the same state it was resolved from)."""
    apply_changes(report.changes, houses, areas, (intel or {}).values())


def due(houses: Mapping[str, House], week: int, phase: int) -> list[tuple[House, PendingAction]]:
    """Cover Ups first (they must land before what they hide), then by effective Rank, name and order."""
    found = [(h, p) for h in houses.values() for p in h.pending.values() if p.resolve_week == week and not p.resolved]
    return sorted(
        found,
        key=lambda hp: (hp[1].action != A.COVER_UP, -hp[0].effective_rank(phase), hp[0].name, hp[1].ordinal, hp[1].id),
    )


def resolve_pending(
    house: House,
    pending: PendingAction,
    week: int,
    houses: Mapping[str, House],
    areas: Mapping[str, Region],
    dice: Dice,
    booked: Mapping[str, tuple[PendingAction, ...]] | None = None,
    intel: Intel | None = None,
) -> Outcome:
    scene = Scene(house, pending, week, houses, areas, booked or {}, intel or {})
    if house.destroyed:
        return scene.outcome("the house has fallen", succeeded=False)
    if pending.counts_as_action and not house.character(pending.actor).active:
        return scene.outcome(f"{pending.actor} could not lead it", succeeded=False)
    target = pending.target_house_id
    if target is not None and (target not in houses or houses[target].destroyed):
        return scene.outcome("the target is gone", succeeded=False)
    if is_custom(pending):  # a GM-made action (docs/rules-notes/gm.md)
        return resolve_custom(scene, dice)
    return RESOLVERS[ActionName(pending.action)](scene, dice)


def carry_out(
    ledger: Ledger,
    house: House,
    pending: PendingAction,
    week: int,
    dice: Dice,
    booked: Mapping[str, tuple[PendingAction, ...]] | None = None,
) -> Outcome:
    """Resolve one pending action and record its outcome. An order that can no longer be carried out (the
    campaign changed since it was given: the action it covers was settled by the GM...) fails that action,
    the refusal and its rule recorded in the house's `ActionResolved`; it never fails the month."""
    houses, areas = ledger.houses, ledger.areas
    rolls: tuple[Roll, ...] = ()
    try:
        outcome = resolve_pending(house, pending, week, houses, areas, dice, booked, ledger.intel)
        rolls = outcome.rolls
        check_outcome(outcome, ledger)
    except DomainError as refused:
        rule = refused.message if isinstance(refused, RuleViolationError) else f"{refused.message} ({ORDER_RULE})"
        scene = Scene(house, pending, week, houses, areas)
        outcome = scene.outcome(f"could not be carried out: {rule}", rolls, succeeded=False)
    apply_outcome(outcome, ledger)
    return outcome


def check_outcome(outcome: Outcome, ledger: Ledger) -> None:
    """Refuse, before anything is recorded, an outcome that would be refused half-way: the houses, areas and
    pending actions its changes name must still be there (what a change takes away is clamped by the rules that
    made it: gold, influence, power, troops)."""
    _house(ledger.houses, outcome.house_id)
    for skim in outcome.skims:
        _area(ledger.areas, skim.area_id)
    for change in outcome.effects:
        target = ledger.target(change.target_id)
        if isinstance(change.effect, ActionCovered):
            _house(ledger.houses, str(target.id)).pending_action(change.effect.action_id)


def _house(houses: Mapping[str, House], house_id: str) -> House:
    if house_id not in houses:
        raise NotFoundError(f"no house {house_id} in this campaign")
    return houses[house_id]


def _area(areas: Mapping[str, Region], area_id: str) -> None:
    if area_id not in areas:
        raise NotFoundError(f"no area {area_id} in this campaign")


def release_finished(ledger: Ledger, week: int) -> None:
    for house in ledger.houses.values():
        for pending in list(house.pending.values()):
            if pending.resolved and pending.release_week <= week:
                released = fx.ActionReleased(pending.id, pending.dedicated_influence, pending.dedicated_power, week)
                ledger.record(house, released)


def accrue_income(ledger: Ledger, week: int, earned: dict[str, dict[str, int]]) -> None:
    """A quarter of each area's monthly income per week, at the share its damage allows."""
    for area_id, area in sorted(ledger.areas.items()):
        owner = ledger.houses.get(owner_id := area.controlling_house_id or "")  # its key: the house's id as text
        if owner is None or owner.destroyed:
            continue
        share = area.monthly_income * week // WEEKS_PER_MONTH - area.monthly_income * (week - 1) // WEEKS_PER_MONTH
        damage = owner.area_damage.get(area_id)
        percent = damage.income_percent() if damage else 100
        earned[owner_id][area_id] = earned[owner_id].get(area_id, 0) + share * percent // 100
        if damage is not None and damage.after_a_week() != damage:
            later = damage.after_a_week()
            ledger.record(
                owner, fx.AreaDamageSet(area_id, later.dark_weeks, later.half_weeks, later.repair_cost, "a week passed")
            )


def pay_income(
    ledger: Ledger, phase: int, earned: dict[str, dict[str, int]], outcomes: list[Outcome]
) -> dict[str, int]:
    """Seed 000, Extortion: the aggressor's share comes out of the defender's income for the month."""
    for skim in (s for o in outcomes for s in o.skims):
        taken = earned.get(skim.defender_id, {}).get(skim.area_id, 0) * skim.percent // 100
        if skim.defender_id in earned and skim.house_id in earned:
            earned[skim.defender_id][skim.area_id] -= taken
            key = f"extortion:{skim.area_id}"
            earned[skim.house_id][key] = earned[skim.house_id].get(key, 0) + taken
    paid: dict[str, int] = {}
    for hid, by_area in earned.items():
        if by_area and not ledger.houses[hid].destroyed:
            paid[hid] = sum(by_area.values())
            ledger.record(ledger.houses[hid], fx.IncomeReceived(phase, paid[hid], dict(by_area)))
    return paid


def check_spies(ledger: Ledger, phase: int, dice: Dice) -> list[Outcome]:
    outcomes = []
    week = absolute_week(phase, WEEKS_PER_MONTH)
    houses = ledger.houses
    for house in sorted(houses.values(), key=lambda h: h.name):
        for spy in list(house.spies.values()):
            target = houses.get(spy.target_house_id)
            if spy.planted_phase >= phase or target is None or target.destroyed or house.destroyed:
                continue
            outcome = check_spy(house, target, spy, phase, week, dice, ledger.intel)
            apply_outcome(outcome, ledger)
            outcomes.append(outcome)
    return outcomes


def expire_circumstances(ledger: Ledger, phase: int) -> None:
    """Circumstances lasting through this phase end; Wrest Control's then becomes a permanent loss."""
    for house in ledger.houses.values():
        for circumstance in list(house.circumstances):
            if circumstance.until_phase is not None and circumstance.until_phase <= phase:
                ledger.record(house, fx.CircumstanceEnded(circumstance.id, "expired"))
                if circumstance.then_influence:
                    loss = max(circumstance.then_influence, -house.influence)
                    ledger.record(house, fx.InfluenceChanged(loss, circumstance.source))


def destroy_fallen(ledger: Ledger) -> tuple[str, ...]:
    """Seed 000, Destroying an Enemy House: Rank 1 or less and the leader and every lieutenant dead."""
    fallen = []
    for hid, house in sorted(ledger.houses.items()):
        if house.destroyed or house.rank > 1 or any(c.status.value != "dead" for c in house.characters):
            continue
        for area in ledger.areas.values():
            if area.controlling_house_id == hid:
                ledger.record(area, fx.ControlChanged(None, "its house was destroyed"))
        ledger.record(house, fx.Destroyed("the Rank fell to 1 and every leader is dead"))
        fallen.append(hid)
    return tuple(fallen)
