from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.orders import AbilityUse, ExpandInfluence, SeizeRegion, UseAssetAbility
from domain.factionturn.rules.seize import REGIONAL_GOVERNMENT
from domain.factionturn.rules.wild_assets import found_the_wild, monster, terrain
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, faction, give, region, settle, take_turn


def test_expand_influence_buys_a_base_at_one_facgold_per_hp() -> None:
    home, away = region("Home", 0, 0), region("Away", 1, 0)
    crows = faction("Crows", 3, 4, 1, home, facgold=10)
    give(crows, "informers", away)
    table = Table([crows], [home, away])
    outcome = table.resolve(crows, ExpandInfluence(str(away.id), 6), 7)
    base = crows.base_in(str(away.id))
    assert base is not None and base.hp == 6 and crows.facgold == 4 and base.usable_from == crows.turn + 1
    assert outcome.rolls[0].total == 7 + 4


def test_rivals_who_match_the_expansion_roll_may_attack_the_new_base() -> None:
    home, away = region("Home", 0, 0), region("Away", 1, 0)
    crows = faction("Crows", 3, 4, 1, home, facgold=10)
    rival = faction("Rival", 4, 4, 1, away)
    give(crows, "informers", away)
    regiment = give(rival, "regiment", away)
    table = Table([crows, rival], [home, away])
    # Crows 3+4=7; Rival 3+4=7 ties, so it attacks: 9+4 vs 1+4 hits the base for 5 (1d8), which also costs HP.
    table.resolve(crows, ExpandInfluence(str(away.id), 6), 3, 3, 9, 1, 5)
    base = crows.base_in(str(away.id))
    assert base is not None and base.hp == 1 and crows.hp == crows.max_hp - 5 and regiment.hp == 12


def test_more_hp_for_an_existing_base_is_capped_at_the_faction_maximum() -> None:
    home = region("Home")
    crows = faction("Crows", 3, 4, 1, home, facgold=10)
    table = Table([crows], [home])
    settle(crows)
    with pytest.raises(RuleViolationError, match="at most"):
        table.resolve(crows, ExpandInfluence(str(home.id), 1))
    assert crows.collect_events() == []


def test_an_unopposed_seizure_succeeds_after_holding_three_turns() -> None:
    home = region("City", arcana=5)
    chosen = faction("Remzal's Chosen", 4, 1, 3, home)
    give(chosen, "warmage_regiment", home)
    table = Table([chosen], [home])
    table.order(chosen, action=SeizeRegion(str(home.id)))
    take_turn(table, chosen)
    table.order(chosen)
    take_turn(table, chosen)
    assert home.governing_faction_id is None
    take_turn(table, chosen)
    assert home.governing_faction_id == str(chosen.id) and REGIONAL_GOVERNMENT in chosen.tags


def test_a_seizure_fights_opposing_assets_first() -> None:
    home = region("City", arcana=5)
    chosen = faction("Chosen", 4, 1, 3, home)
    mages = faction("Mage Council", 1, 1, 1, home)
    regiment = give(chosen, "warmage_regiment", home)
    guards = give(mages, "guardsmen", home)
    home.change_government(str(mages.id), "set-up")
    table = Table([chosen, mages], [home])
    table.order(chosen, action=SeizeRegion(str(home.id)))
    take_turn(table, chosen, 9, 1, 3, 2)  # 2d6 = 5 destroys the 3 HP guardsmen; the base remains
    assert guards.id not in mages.assets and regiment.hp == 8
    assert chosen.multi_turn is not None and chosen.multi_turn["held"] == 0  # the base still resists


def test_seizing_wild_land_means_beating_its_terrain_and_monster() -> None:
    swamp, home = region("Swamp", 1, 0, terrain_difficulty=2, wild=True), region("Home", 0, 0)
    chosen = faction("Chosen", 4, 1, 3, home)
    wild = found_the_wild(CAMPAIGN, str(swamp.id))
    wild.grant_asset(terrain(wild, str(swamp.id), 2, 7), "map")
    beholder = monster(wild, str(swamp.id), "Charch-Go", 4, 189, "1d10")
    wild.grant_asset(beholder, "map")
    regiment = give(chosen, "warmage_regiment", swamp)
    table = Table([chosen, wild], [home, swamp])
    table.order(chosen, action=SeizeRegion(str(swamp.id)))
    # Against the terrain: 8+4 beats 3+2, 2d6 = 7 clears it. No monster counter: it was not attacked.
    take_turn(table, chosen, 8, 3, 4, 3)
    assert [a.name for a in wild.assets.values()] == ["Charch-Go"] and regiment.hp == 8
    # Next turn against the monster: a hit deals triple damage, and the monster always strikes back (1d10+4).
    table.order(chosen)
    take_turn(table, chosen, 8, 3, 4, 3, 2)
    assert wild.assets[beholder.id].hp == 189 - 3 * 7 and regiment.hp == 8 - 6


def test_heavy_transports_move_an_asset_one_hex_for_one_facgold() -> None:
    home, next_door = region("Home", 0, 0), region("Next", 1, 0)
    empire = faction("Empire", 4, 3, 5, home, facgold=3)
    transports = give(empire, "heavy_transports", home)
    regiment = give(empire, "regiment", home)
    table = Table([empire], [home, next_door])
    use = AbilityUse(transports.id, region_id=str(next_door.id), carried_ids=(regiment.id,))
    table.resolve(empire, UseAssetAbility((use,)))
    assert regiment.region_id == str(next_door.id) and empire.facgold == 2 and regiment.arrives_on == empire.turn


def test_moving_into_difficult_terrain_takes_twice_as_long() -> None:
    home, peaks = region("Home", 0, 0), region("Peaks", 1, 0, terrain_difficulty=6)
    empire = faction("Empire", 4, 3, 5, home)
    warmages = give(empire, "warmage_regiment", home)
    table = Table([empire], [home, peaks])
    table.resolve(empire, UseAssetAbility((AbilityUse(warmages.id, region_id=str(peaks.id)),)))
    assert warmages.arrives_on == empire.turn + 2 and not warmages.usable_on(empire.turn + 1)


def test_the_ocean_counts_as_difficult_terrain_on_the_first_turn() -> None:
    home, sea = region("Home", 0, 0), region("Sea", 1, 0, tags=["Ocean"])
    empire = faction("Empire", 4, 3, 5, home)
    warmages = give(empire, "warmage_regiment", home)
    table = Table([empire], [home, sea])
    table.resolve(empire, UseAssetAbility((AbilityUse(warmages.id, region_id=str(sea.id)),)))
    assert warmages.arrives_on == empire.turn + 2


def test_a_move_beyond_the_assets_reach_is_refused() -> None:
    home, far = region("Home", 0, 0), region("Far", 2, 0)
    empire = faction("Empire", 4, 3, 5, home)
    warmages = give(empire, "warmage_regiment", home)
    table = Table([empire], [home, far])
    settle(empire)
    with pytest.raises(RuleViolationError, match="hexes away"):
        table.resolve(empire, UseAssetAbility((AbilityUse(warmages.id, region_id=str(far.id)),)))
    assert empire.collect_events() == []


def test_an_asset_is_used_once_per_turn() -> None:
    home, next_door = region("Home", 0, 0), region("Next", 1, 0)
    empire = faction("Empire", 4, 3, 5, home)
    warmages = give(empire, "warmage_regiment", home)
    table = Table([empire], [home, next_door])
    use = AbilityUse(warmages.id, region_id=str(next_door.id))
    with pytest.raises(RuleViolationError, match="already used"):
        table.resolve(empire, UseAssetAbility((use, use)))
