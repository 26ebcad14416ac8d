"""Assault, Troop Movements, Vandalism and Wrest Control on fixed dice."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.gameofbones.rules.garrison import check_stationing
from domain.gameofbones.rules.ordering import Order, plan_open_move
from domain.gameofbones.tables.actions import ActionName as A
from domain.gameofbones.tables.records import AreaDamage
from tests.domain.gameofbones.bones_world import act, court, totals


def assault(faces: list[int], committed: int = 5_000):  # type: ignore[no-untyped-def]
    """Baenre rolls 1d20 +6 +1 per 1,000 committed; Xorlarrin 1d20 +2 Rank +1 per 750 of its 3,000 in position."""
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, troops={str(b.id): 3_000})
    order = Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(bazaar,), power=committed)
    return act(world, a, order, faces), world.areas[bazaar], a, b


def test_an_assault_costs_the_defender_1000_power_per_5_points_won() -> None:
    outcome, bazaar, a, b = assault([15, 10])  # 26 against 16
    assert (totals(outcome), b.power, bazaar.troops[str(b.id)]) == ([26, 16], 1_000, 1_000)
    assert (a.gold, a.dedicated_power) == (100_000 - 2_500, 0)


def test_an_assaults_losses_stop_at_the_power_on_the_site() -> None:
    _, bazaar, _, b = assault([20, 1])  # 31 against 7: four steps, only 3,000 there
    assert (b.power, bazaar.troops) == (0, {})


def test_a_repulsed_assault_costs_the_aggressor_1000_power_per_3_points_lost() -> None:
    _, _, a, b = assault([1, 20])  # 12 against 26: 14 points, four steps
    assert (a.power, b.power) == (2_000, 3_000)


def test_a_repulsed_aggressor_loses_no_more_than_it_committed() -> None:
    _, _, a, _ = assault([1, 20], committed=1_000)  # 8 against 26
    assert a.power == 5_000


def test_a_tied_assault_changes_nothing() -> None:
    outcome, _, a, b = assault([10, 15])  # 21 against 21
    assert (outcome.result, a.power, b.power) == ("repulsed; the aggressor lost 0 power", 6_000, 3_000)


def test_an_assault_won_on_a_site_with_no_defending_power_took_nothing_and_is_no_success() -> None:
    # Rules notes, Success: "influence or power taken"; a win where none was in position takes none.
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b)
    outcome = act(world, a, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(bazaar,), power=5_000), [20, 1])
    assert (totals(outcome), outcome.result, outcome.succeeded) == ([31, 3], "the defender lost 0 power", False)


def test_an_assault_that_takes_power_is_a_success() -> None:
    outcome, *_ = assault([15, 10])  # 26 against 16
    assert outcome.succeeded is True


def test_power_stationed_in_an_area_cannot_also_be_committed_to_an_assault() -> None:
    # Decided (rules notes, Assault): troops in position hold their area; dedicated power "cannot be used for any
    # other actions or defences", so the two never share a soldier.
    world, a, b = court()  # Baenre: 6,000 power
    world.area("Palace", controller=a, troops={str(a.id): 3_000})
    bazaar = world.area("Bazaar", controller=b, troops={str(b.id): 3_000})
    a.collect_events()
    with pytest.raises(RuleViolationError, match=r"5000 power is needed; 3000 is free \(3000 stationed in areas\)"):
        world.order(a, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(bazaar,), power=5_000))
    assert a.collect_events() == []
    pending = world.order(a, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(bazaar,), power=3_000))
    assert (pending.dedicated_power, a.available_power) == (3_000, 3_000)


def test_stationed_power_cannot_pay_another_actions_dedicated_power() -> None:
    world, a, b = court()
    world.area("Palace", controller=a, troops={str(a.id): 6_000})
    bazaar = world.area("Bazaar", controller=b)
    with pytest.raises(RuleViolationError, match="500 power is needed; 0 is free"):
        world.order(a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)))


def test_power_dedicated_to_an_action_cannot_be_stationed() -> None:
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b)
    world.order(a, Order(A.ASSAULT, "Yvonnel", str(b.id), area_ids=(bazaar,), power=5_000))
    check_stationing(a, 1_000)
    with pytest.raises(RuleViolationError, match="5000 is dedicated to actions"):
        check_stationing(a, 1_001)


def movement(faces: list[int]):  # type: ignore[no-untyped-def]
    world, a, b = court()
    barracks = world.area("Barracks", controller=a, troops={str(a.id): 4_000})
    palace = world.area("Palace", controller=a)
    order = Order(A.TROOP_MOVEMENTS, "Yvonnel", area_ids=(barracks,), to_area_id=palace, power=2_000)
    return world, world.order(a, order), world.month(faces), barracks, palace, a, b


def test_hidden_troops_move_in_a_week_unseen_but_the_influence_stays_dedicated_all_month() -> None:
    world, pending, report, barracks, palace, a, b = movement([4])  # 4+10+6 = 20 against DC 20
    assert (pending.resolve_week, pending.release_week, pending.gold) == (1, 4, 200)
    assert (report.outcomes[0].week, report.outcomes[0].result) == (1, "moved unseen")
    assert (world.areas[barracks].troops, world.areas[palace].troops) == ({str(a.id): 2_000}, {str(a.id): 2_000})
    assert (b.knowledge, a.pending) == ([], {})


def test_troops_seen_moving_are_known_to_every_other_house() -> None:
    _, _, _, barracks, palace, a, b = movement([3])
    [seen] = b.knowledge
    assert (seen["from_area_id"], seen["to_area_id"], seen["power"], seen["house_id"]) == (
        barracks,
        palace,
        2_000,
        str(a.id),
    )


def test_moving_openly_is_no_action_and_takes_a_week() -> None:
    world, a, b = court()
    barracks = world.area("Barracks", controller=a, troops={str(a.id): 4_000})
    palace = world.area("Palace", controller=a)
    a.order_action(plan_open_move(a, world.areas[barracks], world.areas[palace], 1_000, phase=1, start_week=2))
    assert a.orders_in(1) == []
    report = world.month([])
    assert (report.outcomes[0].week, world.areas[palace].troops) == (2, {str(a.id): 1_000})
    assert b.knowledge[0]["power"] == 1_000


def vandalism(faces: list[int]):  # type: ignore[no-untyped-def]
    """Baenre rolls 1d20 +6 against Xorlarrin's 1d20 +2 Rank +0 Power Defence, DC 15."""
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    palace = world.area("Palace", controller=a, income=4_000)
    outcome = act(world, a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar,)), faces)
    return outcome, bazaar, palace, a, b


def test_vandalism_won_by_10_wrecks_the_area_for_three_weeks_and_needs_repairs() -> None:
    outcome, bazaar, _, _, b = vandalism([20, 5, 4])  # 26 against 7
    assert (totals(outcome), b.area_damage[bazaar]) == ([26, 7, 4_000], AreaDamage(bazaar, 3, 0, 4_000))


def test_vandalism_won_by_less_than_10_halves_the_income_for_1d4_weeks() -> None:
    _, bazaar, _, _, b = vandalism([15, 10, 2])  # 21 against 12
    assert b.area_damage[bazaar] == AreaDamage(bazaar, 0, 2, 0)


def test_vandalism_failing_by_less_than_10_does_nothing() -> None:
    outcome, _, _, a, b = vandalism([5, 3])  # 11 against DC 15
    assert (outcome.result, a.area_damage, b.area_damage) == ("Bazaar untouched", {}, {})


def test_a_defender_is_told_vandalized_only_when_an_area_was_damaged() -> None:
    _, bazaar, _, _, b = vandalism([5, 3])  # 11 against DC 15: untouched
    assert [(k["result"], k["area_ids"]) for k in b.knowledge] == [("vandalism repelled", [bazaar])]
    _, bazaar, _, _, b = vandalism([15, 10, 2])  # 21 against 12: half income
    assert [(k["result"], k["area_ids"]) for k in b.knowledge] == [("vandalized", [bazaar])]


def test_vandals_turned_by_10_attack_the_aggressor_as_if_the_defender_hired_them() -> None:
    outcome, _, palace, a, b = vandalism([1, 15, 1, 20, 2, 5])
    # 7 against 17: turned onto the Palace. Xorlarrin 20 +2 (its first Action Bonus) against Baenre
    # 2 +6 Rank +1 Power Defence (its defences come from rank 5 once 500 power is dedicated): wrecked.
    assert totals(outcome) == [7, 17, 1, 22, 9, 5_000]
    assert outcome.result == "the vandals turned: Palace wrecked"
    assert (a.area_damage[palace], b.area_damage, b.orders_in(1)) == (AreaDamage(palace, 3, 0, 5_000), {}, [])


def test_turned_vandals_are_not_turned_a_second_time() -> None:
    outcome, _, _, a, b = vandalism([1, 15, 1, 1, 20])  # the turned vandals fail by 27
    assert (a.area_damage, b.area_damage, outcome.result.endswith("untouched")) == ({}, {}, True)


def wrest(faces: list[int]):  # type: ignore[no-untyped-def]
    world, a, b = court()
    market = world.area("Market", controller=b, income=1_000)
    outcome = act(world, a, Order(A.WREST_CONTROL, "Yvonnel", str(b.id), area_ids=(market,)), faces)
    return world, outcome, world.areas[market], a, b


def test_wresting_control_by_10_seizes_the_area() -> None:
    _, _, market, a, b = wrest([20, 5])  # 26 against 7
    assert (market.controlling_house_id, a.area_ids, b.area_ids) == (str(a.id), [str(market.id)], [])
    assert (a.gold, a.dedicated_power) == (90_000, 0)


def test_wresting_control_by_less_than_10_leaves_it_with_the_defender() -> None:
    _, outcome, market, _, b = wrest([15, 10])
    assert (outcome.result, market.controlling_house_id) == ("control holds", str(b.id))


def test_wrest_control_failing_by_10_costs_5000_effective_influence_for_1d6_months_then_2500() -> None:
    from domain.gameofbones.resolution.ledger import Ledger
    from domain.gameofbones.resolution.month import expire_circumstances

    world, _, _, a, _ = wrest([1, 15, 2])  # 7 against 17; two months
    assert (a.effective_influence(1), a.effective_influence(2), a.effective_influence(3)) == (30_000, 25_000, 25_000)
    expire_circumstances(Ledger(world.houses, world.areas), 2)
    assert a.influence == 30_000
    expire_circumstances(Ledger(world.houses, world.areas), 3)
    assert (a.influence, a.effective_influence(4), a.circumstances) == (27_500, 27_500, [])


def test_vandalism_rolls_once_for_each_area() -> None:
    world, a, b = court()
    bazaar = world.area("Bazaar", controller=b, income=4_000)
    market = world.area("Market", controller=b, income=2_000)
    outcome = act(world, a, Order(A.VANDALISM, "Yvonnel", str(b.id), area_ids=(bazaar, market)), [15, 10, 2, 5, 3])
    assert outcome.result == "Bazaar at half income; Market untouched"
    assert (b.area_damage.keys(), a.dedicated_power, a.gold) == ({bazaar}, 0, 100_000 - 400)
