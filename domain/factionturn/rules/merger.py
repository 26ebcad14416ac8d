"""Two factions merging (seed 002, Other Faction Rules: Mergers).

A d10 per attribute and per asset against a merger score of 1-8; the GM assigns tags and a new goal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.dice import Dice, DiceSpec, Roll
from domain.errors import InvalidInputError
from domain.factionturn.aggregate.holdings import (
    ATTRIBUTES,
    MAX_RATING,
    MIN_RATING,
    WILD_MONSTER,
    WILD_TERRAIN,
    OwnedAsset,
)
from domain.factionturn.rules.rows import type_of
from domain.factionturn.tables.progression import max_hp

RULE_MERGERS = "seed 002, Mergers"
MIN_MERGER_SCORE, MAX_MERGER_SCORE = 1, 8
AVERAGE_MERGER_SCORE = 6  # "Use 6 for the average."
D10 = DiceSpec.parse("1d10")


@dataclass(frozen=True)
class RatingPick:
    """One attribute: the two old ratings, the d10, and the rating kept (higher on d10 <= score)."""

    attribute: str
    a: int
    b: int
    roll: Roll
    rating: int


@dataclass(frozen=True)
class AssetFate:
    """One asset: kept on d10 <= score, else sold for half its catalog cost rounded down.
    Bases of Influence are always kept and roll nothing (`roll` is None)."""

    asset_id: str
    type_key: str
    name: str
    side: str  # "a" or "b": which faction owned it
    roll: Roll | None
    kept: bool
    facgold: int


@dataclass(frozen=True)
class MergerOutcome:
    merger_score: int
    ratings_picked: tuple[RatingPick, ...]
    assets: tuple[AssetFate, ...]

    @property
    def ratings(self) -> dict[str, int]:
        return {pick.attribute: pick.rating for pick in self.ratings_picked}

    @property
    def max_hp(self) -> int:
        return max_hp(**self.ratings)

    @property
    def kept(self) -> tuple[AssetFate, ...]:
        return tuple(fate for fate in self.assets if fate.kept)

    @property
    def sold(self) -> tuple[AssetFate, ...]:
        return tuple(fate for fate in self.assets if not fate.kept)

    @property
    def facgold_gained(self) -> int:
        return sum(fate.facgold for fate in self.sold)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (*(p.roll for p in self.ratings_picked), *(f.roll for f in self.assets if f.roll is not None))

    def roll_records(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rolls]


def merge(
    a_ratings: Mapping[str, int],
    b_ratings: Mapping[str, int],
    a_assets: Sequence[OwnedAsset],
    b_assets: Sequence[OwnedAsset],
    merger_score: int,
    dice: Dice,
) -> MergerOutcome:
    """Merge two factions: ratings keyed force/cunning/wealth; assets as owned, Bases of Influence included."""
    check_merger_score(merger_score)
    _check_ratings(a_ratings)
    _check_ratings(b_ratings)
    for asset in (*a_assets, *b_assets):
        if asset.type_key in (WILD_TERRAIN, WILD_MONSTER):
            raise InvalidInputError(f"The Wild's {asset.name} cannot merge")
    picks = tuple(_pick_rating(name, a_ratings[name], b_ratings[name], merger_score, dice) for name in ATTRIBUTES)
    fates = tuple(
        _asset_fate(asset, side, merger_score, dice)
        for side, assets in (("a", a_assets), ("b", b_assets))
        for asset in assets
    )
    return MergerOutcome(merger_score, picks, fates)


def check_merger_score(score: int) -> None:
    if not MIN_MERGER_SCORE <= score <= MAX_MERGER_SCORE:
        raise InvalidInputError(
            f"a merger score runs from {MIN_MERGER_SCORE} to {MAX_MERGER_SCORE}, not {score} ({RULE_MERGERS})"
        )


def _check_ratings(ratings: Mapping[str, int]) -> None:
    if set(ratings) != set(ATTRIBUTES):
        raise InvalidInputError(f"ratings need exactly {', '.join(ATTRIBUTES)}, not {sorted(ratings)}")
    for name, rating in ratings.items():
        if not MIN_RATING <= rating <= MAX_RATING:
            raise InvalidInputError(f"{name} must be {MIN_RATING}-{MAX_RATING}, not {rating}")


def _pick_rating(attribute: str, a: int, b: int, score: int, dice: Dice) -> RatingPick:
    roll = D10.roll(dice, purpose=f"merger {attribute}", rule=RULE_MERGERS)
    return RatingPick(attribute, a, b, roll, max(a, b) if roll.total <= score else min(a, b))


def _asset_fate(asset: OwnedAsset, side: str, score: int, dice: Dice) -> AssetFate:
    if asset.is_base:  # "The new faction gains all the old Bases of Influence of both factions."
        return AssetFate(asset.id, asset.type_key, asset.name, side, None, True, 0)
    roll = D10.roll(dice, purpose=f"merger keeps {asset.name}", rule=RULE_MERGERS)
    if roll.total <= score:
        return AssetFate(asset.id, asset.type_key, asset.name, side, roll, True, 0)
    row = type_of(asset)  # a campaign's custom type carries its own row
    cost = (row.cost or 0) if row else 0
    # "sells the asset and gains half its value": Sell Asset's half the cost, rounded down.
    return AssetFate(asset.id, asset.type_key, asset.name, side, roll, False, cost // 2)
