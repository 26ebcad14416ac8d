"""The House aggregate: building it, entering the Game, rank, action slots and dedication."""

from __future__ import annotations

import pytest

from domain.errors import DomainError, NotFoundError, RuleViolationError
from domain.gameofbones.aggregate.house import House
from domain.gameofbones.rules.ordering import Order
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import Status
from domain.ids import house_id
from tests.domain.gameofbones.bones_world import CAMPAIGN, World, act, house, person


def event_names(h: House) -> list[str]:
    return [type(e).__name__ for e in h.pending_events]


def test_a_house_is_identified_by_its_campaign_and_name() -> None:
    assert house("Baenre").id == house_id(CAMPAIGN, "baenre")


def test_power_is_the_members_by_the_table_plus_power_granted_directly() -> None:
    h = house("Baenre")
    h.enlist_member("guards", {"warrior": 4})
    h.enlist_member("Jarlaxle", {"rogue": 8})
    h.change_power(250, "warslaves")
    assert h.power == 200 + 500 + 250


def test_a_house_enters_the_game_when_influence_and_power_reach_1000() -> None:
    h = house("Baenre")
    h.gain_influence("tavern")
    h.enlist_member("guards", {"fighter": 7})
    assert (h.entered_game, h.rank) == (False, 0)
    h.gain_influence("spy")
    assert (h.entered_game, h.rank, h.total) == (True, 1, 1_000)
    assert "EnteredTheGame" in event_names(h)


def test_once_in_the_game_the_gaining_influence_table_no_longer_applies() -> None:
    h = house("Baenre", influence=1_000)
    recorded = len(h.pending_events)
    with pytest.raises(RuleViolationError, match="Public Relations"):
        h.gain_influence("spy")
    h.add_priest("Quenthel", 5, fatespinner_priestess=True)
    assert (h.influence, len(h.pending_events)) == (1_000, recorded + 1)


def test_before_the_game_a_priestess_of_the_fatespinner_brings_500_a_level() -> None:
    h = house("Baenre")
    h.add_priest("Quenthel", 2, fatespinner_priestess=True)
    assert (h.influence, h.entered_game) == (1_000, True)


def test_a_failed_and_discovered_gain_costs_what_it_would_have_gained() -> None:
    h = house("Baenre")
    h.gain_influence("tavern")
    h.gain_influence("blackmail", 3, succeeded=False, discovered=True)
    assert h.influence == 0
    h.gain_influence("spy", succeeded=False)
    assert h.influence == 0


def test_a_magical_item_worth_less_than_10000_gp_grants_no_influence() -> None:
    # Seed 000, Gaining Influence: "a powerful magical item (10,000 gp value or more)"; units are 1,000 gp.
    h = house("Baenre")
    recorded = len(h.pending_events)
    with pytest.raises(RuleViolationError, match="10,000 gp"):
        h.gain_influence("magic_item", 9)
    assert (h.influence, len(h.pending_events)) == (0, recorded)
    h.gain_influence("magic_item", 10)
    assert h.influence == 1_000


def test_one_action_plus_one_per_lieutenant_of_level_rank_minus_5_bounded_by_the_action_bonus() -> None:
    world = World()
    lieutenants = [person("Dab", 3, gi=1), person("Gromph", 2), person("Tris", 3)]
    h = house("Baenre", influence=60_000, power=4_000, lieutenants=lieutenants)  # rank 8: +8/+3
    world.add(h)
    assert h.action_bonuses(1) == (8, 3)
    first = world.order(h, Order(A.INTELLIGENCE_GATHERING, "Gromph"))
    second = world.order(h, Order(A.COUNTERINTELLIGENCE, "Dab"))
    assert [(first.ordinal, first.bonus), (second.ordinal, second.bonus)] == [(1, 8), (2, 3)]
    with pytest.raises(RuleViolationError, match="2 action"):
        world.order(h, Order(A.PUBLIC_RELATIONS_CAMPAIGN, "Tris"))


def test_dedicated_influence_is_locked_away_from_other_actions_and_defence() -> None:
    world = World()
    h = house("Baenre", influence=30_000, power=6_000, lieutenants=[person("Dab", 5)])  # rank 6
    world.add(h)
    before = h.defences(1)
    world.order(h, Order(A.DIVINE_PETITION, "Baenre Matron"))
    assert (h.dedicated_influence, h.available_influence(1), h.influence) == (10_000, 20_000, 30_000)
    assert h.defences(1).influence < before.influence
    assert h.gold == 95_000


# --- refusals: each raises before any event -----------------------------------------------------------


@pytest.fixture
def court() -> tuple[World, House, House]:
    world = World()
    a = house("Baenre", influence=6_000, power=3_000, gold=20_000, lieutenants=[person("Dab", 1)])  # rank 3
    b = house("Xorlarrin", influence=2_000, power=2_000)
    world.add(a, b)
    return world, a, b


def refused(world: World, a: House, order: Order, error: type[DomainError] = RuleViolationError) -> str:
    before = world.recorded()
    with pytest.raises(error) as caught:
        world.order(a, order)
    assert world.recorded() == before
    return caught.value.message


def test_an_order_whose_influence_requirement_is_unmet_is_refused(court: tuple[World, House, House]) -> None:
    world, a, _ = court
    assert "needs 20000 influence" in refused(world, a, Order(A.DIVINE_PETITION, "Baenre Matron"))


def test_an_order_whose_power_requirement_is_unmet_is_refused(court: tuple[World, House, House]) -> None:
    world, a, b = court
    assert "needs 5000 power" in refused(
        world,
        a,
        Order(A.ASSAULT, "Baenre Matron", str(b.id), area_ids=(world.area("Bazaar", controller=b),), power=5_000),
    )


def test_power_dedicated_to_one_action_cannot_be_dedicated_to_another() -> None:
    world = World()
    a = house("Baenre", influence=30_000, power=6_000, lieutenants=[person("Quave", 9)])  # rank 6: two actions
    b = house("Xorlarrin", influence=2_000, power=2_000)
    world.add(a, b)
    bazaar = world.area("Bazaar", controller=b)
    world.order(a, Order(A.ASSAULT, "Baenre Matron", str(b.id), area_ids=(bazaar,), power=6_000))
    message = refused(world, a, Order(A.VANDALISM, "Quave", str(b.id), area_ids=(bazaar,)))
    assert message.startswith("500 power is needed; 0 is free")


def test_influence_dedicated_to_one_action_cannot_be_dedicated_to_another() -> None:
    world = World()
    a = house("Baenre", influence=21_000, power=15_000, lieutenants=[person("Quave", 9)])  # rank 6
    world.add(a)
    world.order(a, Order(A.DIVINE_PETITION, "Baenre Matron"))  # 10,000 influence dedicated
    a.change_influence(-10_000, "scandal")
    a.change_power(10_000, "mercenaries")  # still rank 6, but only 1,000 influence free
    message = refused(world, a, Order(A.COUNTERINTELLIGENCE, "Quave"))
    assert message.startswith("3000 influence is needed; 1000 is free")


def test_a_second_action_without_a_qualified_lieutenant_is_refused() -> None:
    world = World()
    a = house("Baenre", influence=40_000, power=10_000, lieutenants=[person("Dab", 1)])  # rank 7 needs level 2
    world.add(a)
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Baenre Matron"))
    assert "lieutenant of level 2" in refused(world, a, Order(A.COUNTERINTELLIGENCE, "Dab"))


def test_more_actions_than_the_action_bonus_allows_are_refused(court: tuple[World, House, House]) -> None:
    world, a, _ = court
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Baenre Matron"))
    assert "1 action(s)" in refused(world, a, Order(A.INTELLIGENCE_GATHERING, "Dab"))


def test_a_target_that_does_not_exist_is_refused(court: tuple[World, House, House]) -> None:
    world, a, b = court
    refused(world, a, Order(A.FRAME_UP, "Baenre Matron", "no-such-house"), NotFoundError)
    refused(world, a, Order(A.ASSASSINATION, "Baenre Matron", str(b.id), "Nobody"), NotFoundError)
    refused(world, a, Order(A.FORCE_ASSESSMENT, "Baenre Matron", area_ids=("nowhere",)), NotFoundError)


def test_an_order_the_treasury_cannot_pay_for_is_refused(court: tuple[World, House, House]) -> None:
    world, a, b = court
    a.change_gold(-19_000, "debts")
    assert "costs 2000 gp" in refused(world, a, Order(A.FRAME_UP, "Baenre Matron", str(b.id)))


def test_a_captured_leader_cannot_lead_and_nobody_leads_twice() -> None:
    world = World()
    a = house("Baenre", influence=36_000, lieutenants=[person("Dab", 1), person("Vendes", 1)])  # rank 6
    world.add(a)
    a.set_character_status("Dab", Status.CAPTURED, "taken")
    assert "captured" in refused(world, a, Order(A.INTELLIGENCE_GATHERING, "Dab"))
    world.order(a, Order(A.INTELLIGENCE_GATHERING, "Vendes"))
    assert "already leads" in refused(world, a, Order(A.COUNTERINTELLIGENCE, "Vendes"))


def test_wrest_control_where_the_target_has_power_is_taken_and_fails_at_resolution(
    court: tuple[World, House, House],
) -> None:
    # Issue 14, leak 3: a refusal at order time told the aggressor where troops it cannot see stood.
    world, a, b = court
    a.change_influence(10_000, "favour")
    a.change_power(5_000, "mercenaries")
    guarded = world.area("Bazaar", controller=b, troops={str(b.id): 100})
    outcome = act(world, a, Order(A.WREST_CONTROL, "Baenre Matron", str(b.id), area_ids=(guarded,)), [])
    assert (outcome.result, outcome.succeeded, outcome.rolls) == ("the area is no longer open to seizure", False, ())
    assert world.areas[guarded].controlling_house_id == str(b.id)


def test_a_destroyed_house_orders_nothing(court: tuple[World, House, House]) -> None:
    world, _, b = court
    b.set_character_status("Xorlarrin Matron", Status.DEAD, "poisoned")
    b.change_influence(-2_000, "ruin")
    b.change_power(-1_500, "ruin")
    b.destroy("fallen")
    assert "destroyed" in refused(world, b, Order(A.INTELLIGENCE_GATHERING, "Xorlarrin Matron"))


def test_a_cover_up_covers_one_unresolved_action_of_the_same_month_once() -> None:
    world = World()
    a = house("Baenre", influence=40_000, lieutenants=[person("Dab", 9), person("Vendes", 9)])  # rank 6
    b = house("Xorlarrin", influence=2_000, power=2_000)
    world.add(a, b)
    smear = world.order(a, Order(A.SMEAR_CAMPAIGN, "Baenre Matron", str(b.id)))
    world.order(a, Order(A.COVER_UP, "Dab", covered_action_id=smear.id))
    assert "cannot be covered" in refused(world, a, Order(A.COVER_UP, "Vendes", covered_action_id=smear.id))
    refused(world, a, Order(A.COVER_UP, "Vendes", covered_action_id="no-such-action"), NotFoundError)


def test_troops_cannot_be_moved_from_where_they_are_not() -> None:
    world = World()
    a = house("Baenre", influence=6_000, power=3_000)
    world.add(a)
    barracks = world.area("Barracks", controller=a, troops={str(a.id): 1_000})
    palace = world.area("Palace", controller=a)
    order = Order(A.TROOP_MOVEMENTS, "Baenre Matron", area_ids=(barracks,), to_area_id=palace, power=2_000)
    assert "has 1000 power in Barracks" in refused(world, a, order)


def test_a_tavern_needs_profession_merchant_against_dc_20_and_records_the_roll() -> None:
    from domain.dice import FixedDice
    from domain.gameofbones.rules.influence import attempt_influence_gain

    h = house("Baenre", leader=person("Yvonnel", 5, merchant=8))
    attempt = attempt_influence_gain(h, "tavern", "Yvonnel", FixedDice([12]))
    h.gain_influence(attempt.source, succeeded=attempt.succeeded, roll=attempt.roll)
    assert (attempt.roll.total if attempt.roll else None, h.influence) == (20, 200)
    failed = attempt_influence_gain(h, "blackmail", "Yvonnel", FixedDice([20]), units=2)  # 28 against DC 30
    h.gain_influence(failed.source, failed.units, succeeded=failed.succeeded, discovered=True, roll=failed.roll)
    assert h.influence == 0
    sought = [e for e in h.pending_events if type(e).__name__ == "InfluenceSought"]
    assert sought[-1].roll["faces"] == [20]  # type: ignore[attr-defined]
