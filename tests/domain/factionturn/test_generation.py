"""Random faction generation (seed 002, Creating a Faction) and wild regions, with fixed dice."""

from __future__ import annotations

import json

import pytest

from domain.dice import FixedDice, RandomDice
from domain.errors import InvalidInputError
from domain.factionturn.rules.creation import QUICK_REFERENCE, FactionSize
from domain.factionturn.rules.generation import (
    DEFAULT_NAMES,
    generate_faction,
    generate_world,
    other_attributes,
    pick_assets,
    roll_goal,
    roll_region,
    roll_score_order,
    roll_size,
    roll_tags,
    wild_region,
)
from domain.factionturn.rules.worked_example import WORKED_FACTIONS
from domain.factionturn.tables.assets import Attribute
from domain.factionturn.tables.catalog import asset_type
from domain.factionturn.tables.progression import max_hp

F, C, W = Attribute.FORCE, Attribute.CUNNING, Attribute.WEALTH
MINOR, MAJOR, REGIONAL = FactionSize.MINOR, FactionSize.MAJOR, FactionSize.REGIONAL


class CountingDice:
    """Seeded dice that count every face they give."""

    def __init__(self, seed: str) -> None:
        self._dice = RandomDice.seeded(seed)
        self.faces = 0

    def roll(self, sides: int) -> int:
        self.faces += 1
        return self._dice.roll(sides)


@pytest.mark.parametrize(
    ("faces", "size"),
    [((1, 1), MINOR), ((2, 3), MINOR), ((3, 3), MAJOR), ((5, 6), MAJOR), ((6, 6), REGIONAL)],
)
def test_a_2d6_of_2_to_5_is_minor_6_to_11_major_and_12_a_hegemon(faces: tuple[int, int], size: FactionSize) -> None:
    assert roll_size(FixedDice(faces)).value is size


@pytest.mark.parametrize(
    ("first", "second", "order"),
    [(1, 3, (F, C, W)), (2, 6, (F, W, C)), (3, 1, (C, F, W)), (4, 5, (C, W, F)), (5, 2, (W, F, C)), (6, 4, (W, C, F))],
)
def test_main_stat_d6_picks_highest_then_second_and_third_by_elimination(
    first: int, second: int, order: tuple[Attribute, Attribute, Attribute]
) -> None:
    assert roll_score_order(FixedDice([first, second])).value == order


def test_a_second_d6_naming_the_highest_score_again_is_rerolled() -> None:
    rolled = roll_score_order(FixedDice([5, 6, 5, 1]))
    assert rolled.value == (W, F, C)
    assert [r.total for r in rolled.rolls] == [5, 6, 5, 1]


def test_a_d20_of_1_to_19_gives_that_one_tag() -> None:
    assert roll_tags(FixedDice([13])).value == ("pactsworn",)


def test_a_d20_of_20_rolls_twice_more() -> None:
    assert roll_tags(FixedDice([20, 9, 2])).value == ("rebels", "deep_rooted")


def test_a_20_among_the_extra_rolls_rolls_twice_more_again() -> None:
    rolled = roll_tags(FixedDice([20, 20, 1, 2, 3]))
    assert rolled.value == ("colonists", "deep_rooted", "cult")
    assert len(rolled.rolls) == 5


def test_a_tag_already_held_is_rerolled() -> None:
    assert roll_tags(FixedDice([20, 9, 9, 2])).value == ("rebels", "deep_rooted")


GOALS_BY_FACE = [
    "military_conquest",
    "commercial_expansion",
    "intelligence_coup",
    "regional_seizure",
    "expand_influence",
    "blood_the_enemy",
    "peaceable_kingdom",
    "destroy_the_foe",
    "inside_enemy_territory",
    "invincible_valor",
    "legendary_wealth",
]


@pytest.mark.parametrize(("face", "goal"), list(enumerate(GOALS_BY_FACE, start=1)))
def test_a_d12_of_1_to_11_gives_that_goal(face: int, goal: str) -> None:
    assert roll_goal(FixedDice([face])).value == (goal,)


def test_a_d12_of_12_rolls_twice_and_the_faction_pursues_the_first() -> None:
    rolled = roll_goal(FixedDice([12, 8, 4]))
    assert rolled.value == ("destroy_the_foe", "regional_seizure")
    faction = generate_faction("Crows", FixedDice([3, 4, 3, 4, 1, 1, 3, 1, 6, 12, 8, 4, 3, 1]))
    assert (faction.goal, faction.goal_choices) == ("destroy_the_foe", ("destroy_the_foe", "regional_seizure"))


def test_a_12_or_a_repeat_while_rolling_twice_is_rerolled() -> None:
    rolled = roll_goal(FixedDice([12, 12, 3, 3, 5]))
    assert rolled.value == ("intelligence_coup", "expand_influence")
    assert len(rolled.rolls) == 5


@pytest.mark.parametrize(
    ("faces", "arcana", "population"),
    [((1, 1, 6, 6), 0, "Unknown or non-humanoid"), ((5, 6, 2, 1), 4, "Outpost"), ((6, 6, 2, 2), 5, "Multiple Dozens")],
)
def test_home_arcana_and_population_are_two_separate_2d6(faces: tuple[int, ...], arcana: int, population: str) -> None:
    region = roll_region(FixedDice(faces))
    assert (region.arcana, region.population) == (arcana, population)


@pytest.mark.parametrize(
    ("face", "key"),
    [(1, "transport_supply_chain"), (2, "extended_supply_lines"), (3, "warmage_regiment"), (4, "regiment")],
)
def test_a_d4_picks_the_assets_printed_under_the_score_in_order(face: int, key: str) -> None:
    assert pick_assets(F, 4, 1, FixedDice([face])).value == (key,)


def test_a_d4_higher_than_the_number_of_options_is_rerolled() -> None:
    rolled = pick_assets(C, 3, 1, FixedDice([4, 3, 2]))
    assert rolled.value == ("covert_shipping",)
    assert len(rolled.rolls) == 3


def test_an_asset_already_picked_is_not_an_option_again() -> None:
    assert pick_assets(F, 6, 2, FixedDice([2, 2])).value == ("fortress", "calvary")


def test_a_used_up_heading_steps_down_to_the_next_rating() -> None:
    assert pick_assets(F, 8, 2, FixedDice([2, 3, 4, 1, 2])).value == ("professional_army", "warmage_academy")


@pytest.mark.parametrize(("count", "attributes"), [(1, (C,)), (2, (C, W)), (4, (C, W, C, W))])
def test_other_assets_alternate_second_and_third_attribute(count: int, attributes: tuple[Attribute, ...]) -> None:
    assert other_attributes((F, C, W), count) == attributes


# Worked example, Faction 1: arcana 12 -> 5, population 8 -> Thousands, size 4 -> Minor, Force then (after a
# reroll) Wealth, Pactsworn (13), Regional Seizure (4), "I rolled Heavy transport" (Force 4, first), and
# Arcane Laboratory (Wealth 3, second).
REMZAL_DICE = [6, 6, 4, 4, 1, 3, 1, 2, 5, 13, 4, 1, 2]
# Faction 5, Goldbar House: arcana 7, Outpost, Minor, Wealth then Cunning, Plutocratic, Legendary Wealth,
# Treasure Vault (Wealth 4, fourth) and Master Assassin (Cunning 3, first).
GOLDBAR_DICE = [3, 4, 1, 2, 2, 2, 5, 3, 11, 11, 4, 1]


def test_the_worked_examples_faction_1_follows_from_its_rolls() -> None:
    chosen = WORKED_FACTIONS[0]
    faction = generate_faction(chosen.name, FixedDice(REMZAL_DICE))
    assert (faction.size, faction.home_arcana, faction.home_population) == (chosen.size, 5, "Thousands")
    assert (faction.force, faction.cunning, faction.wealth) == (chosen.force, chosen.cunning, chosen.wealth)
    assert faction.max_hp == chosen.stated_hp == 15
    assert (faction.tags, faction.goal) == (chosen.tags, chosen.goal)
    assert faction.primary_assets == ("transport_supply_chain",)  # the author then chose Warmage Regiment
    assert faction.other_assets == ("arcane_laboratory",) == chosen.assets[1:]
    assert (faction.additional_bases, faction.base_hp, faction.home_base_hp) == (1, 7, 15)


def test_the_worked_examples_goldbar_house_follows_from_its_rolls() -> None:
    chosen = WORKED_FACTIONS[4]
    faction = generate_faction(chosen.name, FixedDice(GOLDBAR_DICE))
    assert (faction.home_arcana, faction.home_population, faction.size) == (4, "Outpost", MINOR)
    assert faction.ratings == {"force": 1, "cunning": 3, "wealth": 4}
    assert (faction.tags, faction.goal) == (chosen.tags, chosen.goal)
    assert faction.primary_assets + faction.other_assets == chosen.assets


def test_a_hegemon_gets_8_7_5_four_primary_and_two_of_each_other_attribute() -> None:
    dice = FixedDice([1, 1, 1, 1, 6, 6, 3, 6, 1, 1, 1, 3, 4, 3, 2, 1, 1, 1, 2, 2])
    faction = generate_faction("The Hegemony", dice)
    assert (faction.size, faction.order) == (REGIONAL, (C, W, F))
    assert faction.ratings == {"force": 5, "cunning": 8, "wealth": 7}
    assert faction.max_hp == 49
    assert faction.primary_assets == ("guards_and_wards", "treachery", "book_of_secrets", "popular_movement")
    assert faction.other_assets == ("arcane_industry", "hostile_takeover", "ruin_excavation", "cutthroats")
    assert (faction.additional_bases, faction.base_hp) == (6, 24)
    assert dice.remaining == 0


@pytest.mark.parametrize("seed", range(40))
def test_generated_factions_keep_the_quick_reference(seed: int) -> None:
    for faction in generate_world(6, RandomDice.seeded("generation", seed)):
        ref = QUICK_REFERENCE[faction.size]
        assert faction.max_hp == max_hp(faction.force, faction.cunning, faction.wealth) == ref.max_hp
        assert sorted(faction.ratings.values(), reverse=True) == [ref.highest, ref.second, ref.third]
        assert (len(faction.primary_assets), len(faction.other_assets)) == (ref.primary_assets, ref.other_assets)
        primary, *others = faction.order
        assert all(asset_type(k).attribute is primary for k in faction.primary_assets)
        assert all(asset_type(k).attribute in others for k in faction.other_assets)
        assert len(set(faction.primary_assets + faction.other_assets)) == ref.primary_assets + ref.other_assets
        assert faction.goal == faction.goal_choices[0] and len(faction.tags) >= 1


def test_every_die_rolled_is_recorded_in_the_factions_rolls() -> None:
    dice = CountingDice("recorded")
    world = generate_world(5, dice)
    assert sum(len(r.faces) for f in world for r in f.rolls) == dice.faces
    assert all(r.actor == f.name and r.rule.startswith("seed 002") for f in world for r in f.rolls)
    json.dumps([f.roll_records() for f in world])


def test_a_world_uses_the_names_given_or_the_default_list() -> None:
    names = ["Remzal's Chosen", "Empresses' Crows", "The Republic"]
    assert [f.name for f in generate_world(3, RandomDice.seeded("n"), names)] == names
    assert [f.name for f in generate_world(4, RandomDice.seeded("n"))] == list(DEFAULT_NAMES[:4])


def test_the_same_seed_generates_the_same_world() -> None:
    assert generate_world(6, RandomDice.seeded("same")) == generate_world(6, RandomDice.seeded("same"))


@pytest.mark.parametrize("count", [0, 2, 7])
def test_a_world_of_other_than_3_to_6_factions_is_refused(count: int) -> None:
    with pytest.raises(InvalidInputError):
        generate_world(count, FixedDice([]))


@pytest.mark.parametrize("names", [["A", "B"], ["A", "B", "a"], ["A", "B", " "]])
def test_names_must_be_one_each_all_different_and_not_blank(names: list[str]) -> None:
    with pytest.raises(InvalidInputError):
        generate_world(3, FixedDice([]), names)


def test_a_wild_region_of_2d6_2_is_open_plains_with_1d4_hp_and_no_counterattack() -> None:
    region = wild_region(FixedDice([1, 1, 3]))
    assert (region.difficulty, region.hp, region.counter, region.counter_expression) == (0, 3, None, "")


def test_charch_gos_lair_is_a_swamp_of_difficulty_2_with_7_hp() -> None:
    region = wild_region(FixedDice([2, 2, 2, 3]))  # a 2d6 of 4 on the Terrain Table; 2d6+2 = 7
    assert (region.difficulty, region.hp, region.example) == (2, 7, "Swamp")


def test_a_wild_region_of_2d6_8_to_9_is_jungle_that_counterattacks_with_1d4() -> None:
    region = wild_region(FixedDice([4, 5, 1, 2, 3, 4, 5]))
    assert (region.difficulty, region.hp, region.counter_expression) == (5, 20, "1d4")
    assert [r.expression for r in region.rolls] == ["2d6", "5d8+5"]


def test_a_wild_region_of_2d6_12_is_a_volcano_of_8d20_plus_8_hp() -> None:
    region = wild_region(FixedDice([6, 6, *[20] * 8]))
    assert (region.difficulty, region.hp, region.counter_expression) == (8, 168, "3d6+3")
