"""Mergers (seed 002, Other Faction Rules): a d10 per attribute and per asset against the merger score."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.holdings import BASE_OF_INFLUENCE, WILD_TERRAIN, OwnedAsset
from domain.factionturn.rules.merger import AVERAGE_MERGER_SCORE, merge
from domain.factionturn.tables.catalog import asset_type
from domain.factionturn.tables.progression import max_hp

A = {"force": 4, "cunning": 1, "wealth": 3}
B = {"force": 2, "cunning": 5, "wealth": 3}
KEEP_RATINGS = [1, 1, 1]


def owned(type_key: str, asset_id: str = "") -> OwnedAsset:
    if type_key == BASE_OF_INFLUENCE:
        return OwnedAsset(asset_id or "base", type_key, "Base of Influence", "special", "r1", 7, 7)
    row = asset_type(type_key)
    assert row.hp is not None
    return OwnedAsset(asset_id or type_key, type_key, row.name, row.attribute.value.lower(), "r1", row.hp, row.hp)


def test_a_d10_equal_to_the_merger_score_takes_the_higher_rating() -> None:
    outcome = merge(A, B, [], [], 6, FixedDice([6, 6, 6]))
    assert outcome.ratings == {"force": 4, "cunning": 5, "wealth": 3}


def test_a_d10_one_over_the_merger_score_takes_the_lower_rating() -> None:
    outcome = merge(A, B, [], [], 6, FixedDice([7, 7, 7]))
    assert outcome.ratings == {"force": 2, "cunning": 1, "wealth": 3}


def test_each_attribute_rolls_its_own_d10_in_force_cunning_wealth_order() -> None:
    outcome = merge(A, B, [], [], 3, FixedDice([3, 4, 10]))
    assert outcome.ratings == {"force": 4, "cunning": 1, "wealth": 3}
    assert [(p.attribute, p.roll.total) for p in outcome.ratings_picked] == [
        ("force", 3),
        ("cunning", 4),
        ("wealth", 10),
    ]
    assert outcome.max_hp == max_hp(4, 1, 3)


def test_an_asset_d10_equal_to_the_merger_score_keeps_it() -> None:
    outcome = merge(A, B, [owned("warmage_regiment")], [], 6, FixedDice([*KEEP_RATINGS, 6]))
    assert [fate.asset_id for fate in outcome.kept] == ["warmage_regiment"]
    assert (outcome.sold, outcome.facgold_gained) == ((), 0)


def test_an_asset_d10_one_over_sells_it_for_half_its_cost_rounded_down() -> None:
    outcome = merge(A, B, [owned("barbarian_hordes")], [], 6, FixedDice([*KEEP_RATINGS, 7]))
    (sold,) = outcome.sold
    assert (sold.asset_id, sold.facgold, outcome.facgold_gained) == ("barbarian_hordes", 2, 2)  # cost 5
    assert outcome.kept == ()


def test_a_one_facgold_asset_sells_for_nothing() -> None:
    outcome = merge(A, B, [], [owned("local_investments")], 1, FixedDice([*KEEP_RATINGS, 2]))
    assert [(f.side, f.kept, f.facgold) for f in outcome.assets] == [("b", False, 0)]


def test_assets_of_both_factions_roll_in_turn_and_proceeds_add_up() -> None:
    a_assets = [owned("zealots"), owned("arcane_laboratory")]
    b_assets = [owned("thieves_guild"), owned("indentured_workforce")]
    outcome = merge(A, B, a_assets, b_assets, AVERAGE_MERGER_SCORE, FixedDice([*KEEP_RATINGS, 10, 2, 7, 6]))
    assert [(f.asset_id, f.side) for f in outcome.kept] == [("arcane_laboratory", "a"), ("indentured_workforce", "b")]
    assert [(f.asset_id, f.facgold) for f in outcome.sold] == [("zealots", 3), ("thieves_guild", 6)]
    assert outcome.facgold_gained == 9


def test_bases_of_influence_are_all_kept_without_a_roll() -> None:
    dice = FixedDice([*KEEP_RATINGS, 10])
    outcome = merge(
        A, B, [owned(BASE_OF_INFLUENCE, "home-a"), owned("zealots")], [owned(BASE_OF_INFLUENCE, "b")], 1, dice
    )
    assert [(f.asset_id, f.roll) for f in outcome.kept] == [("home-a", None), ("b", None)]
    assert [f.asset_id for f in outcome.sold] == ["zealots"]
    assert dice.remaining == 0


def test_every_roll_is_recorded_against_the_mergers_rule() -> None:
    outcome = merge(A, B, [owned("zealots")], [owned(BASE_OF_INFLUENCE)], 6, FixedDice([*KEEP_RATINGS, 4]))
    assert [r.total for r in outcome.rolls] == [1, 1, 1, 4]
    assert {r["rule"] for r in outcome.roll_records()} == {"seed 002, Mergers"}


@pytest.mark.parametrize("score", [0, 9, -1])
def test_a_merger_score_outside_1_to_8_is_refused(score: int) -> None:
    with pytest.raises(InvalidInputError):
        merge(A, B, [], [], score, FixedDice([]))


@pytest.mark.parametrize("score", [1, 8])
def test_merger_scores_1_and_8_are_allowed(score: int) -> None:
    assert merge(A, B, [], [], score, FixedDice([5, 5, 5])).merger_score == score


@pytest.mark.parametrize("ratings", [{"force": 4, "cunning": 1}, {"force": 9, "cunning": 1, "wealth": 3}])
def test_malformed_ratings_are_refused(ratings: dict[str, int]) -> None:
    with pytest.raises(InvalidInputError):
        merge(ratings, B, [], [], 6, FixedDice([]))


def test_the_wilds_assets_cannot_merge() -> None:
    terrain = OwnedAsset("t", WILD_TERRAIN, "Swamp", "special", "r1", 7, 7, difficulty=2)
    with pytest.raises(InvalidInputError):
        merge(A, B, [terrain], [], 6, FixedDice([]))
