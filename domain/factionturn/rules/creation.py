"""Creating a faction (seed 002, Creating a Faction): size, scores, home region, random assets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Generic, TypeVar

from domain.dice import DiceSpec
from domain.errors import InvalidInputError
from domain.factionturn.tables.assets import AssetType, Attribute
from domain.factionturn.tables.catalog import NOT_BOUGHT_AS_ASSETS, at_rating

T = TypeVar("T")


@dataclass(frozen=True)
class Band(Generic[T]):
    """One row of a rolled table: totals `low`..`high` give `value`."""

    low: int
    high: int
    value: T


def look_up(table: Sequence[Band[T]], total: int) -> T:
    """The value of the row whose range holds `total`."""
    for band in table:
        if band.low <= total <= band.high:
            return band.value
    raise InvalidInputError(f"{total} is not on this table")


class FactionSize(StrEnum):
    MINOR = "Minor"
    MAJOR = "Major"
    REGIONAL = "Regional"  # "Hegemon" in Random Faction Size, "Regional" in the quick reference


TWO_D6 = DiceSpec.parse("2d6")

FACTION_SIZE: tuple[Band[FactionSize], ...] = (
    Band(2, 5, FactionSize.MINOR),
    Band(6, 11, FactionSize.MAJOR),
    Band(12, 12, FactionSize.REGIONAL),
)


@dataclass(frozen=True)
class QuickReference:
    """Generating Faction Quick Reference, one column."""

    size: FactionSize
    highest: int
    second: int
    third: int
    max_hp: int
    tags: int
    additional_bases: int
    base_hp: int
    primary_assets: int
    other_assets: int
    goals: int


# Regional's third score is printed 4; the "three less" rule and its 49 HP both need 5 (notes).
QUICK_REFERENCE: Mapping[FactionSize, QuickReference] = MappingProxyType(
    {
        FactionSize.MINOR: QuickReference(FactionSize.MINOR, 4, 3, 1, 15, 1, 1, 7, 1, 1, 1),
        FactionSize.MAJOR: QuickReference(FactionSize.MAJOR, 6, 5, 3, 29, 1, 3, 14, 2, 2, 1),
        FactionSize.REGIONAL: QuickReference(FactionSize.REGIONAL, 8, 7, 5, 49, 1, 6, 24, 4, 4, 1),
    }
)
SECOND_SCORE_LESS, THIRD_SCORE_LESS = 1, 3

# Random Main Stat, 1d6: 1-2 Force, 3-4 Cunning, 5-6 Wealth. Roll again for the second, rerolling the first.
MAIN_STAT: tuple[Band[Attribute], ...] = (
    Band(1, 2, Attribute.FORCE),
    Band(3, 4, Attribute.CUNNING),
    Band(5, 6, Attribute.WEALTH),
)


def score_order(first_face: int, second_face: int) -> tuple[Attribute, Attribute, Attribute] | None:
    """Highest, second and third attribute from two d6 faces; None when the second must be rerolled."""
    highest, second = look_up(MAIN_STAT, first_face), look_up(MAIN_STAT, second_face)
    if second is highest:
        return None
    (third,) = (a for a in Attribute if a not in (highest, second))
    return highest, second, third


def scores_for(size: FactionSize, order: tuple[Attribute, Attribute, Attribute]) -> dict[Attribute, int]:
    ref = QUICK_REFERENCE[size]
    return dict(zip(order, (ref.highest, ref.second, ref.third), strict=True))


# Arcana & Population of Home Region: two separate 2d6 rolls. (Its "About equivalent too" column is blank.)
ARCANA_LEVEL: tuple[Band[int], ...] = (
    Band(2, 2, 0),
    Band(3, 3, 1),
    Band(4, 4, 2),
    Band(5, 6, 3),
    Band(7, 10, 4),
    Band(11, 11, 4),
    Band(12, 12, 5),
)
POPULATION: tuple[Band[str], ...] = (
    Band(2, 2, "Ruins"),
    Band(3, 3, "Outpost"),
    Band(4, 4, "Multiple Dozens"),
    Band(5, 7, "Hundreds"),
    Band(8, 10, "Thousands"),
    Band(11, 11, "Tens of Thousands"),
    Band(12, 12, "Unknown or non-humanoid"),
)

# Random Faction Assets: number the options at your score 1-4, roll 1d4, high numbers with no option reroll.
RANDOM_ASSET_DIE = DiceSpec.parse("1d4")


def random_asset_options(attribute: Attribute, score: int) -> tuple[AssetType, ...]:
    """The options numbered 1-4: the rows printed under `<attribute> <score>`, less base and Stealth."""
    return tuple(a for a in at_rating(attribute, score) if a.key not in NOT_BOUGHT_AS_ASSETS)


def random_asset(options: Sequence[AssetType], face: int) -> AssetType | None:
    """The option a 1d4 face picks; None means reroll."""
    if not 1 <= face <= RANDOM_ASSET_DIE.sides:
        raise InvalidInputError(f"a d4 cannot show {face}")
    return options[face - 1] if face <= len(options) else None
