"""Issue 15 item 1: orders are checked as the faction will stand when its action comes (income gained,
maintenance paid); issue 16 item 3: the check reads only the aggregates the orders name."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import Attack, BuyAsset, FactionOrders, GoalChoice, Permission, Strike
from domain.factionturn.forms.order_scope import order_scope
from domain.factionturn.resolution.phase import check_orders
from domain.factionturn.rules.world import World
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, run_phase


def _solo(*maintained: str) -> tuple[Table, Faction]:
    """Solo: Force 4, Cunning 4, Wealth 2 (income ceil(2/2) + floor(8/4) = 3), no FacGold."""
    home = region("Home", 0, 0, arcana=4)
    solo = faction("Solo", 4, 4, 2, home)
    for key in maintained:
        give(solo, key, home)
    return Table([solo], [home]), solo


def _buy_guardsmen(table: Table) -> FactionOrders:
    return FactionOrders(action=BuyAsset("guardsmen", str(table.regions[0].id)))


def test_a_purchase_this_turns_income_pays_for_is_accepted_at_submission() -> None:
    table, solo = _solo()
    check_orders(table.world(), str(solo.id), _buy_guardsmen(table))
    assert solo.facgold == 0 and solo.turn == 0  # the check changed a copy, not the faction


def test_the_same_purchase_resolves_at_the_turn_as_it_was_accepted() -> None:
    table, solo = _solo()
    table.order(solo, action=_buy_guardsmen(table).action)
    run_phase(table, 1)
    assert "guardsmen" in [a.type_key for a in solo.assets.values()] and solo.facgold == 3 - 2


def test_a_purchase_unaffordable_even_with_income_is_refused_naming_the_figures() -> None:
    table, solo = _solo("arcane_researchers", "arcane_researchers")  # 1 FacGold of maintenance each
    with pytest.raises(RuleViolationError) as refused:
        check_orders(table.world(), str(solo.id), _buy_guardsmen(table))
    assert refused.value.message == (
        "orders.action: Solo will have 1 FacGold when its action comes (0 now + 3 income − 2 maintenance) "
        "and Guardsmen costs 2 (seed 002, Faction Actions)"
    )


def test_a_faction_changing_its_goal_is_reckoned_without_income() -> None:
    table, solo = _solo()
    solo.choose_goal("legendary_wealth", None, {}, None)
    orders = FactionOrders(goal=GoalChoice("blood_the_enemy"))
    check_orders(table.world(), str(solo.id), orders)  # no action: the change alone is accepted
    with pytest.raises(RuleViolationError, match="takes no action"):
        check_orders(
            table.world(),
            str(solo.id),
            FactionOrders(goal=GoalChoice("blood_the_enemy"), action=_buy_guardsmen(table).action),
        )


def test_raised_wealth_counts_toward_the_income_the_action_is_paid_from() -> None:
    table, solo = _solo()
    solo.force, solo.cunning, solo.wealth, solo.xp = 1, 1, 2, 10  # income ceil(2/2) + floor(2/4) = 1
    with pytest.raises(RuleViolationError, match=r"will have 1 FacGold .*\(0 now \+ 1 income − 0 maintenance\)"):
        check_orders(table.world(), str(solo.id), _buy_guardsmen(table))
    raised = FactionOrders(raise_ratings=("wealth",), action=_buy_guardsmen(table).action)
    check_orders(table.world(), str(solo.id), raised)  # Wealth 3 first: income ceil(3/2) = 2
    assert solo.wealth == 2 and solo.xp == 10


def test_an_order_names_the_factions_and_regions_its_check_reads_and_needs_no_others() -> None:
    home, town, far = region("Home", 0, 0, arcana=4), region("Town", 1, 0, arcana=4), region("Far", 5, 0)
    guild = faction("Guild", 4, 4, 4, home, facgold=10)
    rulers = faction("Rulers", 4, 4, 4, town, facgold=10)
    bystander = faction("Bystander", 4, 4, 4, far, facgold=10)
    attacker, target = give(guild, "regiment", town), give(rulers, "regiment", town)
    give(guild, "informers", far)  # an asset the orders do not name: its region is not read
    orders = FactionOrders(
        action=Attack((Strike(attacker.id, str(rulers.id), target.id),)),
        permissions=(Permission(str(rulers.id), "grant"),),
    )
    scope = order_scope(guild, orders)
    assert scope.faction_ids == {str(rulers.id)} and scope.region_ids == {str(home.id), str(town.id)}
    check_orders(World([guild, rulers], [home, town]), str(guild.id), orders)  # no Bystander, no Far
    hidden = FactionOrders(action=Attack((Strike(attacker.id, str(bystander.id), "x"),)))
    assert order_scope(guild, hidden).faction_ids == {str(bystander.id)}  # a named target is in the scope
    with pytest.raises(RuleViolationError, match="Stealth assets can't be attacked"):
        check_orders(World([guild, bystander], [home, town]), str(guild.id), hidden)


def test_the_rivals_present_in_a_region_the_orders_name_are_part_of_what_the_check_reads() -> None:
    home, town = region("Home", 0, 0, arcana=4), region("Town", 1, 0, arcana=0)
    guild = faction("Guild", 4, 4, 4, home, facgold=20)
    rulers = faction("Rulers", 4, 4, 4, home, facgold=20)
    guild.expand_influence(str(town.id), 3, 0, 0, [])
    give(rulers, "arcane_laboratory", town)  # a rival's laboratory raises Town to arcana 4 for every buyer
    orders = FactionOrders(action=BuyAsset("regiment", str(town.id)))
    check_orders(World([guild, rulers], [home, town]), str(guild.id), orders)
    with pytest.raises(RuleViolationError, match="arcana level"):
        check_orders(World([guild], [home, town]), str(guild.id), orders)  # without the rival present there
