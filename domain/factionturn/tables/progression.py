"""Scores and what they give (seed 002, Raising Stats): HP value per rating, max HP, XP to raise."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from domain.errors import InvalidInputError, RuleViolationError

MIN_SCORE, MAX_SCORE = 1, 8
BASE_MAX_HP = 4

# The seed's Raising Stats column (-, 2, 4, 6, 9, 12, 16, 20) is also each rating's HP value, with 1 for a
# rating of 1: max HP = 4 + the three values. Every HP the seed states fits (notes: "max HP formula").
HP_VALUE: Mapping[int, int] = MappingProxyType({1: 1, 2: 2, 3: 4, 4: 6, 5: 9, 6: 12, 7: 16, 8: 20})

# XP to raise a score TO the rating in the key (raising 1 -> 2 costs 2; nothing costs to "reach" 1).
XP_COST: Mapping[int, int | None] = MappingProxyType({1: None, 2: 2, 3: 4, 4: 6, 5: 9, 6: 12, 7: 16, 8: 20})

RULE_RAISING_STATS = "seed 002, Raising Stats"


def check_score(score: int) -> None:
    if not MIN_SCORE <= score <= MAX_SCORE:
        raise InvalidInputError(f"a faction score runs from {MIN_SCORE} to {MAX_SCORE}, not {score}")


def max_hp(force: int, cunning: int, wealth: int) -> int:
    """4 + the HP value of each score: Force 4, Cunning 3, Wealth 1 gives 4 + 6 + 4 + 1 = 15."""
    for score in (force, cunning, wealth):
        check_score(score)
    return BASE_MAX_HP + HP_VALUE[force] + HP_VALUE[cunning] + HP_VALUE[wealth]


def xp_to_raise(current: int) -> int:
    """XP to raise a score from `current` to `current + 1`."""
    check_score(current)
    if current == MAX_SCORE:
        raise RuleViolationError(f"a score of {MAX_SCORE} cannot be raised", RULE_RAISING_STATS)
    cost = XP_COST[current + 1]
    assert cost is not None
    return cost
