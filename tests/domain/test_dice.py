from __future__ import annotations

import pytest

from domain.dice import DiceSpec, FixedDice, Modifier, RaisingDice, RandomDice, ReplayRolledError, Roll, roll
from domain.errors import InvalidInputError

SEED_EXPRESSIONS = {
    "1d10": (1, 10, 0, 1),
    "2d6+3": (2, 6, 3, 1),
    "1d4-1": (1, 4, -1, 1),
    "1d3+1": (1, 3, 1, 1),
    "3d10+4": (3, 10, 4, 1),
    "2d10+4": (2, 10, 4, 1),
    "1d20": (1, 20, 0, 1),
    "8d20+8": (8, 20, 8, 1),
    "1d6 x 1,000": (1, 6, 0, 1000),
    "1d4x1,000": (1, 4, 0, 1000),
    "d6": (1, 6, 0, 1),
}


@pytest.mark.parametrize(("text", "parts"), SEED_EXPRESSIONS.items())
def test_every_expression_the_seeds_use_parses(text: str, parts: tuple[int, int, int, int]) -> None:
    spec = DiceSpec.parse(text)
    assert (spec.count, spec.sides, spec.modifier, spec.multiplier) == parts
    assert DiceSpec.parse(str(spec)) == spec


@pytest.mark.parametrize("text", ["", "d", "2d", "1d0", "0d6", "two d six", "1d6+", "1d6 x 0", "1d6+1d4"])
def test_an_invalid_expression_raises_a_clear_error(text: str) -> None:
    with pytest.raises(InvalidInputError, match="dice expression"):
        DiceSpec.parse(text)


def test_a_roll_keeps_every_face_and_modifier() -> None:
    result = roll("2d6+3", FixedDice([4, 5]), purpose="attack", modifiers=[Modifier("Force", 2)])
    assert result.faces == (4, 5)
    assert result.base == 12
    assert result.total == 14
    assert Roll.from_dict(result.to_dict()) == result


def test_a_multiplied_expression_multiplies_the_sum() -> None:
    assert roll("1d6 x 1,000", FixedDice([3])).total == 3000


def test_the_same_seed_and_stream_give_the_same_faces() -> None:
    first = [RandomDice.seeded("s", "x", 1).roll(20) for _ in range(5)]
    again = [RandomDice.seeded("s", "x", 1).roll(20) for _ in range(5)]
    dice_a, dice_b = RandomDice.seeded("s", "x", 1), RandomDice.seeded("s", "x", 1)
    assert [dice_a.roll(20) for _ in range(50)] == [dice_b.roll(20) for _ in range(50)]
    assert first == again
    other = RandomDice.seeded("s", "y", 1)
    assert [other.roll(1000) for _ in range(5)] != [RandomDice.seeded("s", "x", 1).roll(1000) for _ in range(5)]


def test_system_dice_stay_within_their_sides() -> None:
    dice = RandomDice.system()
    faces = {dice.roll(4) for _ in range(400)}
    assert faces == {1, 2, 3, 4}


def test_fixed_dice_refuse_a_face_the_die_cannot_show() -> None:
    with pytest.raises(AssertionError, match="cannot come up"):
        FixedDice([7]).roll(6)


def test_raising_dice_refuse_every_roll() -> None:
    with pytest.raises(ReplayRolledError):
        RaisingDice().roll(6)
