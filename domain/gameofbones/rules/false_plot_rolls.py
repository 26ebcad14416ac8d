"""Seed 000, Intelligence Gathering, Failure Result: the dice a false plot is drawn with (false_plots.py), each
choice rolled on the acting house's behalf and kept: the plotter, the action, its shape, its areas and its week."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import TypeVar

from domain.dice import Dice, DiceSpec, Roll
from domain.gameofbones.forms.orders import Order
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.actions import ActionName

A = ActionName
T = TypeVar("T")


@dataclass(frozen=True)
class Variant:
    """One shape of a phantom order before its week: its target details, and the start weeks that fit."""

    order: Order
    starts: tuple[int, ...]
    count: int = 0  # multi-area actions: how many areas; the areas themselves are rolled afterwards


class Roller:
    """Rolls a choice among options on the acting house's behalf, keeping every roll; one option needs no die."""

    def __init__(self, scene: Scene, dice: Dice) -> None:
        self.scene, self.dice = scene, dice
        self.rolls: list[Roll] = []

    def pick(self, options: Sequence[T], purpose: str) -> T:
        if len(options) == 1:
            return options[0]
        roll = self.scene.roll(DiceSpec(1, len(options)), self.dice, f"Intelligence Gathering: false {purpose}")
        self.rolls.append(roll)
        return options[roll.total - 1]

    def weighted(self, options: Sequence[T], weights: Sequence[int], purpose: str) -> T:
        """One option, each as likely as its whole-number weight: one die of the weights' sum."""
        live = [(o, w) for o, w in zip(options, weights, strict=True) if w > 0]
        if len(live) == 1:
            return live[0][0]
        face = self.pick(range(1, sum(w for _, w in live) + 1), purpose)
        for option, weight in live:
            if face <= weight:
                return option
            face -= weight
        raise AssertionError("a face beyond the weights")

    def assessment_size(self, variants: Sequence[Variant]) -> Variant:
        """How many areas a false Force Assessment names: as many as a real one found here would (docs/rules-notes/
        gameofbones.md). Seed 000: "1,000 gp per target area, 200 Influence per target area": a real assessment
        names one area, and each further one (paid for again) on an even chance, up to what its house can afford
        (the plotter's legal variants); and a real one is found only if it names one of the holder's areas, which
        a wider one does more often. So each size weighs its chance to be ordered times its chance to be found."""
        ordered = sorted(variants, key=lambda v: v.count)
        city, mine = len(self.scene.areas), len(self.scene.house.area_ids)
        ordered_chance = [Fraction(1, 2 ** min(i + 1, len(ordered) - 1 or 1)) for i in range(len(ordered))]
        found = [1 - Fraction(comb(city - mine, v.count), comb(city, v.count)) for v in ordered]
        chances = [o * f for o, f in zip(ordered_chance, found, strict=True)]
        scale = lcm(*(c.denominator for c in chances))
        return self.weighted(ordered, [int(c * scale) for c in chances], "assessment size")

    def assessed(self, count: int) -> tuple[str, ...]:
        """Which areas a false Force Assessment names: any `count` of the city that touch the holder's, each such
        set as likely: how many of the holder's (by the number of sets with that many), then which."""
        mine = sorted(self.scene.house.area_ids)
        others = sorted(a for a in self.scene.areas if a not in mine)
        ways = [comb(len(mine), j) * comb(len(others), count - j) for j in range(1, min(len(mine), count) + 1)]
        own = self.weighted(range(1, len(ways) + 1), ways, "assessed areas of yours")
        chosen: list[str] = []
        for pool, many in ((mine, own), (others, count - own)):
            taken: list[str] = []
            while len(taken) < many:
                taken.append(self.pick([a for a in pool if a not in taken], "assessed area"))
            chosen += taken
        return tuple(chosen)

    def areas(self, order: Order, count: int) -> tuple[str, ...]:
        """Which areas, drawn without replacement: an assessment found here touches one of the holder's."""
        if order.action is A.FORCE_ASSESSMENT:
            return self.assessed(count)
        mine = sorted(self.scene.house.area_ids)
        chosen: list[str] = []
        while len(chosen) < count:
            chosen.append(self.pick([a for a in mine if a not in chosen], "area"))
        return tuple(chosen)
