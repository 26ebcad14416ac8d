"""Exact distributions against brute force: every dice expression of both seeds, enumerated face by face."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from domain.dice import DiceSpec
from domain.factionturn.tables.catalog import CATALOG
from domain.odds.distribution import Distribution, keep_highest, of_expression, of_spec

# Seed 002: the asset tables' Attack and Counterattack damage, the Terrain table's HP and counterattacks, the
# abilities' own rolls (Bandits, Agitators, bribery 1d4; Industry, Indentured Workforce 1d6; Arcane Industry,
# Risky Investments, Trade Broker 1d8), the attack roll 1d10, the generation tables (2d6, d20 tag, d12 goal,
# d4 asset, d6 main stat and turn order, d10 merger).
SEED_002 = (
    "1d10",
    "1d3+1",
    "1d4",
    "1d4+1",
    "1d4-1",
    "1d6",
    "1d6+3",
    "2d4",
    "2d4+1",
    "2d4+2",
    "2d6",
    "2d6+2",
    "2d6+6",
    "1d8",
    "2d8",
    "2d8+2",
    "1d10",
    "2d10",
    "2d10+4",
    "3d10+4",
    "3d8",
    "1d12",
    "3d6+3",
    "4d8+4",
    "5d8+5",
    "6d12+6",
    "7d12+7",
    "8d20+8",
    "1d20",
    "1d2",
    "d12",
    "d4",
    "d6",
)
# Seed 000: rank and skill checks (1d20 + modifiers), Smear Campaign 1d4x1,000, Vandalism 1d6 x 1,000 and 1d4
# weeks, Wrest Control 1d6 months.
SEED_000 = ("1d20", "1d20+6", "1d20-2", "1d4x1000", "1d6 x 1,000", "1d4", "1d6")
TABLES = tuple(
    sorted(
        {
            str(spec)
            for row in CATALOG.values()
            for spec in (row.counter, row.attack.damage if row.attack else None)
            if spec is not None
        }
    )
)
BRUTE_LIMIT = 200_000  # more face combinations than this: enumerate each half by brute force, then pair the halves


def brute(spec: DiceSpec) -> dict[int, Fraction]:
    """Count every combination of faces: itertools.product over the dice, as `DiceSpec.value` reads them."""
    faces = range(1, spec.sides + 1)
    if spec.sides**spec.count <= BRUTE_LIMIT:
        counts = Counter(spec.value(f) for f in itertools.product(faces, repeat=spec.count))
    else:
        first = spec.count // 2
        left = Counter(sum(f) for f in itertools.product(faces, repeat=first))
        right = Counter(sum(f) for f in itertools.product(faces, repeat=spec.count - first))
        counts = Counter()
        for a, m in left.items():
            for b, n in right.items():
                counts[(a + b + spec.modifier) * spec.multiplier] += m * n
    total = spec.sides**spec.count
    return {v: Fraction(c, total) for v, c in counts.items()}


@pytest.mark.parametrize("text", sorted(set(SEED_002 + SEED_000 + TABLES)))
def test_every_seed_expression_matches_brute_force(text: str) -> None:
    spec = DiceSpec.parse(text)
    exact = of_spec(spec)
    assert exact.as_dict() == brute(spec)
    assert sum(p for _, p in exact.outcomes) == 1
    assert exact.expected == Fraction(spec.average).limit_denominator(1000)  # DiceSpec's own mean agrees
    assert (exact.minimum, exact.maximum) == (spec.minimum, spec.maximum)


def test_the_catalog_has_expressions_to_check() -> None:
    assert {"1d8", "2d8+2", "3d10+4", "1d4-1", "2d6+6"} <= set(TABLES)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_bonus_dice_keep_the_highest_against_brute_force(count: int) -> None:
    counts = Counter(max(f) for f in itertools.product(range(1, 11), repeat=count))
    assert keep_highest(count, 10).as_dict() == {v: Fraction(c, 10**count) for v, c in counts.items()}


def test_opposed_d10_rolls_against_brute_force() -> None:
    """1d10 + 6 against 1d10 + 5 (Veteran Regiment's Force 6 against Force 5), faces enumerated."""
    pairs = list(itertools.product(range(1, 11), repeat=2))
    hit = Fraction(sum(a + 6 > d + 5 for a, d in pairs), 100)
    tie = Fraction(sum(a + 6 == d + 5 for a, d in pairs), 100)
    attack, defence = of_expression("1d10+6"), of_expression("1d10+5")
    joint = [(a, d, p * q) for a, p in attack.outcomes for d, q in defence.outcomes]
    assert sum((w for a, d, w in joint if a > d), Fraction(0)) == hit == Fraction(55, 100)
    assert sum((w for a, d, w in joint if a == d), Fraction(0)) == tie == Fraction(9, 100)


def test_combinators_are_exact() -> None:
    d6 = of_expression("1d6")
    assert d6.plus(d6) == of_expression("2d6")
    assert of_expression("1d4").scaled(1000) == of_expression("1d4x1000")
    assert Distribution.of({1: 1, 3: 3}).at(3) == Fraction(3, 4)
