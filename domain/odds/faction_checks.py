"""Exact odds of the Faction Turn's other dice: opposed tests (1d10 + score against 1d10 + score), Expand
Influence's contest (seed 002: rivals that "equal or beat the faction's roll may make a free immediate Attack"),
and the assets' own rolls (Industry, Indentured Workforce, Risky Investments, Arcane Industry, Trade Broker).

The assets' rolls are read off the domain's own resolver, run once per face on a copy of the world
(`actions.resolve_action` with that face scripted), so the odds are the resolution's by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.dice import FixedDice
from domain.factionturn.aggregate.asset_effects import AssetDestroyed, PurchaseDiscountSet
from domain.factionturn.aggregate.effects import FacGoldGained, FacGoldSpent
from domain.factionturn.aggregate.orders import AbilityUse, UseAssetAbility
from domain.factionturn.rules.actions import resolve_action
from domain.factionturn.rules.contest import Side
from domain.factionturn.rules.rows import ability_of, holds, tag_dice
from domain.factionturn.rules.world import World
from domain.factionturn.tables.catalog import CATALOG
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import TagRoll
from domain.odds.distribution import Distribution, keep_highest
from domain.odds.knowledge import seen_world

# The abilities whose special action rolls one die, and its size: declared by the asset rows (`AssetType.die`).
ABILITY_DIE: dict[str, int] = {row.ability: row.die for row in CATALOG.values() if row.ability and row.die}


@dataclass(frozen=True)
class ContestOdds:
    """An opposed test: the first side's total exceeds, equals, or falls below the second's."""

    win: Fraction
    tie: Fraction
    lose: Fraction


def side_total(side: Side) -> Distribution:
    """1d10 (the best of 1 + bonus dice) + the side's score, as `contest.roll_side` rolls it."""
    return keep_highest(1 + max(side.bonus_dice, 0), 10).shifted(side.score)


def opposed(mine: Side, theirs: Side) -> ContestOdds:
    a, d = side_total(mine), side_total(theirs)
    pairs = [(x - y, p * q) for x, p in a.outcomes for y, q in d.outcomes]
    win = sum((w for gap, w in pairs if gap > 0), Fraction(0))
    tie = sum((w for gap, w in pairs if gap == 0), Fraction(0))
    return ContestOdds(win, tie, 1 - win - tie)


@dataclass(frozen=True)
class ExpandOdds:
    """Planting a new Base of Influence: its own 1d10 + Cunning (tag and Surveyors dice), and for each rival
    present the chance its 1d10 + Cunning equals or beats it (and so may strike the new base); `uncontested`:
    the chance none does. A seat sees only the rivals it can see there."""

    region_id: str
    own_roll: Distribution
    contested_by: tuple[tuple[str, Fraction], ...]
    uncontested: Fraction


def expand_influence_odds(world: World, faction_id: str, region_id: str, *, viewer: str | None = None) -> ExpandOdds:
    """As `influence.run_expand` rolls it; The Wild does not roll."""
    if viewer is not None:
        world = seen_world(world, viewer)
    me, region = world.faction(faction_id), world.region(region_id)
    dice = tag_dice(me, TagRoll.EXPAND_INFLUENCE, region) + (1 if holds(me, Passive.SURVEYORS, region_id) else 0)
    mine = side_total(Side(me, "cunning", dice))
    rivals = [f for f in world.factions.values() if f.id != me.id and not f.wild and f.assets_in(region_id)]
    theirs = [(str(f.id), side_total(Side(f, "cunning"))) for f in rivals]
    contested = tuple((fid, sum((p * _at_least(d, m) for m, p in mine.outcomes), Fraction(0))) for fid, d in theirs)
    none = Fraction(0)
    for m, p in mine.outcomes:
        share = p
        for _, d in theirs:
            share *= 1 - _at_least(d, m)
        none += share
    return ExpandOdds(region_id, mine, contested, none)


def _at_least(dist: Distribution, value: int) -> Fraction:
    return sum((p for v, p in dist.outcomes if v >= value), Fraction(0))


@dataclass(frozen=True)
class AbilityOdds:
    """One asset's own roll: `facgold`, the FacGold it nets the faction (Trade Broker: the discount on the next
    purchase); `lost`, the chance the roll destroys the asset (Risky Investments on a 1, Industry unpaid)."""

    asset_id: str
    measure: str
    facgold: Distribution
    lost: Fraction

    @property
    def expected(self) -> Fraction:
        return self.facgold.expected


def ability_odds(world: World, faction_id: str, asset_id: str) -> AbilityOdds | None:
    """None when the asset's special action rolls no single die (see ABILITY_DIE). Refusals of the action
    propagate, as `resolve_action` raises them."""
    asset = world.faction(faction_id).asset(asset_id)
    ability = ability_of(asset)
    sides = ABILITY_DIE.get(ability)
    if sides is None:
        return None
    order = UseAssetAbility((AbilityUse(asset.id, asset.region_id),))
    values: dict[int, Fraction] = {}
    lost = Fraction(0)
    for face in range(1, sides + 1):
        outcome = resolve_action(world, faction_id, order, FixedDice([face]))
        mine = [c.effect for c in outcome.changes if c.target_id == faction_id]
        gold = sum(e.amount for e in mine if isinstance(e, FacGoldGained | PurchaseDiscountSet))
        gold -= sum(e.amount for e in mine if isinstance(e, FacGoldSpent))
        values[gold] = values.get(gold, Fraction(0)) + Fraction(1, sides)
        if any(isinstance(e, AssetDestroyed) and e.asset_id == asset.id for e in mine):
            lost += Fraction(1, sides)
    measure = "discount on the next purchase" if ability == "trade_broker" else "FacGold gained"
    return AbilityOdds(asset.id, measure, Distribution.of(values), lost)
