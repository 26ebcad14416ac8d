"""Seed 000, "Gaining Influence": rolling a row's skill check before a house enters the Game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.dice import Dice, Roll
from domain.gameofbones.rules.checks import d20, skill_modifier
from domain.gameofbones.tables.gains import INFLUENCE_RULE, influence_source

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView


@dataclass(frozen=True)
class GainAttempt:
    """Pass to `House.gain_influence(source, units, succeeded=..., discovered=..., roll=...)`."""

    source: str
    units: int
    roll: Roll | None
    succeeded: bool


def attempt_influence_gain(house: HouseView, source: str, actor: str, dice: Dice, units: int = 1) -> GainAttempt:
    """Roll the row's skill against its DC; rows without a check (item, priest, kill) simply succeed."""
    row = influence_source(source)
    if row.skill is None or row.dc is None:
        return GainAttempt(source, units, None, True)
    character = house.character(actor)
    roll = d20(
        dice,
        [skill_modifier(character, row.skill)],
        purpose=f"{row.action}: {row.skill} (DC {row.dc})",
        rule=INFLUENCE_RULE,
        actor=character.name,
    )
    return GainAttempt(source, units, roll, roll.total >= row.dc)
