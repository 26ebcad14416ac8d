"""The Wild (seed 002, Special Faction: The Wild): Terrain table and Monster Asset rules."""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import DiceSpec
from domain.errors import InvalidInputError


@dataclass(frozen=True)
class TerrainRow:
    """One Terrain Table row: a 2d6 range, the difficulty added to defence, HP dice, counter dice."""

    low: int
    high: int
    difficulty: int
    hp: DiceSpec
    counter: DiceSpec | None
    example: str


def _row(low: int, high: int, difficulty: int, hp: str, counter: str | None, example: str) -> TerrainRow:
    return TerrainRow(
        low, high, difficulty, DiceSpec.parse(hp), None if counter is None else DiceSpec.parse(counter), example
    )


TERRAIN: tuple[TerrainRow, ...] = (
    _row(2, 2, 0, "1d4", None, "Plains with water nearby"),
    _row(3, 3, 1, "2d4+1", None, "Hills with thick grassland"),
    _row(4, 4, 2, "2d6+2", None, "Swamp"),
    _row(5, 5, 3, "3d6+3", None, "Flat steppe with infertile soil"),
    _row(6, 7, 4, "4d8+4", None, "Mountain with light forests"),
    _row(8, 9, 5, "5d8+5", "1d4", "Dense thick jungle with many insects"),
    _row(10, 10, 6, "6d12+6", "2d4+1", "Frozen wasteland"),
    _row(11, 11, 7, "7d12+7", "2d6+2", "Expansive hot desert with no water"),
    _row(12, 12, 8, "8d20+8", "3d6+3", "Hostile Volcano"),
)
TERRAIN_DIE = DiceSpec.parse("2d6")


def terrain_for_roll(total: int) -> TerrainRow:
    """The Terrain Table row for a 2d6 total."""
    for row in TERRAIN:
        if row.low <= total <= row.high:
            return row
    raise InvalidInputError(f"{total} is not a 2d6 total")


def terrain_of_difficulty(difficulty: int) -> TerrainRow:
    for row in TERRAIN:
        if row.difficulty == difficulty:
            return row
    raise InvalidInputError(f"terrain difficulty runs from 0 to 8, not {difficulty}")


# "Terrain above difficulty 5 take considerable effort to travel through": moving across takes twice as long.
DIFFICULT_TERRAIN_ABOVE = 5
DIFFICULT_TERRAIN_TIME_FACTOR = 2


def is_difficult(difficulty: int) -> bool:
    return difficulty > DIFFICULT_TERRAIN_ABOVE


# Monster Assets: level = CR / 3, rounded down (CR 24 -> 8, CR 12 -> 4; the worked example's CR 13 beholder -> 4).
MONSTER_CR_DIVISOR = 3
MONSTER_DAMAGE_MULTIPLIER = 3  # an asset's damage against a monster is multiplied by 3
MONSTER_COUNTERATTACKS_PER_FACTION_TURN = 1  # it always counterattacks, hit or miss, once per faction's turn
MONSTER_MOVE_HEXES = 1  # optional: it may move up to one hex per turn (the GM moves it: monsters.py)
MONSTER_MOVES_PER_PHASE = 1  # "per turn": The Wild has one turn a phase
MONSTER_ATTACKS_PER_PHASE = 1  # as every asset: "Each attacking asset can attack only once per turn"
RULE_MONSTER = "seed 002, Monster (moves up to one hex per turn, attacks as the GM determines)"
# A monster deals one of its hit dice + its level on attack or counterattack, and heals a roll of its hit dice
# each turn; both dice come from its stat block, so they are not table data.


def monster_level(challenge_rating: int) -> int:
    """The Monster Asset level for an encounter of this CR."""
    if challenge_rating < 0:
        raise InvalidInputError(f"a challenge rating cannot be negative: {challenge_rating}")
    return challenge_rating // MONSTER_CR_DIVISOR
