"""Issue 17 item 4: what a house can do now. Every house action's preview agrees with `order_action`: allowed
exactly when ordering it is accepted, refused with the same message and rule."""

from __future__ import annotations

import copy

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.gameofbones.resolution.orders_given import order_action
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.rules.preview import HouseOption, preview_house
from domain.gameofbones.tables.actions import ActionName as A
from tests.domain.gameofbones.bones_world import World, court


def _scene() -> tuple[World, str, str]:
    """Baenre (rank 6) has a smear under way and troops in its own area; Xorlarrin controls a guarded bazaar."""
    world, a, b = court()
    world.area("Bazaar", controller=b, troops={str(b.id): 3_000})
    world.area("Keep", controller=a, troops={str(a.id): 2_000})
    world.order(a, Order(A.SMEAR_CAMPAIGN, "Yvonnel", str(b.id)))
    return world, str(a.id), str(b.id)


def _ordered(world: World, house_id: str, option: HouseOption) -> tuple[bool, str, str]:
    """What `order_action` answers, on a copy of the whole court so nothing is recorded on the real one."""
    houses, areas = copy.deepcopy((world.houses, world.areas))
    try:
        order_action(houses[house_id], option.order, phase=1, houses=houses, areas=areas)
    except RuleViolationError as refused:
        return False, refused.message, refused.rule
    except (InvalidInputError, NotFoundError) as wrong:
        return False, wrong.message, ""
    return True, "", ""


def test_the_preview_and_order_action_agree_on_every_house_action() -> None:
    world, a, _ = _scene()
    options = preview_house(world.houses[a], phase=1, houses=world.houses, areas=world.areas)
    assert {o.order.action for o in options} == set(A)
    for option in options:
        assert (option.allowed, option.reason, option.rule) == _ordered(world, a, option), option.order
    assert {o.allowed for o in options} == {True, False}
    assert all(o.order.actor == "Dab" for o in options)  # Yvonnel already leads the smear


def test_a_house_short_of_a_requirement_is_told_why_with_the_cost_at_its_rank() -> None:
    world, _, b = _scene()
    options = preview_house(world.houses[b], phase=1, houses=world.houses, areas=world.areas)
    gathering = next(o for o in options if o.order.action is A.INTELLIGENCE_GATHERING)
    assert gathering.allowed and (gathering.cost.dedicated_influence, gathering.cost.gold) == (1_000, 500)
    petition = next(o for o in options if o.order.action is A.DIVINE_PETITION)
    assert (petition.allowed, petition.rule) == (False, "seed 000, Divine Petition")
    assert petition.reason == "Divine Petition needs 20000 influence; Xorlarrin has 3000 (seed 000, Divine Petition)"
    assert [o for o in options if not o.allowed] == [o for o in options if o.reason]
    for option in options:
        assert (option.allowed, option.reason, option.rule) == _ordered(world, b, option), option.order


def test_costs_scale_with_the_target_as_the_order_would_pay_them() -> None:
    world, a, b = _scene()
    options = preview_house(world.houses[a], phase=1, houses=world.houses, areas=world.areas)
    frame = next(o for o in options if o.order.action is A.FRAME_UP)
    assert frame.order.target_house_id == b
    rank = world.houses[b].rank
    assert (frame.cost.dedicated_influence, frame.cost.gold) == (1_000 * rank, 500 * rank + 1_000)
