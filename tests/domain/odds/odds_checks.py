"""Helpers for the odds tests: every branch of the dice enumerated through the domain's own code, and a
sampling-error bound for seeded resolutions."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction

from domain.dice import DiceExhaustedError, FixedDice


class NeedDieError(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class ScriptDice:
    """Answers from a script of faces; asks for one more die (raising) when it runs out. After `free_after`
    faces it answers 1 unasked: for rolls that cannot change what is being counted."""

    def __init__(self, script: tuple[int, ...], free_after: int | None = None) -> None:
        self.script, self.used, self.free_after = script, 0, free_after

    def roll(self, sides: int) -> int:
        if self.used < len(self.script):
            self.used += 1
            return self.script[self.used - 1]
        if self.free_after is not None and self.used >= self.free_after:
            return 1
        raise NeedDieError(sides)


def enumerate_any(
    run: Callable[[ScriptDice], Hashable], free_after: int | None = None, limit: int = 300_000
) -> dict[Hashable, Fraction]:
    """Brute force over the faces of dice of any size: each complete script weighs the product of 1/sides."""
    found: dict[Hashable, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    while stack:
        script, weight = stack.pop()
        runs += 1
        assert runs <= limit, "too many face combinations to enumerate"
        try:
            key = run(ScriptDice(script, free_after))
        except NeedDieError as need:
            stack.extend(((*script, face), weight / need.sides) for face in range(1, need.sides + 1))
            continue
        found[key] = found.get(key, Fraction(0)) + weight
    return found


def enumerate_faces(run: Callable[[FixedDice], Hashable], sides: int, limit: int = 300_000) -> dict[Hashable, Fraction]:
    """Brute force over the faces: run `run` with every script of faces it asks for (each die `sides`-sided),
    growing a script whenever the dice run out; each complete script weighs (1/sides)^length."""
    found: dict[Hashable, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    runs = 0
    while stack:
        script = stack.pop()
        runs += 1
        assert runs <= limit, "too many face combinations to enumerate"
        try:
            key = run(FixedDice(script))
        except DiceExhaustedError:
            stack.extend((*script, face) for face in range(1, sides + 1))
            continue
        found[key] = found.get(key, Fraction(0)) + Fraction(1, sides ** len(script))
    return found


def within(observed: list[float], expected: float, bound: float = 4.0) -> bool:
    """Is the sample mean within `bound` standard errors of `expected` (the SE from the sample; a sample with
    no spread must hit the expectation exactly)?"""
    n = len(observed)
    mean = sum(observed) / n
    var = sum((x - mean) ** 2 for x in observed) / (n - 1)
    se = math.sqrt(var / n)
    return abs(mean - expected) <= bound * se + 1e-12
