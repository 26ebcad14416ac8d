"""Initiative (seed 002, The Faction Phase): roll a die no smaller than the number of factions; the
faction with that number acts first, then the next, wrapping to the top of the list."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.dice import Dice, Roll, RollRequest, announce
from domain.errors import InvalidInputError

RULE = "seed 002, The Faction Phase"
STANDARD_DICE = (2, 4, 6, 8, 10, 12, 20, 100)


@dataclass(frozen=True)
class Initiative:
    """The turn order, and every roll it took (a face above the list length is rolled again)."""

    order: tuple[str, ...]
    rolls: tuple[Roll, ...]

    @property
    def first(self) -> str:
        return self.order[0]


def die_for(count: int) -> int:
    """The smallest usual die with at least `count` faces (six factions: a d6)."""
    if count < 1:
        raise InvalidInputError("initiative needs at least one faction")
    return next((sides for sides in STANDARD_DICE if sides >= count), count)


def roll_initiative(listed: Sequence[str], dice: Dice) -> Initiative:
    """`listed` is the campaign's numbered faction list (The Wild included when it is listed)."""
    sides = die_for(len(listed))
    rolls: list[Roll] = []
    while True:  # the GM rolls for the table
        announce(dice, RollRequest(f"1d{sides}", 1, sides, "initiative", RULE, "GM"))
        face = dice.roll(sides)
        rolls.append(Roll(f"1d{sides}", (face,), (), face, "initiative", RULE, "GM"))  # the GM rolls for the table
        if face <= len(listed):
            break
    start = rolls[-1].total - 1
    return Initiative(tuple(listed[start:]) + tuple(listed[:start]), tuple(rolls))
