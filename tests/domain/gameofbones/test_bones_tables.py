"""The tables of seed 000 against transcriptions typed straight from its text."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolationError
from domain.gameofbones.tables.actions import ACTIONS, RANK_CHECK, ActionName
from domain.gameofbones.tables.gains import (
    GAINING_INFLUENCE,
    Skill,
    check_power_classes,
    member_power,
    priest_influence,
)
from domain.gameofbones.tables.ranks import RANK_TABLE, Defences, action_bonuses, defences, rank_for
from domain.gameofbones.tables.records import EVERY_SKILL, Character
from domain.gameofbones.tables.scales import Sizing

# Seed 000, "Rank by Power and Influence", one line per row as printed.
SEED_RANKS = """
1000 1 +1 +2/+0
4000 2 +2 +3/+0
9000 3 +3 +3/+1
16000 4 +4 +4/+1
25000 5 +5 +4/+1
36000 6 +6/+1 +5/+2
49000 7 +7/+2 +5/+2
64000 8 +8/+3 +6/+2
81000 9 +9/+4 +6/+3
100000 10 +10/+5 +7/+3
121000 11 +11/+6/+1 +7/+3
144000 12 +12/+7/+2 +8/+4
169000 13 +13/+8/+3 +8/+4
196000 14 +14/+9/+4 +9/+4
225000 15 +15/+10/+5 +9/+5
256000 16 +16/+11/+6/+1 +10/+5
289000 17 +17/+12/+7/+2 +10/+5
324000 18 +18/+13/+8/+3 +11/+6
361000 19 +19/+14/+9/+4 +11/+6
400000 20 +20/+15/+10/+5 +12/+6
"""


def seed_rows() -> list[tuple[int, int, tuple[int, ...], tuple[int, int]]]:
    rows = []
    for line in SEED_RANKS.strip().splitlines():
        total, rank, bonus, defence = line.split()
        high, low = (int(v) for v in defence.split("/"))
        rows.append((int(total), int(rank), tuple(int(v) for v in bonus.split("/")), (high, low)))
    return rows


@pytest.mark.parametrize(("total", "rank", "bonuses", "defence"), seed_rows())
def test_rank_row_matches_the_seed(total: int, rank: int, bonuses: tuple[int, ...], defence: tuple[int, int]) -> None:
    row = RANK_TABLE[rank - 1]
    assert (row.total, row.rank, row.action_bonuses, (row.defence_high, row.defence_low)) == (
        total,
        rank,
        bonuses,
        defence,
    )
    assert total == 1_000 * rank * rank
    assert rank_for(total) == rank
    assert rank_for(total - 1) == rank - 1
    assert action_bonuses(rank) == bonuses


@pytest.mark.parametrize(("total", "rank", "bonuses", "defence"), seed_rows())
def test_the_larger_defence_goes_to_the_larger_of_influence_and_power(
    total: int, rank: int, bonuses: tuple[int, ...], defence: tuple[int, int]
) -> None:
    high, low = defence
    assert defences(rank, influence=total, power=0) == Defences(influence=high, power=low)
    assert defences(rank, influence=0, power=total) == Defences(influence=low, power=high)
    assert defences(rank, influence=500, power=500) == Defences(influence=high, power=low)


def test_a_house_below_a_combined_1000_has_no_rank_and_acts_once_without_bonus() -> None:
    assert rank_for(999) == 0
    assert action_bonuses(0) == (0,)
    assert defences(0, 500, 400) == Defences(0, 0)
    assert rank_for(10_000_000) == 20


# Seed 000, "Gaining Influence": action, influence per unit, skill and DC.
SEED_INFLUENCE = [
    ("spy", 100, "Gather Information", 15),
    ("tavern", 200, "Profession (Merchant)", 20),
    ("blackmail", 100, "Innuendo", 30),
    ("kill", 300, None, None),
    ("magic_item", 100, None, None),
    ("priest", 100, None, None),
    ("fatespinner_priestess", 500, None, None),
]


@pytest.mark.parametrize(("key", "influence", "skill", "dc"), SEED_INFLUENCE)
def test_gaining_influence_row_matches_the_seed(key: str, influence: int, skill: str | None, dc: int | None) -> None:
    row = next(r for r in GAINING_INFLUENCE if r.key == key)
    assert (row.influence, row.skill, row.dc) == (influence, skill, dc)


def test_influence_per_power_level_scales_with_the_enemys_level() -> None:
    blackmail = next(r for r in GAINING_INFLUENCE if r.key == "blackmail")
    kill = next(r for r in GAINING_INFLUENCE if r.key == "kill")
    spy = next(r for r in GAINING_INFLUENCE if r.key == "spy")
    assert (blackmail.gained(7), kill.gained(7), spy.gained(7)) == (700, 2_100, 100)


def test_a_fatespinner_priestess_gives_500_a_level_and_other_priests_100() -> None:
    assert priest_influence(6, fatespinner_priestess=True) == 3_000
    assert priest_influence(6, fatespinner_priestess=False) == 600


@pytest.mark.parametrize(
    ("character_class", "level", "power"),
    [
        ("warrior", 3, 150),
        ("fighter", 3, 300),
        ("barbarian", 3, 300),
        ("ranger", 3, 300),
        ("wizard", 3, 600),
        ("sorcerer", 3, 600),
        ("cleric", 3, 600),
        ("druid", 3, 450),
        ("bard", 4, 100),
        ("bard", 5, 150),
        ("bard", 8, 300),
        ("rogue", 6, 300),
        ("rogue", 7, 400),
        ("rogue", 10, 700),
    ],
)
def test_gaining_power_per_level_with_higher_rates_only_above_the_threshold(
    character_class: str, level: int, power: int
) -> None:
    assert member_power({character_class: level}) == power


def test_a_multiclass_member_adds_each_class_and_unknown_classes_are_refused() -> None:
    assert member_power({"fighter": 2, "wizard": 1}) == 400
    with pytest.raises(RuleViolationError):
        check_power_classes({"paladin": 3})


# Seed 000, the fifteen actions: influence req, power req, dedicated influence, dedicated power, gold, weeks, skill, DC.
SIZING = Sizing(own_rank=3, target_rank=4, target_level=6, areas=2, power=7_500, covered_requirements=6_000)
SEED_ACTIONS = [
    (ActionName.ASSASSINATION, 500, 100, 6_000, 0, 6_000, 2, "Gather Information", 26, "Gather Information"),
    (ActionName.ASSAULT, 0, 7_500, 0, 7_500, 4_000, 1, RANK_CHECK, None, RANK_CHECK),
    (ActionName.COUNTERINTELLIGENCE, 5_000, 1_000, 1_500, 0, 0, 4, "Gather Information", 25, None),
    (ActionName.COVER_UP, 6_000, 0, 750, 0, 0, None, "Diplomacy", 25, None),
    (ActionName.DIVINE_PETITION, 20_000, 0, 10_000, 0, 5_000, 4, "Bluff", 30, None),
    (ActionName.EXTORTION, 1_000, 2_000, 0, 1_000, 900, 4, "Intimidate", 20, "Sense Motive"),
    (ActionName.FORCE_ASSESSMENT, 3_000, 0, 400, 0, 2_000, 1, "Gather Information", 20, None),
    (ActionName.FRAME_UP, 3_000, 2_000, 4_000, 0, 3_000, 4, "Gather Information", 25, "Sense Motive"),
    (ActionName.INTELLIGENCE_GATHERING, 1_000, 0, 1_000, 0, 500, 1, "Gather Information", 20, None),
    (ActionName.POISON_PILL, 5_000, 1_000, 2_000, 0, 4_000, 8, "Sense Motive", 25, "Gather Information"),
    (ActionName.PUBLIC_RELATIONS_CAMPAIGN, 3_000, 0, 1_500, 0, 6_000, 12, "Diplomacy", 13, None),
    (ActionName.SMEAR_CAMPAIGN, 5_000, 0, 4_000, 0, 8_000, 4, "Innuendo", 26, "Sense Motive"),
    (ActionName.TROOP_MOVEMENTS, 2_000, 0, 0, 0, 800, 4, "Hide", 50, None),
    (ActionName.VANDALISM, 500, 4_000, 0, 1_000, 400, 1, RANK_CHECK, 15, RANK_CHECK),
    (ActionName.WREST_CONTROL, 5_000, 1_000, 0, 5_000, 10_000, 4, RANK_CHECK, 15, RANK_CHECK),
]


@pytest.mark.parametrize(
    ("name", "influence_req", "power_req", "influence", "power", "gold", "weeks", "skill", "dc", "opposed"),
    SEED_ACTIONS,
)
def test_action_row_matches_the_seed_for_a_rank_3_house_against_rank_4(
    name: ActionName,
    influence_req: int,
    power_req: int,
    influence: int,
    power: int,
    gold: int,
    weeks: int | None,
    skill: str,
    dc: int | None,
    opposed: str | None,
) -> None:
    row = ACTIONS[name]
    assert row.influence_requirement(SIZING) == influence_req
    assert row.power_requirement(SIZING) == power_req
    assert (row.dedicated_influence(SIZING), row.dedicated_power(SIZING), row.gold(SIZING)) == (influence, power, gold)
    assert (row.weeks, row.skill, row.opposed_by) == (weeks, skill, opposed)
    assert (row.dc(SIZING) if row.dc else None) == dc


def test_there_are_fifteen_actions() -> None:
    assert len(ACTIONS) == 15


def test_a_made_up_character_holds_its_level_in_every_skill_the_seed_checks_once() -> None:
    lieutenant = Character.trained("Mira Droste", 9)
    assert sorted(EVERY_SKILL) == sorted(Skill)
    assert list(lieutenant.skills) == list(EVERY_SKILL) and set(lieutenant.skills.values()) == {9}
    assert all(lieutenant.modifier(skill) == 9 for skill in Skill)
