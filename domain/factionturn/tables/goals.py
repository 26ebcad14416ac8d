"""Faction goals (seed 002, Faction Goals): what each asks, and its difficulty (= XP on success)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from domain.errors import NotFoundError


@dataclass(frozen=True)
class Scores:
    force: int
    cunning: int
    wealth: int

    @property
    def total(self) -> int:
        return self.force + self.cunning + self.wealth


@dataclass(frozen=True)
class GoalContext:
    """What a difficulty formula may depend on. `opponent` is the ruling faction (Regional Seizure) or
    the rival to destroy (Destroy the Foe); None when there is none."""

    own: Scores
    assets_destroyed: int = 0
    opponent: Scores | None = None
    contested: bool = False


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


# Each formula is named; fractions round up (notes: "goal difficulty rounding").
def half_the_assets_destroyed(ctx: GoalContext) -> int:
    return _ceil_div(ctx.assets_destroyed, 2)


def half_the_rulers_average(ctx: GoalContext) -> int:
    # "If the region somehow lacks any opposing faction to resist the seizure, it counts as Difficulty 1."
    return 1 if ctx.opponent is None else _ceil_div(ctx.opponent.total, 6)


def one_plus_contested(ctx: GoalContext) -> int:
    return 2 if ctx.contested else 1


def one_plus_the_foes_average(ctx: GoalContext) -> int:
    return 1 + (0 if ctx.opponent is None else _ceil_div(ctx.opponent.total, 3))


def fixed(value: int) -> Callable[[GoalContext], int]:
    def difficulty(ctx: GoalContext) -> int:
        return value

    difficulty.__name__ = f"fixed_{value}"
    return difficulty


@dataclass(frozen=True)
class Goal:
    """`target` gives the count the goal asks for from the faction's scores (None where it names none)."""

    key: str
    name: str
    requirement: str
    difficulty: Callable[[GoalContext], int]
    target: Callable[[Scores], int] | None = None


GOALS: Mapping[str, Goal] = MappingProxyType(
    {
        goal.key: goal
        for goal in (
            Goal(
                "military_conquest",
                "Military Conquest",
                "destroy rival Force assets equal to your Force",
                half_the_assets_destroyed,
                lambda s: s.force,
            ),
            Goal(
                "commercial_expansion",
                "Commercial Expansion",
                "destroy rival Wealth assets equal to your Wealth",
                half_the_assets_destroyed,
                lambda s: s.wealth,
            ),
            Goal(
                "intelligence_coup",
                "Intelligence Coup",
                "destroy rival Cunning assets equal to your Cunning",
                half_the_assets_destroyed,
                lambda s: s.cunning,
            ),
            Goal(
                "regional_seizure",
                "Regional Seizure",
                "become the legitimate regional government of a region",
                half_the_rulers_average,
            ),
            Goal(
                "expand_influence", "Expand Influence", "plant a Base of Influence on a new region", one_plus_contested
            ),
            Goal(
                "blood_the_enemy",
                "Blood the Enemy",
                "inflict HP damage on enemy assets or bases equal to your Force + Cunning + Wealth",
                fixed(2),
                lambda s: s.total,
            ),
            Goal(
                "peaceable_kingdom", "Peaceable Kingdom", "take no Attack action for four turns", fixed(1), lambda s: 4
            ),
            Goal("destroy_the_foe", "Destroy the Foe", "destroy a rival faction", one_plus_the_foes_average),
            Goal(
                "inside_enemy_territory",
                "Inside Enemy Territory",
                "have stealthed assets in regions with other governments equal to your Cunning",
                fixed(2),
                lambda s: s.cunning,
            ),
            Goal(
                "invincible_valor",
                "Invincible Valor",
                "destroy a Force asset whose rating is above your Force",
                fixed(2),
                lambda s: s.force + 1,
            ),
            Goal(
                "legendary_wealth",
                "Legendary Wealth",
                "spend FacGold equal to four times your Wealth on bribes and influence",
                fixed(2),
                lambda s: 4 * s.wealth,
            ),
        )
    }
)

# Random Faction Goal, d12: faces 1-11 name a goal; 12 means roll twice and pick one.
RANDOM_GOAL: Mapping[int, str | None] = MappingProxyType(
    {face: key for face, key in enumerate(GOALS, start=1)} | {12: None}
)
ROLL_TWICE_AND_PICK = 12

# Spellings the seed uses for goals in the d12 table.
GOAL_ALIASES: Mapping[str, str] = MappingProxyType(
    {"commerical_expansions": "commercial_expansion", "invincible_valour": "invincible_valor"}
)


def goal(key: str) -> Goal:
    """The goal for a key (or a seed spelling of one); NotFoundError otherwise."""
    found = GOALS.get(GOAL_ALIASES.get(key, key))
    if found is None:
        raise NotFoundError(f"no faction goal {key!r}")
    return found
