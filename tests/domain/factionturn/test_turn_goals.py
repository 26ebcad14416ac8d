from __future__ import annotations

import pytest

from domain.factionturn.aggregate.orders import Attack, CustomAction, ExpandInfluence, GoalChoice, Strike
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, influence_action, region, take_turn


def test_peaceable_kingdom_is_won_after_four_turns_without_an_attack() -> None:
    home = region("Home")
    monks = faction("Monks", 1, 1, 1, home)
    table = Table([monks], [home])
    table.order(monks, goal=GoalChoice("peaceable_kingdom"))
    for _ in range(4):
        take_turn(table, monks)
        table.order(monks)
    assert monks.goal is None and monks.xp == 1


def test_blood_the_enemy_is_won_by_damage_equal_to_the_total_of_ratings() -> None:
    town = region("Town")
    red = faction("Red", 2, 1, 1, town)  # needs 4 damage
    blue = faction("Blue", 4, 4, 4, region("Elsewhere", 3, 0))
    regiment = give(red, "regiment", town)
    target = give(blue, "veteran_regiment", town)
    table = Table([red, blue], [town])
    table.order(red, goal=GoalChoice("blood_the_enemy"), action=Attack((Strike(regiment.id, str(blue.id), target.id),)))
    take_turn(table, red, 9, 1, 5)
    assert target.hp == 11 and red.goal is None and red.xp == 2


def test_military_conquest_counts_rival_force_assets_destroyed() -> None:
    town = region("Town")
    red = faction("Red", 1, 1, 1, town)
    blue = faction("Blue", 4, 4, 4, region("Elsewhere", 3, 0))
    regiment = give(red, "regiment", town)
    target = give(blue, "guardsmen", town)
    table = Table([red, blue], [town])
    table.order(
        red, goal=GoalChoice("military_conquest"), action=Attack((Strike(regiment.id, str(blue.id), target.id),))
    )
    take_turn(table, red, 9, 1, 8)
    assert red.xp == 1  # one asset destroyed: difficulty half of 1, rounded up


def test_legendary_wealth_is_won_by_spending_four_times_wealth() -> None:
    home = region("Home")
    goldbar = faction("Goldbar", 1, 1, 1, home, facgold=10)
    table = Table([goldbar], [home])
    table.order(goldbar, goal=GoalChoice("legendary_wealth"), action=influence_action("Gold-plated state house", 4))
    take_turn(table, goldbar)
    assert goldbar.xp == 2 and goldbar.facgold == 10 + 1 - 4


@pytest.mark.parametrize(
    "action",
    [
        influence_action("Gold-plated roads", 4, marked=False),
        CustomAction("Gold-plated roads", turns=1, cost_per_turn=4),
    ],
)
def test_legendary_wealth_does_not_count_a_custom_action_the_gm_did_not_mark_as_influence(action: CustomAction) -> None:
    """Seed 002, Legendary Wealth: "Spend FacGolds equal to four times your faction's Wealth score on bribes and
    influence. This money is effectively lost." A custom action counts only when the GM's definition marks it."""
    home = region("Home")
    goldbar = faction("Goldbar", 1, 1, 1, home, facgold=10)
    table = Table([goldbar], [home])
    table.order(goldbar, goal=GoalChoice("legendary_wealth"), action=action)
    take_turn(table, goldbar)
    assert goldbar.facgold == 10 + 1 - 4 and goldbar.xp == 0
    assert goldbar.goal is not None and goldbar.goal.get("progress", {}).get("wealth_spent", 0) == 0


def test_expand_influence_is_won_by_planting_a_base_on_a_new_region() -> None:
    home, away = region("Home", 0, 0), region("Away", 1, 0)
    crows = faction("Crows", 3, 4, 1, home, facgold=5)
    give(crows, "informers", away)
    table = Table([crows], [home, away])
    table.order(crows, goal=GoalChoice("expand_influence"), action=ExpandInfluence(str(away.id), 3))
    take_turn(table, crows, 6)
    assert crows.xp == 1


def test_xp_is_spent_to_raise_a_rating_at_the_start_of_a_turn() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home, xp=3)
    table = Table([crows], [home])
    table.order(crows, raise_ratings=("wealth",))
    take_turn(table, crows)
    assert (crows.wealth, crows.xp, crows.facgold) == (2, 1, 1 + 1)
