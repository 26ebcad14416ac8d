"""Withdrawing and amending a house's order while its month is open: everything dedicated comes back."""

from __future__ import annotations

import pytest

from domain.errors import NotFoundError, RuleViolationError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from tests.domain.gameofbones.bones_world import World, house, person


def rank_six() -> tuple[World, House, House]:
    world = World()
    a = house("Baenre", influence=40_000, power=6_000, lieutenants=[person("Dab", 9), person("Vendes", 9)])
    b = house("Xorlarrin", influence=2_000, power=2_000)
    return world.add(a, b), a, b


def standing(h: House) -> tuple[int, int, int, int, int]:
    return h.influence, h.power, h.gold, h.available_influence(1), h.available_power


def test_a_withdrawn_order_gives_back_its_dedicated_influence_power_and_gold_exactly() -> None:
    world, a, _ = rank_six()
    before = standing(a)
    petition = world.order(a, Order(A.DIVINE_PETITION, "Baenre Matron"))
    assert standing(a) != before and petition.gold > 0 and petition.dedicated_influence > 0
    a.withdraw_action(petition.id, 1, "changed her mind")
    assert standing(a) == before
    assert a.pending == {}
    assert type(a.pending_events[-1]).__name__ == "ActionWithdrawn"


def test_withdrawing_the_first_order_moves_the_second_up_to_the_first_action_bonus() -> None:
    world, a, b = rank_six()
    first = world.order(a, Order(A.DIVINE_PETITION, "Baenre Matron"))
    second = world.order(a, Order(A.SMEAR_CAMPAIGN, "Dab", str(b.id)))
    a.withdraw_action(first.id, 1, "withdrawn")
    moved = a.pending[second.id]
    assert (moved.ordinal, moved.bonus) == (1, first.bonus)
    third = world.order(a, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Vendes"))
    assert third.ordinal == 2 and third.id not in (first.id, second.id)


def test_an_amended_order_is_a_withdrawal_and_a_new_order_and_reuses_no_id() -> None:
    world, a, b = rank_six()
    smear = world.order(a, Order(A.SMEAR_CAMPAIGN, "Baenre Matron", str(b.id)))
    a.withdraw_action(smear.id, 1, "amended")
    again = world.order(a, Order(A.SMEAR_CAMPAIGN, "Dab", str(b.id)))
    assert again.ordinal == 1 and again.id != smear.id and list(a.pending) == [again.id]


def test_an_order_of_an_earlier_phase_or_one_a_cover_up_covers_cannot_be_withdrawn() -> None:
    world, a, b = rank_six()
    smear = world.order(a, Order(A.SMEAR_CAMPAIGN, "Baenre Matron", str(b.id)))
    world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=smear.id))
    recorded = world.recorded()
    with pytest.raises(RuleViolationError, match="withdraw the Cover Up first"):
        a.withdraw_action(smear.id, 1, "no")
    with pytest.raises(RuleViolationError, match="only an order of the open phase"):
        a.withdraw_action(smear.id, 2, "no")
    with pytest.raises(NotFoundError):
        a.withdraw_action("no-such-action", 1, "no")
    assert world.recorded() == recorded
