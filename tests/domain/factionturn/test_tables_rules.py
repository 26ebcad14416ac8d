"""Tags, goals and The Wild against seed 002."""

from __future__ import annotations

import math

import pytest

from domain.dice import DiceSpec
from domain.errors import InvalidInputError, NotFoundError
from domain.factionturn.tables.assets import Attribute
from domain.factionturn.tables.goals import GOALS, RANDOM_GOAL, ROLL_TWICE_AND_PICK, GoalContext, Scores, goal
from domain.factionturn.tables.tags import RANDOM_TAG, ROLL_TWICE_MORE, TAGS, TagEffect, TagRoll, TagScope, tag
from domain.factionturn.tables.wild import (
    DIFFICULT_TERRAIN_TIME_FACTOR,
    MONSTER_DAMAGE_MULTIPLIER,
    TERRAIN,
    is_difficult,
    monster_level,
    terrain_for_roll,
)

# Random Faction Tag as printed (d20).
TAG_TABLE = [
    "Colonists",
    "Deep Rooted",
    "Cult",
    "Diplomatic",
    "Fanatical",
    "Imperialist",
    "Machiavellian",
    "Mercenary Group",
    "Rebels",
    "Pirates",
    "Plutocratic",
    "Magocratic",
    "Pactsworn",
    "Savage",
    "Scavengers",
    "Secretive",
    "Field Expertise",
    "Theocratic",
    "Warlike",
]

# Random Faction Goal as printed (d12), spellings included.
GOAL_TABLE = [
    "Military Conquest",
    "Commerical Expansions",
    "Intelligence Coup",
    "Regional Seizure",
    "Expand Influence",
    "Blood the Enemy",
    "Peaceable Kingdom",
    "Destroy the Foe",
    "Inside Enemy Territory",
    "Invincible Valour",
    "Legendary Wealth",
]

# Terrain Table as printed: 2d6 faces, difficulty, HP (max), counter-attack (avg), example.
PrintedTerrain = tuple[tuple[int, ...], int, str, int, str | None, int | None, str]
TERRAIN_TABLE: list[PrintedTerrain] = [
    ((2,), 0, "1d4", 4, None, None, "Plains with water nearby"),
    ((3,), 1, "2d4+1", 9, None, None, "Hills with thick grassland"),
    ((4,), 2, "2d6+2", 14, None, None, "Swamp"),
    ((5,), 3, "3d6+3", 21, None, None, "Flat steppe with infertile soil"),
    ((6, 7), 4, "4d8+4", 36, None, None, "Mountain with light forests"),
    ((8, 9), 5, "5d8+5", 45, "1d4", 3, "Dense thick jungle with many insects"),
    ((10,), 6, "6d12+6", 78, "2d4+1", 6, "Frozen wasteland"),
    ((11,), 7, "7d12+7", 91, "2d6+2", 9, "Expansive hot desert with no water"),
    ((12,), 8, "8d20+8", 168, "3d6+3", 14, "Hostile Volcano"),
]


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


@pytest.mark.parametrize(("face", "name"), list(enumerate(TAG_TABLE, start=1)))
def test_random_tag_face_names_the_printed_tag(face: int, name: str) -> None:
    key = RANDOM_TAG[face]
    assert key is not None and TAGS[key].name == name


def test_twenty_on_the_tag_table_means_roll_twice_more() -> None:
    assert RANDOM_TAG[ROLL_TWICE_MORE] is None and ROLL_TWICE_MORE == 20


def test_there_are_twenty_tags_with_regional_government() -> None:
    assert len(TAGS) == 20
    assert tag("regional_government").per_region and tag("regional_government").effect.grants_permission


@pytest.mark.parametrize("key", list(TAGS))
def test_every_tag_has_a_mechanical_effect_and_a_summary(key: str) -> None:
    assert TAGS[key].effect != TagEffect()
    assert TAGS[key].summary


def test_no_two_tags_share_an_effect() -> None:
    effects = [t.effect for t in TAGS.values()]
    assert len(effects) == len(set(effects))


def test_warlike_gives_a_bonus_die_on_force_attacks() -> None:
    bonus = tag("warlike").effect.bonus_die
    assert bonus is not None
    assert (bonus.roll, bonus.attribute, bonus.against, bonus.scope) == (
        TagRoll.ATTACK,
        Attribute.FORCE,
        None,
        TagScope.ANYWHERE,
    )


def test_seed_spellings_of_tags_resolve() -> None:
    assert tag("imperialists") is tag("imperialist")
    assert tag("eugenics_cult") is tag("cult")
    with pytest.raises(NotFoundError):
        tag("vampires")


@pytest.mark.parametrize(("face", "name"), list(enumerate(GOAL_TABLE, start=1)))
def test_random_goal_face_names_the_printed_goal(face: int, name: str) -> None:
    assert RANDOM_GOAL[face] == goal(slug(name)).key


def test_twelve_on_the_goal_table_means_roll_twice_and_pick() -> None:
    assert RANDOM_GOAL[ROLL_TWICE_AND_PICK] is None and len(GOALS) == 11


MINOR = Scores(force=4, cunning=3, wealth=1)


@pytest.mark.parametrize(
    ("key", "context", "difficulty"),
    [
        ("military_conquest", GoalContext(MINOR, assets_destroyed=4), 2),
        ("military_conquest", GoalContext(MINOR, assets_destroyed=3), 2),  # half of 3, rounded up
        ("commercial_expansion", GoalContext(MINOR, assets_destroyed=1), 1),
        ("intelligence_coup", GoalContext(MINOR, assets_destroyed=6), 3),
        ("regional_seizure", GoalContext(MINOR, opponent=Scores(6, 5, 3)), 3),  # avg 14/3, half = 2.33 -> 3
        ("regional_seizure", GoalContext(MINOR, opponent=Scores(4, 1, 1)), 1),
        ("regional_seizure", GoalContext(MINOR), 1),  # no opposing faction
        ("expand_influence", GoalContext(MINOR), 1),
        ("expand_influence", GoalContext(MINOR, contested=True), 2),
        ("blood_the_enemy", GoalContext(MINOR), 2),
        ("peaceable_kingdom", GoalContext(MINOR), 1),
        ("destroy_the_foe", GoalContext(MINOR, opponent=Scores(6, 5, 3)), 6),  # 1 + 4.67 rounded up
        ("destroy_the_foe", GoalContext(MINOR, opponent=Scores(3, 4, 1)), 4),  # 1 + 2.67 rounded up
        ("inside_enemy_territory", GoalContext(MINOR), 2),
        ("invincible_valor", GoalContext(MINOR), 2),
        ("legendary_wealth", GoalContext(MINOR), 2),
    ],
)
def test_goal_difficulty(key: str, context: GoalContext, difficulty: int) -> None:
    assert GOALS[key].difficulty(context) == difficulty


@pytest.mark.parametrize(
    ("key", "target"),
    [
        ("military_conquest", 4),
        ("commercial_expansion", 1),
        ("intelligence_coup", 3),
        ("blood_the_enemy", 8),
        ("peaceable_kingdom", 4),
        ("inside_enemy_territory", 3),
        ("invincible_valor", 5),
        ("legendary_wealth", 4),
    ],
)
def test_goal_target_follows_the_faction_scores(key: str, target: int) -> None:
    counted = GOALS[key].target
    assert counted is not None and counted(MINOR) == target


@pytest.mark.parametrize("printed", TERRAIN_TABLE, ids=lambda r: r[6])
def test_terrain_row_matches_the_seed(printed: PrintedTerrain) -> None:
    faces, difficulty, hp, hp_max, counter, counter_avg, example = printed
    for face in faces:
        row = terrain_for_roll(face)
        assert (row.difficulty, row.hp, row.example) == (difficulty, DiceSpec.parse(hp), example)
        assert row.hp.maximum == hp_max
        assert row.counter == (None if counter is None else DiceSpec.parse(counter))
        if row.counter is not None:
            assert math.ceil(row.counter.average) == counter_avg  # the printed averages round up


def test_terrain_table_covers_every_2d6_total_once() -> None:
    assert sorted(f for r in TERRAIN for f in range(r.low, r.high + 1)) == list(range(2, 13))
    with pytest.raises(InvalidInputError):
        terrain_for_roll(13)


def test_only_terrain_above_difficulty_five_is_difficult() -> None:
    assert [d for d in range(9) if is_difficult(d)] == [6, 7, 8]
    assert DIFFICULT_TERRAIN_TIME_FACTOR == 2


@pytest.mark.parametrize(("cr", "level"), [(24, 8), (12, 4), (13, 4), (2, 0)])
def test_monster_level_is_cr_over_three_rounded_down(cr: int, level: int) -> None:
    assert monster_level(cr) == level


def test_damage_against_monsters_is_tripled() -> None:
    assert MONSTER_DAMAGE_MULTIPLIER == 3
