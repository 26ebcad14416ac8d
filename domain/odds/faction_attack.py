"""Exact odds of one Faction Turn strike (seed 002, Attack Procedure), from the resolution's own code.

The sides are built by `attack.attack_side` / `attack.defence_side` (tag dice, Guards & Wards, Warmage Academy,
Blackmail, The Wild's difficulty), the defender by `attack.choose_defender`, the counterattack line by
`attack.counter_spec` (Illusionists, Fortress, Lawyers, monsters), read when `strike_once` reads it (before the
hit on a tie): so odds and resolution cannot disagree.
A side rolls 1d10 (the best of 1 + bonus dice) + its score; a Book of Secrets rerolls as `contest.contest` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TypeVar

from domain.dice import RaisingDice
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import Strike
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.attack import (
    attack_side,
    books_in,
    choose_defender,
    defence_side,
)
from domain.factionturn.rules.contest import FORCE, Side, book_choice
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import Session, World
from domain.factionturn.tables.assets import AttackSpec
from domain.odds.distribution import Distribution, keep_highest
from domain.odds.faction_counter import counter_odds, strike_damage
from domain.odds.knowledge import Chance, Unknown, seen_world

TIE_RULE = "seed 002, Attack Procedure: a tie on the roll results in both Attack and Counterattack succeeding"
T = TypeVar("T")
Faces = dict[tuple[int, int], Fraction]  # (attacker's best face, defender's best face) -> probability


@dataclass(frozen=True)
class AttackOdds:
    """One strike's odds. `hit`: the attacker's total exceeds the defender's; `tie`: equal (both the attack and
    the counterattack land); `miss`: below. `damage`: the damage roll on a hit or tie (×3 against a monster;
    None when the attack deals none: a special attack); `expected_damage`: (hit + tie) × its mean, floored at 0
    per roll as `deal_damage` ignores damage of 0 or less. `counter`: the chance the defender's counterattack
    lands; `counter_damage`: its roll when it does (a mixture where Illusionists turn the attack back).
    `defender_id`: the asset that meets the strike (the defender's choice: Unknown to a rival's seat when it
    has other assets that could)."""

    attacker_id: str
    target_faction_id: str
    target_asset_id: str
    defender_id: str | Unknown
    attack_total: Distribution
    defence_total: Distribution | Unknown
    hit: Chance
    tie: Chance
    miss: Chance
    damage: Distribution | Unknown | None
    expected_damage: Chance
    counter: Chance
    counter_damage: Distribution | Unknown | None
    expected_counter_damage: Chance
    notes: tuple[str, ...] = ()


def attack_odds(
    world: World,
    faction_id: str,
    strike: Strike,
    *,
    viewer: str | None = None,
    already_seen: bool = False,
    seizing: bool = False,
) -> AttackOdds:
    """The odds of `strike` by `faction_id`. `viewer=None`: the GM's, from the truth. `viewer=<faction id>`:
    that seat's, computed from the world as it may see it (knowledge.seen_world); what still hangs on a rival's
    choice or hidden asset is Unknown. `already_seen`: `world` is already `seen_world(world, viewer)` (to ask
    for many strikes on one copy). `seizing`: the strike is part of a Seize Region (its tags' dice apply)."""
    if viewer is not None and not already_seen:
        world = seen_world(world, viewer)
    me = world.faction(faction_id)
    attacker = me.asset(strike.attacker_id)
    foe = world.faction(strike.target_faction_id)
    target = foe.assets.get(strike.target_asset_id) if strike.target_asset_id else None
    row = type_of(attacker)
    if row is None or row.attack is None:
        raise RuleViolationError(f"{attacker.name} has no Attack entry", "seed 002, Assets")
    if strike.target_asset_id and target is None:
        why = Unknown("the target cannot be seen from this seat")
        return _unknown_odds(strike, why, Distribution.constant(0), why, why, (why.reason,))
    if target is None:
        candidates: list[OwnedAsset | None] = [None]
    elif viewer is None:
        candidates = [choose_defender(world, foe, target, attacker, row.attack)]
    else:
        candidates = _possible_defenders(foe, target, attacker, row.attack)
    each = [
        _odds_with(world, me, foe, attacker, strike, d, player=viewer is not None, seizing=seizing) for d in candidates
    ]
    first = each[0]
    if len(each) == 1:
        return first
    why = Unknown(f"{foe.name} chooses which of its assets meets the strike")
    return AttackOdds(
        first.attacker_id,
        first.target_faction_id,
        first.target_asset_id,
        why,
        first.attack_total,
        _agree([o.defence_total for o in each], why),
        _agree([o.hit for o in each], why),
        _agree([o.tie for o in each], why),
        _agree([o.miss for o in each], why),
        _agree([o.damage for o in each], why),
        _agree([o.expected_damage for o in each], why),
        _agree([o.counter for o in each], why),
        _agree([o.counter_damage for o in each], why),
        _agree([o.expected_counter_damage for o in each], why),
        first.notes,
    )


def _unknown_odds(
    strike: Strike,
    defender_id: str | Unknown,
    attack_total: Distribution,
    defence_total: Distribution | Unknown,
    why: Unknown,
    notes: tuple[str, ...],
) -> AttackOdds:
    """Odds whose every chance, from the hit on, hangs on what the seat cannot see (`why`)."""
    return AttackOdds(
        strike.attacker_id,
        strike.target_faction_id,
        strike.target_asset_id,
        defender_id,
        attack_total,
        defence_total,
        hit=why,
        tie=why,
        miss=why,
        damage=why,
        expected_damage=why,
        counter=why,
        counter_damage=why,
        expected_counter_damage=why,
        notes=notes,
    )


def _agree(values: list[T], why: Unknown) -> T | Unknown:
    return values[0] if all(v == values[0] for v in values) else why


def _possible_defenders(
    foe: FactionView, target: OwnedAsset, attacker: OwnedAsset, spec: AttackSpec
) -> list[OwnedAsset | None]:
    """The target, and every asset of the foe the seat can see that `choose_defender` would accept."""
    others = [
        a
        for a in foe.assets_in(attacker.region_id)
        if a.id != target.id and a.usable_on(foe.turn) and abilities.may_defend(a, attacker, spec)
    ]
    return [target, *others]


def side_faces(side: Side) -> Distribution:
    """A side's best d10 face (1 + bonus dice, keep the highest: contest.roll_side)."""
    return keep_highest(1 + max(side.bonus_dice, 0), 10)


def _odds_with(
    world: World,
    me: FactionView,
    foe: FactionView,
    attacker: OwnedAsset,
    strike: Strike,
    defender: OwnedAsset | None,
    *,
    player: bool,
    seizing: bool,
) -> AttackOdds:
    session = Session(world, RaisingDice(), str(me.id))
    row = type_of(attacker)
    assert row is not None and row.attack is not None
    spec = row.attack
    mine = attack_side(session, attacker, foe, defender, spec, seizing)
    theirs = defence_side(session, foe, attacker, defender, spec)
    books = books_in(world, attacker.region_id)
    notes = [
        f"attack: 1d10 + {mine.score} ({mine.attribute or 'flat'}), {mine.bonus_dice} bonus dice",
        f"defence: 1d10 + {theirs.score} ({theirs.attribute or theirs.label}), {theirs.bonus_dice} bonus dice",
        TIE_RULE,
    ]
    foe_book = str(foe.id) in books
    dice = (1 + max(mine.bonus_dice, 0), 1 + max(theirs.bonus_dice, 0))
    attack_total = side_faces(mine).shifted(mine.score)
    defence_total: Distribution | Unknown = side_faces(theirs).shifted(theirs.score)
    gap = mine.score - theirs.score
    if any(str(s.faction.id) in books and world.orders_of(str(s.faction.id)).rerolls for s in (mine, theirs)):
        faces = _after_books(world, session, mine, theirs, books)
        hit = sum((p for (a, d), p in faces.items() if a + gap > d), Fraction(0))
        tie = sum((p for (a, d), p in faces.items() if a + gap == d), Fraction(0))
    else:
        hit, tie = _plain_contest(*dice, gap)
    miss = 1 - hit - tie
    if foe_book and player:
        why = Unknown(f"{foe.name} holds a Book of Secrets here; whether it rerolls is its secret order")
        defender_id = defender.id if defender is not None else ""
        return _unknown_odds(strike, defender_id, attack_total, defence_total, why, (*notes, why.reason))
    damage, expected = strike_damage(spec.damage, defender, hit + tie)
    counter, counter_damage, expected_counter = counter_odds(
        session, attacker, foe, defender, hit, tie, miss, damage, player=player
    )
    return AttackOdds(
        strike.attacker_id,
        strike.target_faction_id,
        strike.target_asset_id,
        defender.id if defender is not None else "",
        attack_total,
        defence_total,
        hit,
        tie,
        miss,
        damage,
        expected,
        counter,
        counter_damage,
        expected_counter,
        tuple(notes),
    )


def _after_books(world: World, session: Session, mine: Side, theirs: Side, books: tuple[str, ...]) -> Faces:
    """The faces after any Book of Secrets reroll, as `contest.contest` makes them: the attacker answers first,
    then the defender the result as it then stands; each rerolls its own die or forces the other's."""
    a_faces, d_faces = side_faces(mine), side_faces(theirs)
    faces = dict(_pairs(1 + max(mine.bonus_dice, 0), 1 + max(theirs.bonus_dice, 0)))
    for attacking in (True, False):
        side = mine if attacking else theirs
        fid = str(side.faction.id)
        if fid not in books or not world.orders_of(fid).rerolls:
            continue
        after: Faces = {}
        for (a, d), p in faces.items():
            at, dt = a + mine.score, d + theirs.score
            losing = not at > dt if attacking else not dt > at
            if not losing:
                after[(a, d)] = after.get((a, d), Fraction(0)) + p
                continue
            own, other = (a, d) if attacking else (d, a)
            force = book_choice(session, fid, own, other) == FORCE
            reroll_attacker = attacking != force
            fresh = a_faces if reroll_attacker else d_faces
            for f, q in fresh.outcomes:
                key = (f, d) if reroll_attacker else (a, f)
                after[key] = after.get(key, Fraction(0)) + p * q
        faces = after
    return faces


@cache
def _plain_contest(attack_dice: int, defence_dice: int, gap: int) -> tuple[Fraction, Fraction]:
    """Hit and tie chances with no reroll: counted in whole numbers over 10^(all dice), then one fraction."""
    a_counts = {f: f**attack_dice - (f - 1) ** attack_dice for f in range(1, 11)}
    d_counts = {f: f**defence_dice - (f - 1) ** defence_dice for f in range(1, 11)}
    hit = sum(m * n for a, m in a_counts.items() for d, n in d_counts.items() if a + gap > d)
    tie = sum(m * n for a, m in a_counts.items() for d, n in d_counts.items() if a + gap == d)
    whole = 10 ** (attack_dice + defence_dice)
    return Fraction(hit, whole), Fraction(tie, whole)


@cache
def _pairs(attack_dice: int, defence_dice: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    a_faces, d_faces = keep_highest(attack_dice, 10), keep_highest(defence_dice, 10)
    return tuple(((a, d), p * q) for a, p in a_faces.outcomes for d, q in d_faces.outcomes)
