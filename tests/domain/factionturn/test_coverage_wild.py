"""Coverage pass: The Wild (seed 002, Special Faction: The Wild) with fixed dice.

Terrain defends with its difficulty and, from difficulty 5, counterattacks a failed attack; a Monster defends
with its level, takes triple damage, always counterattacks (once per faction's turn) with a hit die plus its
level, and heals a roll of its hit dice on The Wild's turn. Seizing wild land means beating both.
"""

from __future__ import annotations

import pytest

from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import Attack, SeizeRegion, Strike
from domain.factionturn.rules.seize import REGIONAL_GOVERNMENT
from domain.factionturn.rules.wild_assets import found_the_wild, monster, terrain
from domain.region import Region
from tests.domain.factionturn.factionturn_scenario import CAMPAIGN, Table, faction, give, region, take_turn


def _frontier(**chosen_options: object) -> tuple[Table, Faction, Faction, Region]:
    """Remzal's Chosen (Force 4) next to an unclaimed swamp held by The Wild."""
    home, swamp = region("Home", 0, 0), region("Swamp", 1, 0, terrain_difficulty=2, wild=True)
    chosen = faction("Remzal's Chosen", 4, 1, 3, home, **chosen_options)  # type: ignore[arg-type]
    wild = found_the_wild(CAMPAIGN, str(swamp.id))
    return Table([chosen, wild], [home, swamp]), chosen, wild, swamp


def _terrain(wild: Faction, where: Region, difficulty: int, hp: int) -> OwnedAsset:
    land = terrain(wild, str(where.id), difficulty, hp)
    wild.grant_asset(land, "map")
    return wild.assets[land.id]


def _monster(
    wild: Faction, where: Region, level: int = 4, hp: int = 189, hit_die: str = "1d10", heal: str = ""
) -> OwnedAsset:
    beast = monster(wild, str(where.id), "Charch-Go", level, hp, hit_die, heal)
    wild.grant_asset(beast, "map")
    return wild.assets[beast.id]


def _strike(attacker: OwnedAsset, wild: Faction, target: OwnedAsset) -> Attack:
    return Attack((Strike(attacker.id, str(wild.id), target.id),))


# ---- Terrain ---------------------------------------------------------------------------------------------------
def test_terrain_defends_with_its_difficulty_instead_of_a_rating() -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, 2, 14)
    warmages = give(chosen, "warmage_regiment", swamp)
    outcome = table.resolve(chosen, _strike(warmages, wild, land), 8, 3, 4, 3)  # 8+4 beats 3+2; 2d6 = 7
    assert outcome.rolls[1].total == 3 + 2 and outcome.rolls[1].modifiers[0].value == 2
    assert land.hp == 14 - 7


def test_terrain_with_a_counterattack_strikes_back_at_a_failed_attack() -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, 5, 45)  # Dense jungle: counterattack 1d4
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, land), 1, 9, 3)  # 1+4 loses to 9+5; 1d4 = 3
    assert (warmages.hp, land.hp) == (8 - 3, 45)


def test_hostile_terrain_counterattacks_with_its_table_dice() -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, 6, 78)  # Frozen wasteland: 2d4+1
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, land), 1, 9, 2, 3)
    assert warmages.hp == 8 - (2 + 3 + 1)


@pytest.mark.parametrize("difficulty", [0, 2, 4])
def test_terrain_below_difficulty_5_has_no_counterattack(difficulty: int) -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, difficulty, 9)
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, land), 1, 10)
    assert warmages.hp == 8


def test_terrain_does_not_counterattack_a_successful_attack() -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, 5, 45)
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, land), 10, 1, 6, 6)  # no counter die is rolled
    assert (warmages.hp, land.hp) == (8, 45 - 12)


def test_a_tie_against_terrain_hits_both_ways() -> None:
    table, chosen, wild, swamp = _frontier()
    land = _terrain(wild, swamp, 5, 45)
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, land), 6, 5, 1, 1, 2)  # 6+4 = 5+5: 2d6 = 2 and 1d4 = 2
    assert (warmages.hp, land.hp) == (6, 43)


# ---- Monsters --------------------------------------------------------------------------------------------------
def test_a_hit_on_a_monster_deals_triple_damage_and_it_still_counterattacks() -> None:
    table, chosen, wild, swamp = _frontier()
    beast = _monster(wild, swamp)
    warmages = give(chosen, "warmage_regiment", swamp)
    outcome = table.resolve(chosen, _strike(warmages, wild, beast), 9, 1, 4, 3, 2)  # 9+4 beats 1+4; 7 x 3
    assert outcome.rolls[1].total == 1 + 4  # the monster adds its level
    assert beast.hp == 189 - 21 and warmages.hp == 8 - (2 + 4)  # a hit die (1d10) + level 4


def test_a_monster_counterattacks_a_failed_attack_with_a_hit_die_plus_its_level() -> None:
    table, chosen, wild, swamp = _frontier()
    beast = _monster(wild, swamp, level=2, hit_die="1d6")
    warmages = give(chosen, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(warmages, wild, beast), 1, 9, 3)
    assert beast.hp == 189 and warmages.hp == 8 - (3 + 2)


def test_a_monster_counterattacks_only_once_in_a_factions_turn() -> None:
    table, chosen, wild, swamp = _frontier()
    beast = _monster(wild, swamp)
    first, second = give(chosen, "warmage_regiment", swamp), give(chosen, "warmage_regiment", swamp)
    strikes = Attack((Strike(first.id, str(wild.id), beast.id), Strike(second.id, str(wild.id), beast.id)))
    table.resolve(chosen, strikes, 9, 1, 1, 1, 1, 9, 1, 1, 1)  # the second strike draws no counterattack
    assert (first.hp, second.hp, beast.hp) == (8 - 5, 8, 189 - 6 - 6)


def test_a_monster_counterattacks_again_in_another_factions_turn() -> None:
    table, chosen, wild, swamp = _frontier()
    rivals = faction("Rivals", 4, 1, 1, region("Rival Home", 3, 0))
    table.factions.append(rivals)
    beast = _monster(wild, swamp)
    mine, theirs = give(chosen, "warmage_regiment", swamp), give(rivals, "warmage_regiment", swamp)
    table.resolve(chosen, _strike(mine, wild, beast), 9, 1, 1, 1, 1)
    table.resolve(rivals, _strike(theirs, wild, beast), 9, 1, 1, 1, 1)
    assert (mine.hp, theirs.hp) == (3, 3)


def test_a_monster_heals_a_roll_of_one_hit_die_on_the_wilds_turn() -> None:
    table, _, wild, swamp = _frontier()
    beast = _monster(wild, swamp)
    beast.hp = 100
    take_turn(table, wild, 7)
    assert beast.hp == 107


def test_a_monster_heals_a_roll_of_all_its_hit_dice_when_its_stat_block_gives_them() -> None:
    table, _, wild, swamp = _frontier()
    beast = _monster(wild, swamp, heal="2d10+5")
    beast.hp = 100
    take_turn(table, wild, 3, 4)
    assert beast.hp == 100 + 3 + 4 + 5


def test_a_monster_heals_no_higher_than_its_maximum() -> None:
    table, _, wild, swamp = _frontier()
    beast = _monster(wild, swamp)
    beast.hp = 188
    take_turn(table, wild, 9)
    assert beast.hp == 189


def test_an_unhurt_monster_rolls_no_healing() -> None:
    table, _, wild, swamp = _frontier()
    beast = _monster(wild, swamp)
    take_turn(table, wild)
    assert beast.hp == 189 and wild.facgold == 0  # The Wild takes no income and no action


# ---- Seizing wild land -----------------------------------------------------------------------------------------
def test_seizing_wild_land_needs_both_terrain_and_monster_beaten_then_three_turns_held() -> None:
    table, chosen, wild, swamp = _frontier()
    _terrain(wild, swamp, 0, 1)
    _monster(wild, swamp, level=1, hp=3, hit_die="1d4")
    give(chosen, "warmage_regiment", swamp)
    table.order(chosen, action=SeizeRegion(str(swamp.id)))
    take_turn(table, chosen, 9, 1, 1, 1)  # the terrain falls (2 damage); the monster was not attacked
    assert chosen.multi_turn is not None and chosen.multi_turn["held"] == 0 and swamp.governing_faction_id is None
    table.order(chosen)
    take_turn(table, chosen, 9, 1, 1, 1)  # 2 damage x 3 kills the monster: it cannot counterattack
    assert wild.assets == {} and chosen.multi_turn is not None and chosen.multi_turn["held"] == 1
    take_turn(table, chosen)
    take_turn(table, chosen)
    assert swamp.governing_faction_id == str(chosen.id) and REGIONAL_GOVERNMENT in chosen.tags


def test_a_seizure_of_wild_land_fails_when_the_wild_destroys_the_seizers_last_asset() -> None:
    table, chosen, wild, swamp = _frontier()
    _terrain(wild, swamp, 8, 168)  # Hostile volcano: counterattack 3d6+3
    warmages = give(chosen, "warmage_regiment", swamp)
    table.order(chosen, action=SeizeRegion(str(swamp.id)))
    outcome = take_turn(table, chosen, 1, 10, 6, 6, 6)
    assert warmages.id not in chosen.assets and chosen.multi_turn is None and swamp.governing_faction_id is None
    assert any("fails" in f for f in outcome.failures)


def test_colonists_roll_a_bonus_die_against_the_wild() -> None:
    table, chosen, wild, swamp = _frontier(tags=["Colonists"])
    land = _terrain(wild, swamp, 2, 14)
    warmages = give(chosen, "warmage_regiment", swamp)
    outcome = table.resolve(chosen, _strike(warmages, wild, land), 2, 7, 3, 1, 1)
    assert outcome.rolls[0].expression == "2d10kh1" and outcome.rolls[0].total == 7 + 4
