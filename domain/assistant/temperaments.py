"""Temperaments (issue 19): how the assistant weighs a power's choices, set by the GM or derived.

A faction's is derived from its goal (two votes: the goal is what it wants now) and its tags (one vote each),
ties going to the first of `Temperament`'s order; a house has neither, so its own is read from the balance of
its influence and power, the seed's "influence- or power-based" houses (seed 000, Taking Action;
docs/assistant.md, Temperaments).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from domain.enums import Temperament

T = Temperament

GOAL_TEMPERAMENT: Mapping[str, Temperament] = MappingProxyType(
    {
        "military_conquest": T.AGGRESSIVE,
        "blood_the_enemy": T.AGGRESSIVE,
        "destroy_the_foe": T.AGGRESSIVE,
        "invincible_valor": T.AGGRESSIVE,
        "commercial_expansion": T.GREEDY,
        "legendary_wealth": T.GREEDY,
        "intelligence_coup": T.SCHEMING,
        "inside_enemy_territory": T.SCHEMING,
        "peaceable_kingdom": T.CAUTIOUS,
        "expand_influence": T.CAUTIOUS,
        "regional_seizure": T.CAUTIOUS,
    }
)
TAG_TEMPERAMENT: Mapping[str, Temperament] = MappingProxyType(
    {
        "warlike": T.AGGRESSIVE,
        "savage": T.AGGRESSIVE,
        "imperialist": T.AGGRESSIVE,
        "mercenary_group": T.AGGRESSIVE,
        "fanatical": T.AGGRESSIVE,
        "pirates": T.AGGRESSIVE,
        "plutocratic": T.GREEDY,
        "scavengers": T.GREEDY,
        "colonists": T.GREEDY,
        "machiavellian": T.SCHEMING,
        "secretive": T.SCHEMING,
        "cult": T.SCHEMING,
        "pactsworn": T.SCHEMING,
        "magocratic": T.SCHEMING,
        "rebels": T.SCHEMING,
        "deep_rooted": T.CAUTIOUS,
        "diplomatic": T.CAUTIOUS,
        "theocratic": T.CAUTIOUS,
        "regional_government": T.CAUTIOUS,
        "field_expertise": T.CAUTIOUS,
    }
)


def faction_temperament(tags: Iterable[str], goal_key: str | None) -> Temperament:
    votes = dict.fromkeys(Temperament, 0)
    if goal_key is not None and goal_key in GOAL_TEMPERAMENT:
        votes[GOAL_TEMPERAMENT[goal_key]] += 2
    for tag in tags:
        if tag in TAG_TEMPERAMENT:
            votes[TAG_TEMPERAMENT[tag]] += 1
    if not any(votes.values()):
        return T.CAUTIOUS
    return max(Temperament, key=lambda t: votes[t])  # max keeps the first of equals


def house_temperament(influence: int, power: int, gold: int) -> Temperament:
    """Power-based houses strike; influence-based ones scheme; a rich house with little of either buys its way."""
    if power > influence:
        return T.AGGRESSIVE
    if influence >= 2 * max(power, 1):
        return T.SCHEMING
    if gold >= 50_000:
        return T.GREEDY
    return T.CAUTIOUS


def chosen(set_by_gm: str, derived: Temperament) -> Temperament:
    """The GM's temperament when set, else the derived one."""
    return Temperament(set_by_gm) if set_by_gm else derived


# What each temperament cares for, by aim: striking rivals, growing, guarding what it has, wealth, covert work.
# `risk` multiplies the harm a choice may bring back (a counterattack, a failure's cost).
WEIGHTS: Mapping[Temperament, Mapping[str, float]] = MappingProxyType(
    {
        T.AGGRESSIVE: {"strike": 1.6, "grow": 1.0, "guard": 0.6, "wealth": 0.7, "covert": 0.8, "risk": 0.5},
        T.CAUTIOUS: {"strike": 0.6, "grow": 1.0, "guard": 1.6, "wealth": 1.0, "covert": 0.8, "risk": 2.0},
        T.GREEDY: {"strike": 0.8, "grow": 1.2, "guard": 0.9, "wealth": 1.6, "covert": 0.7, "risk": 1.0},
        T.SCHEMING: {"strike": 1.0, "grow": 1.0, "guard": 0.9, "wealth": 0.9, "covert": 1.6, "risk": 1.0},
    }
)
