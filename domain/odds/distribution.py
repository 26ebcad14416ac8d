"""Exact distributions of dice: every total with its probability as a `Fraction`, by convolution, never sampling.

`of_spec(DiceSpec.parse("2d6+2"))` is the distribution of `2d6+2`; `keep_highest(3, 10)` of the best of three
d10 (the bonus dice of seed 002, docs/rules-notes/factionturn-play.md); `plus`, `shifted`, `scaled` combine them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from domain.dice import DiceSpec
from domain.errors import InvalidInputError


@dataclass(frozen=True)
class Distribution:
    """A finite distribution over integers: `(value, probability)` pairs sorted by value, probabilities > 0
    summing to exactly 1."""

    outcomes: tuple[tuple[int, Fraction], ...]

    @classmethod
    def of(cls, weights: Mapping[int, Fraction | int]) -> Distribution:
        """From weights (counts or fractions), normalised to sum to 1."""
        total = sum(Fraction(w) for w in weights.values())
        if total <= 0:
            raise InvalidInputError("a distribution needs some weight")
        return cls(tuple((v, Fraction(w) / total) for v, w in sorted(weights.items()) if w))

    @classmethod
    def constant(cls, value: int) -> Distribution:
        return cls(((value, Fraction(1)),))

    def as_dict(self) -> dict[int, Fraction]:
        return dict(self.outcomes)

    def chance(self, test: Callable[[int], bool]) -> Fraction:
        return sum((p for v, p in self.outcomes if test(v)), Fraction(0))

    def at(self, value: int) -> Fraction:
        return self.chance(lambda v: v == value)

    @property
    def expected(self) -> Fraction:
        return sum((v * p for v, p in self.outcomes), Fraction(0))

    @property
    def minimum(self) -> int:
        return self.outcomes[0][0]

    @property
    def maximum(self) -> int:
        return self.outcomes[-1][0]

    def mapped(self, how: Callable[[int], int]) -> Distribution:
        weights: dict[int, Fraction] = {}
        for v, p in self.outcomes:
            weights[how(v)] = weights.get(how(v), Fraction(0)) + p
        return Distribution.of(weights)

    def shifted(self, by: int) -> Distribution:
        return Distribution(tuple((v + by, p) for v, p in self.outcomes))

    def scaled(self, by: int) -> Distribution:
        return self.mapped(lambda v: v * by)

    def plus(self, other: Distribution) -> Distribution:
        """The distribution of the sum of two independent draws (convolution)."""
        weights: dict[int, Fraction] = {}
        for a, p in self.outcomes:
            for b, q in other.outcomes:
                weights[a + b] = weights.get(a + b, Fraction(0)) + p * q
        return Distribution.of(weights)


def mixture(parts: Iterable[tuple[Fraction, Distribution]]) -> Distribution:
    """Draw from each distribution with its weight (the weights need not sum to 1: they are normalised)."""
    weights: dict[int, Fraction] = {}
    for weight, dist in parts:
        for v, p in dist.outcomes:
            weights[v] = weights.get(v, Fraction(0)) + weight * p
    return Distribution.of(weights)


@cache
def die(sides: int) -> Distribution:
    if sides < 1:
        raise InvalidInputError(f"a die needs at least one side, not {sides}")
    return Distribution(tuple((face, Fraction(1, sides)) for face in range(1, sides + 1)))


@cache
def dice_sum(count: int, sides: int) -> Distribution:
    """`count`d`sides`, summed, by repeated convolution."""
    total = Distribution.constant(0)
    for _ in range(count):
        total = total.plus(die(sides))
    return total


def of_spec(spec: DiceSpec) -> Distribution:
    """A dice expression as `DiceSpec.value` reads its faces: (sum of faces + modifier) × multiplier."""
    return dice_sum(spec.count, spec.sides).shifted(spec.modifier).scaled(spec.multiplier)


def of_expression(text: str) -> Distribution:
    return of_spec(DiceSpec.parse(text))


@cache
def keep_highest(count: int, sides: int) -> Distribution:
    """The highest face of `count` dice: P(max = f) = (f^n − (f−1)^n) / sides^n."""
    if count < 1:
        raise InvalidInputError(f"keep the highest of at least one die, not {count}")
    return Distribution.of({f: f**count - (f - 1) ** count for f in range(1, sides + 1)})
