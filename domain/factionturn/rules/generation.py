"""Random factions and wild regions (seed 002, Creating a Faction; Special Faction: The Wild).

Every die goes through a passed-in `Dice` and comes back as a `Roll`, so the service can store the faces.
Decisions beyond the seed's words are in docs/rules-notes/factionturn-tables.md, "Generation and mergers".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from domain.dice import Dice, DiceSpec, Roll
from domain.errors import InvalidInputError
from domain.factionturn.rules.creation import (
    ARCANA_LEVEL,
    FACTION_SIZE,
    POPULATION,
    QUICK_REFERENCE,
    RANDOM_ASSET_DIE,
    TWO_D6,
    FactionSize,
    look_up,
    random_asset,
    random_asset_options,
    score_order,
    scores_for,
)
from domain.factionturn.tables.assets import AssetType, Attribute
from domain.factionturn.tables.goals import RANDOM_GOAL
from domain.factionturn.tables.progression import max_hp
from domain.factionturn.tables.tags import RANDOM_TAG
from domain.factionturn.tables.wild import TERRAIN_DIE, terrain_for_roll

T = TypeVar("T")

RULE_SIZE = "seed 002, Random Faction Size"
RULE_MAIN_STAT = "seed 002, Random Main Stat"
RULE_TAG = "seed 002, Random Faction Tag"
RULE_GOAL = "seed 002, Random Faction Goal"
RULE_HOME = "seed 002, Home Region"
RULE_ASSETS = "seed 002, Random Faction Assets"
RULE_WILD = "seed 002, Special Faction: The Wild"

D6, D12, D20 = DiceSpec.parse("1d6"), DiceSpec.parse("1d12"), DiceSpec.parse("1d20")
ROLLABLE_TAGS = sum(1 for key in RANDOM_TAG.values() if key is not None)
WORLD_SIZES = range(3, 7)  # "There should be 3-6 factions acting on your game."
DEFAULT_NAMES = (
    "The Iron Company",
    "The Veiled Hand",
    "The Gilded Compact",
    "The Ashen Circle",
    "The Free Marches",
    "The Salt Lords",
)


@dataclass(frozen=True)
class Rolled(Generic[T]):
    """A table result and the rolls that decided it."""

    value: T
    rolls: tuple[Roll, ...]


@dataclass(frozen=True)
class RegionRoll:
    """Arcana & Population of Home Region: two separate 2d6 rolls."""

    arcana: int
    population: str
    rolls: tuple[Roll, ...]


@dataclass(frozen=True)
class GeneratedFaction:
    """A faction rolled from the creation tables. `goal` is the first of `goal_choices` (notes)."""

    name: str
    size: FactionSize
    order: tuple[Attribute, Attribute, Attribute]  # highest, second, third
    force: int
    cunning: int
    wealth: int
    max_hp: int
    tags: tuple[str, ...]
    goal: str
    goal_choices: tuple[str, ...]
    home_arcana: int
    home_population: str
    additional_bases: int
    base_hp: int
    primary_assets: tuple[str, ...]
    other_assets: tuple[str, ...]
    rolls: tuple[Roll, ...]

    @property
    def ratings(self) -> dict[str, int]:
        return {"force": self.force, "cunning": self.cunning, "wealth": self.wealth}

    @property
    def home_base_hp(self) -> int:
        """The home region's Base of Influence starts at the faction's HP (seed 002, Defining Factions)."""
        return self.max_hp

    def roll_records(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.rolls]


@dataclass(frozen=True)
class WildRegion:
    """A Terrain asset of The Wild: its 2d6 row, rolled HP and counterattack dice (None: it has none)."""

    difficulty: int
    hp: int
    counter: DiceSpec | None
    example: str
    rolls: tuple[Roll, ...]

    @property
    def counter_expression(self) -> str:
        return "" if self.counter is None else str(self.counter)


def roll_region(dice: Dice, actor: str = "") -> RegionRoll:
    """Arcana level and population of a home (or neutral) region."""
    arcana = TWO_D6.roll(dice, purpose="home arcana", rule=RULE_HOME, actor=actor)
    population = TWO_D6.roll(dice, purpose="home population", rule=RULE_HOME, actor=actor)
    return RegionRoll(look_up(ARCANA_LEVEL, arcana.total), look_up(POPULATION, population.total), (arcana, population))


def roll_size(dice: Dice, actor: str = "") -> Rolled[FactionSize]:
    size = TWO_D6.roll(dice, purpose="faction size", rule=RULE_SIZE, actor=actor)
    return Rolled(look_up(FACTION_SIZE, size.total), (size,))


def roll_score_order(dice: Dice, actor: str = "") -> Rolled[tuple[Attribute, Attribute, Attribute]]:
    """Highest by 1d6, second by 1d6 rerolling the highest, third by elimination."""
    first = D6.roll(dice, purpose="highest score", rule=RULE_MAIN_STAT, actor=actor)
    rolls = [first]
    while True:
        second = D6.roll(dice, purpose="second score", rule=RULE_MAIN_STAT, actor=actor)
        rolls.append(second)
        order = score_order(first.total, second.total)
        if order is not None:
            return Rolled(order, tuple(rolls))


def roll_tags(dice: Dice, actor: str = "") -> Rolled[tuple[str, ...]]:
    """One tag; a 20 means two more (recursively); a tag already held is rerolled."""
    tags: list[str] = []
    rolls: list[Roll] = []
    owed = 1
    while owed and len(tags) < ROLLABLE_TAGS:
        face = D20.roll(dice, purpose="tag", rule=RULE_TAG, actor=actor)
        rolls.append(face)
        key = RANDOM_TAG[face.total]
        if key is None:
            owed += 1  # this roll is spent, two more are owed
        elif key not in tags:
            tags.append(key)
            owed -= 1
    return Rolled(tuple(tags), tuple(rolls))


def roll_goal(dice: Dice, actor: str = "") -> Rolled[tuple[str, ...]]:
    """One goal, or on a 12 two different goals; the faction pursues the first (notes)."""
    face = D12.roll(dice, purpose="goal", rule=RULE_GOAL, actor=actor)
    first = RANDOM_GOAL[face.total]
    if first is not None:
        return Rolled((first,), (face,))
    rolls = [face]
    choices: list[str] = []
    while len(choices) < 2:
        again = D12.roll(dice, purpose="goal (roll twice and pick one)", rule=RULE_GOAL, actor=actor)
        rolls.append(again)
        key = RANDOM_GOAL[again.total]
        if key is not None and key not in choices:  # a 12 or a repeat is rerolled
            choices.append(key)
    return Rolled(tuple(choices), tuple(rolls))


def pick_assets(attribute: Attribute, score: int, count: int, dice: Dice, actor: str = "") -> Rolled[tuple[str, ...]]:
    """`count` different starting assets: 1d4 over the rows at `<attribute> <score>` not yet picked,
    stepping down a rating when that heading is used up (notes)."""
    picked: list[AssetType] = []
    rolls: list[Roll] = []
    for heading in range(score, 0, -1):
        while len(picked) < count:
            options = tuple(a for a in random_asset_options(attribute, heading) if a not in picked)
            if not options:
                break
            face = RANDOM_ASSET_DIE.roll(dice, purpose=f"{attribute.value} asset", rule=RULE_ASSETS, actor=actor)
            rolls.append(face)
            choice = random_asset(options, face.total)
            if choice is not None:
                picked.append(choice)
    return Rolled(tuple(a.key for a in picked), tuple(rolls))


def other_attributes(order: tuple[Attribute, Attribute, Attribute], count: int) -> tuple[Attribute, ...]:
    """The attribute of each "other" asset: second, third, second, third... (notes)."""
    return tuple(order[1 + i % 2] for i in range(count))


def generate_faction(name: str, dice: Dice) -> GeneratedFaction:
    """Roll one faction, in the worked example's order: home region, size, scores, tag, goal, assets."""
    name = _clean(name)
    region = roll_region(dice, name)
    size = roll_size(dice, name)
    order = roll_score_order(dice, name)
    tags = roll_tags(dice, name)
    goal = roll_goal(dice, name)
    ref = QUICK_REFERENCE[size.value]
    scores = scores_for(size.value, order.value)
    primary = pick_assets(order.value[0], scores[order.value[0]], ref.primary_assets, dice, name)
    others = [
        pick_assets(attribute, scores[attribute], others_count, dice, name)
        for attribute, others_count in _counts(other_attributes(order.value, ref.other_assets))
    ]
    force, cunning, wealth = (scores[a] for a in (Attribute.FORCE, Attribute.CUNNING, Attribute.WEALTH))
    return GeneratedFaction(
        name=name,
        size=size.value,
        order=order.value,
        force=force,
        cunning=cunning,
        wealth=wealth,
        max_hp=max_hp(force, cunning, wealth),
        tags=tags.value,
        goal=goal.value[0],
        goal_choices=goal.value,
        home_arcana=region.arcana,
        home_population=region.population,
        additional_bases=ref.additional_bases,
        base_hp=ref.base_hp,
        primary_assets=primary.value,
        other_assets=tuple(key for o in others for key in o.value),
        rolls=(
            *region.rolls,
            *size.rolls,
            *order.rolls,
            *tags.rolls,
            *goal.rolls,
            *primary.rolls,
            *(r for o in others for r in o.rolls),
        ),
    )


def generate_world(count: int, dice: Dice, names: Sequence[str] | None = None) -> list[GeneratedFaction]:
    """3-6 random factions, named by `names` (one each, all different) or from `DEFAULT_NAMES`."""
    if count not in WORLD_SIZES:
        raise InvalidInputError(f"a world has 3-6 factions, not {count} (seed 002, Factions)")
    chosen = [_clean(n) for n in (DEFAULT_NAMES[:count] if names is None else names)]
    if len(chosen) != count:
        raise InvalidInputError(f"{count} factions need {count} names, not {len(chosen)}")
    if len({n.casefold() for n in chosen}) != count:
        raise InvalidInputError("faction names must all be different")
    return [generate_faction(name, dice) for name in chosen]


def wild_region(dice: Dice) -> WildRegion:
    """A Terrain asset: 2d6 on the Terrain Table, then its HP dice. The counter is rolled when it strikes."""
    row_roll = TERRAIN_DIE.roll(dice, purpose="terrain", rule=RULE_WILD, actor="The Wild")
    row = terrain_for_roll(row_roll.total)
    hp = row.hp.roll(dice, purpose="terrain hp", rule=RULE_WILD, actor="The Wild")
    return WildRegion(row.difficulty, hp.total, row.counter, row.example, (row_roll, hp))


def _counts(attributes: tuple[Attribute, ...]) -> list[tuple[Attribute, int]]:
    return [(a, attributes.count(a)) for a in dict.fromkeys(attributes)]


def _clean(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInputError("a faction needs a name")
    return cleaned
