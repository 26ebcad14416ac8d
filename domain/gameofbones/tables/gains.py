"""Seed 000, "Gaining Influence" and "Gaining Power": the two tables used to build a house."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from domain.errors import InvalidInputError, RuleViolationError

INFLUENCE_RULE = "seed 000, Gaining Influence"
POWER_RULE = "seed 000, Gaining Power"


class Skill(StrEnum):
    GATHER_INFORMATION = "Gather Information"
    INTIMIDATE = "Intimidate"
    DIPLOMACY = "Diplomacy"
    BLUFF = "Bluff"
    INNUENDO = "Innuendo"
    SENSE_MOTIVE = "Sense Motive"
    HIDE = "Hide"
    PROFESSION_MERCHANT = "Profession (Merchant)"
    REFLEX_SAVE = "Reflex save"


class InfluenceUnit(StrEnum):
    ONCE = "once"
    ENEMY_LEVEL = "per power level of the enemy"  # read as the enemy's level or Hit Dice
    ITEM_VALUE_1000_GP = "per 1,000 gp value of the item"
    PRIEST_LEVEL = "per level of the priest"


@dataclass(frozen=True)
class InfluenceSource:
    key: str
    action: str
    influence: int  # per unit; also what is lost if the action fails and is discovered
    unit: InfluenceUnit
    skill: Skill | None  # None: no check (or, for a kill, the Assassination action decides)
    dc: int | None

    def gained(self, units: int = 1) -> int:
        return self.influence * (1 if self.unit is InfluenceUnit.ONCE else units)


GAINING_INFLUENCE: tuple[InfluenceSource, ...] = (
    InfluenceSource("spy", "Hire a spy for one month", 100, InfluenceUnit.ONCE, Skill.GATHER_INFORMATION, 15),
    InfluenceSource(
        "tavern", "Own a tavern or other gathering place", 200, InfluenceUnit.ONCE, Skill.PROFESSION_MERCHANT, 20
    ),
    InfluenceSource(
        "blackmail", "Use blackmail to gain control of an enemy", 100, InfluenceUnit.ENEMY_LEVEL, Skill.INNUENDO, 30
    ),
    InfluenceSource("kill", "Kill a rival or enemy", 300, InfluenceUnit.ENEMY_LEVEL, None, None),
    InfluenceSource(
        "magic_item", "Gain control of a powerful magical item", 100, InfluenceUnit.ITEM_VALUE_1000_GP, None, None
    ),
    InfluenceSource("priest", "Having a priest in the organization", 100, InfluenceUnit.PRIEST_LEVEL, None, None),
    InfluenceSource(
        "fatespinner_priestess", "Having a priestess of the Fatespinner", 500, InfluenceUnit.PRIEST_LEVEL, None, None
    ),
)
INFLUENCE_SOURCES = {source.key: source for source in GAINING_INFLUENCE}
MAGIC_ITEM_MIN_GP = 10_000


def influence_source(key: str) -> InfluenceSource:
    if key not in INFLUENCE_SOURCES:
        raise InvalidInputError(f"unknown influence source {key!r}; choose from {sorted(INFLUENCE_SOURCES)}")
    return INFLUENCE_SOURCES[key]


def check_units(row: InfluenceSource, units: int) -> None:
    """How many units a row is taken for; a magical item counts only from 10,000 gp ("10,000 gp value or more")."""
    if units < 1:
        raise InvalidInputError(f"units must be at least 1, not {units}")
    if row.unit is InfluenceUnit.ITEM_VALUE_1000_GP and units * 1_000 < MAGIC_ITEM_MIN_GP:
        raise RuleViolationError(
            f"a magical item grants influence only at {MAGIC_ITEM_MIN_GP:,} gp or more; "
            f"{units:,} units are {units * 1_000:,} gp",
            INFLUENCE_RULE,
        )


def priest_influence(level: int, fatespinner_priestess: bool) -> int:
    key = "fatespinner_priestess" if fatespinner_priestess else "priest"
    return INFLUENCE_SOURCES[key].gained(level)


@dataclass(frozen=True)
class PowerRate:
    character_class: str
    per_level: int
    higher_per_level: int = 0  # for each level above `up_to_level`
    up_to_level: int | None = None

    def power(self, level: int) -> int:
        if self.up_to_level is None or level <= self.up_to_level:
            return self.per_level * level
        return self.per_level * self.up_to_level + self.higher_per_level * (level - self.up_to_level)


GAINING_POWER: tuple[PowerRate, ...] = (
    PowerRate("warrior", 50),
    PowerRate("fighter", 100),
    PowerRate("barbarian", 100),
    PowerRate("ranger", 100),
    PowerRate("wizard", 200),
    PowerRate("sorcerer", 200),
    PowerRate("cleric", 200),
    PowerRate("druid", 150),
    PowerRate("bard", 25, 50, 4),
    PowerRate("rogue", 50, 100, 6),
)
POWER_RATES = {rate.character_class: rate for rate in GAINING_POWER}


def member_power(classes: dict[str, int]) -> int:
    """Power a member provides: the sum over his classes (multiclass levels add up per class)."""
    return _classes_power(tuple(classes.items()))


# A house's power sums its members' on every read, and a month reads it hundreds of times (each Rank, defence and
# action count: issue 31, P6); a campaign's members have a few dozen distinct classes and levels.
@functools.lru_cache(maxsize=1024)
def _classes_power(classes: tuple[tuple[str, int], ...]) -> int:
    return sum(POWER_RATES[name].power(level) for name, level in classes)


def check_power_classes(classes: dict[str, int]) -> None:
    if not classes:
        raise InvalidInputError("a member needs at least one class and level")
    for name, level in classes.items():
        if name not in POWER_RATES:
            raise RuleViolationError(
                f"{name!r} is not on the Gaining Power table ({sorted(POWER_RATES)}); grant power directly instead",
                POWER_RULE,
            )
        if level < 1:
            raise InvalidInputError(f"a {name} level must be at least 1, not {level}")
