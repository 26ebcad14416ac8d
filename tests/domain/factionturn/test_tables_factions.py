"""Max HP, XP costs, faction creation tables and the seed's example factions."""

from __future__ import annotations

import pytest

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.rules.creation import (
    ARCANA_LEVEL,
    FACTION_SIZE,
    POPULATION,
    QUICK_REFERENCE,
    SECOND_SCORE_LESS,
    THIRD_SCORE_LESS,
    FactionSize,
    look_up,
    random_asset,
    random_asset_options,
    score_order,
    scores_for,
)
from domain.factionturn.rules.examples import EXAMPLE_FACTIONS, EXAMPLE_PRINTED_TAGS, AssetMatch
from domain.factionturn.rules.worked_example import CHARCH_GO, WORKED_FACTIONS
from domain.factionturn.tables.assets import Attribute
from domain.factionturn.tables.catalog import asset_type
from domain.factionturn.tables.goals import GOALS
from domain.factionturn.tables.progression import XP_COST, max_hp, xp_to_raise
from domain.factionturn.tables.tags import TAGS, tag
from domain.factionturn.tables.wild import monster_level, terrain_of_difficulty

F, C, W = Attribute.FORCE, Attribute.CUNNING, Attribute.WEALTH

# Example Factions as printed: name, Force, Cunning, Wealth, Hit Points.
EXAMPLES_AS_PRINTED = [
    ("Colony", 4, 3, 1, 15),
    ("Savage Tribe", 4, 1, 3, 15),
    ("Backwater Region", 6, 3, 5, 29),
    ("Zealous Faith", 3, 6, 5, 29),
    ("Regional Hegemon", 8, 5, 7, 49),
    ("Merchant Alliance", 3, 5, 6, 29),
    ("Cult", 3, 6, 5, 29),
    ("Rebel Freedom Fighters", 3, 4, 1, 15),
]

# Example of Faction Play as printed: name, Force, Cunning, Wealth, Max HP.
WORKED_AS_PRINTED = [
    ("Remzal's Chosen", 4, 1, 3, 15),
    ("Empresses' Crows", 3, 4, 1, 15),
    ("The Republic", 6, 5, 3, 29),
    ("Empire Remnants", 6, 3, 5, 29),
    ("Goldbar House", 1, 3, 4, 15),
]


def test_max_hp_is_four_plus_the_hp_value_of_each_score() -> None:
    assert max_hp(force=4, cunning=3, wealth=1) == 4 + 6 + 4 + 1 == 15


@pytest.mark.parametrize(("name", "force", "cunning", "wealth", "hp"), EXAMPLES_AS_PRINTED)
def test_example_faction_has_the_stated_hp(name: str, force: int, cunning: int, wealth: int, hp: int) -> None:
    (preset,) = (e for e in EXAMPLE_FACTIONS if e.name == name)
    assert (preset.force, preset.cunning, preset.wealth, preset.stated_hp) == (force, cunning, wealth, hp)
    assert preset.max_hp == max_hp(force, cunning, wealth) == hp


@pytest.mark.parametrize(("name", "force", "cunning", "wealth", "hp"), WORKED_AS_PRINTED)
def test_worked_example_faction_has_the_stated_hp(name: str, force: int, cunning: int, wealth: int, hp: int) -> None:
    (preset,) = (f for f in WORKED_FACTIONS if f.name == name)
    assert (preset.force, preset.cunning, preset.wealth, preset.stated_hp) == (force, cunning, wealth, hp)
    assert preset.max_hp == hp


@pytest.mark.parametrize(("size", "hp"), [(FactionSize.MINOR, 15), (FactionSize.MAJOR, 29), (FactionSize.REGIONAL, 49)])
def test_quick_reference_scores_give_its_max_hp(size: FactionSize, hp: int) -> None:
    ref = QUICK_REFERENCE[size]
    assert max_hp(ref.highest, ref.second, ref.third) == ref.max_hp == hp


def test_quick_reference_scores_follow_one_less_and_three_less() -> None:
    for ref in QUICK_REFERENCE.values():
        assert ref.second == ref.highest - SECOND_SCORE_LESS
        assert ref.third == ref.highest - THIRD_SCORE_LESS


def test_regional_third_score_is_five_not_the_printed_four() -> None:
    assert QUICK_REFERENCE[FactionSize.REGIONAL].third == 5
    assert max_hp(8, 7, 4) == 46  # the printed 4 would not give the printed 49


def test_base_of_influence_hp_is_half_max_hp_rounded_down() -> None:
    assert [(r.base_hp, r.additional_bases) for r in QUICK_REFERENCE.values()] == [(7, 1), (14, 3), (24, 6)]
    assert all(r.base_hp == r.max_hp // 2 for r in QUICK_REFERENCE.values())


def test_quick_reference_asset_counts() -> None:
    assert [(r.primary_assets, r.other_assets) for r in QUICK_REFERENCE.values()] == [(1, 1), (2, 2), (4, 4)]


@pytest.mark.parametrize(("score", "xp"), [(2, 2), (3, 4), (4, 6), (5, 9), (6, 12), (7, 16), (8, 20)])
def test_raising_a_score_to_a_rating_costs_the_printed_xp(score: int, xp: int) -> None:
    assert XP_COST[score] == xp
    assert xp_to_raise(score - 1) == xp


def test_a_score_of_eight_cannot_be_raised() -> None:
    with pytest.raises(RuleViolationError):
        xp_to_raise(8)


def test_scores_run_from_one_to_eight() -> None:
    with pytest.raises(InvalidInputError):
        max_hp(0, 3, 3)


@pytest.mark.parametrize(
    ("total", "size"),
    [
        (2, FactionSize.MINOR),
        (5, FactionSize.MINOR),
        (6, FactionSize.MAJOR),
        (11, FactionSize.MAJOR),
        (12, FactionSize.REGIONAL),
    ],
)
def test_random_faction_size_on_2d6(total: int, size: FactionSize) -> None:
    assert look_up(FACTION_SIZE, total) is size


@pytest.mark.parametrize(
    ("total", "arcana", "population"),
    [
        (2, 0, "Ruins"),
        (3, 1, "Outpost"),
        (4, 2, "Multiple Dozens"),
        (5, 3, "Hundreds"),
        (6, 3, "Hundreds"),
        (7, 4, "Hundreds"),
        (8, 4, "Thousands"),
        (10, 4, "Thousands"),
        (11, 4, "Tens of Thousands"),
        (12, 5, "Unknown or non-humanoid"),
    ],
)
def test_home_region_arcana_and_population_on_2d6(total: int, arcana: int, population: str) -> None:
    assert look_up(ARCANA_LEVEL, total) == arcana
    assert look_up(POPULATION, total) == population


def test_main_stat_faces_pick_highest_second_and_third() -> None:
    assert score_order(1, 3) == (F, C, W)
    assert score_order(6, 2) == (W, F, C)
    assert score_order(4, 3) is None  # second roll lands on the highest: reroll


def test_a_major_wealth_faction_gets_six_five_three() -> None:
    order = score_order(5, 1)
    assert order is not None
    assert scores_for(FactionSize.MAJOR, order) == {W: 6, F: 5, C: 3}


def test_random_asset_options_leave_out_base_and_stealth() -> None:
    assert [a.key for a in random_asset_options(C, 3)] == ["master_assassin", "covert_shipping"]
    assert [a.key for a in random_asset_options(F, 4)] == [
        "transport_supply_chain",
        "extended_supply_lines",
        "warmage_regiment",
        "regiment",
    ]


def test_a_d4_face_beyond_the_options_is_a_reroll() -> None:
    options = random_asset_options(C, 1)
    assert random_asset(options, 2) == asset_type("informers")
    assert random_asset(options, 4) is None


def test_every_preset_asset_is_a_catalog_row() -> None:
    for faction in EXAMPLE_FACTIONS:
        for asset in faction.assets:
            assert asset_type(asset.key).attribute == asset.attribute, asset.printed
    for worked in WORKED_FACTIONS:
        for key in worked.assets:
            asset_type(key)


def test_exact_matches_carry_the_catalog_name() -> None:
    for faction in EXAMPLE_FACTIONS:
        for asset in faction.assets:
            if asset.match is AssetMatch.EXACT:
                assert asset_type(asset.key).name == asset.printed


def test_stand_ins_have_the_printed_rating_and_only_two_printed_ratings_disagree() -> None:
    mismatched = {
        (a.printed, a.rating) for e in EXAMPLE_FACTIONS for a in e.assets if asset_type(a.key).rating != a.rating
    }
    assert mismatched == {("Informants", 5), ("Calvary", 2)}


def test_example_tags_are_real_tags() -> None:
    assert [tag(p.lower().replace(" ", "_")).key for p in EXAMPLE_PRINTED_TAGS] == [e.tags[0] for e in EXAMPLE_FACTIONS]


def test_worked_factions_use_real_tags_and_goals() -> None:
    for worked in WORKED_FACTIONS:
        assert all(t in TAGS for t in worked.tags)
        assert worked.goal in GOALS


def test_the_republic_holds_three_tags_including_regional_government() -> None:
    (republic,) = (f for f in WORKED_FACTIONS if f.name == "The Republic")
    assert republic.tags == ("rebels", "deep_rooted", "regional_government")


def test_charch_go_is_a_level_four_monster_in_a_difficulty_two_lair() -> None:
    assert monster_level(13) == CHARCH_GO.monster_level == 4  # a beholder is CR 13 (5e); the seed gives only "4"
    hp = terrain_of_difficulty(CHARCH_GO.terrain_difficulty).hp
    assert hp.minimum <= CHARCH_GO.terrain_hp <= hp.maximum
