"""The assistant's faction goals (issue 19, seed 002 Faction Goals): a goal the rules give no way to progress
is given up at the seed's price, a new goal is one it can reach, and a foe its strikes can finish is taken up
as Destroy the Foe and struck."""

from __future__ import annotations

from domain.assistant import draft_faction
from domain.assistant.faction_goals import GOALS_BY_TEMPERAMENT, finishable_foe, unreachable
from domain.assistant.faction_moves import move_options
from domain.assistant.sim_setup import faction_table
from domain.dice import RandomDice
from domain.enums import Temperament
from domain.factionturn.aggregate.orders import Attack, GoalChoice
from domain.factionturn.forms.order_checks import check_orders


def test_a_goal_needing_other_governments_is_given_up_where_none_governs_for_one_it_can_reach() -> None:
    table = faction_table()
    republic = table.factions[2]  # seed 002: Inside Enemy Territory; in this world no region has a government
    world = table.world(1)
    draft = draft_faction(world, str(republic.id), Temperament.SCHEMING, RandomDice.seeded("s", "goal"))
    check_orders(world, str(republic.id), draft.orders)
    taken = draft.orders.goal
    assert taken is not None and taken.goal in GOALS_BY_TEMPERAMENT[Temperament.SCHEMING]
    assert taken.goal != "inside_enemy_territory"
    assert unreachable(world, republic, taken.goal, move_options(world, republic)) == ""
    assert draft.orders.action is None  # seed 002: a changed goal costs the turn's action and income
    assert "no region is governed by another faction" in draft.chosen[0].line()


def test_the_same_goal_is_kept_where_another_faction_governs_a_region() -> None:
    table = faction_table()
    republic, remnants = table.factions[2], table.factions[3]
    table.regions[3].change_government(str(remnants.id), "test: the Capital's government")
    world = table.world(1)
    draft = draft_faction(world, str(republic.id), Temperament.SCHEMING, RandomDice.seeded("s", "goal"))
    assert draft.orders.goal is None and republic.goal is not None


def test_a_faction_that_achieved_its_goal_takes_up_one_it_can_reach_and_acts() -> None:
    table = faction_table()
    goldbar = table.factions[4]
    goldbar.goal = None  # its goal attained (seed 002: "select a new one at the beginning of their next turn")
    world = table.world(1)
    draft = draft_faction(world, str(goldbar.id), Temperament.GREEDY, RandomDice.seeded("s", "goal"))
    check_orders(world, str(goldbar.id), draft.orders)
    assert draft.orders.goal == GoalChoice("peaceable_kingdom")
    assert draft.orders.action is None or not isinstance(draft.orders.action, Attack)


def test_a_faction_whose_strikes_can_finish_a_rival_takes_up_destroy_the_foe_and_strikes_its_last_base() -> None:
    table = faction_table()
    republic, remnants = table.factions[2], table.factions[3]
    remnants.goal = None
    republic.hp = 3  # a base of 14 HP in the Capital, with no asset of the Republic there to defend it
    world = table.world(1)
    assert finishable_foe(world, remnants) is republic
    draft = draft_faction(world, str(remnants.id), Temperament.AGGRESSIVE, RandomDice.seeded("s", "foe"))
    check_orders(world, str(remnants.id), draft.orders)
    assert draft.orders.goal == GoalChoice("destroy_the_foe", str(republic.id))
    action = draft.orders.action
    assert isinstance(action, Attack)
    base = republic.base_in(remnants.home_region_id)
    assert base is not None and any(s.target_asset_id == base.id for s in action.strikes)


def test_no_rival_is_finishable_when_its_hp_is_beyond_two_turns_of_strikes() -> None:
    table = faction_table()
    remnants = table.factions[3]
    assert finishable_foe(table.world(1), remnants) is None  # every rival whole at the start
