from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.factionturn.aggregate.holdings import income_for
from domain.factionturn.aggregate.orders import BuyAsset, ChangeHome, CustomAction, GoalChoice, SellAsset
from domain.factionturn.resolution.initiative import die_for, roll_initiative
from tests.domain.factionturn.factionturn_scenario import (
    Table,
    event_names,
    faction,
    give,
    region,
    run_phase,
    settle,
    take_turn,
)


@pytest.mark.parametrize(
    ("force", "cunning", "wealth", "income"),
    [(6, 5, 3, 4), (6, 3, 5, 5), (1, 3, 4, 3), (4, 1, 3, 3), (3, 4, 1, 2), (8, 8, 8, 8), (1, 1, 1, 1)],
)
def test_income_is_half_wealth_rounded_up_plus_a_quarter_of_force_and_cunning(
    force: int, cunning: int, wealth: int, income: int
) -> None:
    assert income_for(force, cunning, wealth) == income


def test_a_turn_gains_income_and_takes_one_action() -> None:
    home = region("Port", arcana=4)
    goldbar = faction("Goldbar House", 1, 3, 4, home)
    table = Table([goldbar], [home])
    table.order(goldbar, action=BuyAsset("indentured_workforce", str(home.id)))
    settle(goldbar)
    take_turn(table, goldbar)
    assert goldbar.facgold == 3 - 2
    assert event_names(goldbar) == ["TurnBegun", "FacGoldGained", "AssetPurchased", "TurnEnded"]


def test_an_unpaid_asset_is_threatened_then_lost() -> None:
    home = region("Camp", arcana=4)
    band = faction("Band", 1, 1, 1, home)  # income 1
    mercs = give(band, "mercenaries", home)  # maintenance 1, and over the Wealth limit? no: Wealth 1, one asset
    army = give(band, "professional_army", home)  # maintenance 2, +1 over the Force limit of 1? no: first Force asset
    table = Table([band], [home])
    take_turn(table, band)  # 1 FacGold: pays the mercenaries, not the army
    assert (army.threatened, mercs.threatened, band.facgold) == (True, False, 0)
    take_turn(table, band)
    assert army.id not in band.assets and not mercs.threatened


def test_a_paid_threatened_asset_stops_being_threatened() -> None:
    home = region("Camp", arcana=4)
    band = faction("Band", 1, 1, 1, home, facgold=5)
    mercs = give(band, "mercenaries", home, threatened=True)
    table = Table([band], [home])
    take_turn(table, band)
    assert not mercs.threatened and band.facgold == 5 + 1 - 1


def test_each_asset_over_an_attribute_limit_costs_one_more_facgold() -> None:
    home = region("Camp")
    band = faction("Band", 1, 1, 2, home, facgold=10)  # income 1 + 0
    give(band, "guardsmen", home)
    give(band, "thugs", home)
    give(band, "mob", home)  # Force 1: two Force assets over the limit
    table = Table([band], [home])
    take_turn(table, band)
    assert band.facgold == 10 + 1 - 2


def test_a_threatened_asset_can_do_nothing() -> None:
    from domain.errors import RuleViolationError
    from domain.factionturn.aggregate.orders import AbilityUse, UseAssetAbility

    home = region("Camp", arcana=4)
    band = faction("Band", 1, 1, 1, home)
    workforce = give(band, "indentured_workforce", home, threatened=True)
    with pytest.raises(RuleViolationError, match="threatened"):
        Table([band], [home]).resolve(band, UseAssetAbility((AbilityUse(workforce.id),)))


def test_changing_goal_costs_the_turns_income_and_action() -> None:
    home = region("Capital", arcana=4)
    crows = faction("Crows", 3, 4, 1, home)
    table = Table([crows], [home])
    table.order(crows, goal=GoalChoice("destroy_the_foe", "republic"))
    take_turn(table, crows)
    assert crows.facgold == 2  # first goal: no penalty
    table.order(crows, goal=GoalChoice("legendary_wealth"), action=BuyAsset("informers", str(home.id)))
    outcome = take_turn(table, crows)
    assert crows.facgold == 2 and crows.goal is not None and crows.goal["key"] == "legendary_wealth"
    assert outcome.failures == ("a faction that changes its goal takes no action this turn",)


def test_a_home_move_takes_one_turn_plus_one_per_hex_and_blocks_other_actions() -> None:
    home, outpost = region("Home", 0, 0), region("Outpost", 2, 0)
    crows = faction("Crows", 3, 4, 1, home, facgold=10)
    crows.expand_influence(str(outpost.id), 5, 0, 0, [])
    table = Table([crows], [home, outpost])
    table.order(crows, action=ChangeHome(str(outpost.id)))
    take_turn(table, crows)
    table.order(crows, action=BuyAsset("informers", str(home.id)))
    outcome = take_turn(table, crows)
    assert "under way" in outcome.failures[0] and crows.home_region_id == str(home.id)
    table.order(crows)
    take_turn(table, crows)
    base = crows.base_in(str(outpost.id))
    assert crows.home_region_id == str(outpost.id) and base is not None and base.hp == crows.hp


def test_a_custom_action_spends_each_turn_until_done() -> None:
    home = region("Capital")
    crows = faction("Crows", 3, 4, 1, home)
    table = Table([crows], [home])
    table.order(crows, action=CustomAction("Bribe the Beholder", turns=2, cost_per_turn=2))
    take_turn(table, crows)
    assert crows.facgold == 0 and crows.multi_turn is not None
    outcome = take_turn(table, crows)
    assert crows.facgold == 0 and crows.multi_turn is None and "complete" in outcome.notes[0]


def test_initiative_rolls_a_die_no_smaller_than_the_faction_count() -> None:
    assert [die_for(n) for n in (1, 3, 4, 5, 6, 7, 11, 13)] == [2, 4, 4, 6, 6, 8, 12, 20]


def test_initiative_starts_at_the_rolled_faction_and_wraps_to_the_top() -> None:
    initiative = roll_initiative(["chosen", "crows", "republic", "empire", "goldbar", "wild"], FixedDice([3]))
    assert initiative.order == ("republic", "empire", "goldbar", "wild", "chosen", "crows")


def test_initiative_rolls_again_when_the_die_exceeds_the_list() -> None:
    initiative = roll_initiative(["a", "b", "c", "d", "e"], FixedDice([6, 2]))
    assert initiative.order == ("b", "c", "d", "e", "a") and len(initiative.rolls) == 2


def test_a_phase_gives_every_faction_one_turn_in_initiative_order() -> None:
    home = region("Home")
    a, b, c = (faction(name, 1, 1, 1, home) for name in ("A", "B", "C"))
    table = Table([a, b, c], [home])
    outcome = run_phase(table, 2)
    assert [t.faction_id for t in outcome.turns] == [str(b.id), str(c.id), str(a.id)]
    assert (a.facgold, b.facgold, c.facgold) == (1, 1, 1) and a.turn == b.turn == c.turn == 1


def test_resolving_a_phase_does_not_touch_the_aggregates_until_applied() -> None:
    from domain.factionturn.resolution.phase import resolve_phase

    home = region("Home")
    a = faction("A", 1, 1, 1, home)
    settle(a)
    resolve_phase([a], [home], {}, FixedDice([1]), phase=1)
    assert a.collect_events() == [] and a.facgold == 0


def test_an_order_whose_asset_was_destroyed_earlier_in_the_phase_fails_without_stopping_it() -> None:
    from domain.factionturn.aggregate.orders import Attack, Strike

    town = region("Town")
    red = faction("Red", 4, 4, 4, town)
    blue = faction("Blue", 4, 4, 4, town)
    regiment = give(red, "regiment", town)
    guards = give(blue, "guardsmen", town)
    table = Table([red, blue], [town])
    table.order(red, action=Attack((Strike(regiment.id, str(blue.id), guards.id),)))
    table.order(blue, action=SellAsset(guards.id))
    outcome = run_phase(table, 1, 9, 1, 8)  # Red first: the guardsmen fall before Blue can sell them
    blue_turn = outcome.turn_of(str(blue.id))
    assert blue_turn is not None and blue_turn.failures and guards.id not in blue.assets
    assert blue.facgold == 2 + 2 and blue.turn == 1
