from __future__ import annotations

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.orders import AbilityUse, Attack, BuyAsset, ExpandInfluence, Strike, UseAssetAbility
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import Table, faction, give, region, take_turn


def _governed() -> tuple[Table, Faction, Faction, Region, Region]:
    home, town = region("Home", 0, 0, arcana=4), region("Town", 1, 0, arcana=4)
    guild = faction("Guild", 4, 4, 4, home, facgold=20)
    rulers = faction("Rulers", 4, 4, 4, town, facgold=20)
    town.change_government(str(rulers.id), "set-up")
    guild.expand_influence(str(town.id), 3, 0, 0, [])
    return Table([guild, rulers], [home, town]), guild, rulers, home, town


def test_rival_diplomats_who_win_a_cunning_test_withdraw_a_permission() -> None:
    table, guild, rulers, _, town = _governed()
    give(rulers, "diplomats", town)
    outcome = table.resolve(guild, BuyAsset("militia_unit", str(town.id)), 9, 1)
    assert guild.facgold == 20 and "Diplomats" in outcome.failures[0]


def test_a_popular_movement_always_gets_permission_without_a_bribe() -> None:
    table, guild, _, _, town = _governed()
    give(guild, "popular_movement", town)
    table.resolve(guild, BuyAsset("militia_unit", str(town.id)))
    assert guild.facgold == 20 - 4


def test_a_trade_embargo_makes_moving_in_cost_1d4_and_a_turn() -> None:
    table, guild, rulers, home, town = _governed()
    embargo = give(rulers, "trade_embargo", town)
    target = give(guild, "informers", town)
    table.resolve(rulers, Attack((Strike(embargo.id, str(guild.id), target.id),)), 9, 1)
    warmages = give(guild, "warmage_regiment", home)
    table.resolve(guild, UseAssetAbility((AbilityUse(warmages.id, region_id=str(town.id)),)), 2)
    assert guild.facgold == 18 and warmages.arrives_on == guild.turn + 2


def test_an_airship_moves_an_asset_in_without_permission_for_two_facgold() -> None:
    table, guild, _, home, town = _governed()
    airship = give(guild, "airship", home)
    militia = give(guild, "militia_unit", home)
    table.resolve(guild, UseAssetAbility((AbilityUse(airship.id, str(town.id), carried_ids=(militia.id,)),)))
    assert militia.region_id == str(town.id) and guild.facgold == 18


def test_smugglers_carry_a_special_forces_unit_two_hexes_for_one_facgold() -> None:
    table, guild, _, home, town = _governed()
    smugglers = give(guild, "smugglers", home)
    assassin = give(guild, "master_assassin", home)
    table.resolve(guild, UseAssetAbility((AbilityUse(smugglers.id, str(town.id), carried_ids=(assassin.id,)),)))
    assert assassin.region_id == str(town.id) and smugglers.region_id == str(home.id) and guild.facgold == 19


def test_confidence_men_make_a_rival_pay_half_an_assets_cost() -> None:
    table, guild, rulers, _, town = _governed()
    con = give(guild, "confidence_men", town)
    regiment = give(rulers, "regiment", town)
    table.resolve(
        guild,
        UseAssetAbility((AbilityUse(con.id, target_faction_id=str(rulers.id), target_asset_id=regiment.id),)),
        9,
        1,
    )
    assert rulers.facgold == 20 - 4


def test_confidence_men_disable_an_asset_its_owner_cannot_pay_for_until_it_can() -> None:
    table, guild, rulers, _, town = _governed()
    rulers.facgold = 0
    con = give(guild, "confidence_men", town)
    regiment = give(rulers, "regiment", town)
    table.resolve(
        guild,
        UseAssetAbility((AbilityUse(con.id, target_faction_id=str(rulers.id), target_asset_id=regiment.id),)),
        9,
        1,
    )
    assert regiment.disabled
    rulers.facgold = 4
    take_turn(table, rulers)
    assert not regiment.disabled and rulers.facgold == 4 + 4 - 4


def test_a_monopoly_takes_one_facgold_from_a_rival_in_its_region() -> None:
    table, guild, rulers, _, town = _governed()
    monopoly = give(rulers, "monopoly", town)
    table.resolve(rulers, UseAssetAbility((AbilityUse(monopoly.id, target_faction_id=str(guild.id)),)))
    assert (guild.facgold, rulers.facgold) == (19, 21)


def test_a_franchise_hit_moves_one_facgold_from_the_victim() -> None:
    table, guild, rulers, _, town = _governed()
    franchise = give(guild, "franchise", town)
    target = give(rulers, "regiment", town)
    table.resolve(guild, Attack((Strike(franchise.id, str(rulers.id), target.id),)), 9, 1, 2)
    assert (guild.facgold, rulers.facgold) == (21, 19)


def test_a_warmage_academy_adds_a_die_when_defending_against_cunning_attacks() -> None:
    table, guild, rulers, _, town = _governed()
    assassin = give(guild, "master_assassin", town)
    academy = give(rulers, "warmage_academy", town)
    # 6+4 against the better of 1 and 9, +4: the academy holds and counters for 2d8+2 = 4+3+2.
    outcome = table.resolve(guild, Attack((Strike(assassin.id, str(rulers.id), academy.id),)), 6, 1, 9, 4, 3)
    assert outcome.rolls[1].expression == "2d10kh1" and outcome.rolls[1].total == 9 + 4
    assert assassin.id not in guild.assets


def test_surveyors_add_a_die_to_expand_influence() -> None:
    home, away = region("Home", 0, 0), region("Away", 1, 0)
    guild = faction("Guild", 4, 4, 4, home, facgold=10)
    give(guild, "surveyors", away)
    outcome = Table([guild], [home, away]).resolve(guild, ExpandInfluence(str(away.id), 3), 2, 7)
    assert outcome.rolls[0].total == 7 + 4
