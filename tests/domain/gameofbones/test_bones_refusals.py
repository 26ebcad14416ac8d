"""Seed 000 orders: checked whole when given, and a month that resolves even when one can no longer be carried out."""

from __future__ import annotations

import pytest

from domain.errors import InvalidInputError, RuleViolationError
from domain.gameofbones.rules.order_checks import ENTRY_GATE_RULE
from domain.gameofbones.rules.ordering import Order, plan_open_move
from domain.gameofbones.tables.actions import ActionName as A
from tests.domain.gameofbones.bones_world import court, house, person


def test_a_cover_up_of_an_action_the_gm_settled_fails_alone_and_the_month_resolves() -> None:
    world, a, b = court()
    a.update_character(person("Dab", 9, dip=20))
    smear = world.order(a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)))
    cover = world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=smear.id))
    a.settle_action(smear.id, "foiled", "gm", "the PCs stopped the smear")  # the state changes after the order
    report = world.month([4])  # Dab 4+20+1 = 25 against DC 25: the cover-up succeeds, but covers nothing now
    [outcome] = report.outcomes
    assert (outcome.action, outcome.action_id, outcome.succeeded) == ("Cover Up", cover.id, False)
    assert outcome.result.startswith("could not be carried out:") and smear.id in outcome.result
    resolved = [e for e in a.collect_events() if type(e).__name__ == "ActionResolved"]
    assert [(e.action_id, e.result) for e in resolved] == [(cover.id, outcome.result)]  # type: ignore[attr-defined]
    assert [r.total for r in outcome.rolls] == [25]  # the rolls it made are kept


@pytest.mark.parametrize(
    ("order", "field"),
    [
        (Order(A.SMEAR_CAMPAIGN, "Yvonnel", "B", target_character="Zeerith"), "order.target_character"),
        (Order(A.INTELLIGENCE_GATHERING, "Yvonnel", power=500), "order.power"),
        (Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Yvonnel", area_ids=("x",)), "order.area_ids"),
    ],
)
def test_a_house_order_naming_what_its_action_does_not_read_is_refused(order: Order, field: str) -> None:
    world, a, b = court()
    a.collect_events()
    if order.target_house_id:
        order = Order(order.action, order.actor, str(b.id), order.target_character, order.area_ids, order.power)
    with pytest.raises(InvalidInputError, match=field):
        world.order(a, order)
    assert a.collect_events() == []  # nothing written


def test_a_house_that_has_not_entered_the_game_cannot_order_a_game_action() -> None:
    # Seed 000, Other Organizations: "If a group can muster the influence and power (… at least 1,000) they are
    # able to enter the Game." 999 power has not mustered it.
    world, _, b = court()
    upstart = house("Upstart", power=999)
    world.add(upstart)
    bazaar = world.area("Bazaar", controller=b, troops={str(b.id): 3_000})
    upstart.collect_events()
    with pytest.raises(RuleViolationError, match="has not entered the Game") as refused:
        world.order(upstart, Order(A.ASSAULT, "Upstart Matron", str(b.id), area_ids=(bazaar,), power=999))
    assert (refused.value.rule, upstart.collect_events()) == (ENTRY_GATE_RULE, [])


def test_a_house_that_entered_and_fell_below_1000_still_acts_once_at_plus_0() -> None:
    world, _, b = court()
    fallen = house("Fallen", power=1_000)
    fallen.change_power(-500, "an assault lost")
    world.add(fallen)
    bazaar = world.area("Bazaar", controller=b)
    pending = world.order(fallen, Order(A.ASSAULT, "Fallen Matron", str(b.id), area_ids=(bazaar,), power=500))
    assert (fallen.entered_game, fallen.rank, pending.bonus) == (True, 0, 0)


def test_moving_troops_openly_is_not_a_game_action_and_needs_no_entry() -> None:
    world, _, _ = court()
    upstart = house("Upstart", power=999)
    world.add(upstart)
    barracks = world.area("Barracks", troops={str(upstart.id): 999})
    palace = world.area("Palace")
    move = plan_open_move(upstart, world.areas[barracks], world.areas[palace], 999, phase=1)
    upstart.order_action(move)
    assert list(upstart.pending) == [move.id]
