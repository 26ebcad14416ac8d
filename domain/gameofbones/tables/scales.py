"""Seed 000, "Taking Action": how an action's costs scale (per rank, per level, per area, per 1,000 power...) and
what sizes an order (`Sizing`): the cells of the action table (actions.py)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Unit(StrEnum):
    NONE = ""
    OWN_RANK = "per rank of your house"
    TARGET_RANK = "per rank of the target house"
    TARGET_LEVEL = "per level or Hit Die of the target"
    AREA = "per targeted area"
    POWER = "per point of power committed"
    POWER_1000 = "per 1,000 power (or part)"
    POWER_5000 = "per 5,000 power (or part)"
    COVERED_REQUIREMENTS = "per point of the covered action's influence and power requirements"


@dataclass(frozen=True)
class Sizing:
    """What a cost may scale with: ranks, the target's level, the areas, the power committed or moved."""

    own_rank: int = 0
    target_rank: int = 0
    target_level: int = 0
    areas: int = 0
    power: int = 0
    covered_requirements: int = 0


@dataclass(frozen=True)
class Scale:
    """`base + per × units`, where the units come from the order's `Sizing`."""

    base: int = 0
    per: int = 0
    unit: Unit = Unit.NONE

    def __call__(self, sizing: Sizing) -> int:
        return self.base + self.per * units(self.unit, sizing)


def units(unit: Unit, sizing: Sizing) -> int:
    # Burdens count a started unit (ceiling); bonuses count only full units (see rules notes).
    return {
        Unit.NONE: 0,
        Unit.OWN_RANK: max(1, sizing.own_rank),
        Unit.TARGET_RANK: max(1, sizing.target_rank),
        Unit.TARGET_LEVEL: sizing.target_level,
        Unit.AREA: sizing.areas,
        Unit.POWER: sizing.power,
        Unit.POWER_1000: -(-sizing.power // 1_000),
        Unit.POWER_5000: -(-sizing.power // 5_000),
        Unit.COVERED_REQUIREMENTS: sizing.covered_requirements,
    }[unit]


def flat(amount: int) -> Scale:
    return Scale(amount)


def per_own_rank(per: int, base: int = 0) -> Scale:
    return Scale(base, per, Unit.OWN_RANK)


def per_target_rank(per: int, base: int = 0) -> Scale:
    return Scale(base, per, Unit.TARGET_RANK)


def per_target_level(per: int, base: int = 0) -> Scale:
    return Scale(base, per, Unit.TARGET_LEVEL)


def per_area(per: int, base: int = 0) -> Scale:
    return Scale(base, per, Unit.AREA)


def per_1000_power(per: int, base: int = 0) -> Scale:
    return Scale(base, per, Unit.POWER_1000)


NOTHING = flat(0)
