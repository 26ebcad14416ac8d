from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import BuyAsset, Permission, RefitAsset, RepairAsset, SellAsset
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, settle


def _market(facgold: int = 20) -> tuple[Table, Faction, Region, Region]:
    home, away = region("Home", 0, 0, arcana=4), region("Away", 1, 0, arcana=4)
    guild = faction("Guild", 4, 4, 4, home, facgold=facgold)
    return Table([guild], [home, away]), guild, home, away


def test_buying_an_asset_at_home_pays_its_cost_and_it_waits_for_the_next_turn() -> None:
    table, guild, home, _ = _market()
    table.resolve(guild, BuyAsset("regiment", str(home.id)))
    bought = next(a for a in guild.assets.values() if a.type_key == "regiment")
    assert guild.facgold == 20 - 8 and bought.usable_from == guild.turn + 1 and bought.hp == 12


def test_buying_at_a_base_of_influence_away_from_home_is_allowed() -> None:
    table, guild, _, away = _market()
    guild.expand_influence(str(away.id), 3, 0, 0, [])
    table.resolve(guild, BuyAsset("informers", str(away.id)))
    assert guild.facgold == 20 - 2


def test_cutthroats_start_stealthed() -> None:
    table, guild, home, _ = _market()
    guild.force = 5
    table.resolve(guild, BuyAsset("cutthroats", str(home.id)))
    assert next(a for a in guild.assets.values() if a.type_key == "cutthroats").stealthed


def test_stealth_is_bought_for_a_special_forces_asset() -> None:
    table, guild, home, _ = _market()
    guild.cunning = 3
    spies = give(guild, "informers", home)
    table.resolve(guild, BuyAsset("stealth", str(home.id), for_asset_id=spies.id))
    assert spies.stealthed and guild.facgold == 20 - 2


def test_a_region_government_may_ask_a_1d4_bribe_for_a_permission_asset() -> None:
    table, guild, _, away = _market()
    rulers = faction("Rulers", 1, 1, 1, away)
    table.factions.append(rulers)
    table.regions[1].change_government(str(rulers.id), "set-up")
    guild.expand_influence(str(away.id), 3, 0, 0, [])
    table.resolve(guild, BuyAsset("militia_unit", str(away.id)), 3)
    assert guild.facgold == 20 - 4 - 3


def test_an_arcane_laboratory_lets_a_low_arcana_region_buy_as_arcana_4() -> None:
    low = region("Village", 0, 0, arcana=1)
    guild = faction("Guild", 4, 4, 4, low, facgold=20)
    table = Table([guild], [low])
    give(guild, "arcane_laboratory", low)
    table.resolve(guild, BuyAsset("regiment", str(low.id)))
    assert guild.facgold == 12


def test_local_investments_of_a_rival_cost_one_extra_facgold() -> None:
    table, guild, home, _ = _market()
    rival = faction("Rival", 1, 1, 2, home)
    table.factions.append(rival)
    give(rival, "local_investments", home)
    table.resolve(guild, BuyAsset("informers", str(home.id)))
    assert guild.facgold == 20 - 2 - 1 and rival.facgold == 0


def _refuse(table: Table, guild: Faction, order: BuyAsset | RefitAsset | RepairAsset | SellAsset, rule: str) -> None:
    settle(*table.factions, *table.regions)
    with pytest.raises(RuleViolationError, match=rule):
        table.resolve(guild, order)
    assert all(a.collect_events() == [] for a in (*table.factions, *table.regions))


def test_buying_without_enough_facgold_is_refused() -> None:
    table, guild, home, _ = _market(facgold=3)
    _refuse(table, guild, BuyAsset("regiment", str(home.id)), "costs 8")


def test_buying_with_too_low_a_rating_is_refused() -> None:
    table, guild, home, _ = _market()
    _refuse(table, guild, BuyAsset("veteran_regiment", str(home.id)), "needs Force 6")


def test_buying_in_too_low_an_arcana_region_is_refused() -> None:
    low = region("Village", 0, 0, arcana=2)
    guild = faction("Guild", 4, 4, 4, low, facgold=20)
    _refuse(Table([guild], [low]), guild, BuyAsset("regiment", str(low.id)), "arcana level 4")


def test_buying_where_the_faction_has_no_base_is_refused() -> None:
    table, guild, _, away = _market()
    _refuse(table, guild, BuyAsset("informers", str(away.id)), "Base of Influence")


def test_a_second_purchase_in_a_turn_is_refused() -> None:
    table, guild, home, _ = _market()
    table.resolve(guild, BuyAsset("informers", str(home.id)))
    _refuse(table, guild, BuyAsset("informers", str(home.id)), "one asset")


def test_a_purchase_the_government_refuses_is_refused() -> None:
    table, guild, _, away = _market()
    rulers = faction("Rulers", 1, 1, 1, away)
    table.factions.append(rulers)
    table.regions[1].change_government(str(rulers.id), "set-up")
    guild.expand_influence(str(away.id), 3, 0, 0, [])
    table.order(rulers, permissions=(Permission(str(guild.id), "deny"),))
    _refuse(table, guild, BuyAsset("militia_unit", str(away.id)), "permission")


def test_stealth_for_a_military_unit_is_refused() -> None:
    table, guild, home, _ = _market()
    regiment = give(guild, "regiment", home)
    _refuse(table, guild, BuyAsset("stealth", str(home.id), for_asset_id=regiment.id), "Special Forces")


def test_refitting_changes_to_an_asset_of_the_same_type_paying_the_difference() -> None:
    table, guild, home, _ = _market()
    militia = give(guild, "guardsmen", home)
    table.resolve(guild, RefitAsset(militia.id, "regiment"))
    assert guild.assets[militia.id].type_key == "regiment" and guild.facgold == 20 - (8 - 2)


def test_refitting_to_another_type_is_refused() -> None:
    table, guild, home, _ = _market()
    guards = give(guild, "guardsmen", home)
    _refuse(table, guild, RefitAsset(guards.id, "informers"), "refits only")


def test_selling_gains_half_the_cost_rounded_down() -> None:
    table, guild, home, _ = _market(facgold=0)
    militia = give(guild, "barbarian_hordes", home)
    table.resolve(guild, SellAsset(militia.id))
    assert militia.id not in guild.assets and guild.facgold == 2


def test_repairing_an_asset_heals_its_rating_per_step_at_rising_cost() -> None:
    table, guild, home, _ = _market()
    regiment = give(guild, "regiment", home, hp=2)
    table.resolve(guild, RepairAsset(((regiment.id, 2),)))
    assert regiment.hp == 2 + 4 + 4 and guild.facgold == 20 - (1 + 2)


def test_repairing_the_faction_heals_the_rounded_average_of_highest_and_lowest_rating() -> None:
    home = region("Home")
    guild = faction("Guild", 6, 3, 4, home, facgold=5, hp=10)
    table = Table([guild], [home])
    table.resolve(guild, RepairAsset(faction=True))
    assert guild.hp == 10 + 5  # (6 + 3) / 2 = 4.5, rounded to 5
