"""Exact odds of the Game of Bones checks that are no order: a Poison Pill spy's monthly check (seed 000, Poison
Pill: "The above skill check must be made at the end of every month") and a source hunt (hunt.py).

Both are read off the domain's own code, run once per pair of d20 faces (`FixedDice`), so the odds are the
resolution's by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from domain.dice import FixedDice
from domain.gameofbones.rules.checks import skill_modifier
from domain.gameofbones.rules.hunt import HUNT_DC, captured_assassin
from domain.gameofbones.rules.intrigue import check_spy
from domain.gameofbones.tables.gains import Skill
from domain.gameofbones.tables.records import Spy
from domain.odds.distribution import die
from domain.odds.knowledge import Chance, Unknown

if TYPE_CHECKING:
    from domain.gameofbones.aggregate.house import House

FACES = range(1, 21)


@dataclass(frozen=True)
class SpyOdds:
    """The monthly check: the spy stays in place, is suspected (its bonus −1), or is discovered (at 0)."""

    in_place: Chance
    suspected: Chance
    discovered: Chance


def spy_check_odds(
    aggressor: House, defender: House, spy: Spy, phase: int, week: int, *, viewer: str | None = None
) -> SpyOdds:
    """`viewer`: a seat (the aggressor's) cannot see the target's defences and circumstances: Unknown."""
    if viewer is not None:
        why = Unknown(f"the check reads {defender.name}'s secret defences and circumstances")
        return SpyOdds(why, why, why)
    counts = {"in place": 0, "suspected": 0, "discovered": 0}
    for a in FACES:
        for d in FACES:
            outcome = check_spy(aggressor, defender, spy, phase, week, FixedDice([a, d]))
            kind = (
                "discovered"
                if outcome.result == "the spy was discovered"
                else "in place"
                if outcome.succeeded
                else "suspected"
            )
            counts[kind] += 1
    return SpyOdds(*(Fraction(counts[k], 400) for k in ("in place", "suspected", "discovered")))


def source_hunt_odds(house: House, attack_id: str, phase: int) -> Fraction:
    """The chance the hunt's d20 + best Gather Information (+10 for this attack's captured assassin) meets DC 20.
    Whether a met DC names the aggressor or finds the evidence destroyed is the GM's secret (a Cover Up)."""
    bonus = skill_modifier(house.best(Skill.GATHER_INFORMATION), Skill.GATHER_INFORMATION).value
    used = captured_assassin(house, attack_id, phase)
    bonus += used.value if used else 0
    return die(20).shifted(bonus).chance(lambda v: v >= HUNT_DC)
