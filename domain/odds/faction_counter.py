"""The counterattack's odds in one Faction Turn strike, and the damage a strike deals (seed 002, Attack Procedure):
asked of `attack.counter_spec` for each kind of result, a killing blow dealt on a copy of the world as `_hit` would.
The strike's own odds are faction_attack.py's."""

from __future__ import annotations

import copy
from fractions import Fraction

from domain.dice import DiceSpec, RaisingDice, Roll
from domain.factionturn.aggregate.holdings import WILD_MONSTER, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.attack import counter_spec, damage_victim
from domain.factionturn.rules.contest import ContestResult
from domain.factionturn.rules.damage import deal_damage
from domain.factionturn.rules.rows import holds
from domain.factionturn.rules.world import Session, World
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.wild import MONSTER_DAMAGE_MULTIPLIER
from domain.odds.distribution import Distribution, floored_mean, mixture, of_spec
from domain.odds.knowledge import Chance, Unknown


def strike_damage(
    spec: DiceSpec | None, defender: OwnedAsset | None, lands: Fraction
) -> tuple[Distribution | None, Fraction]:
    if spec is None or defender is None:
        return None, Fraction(0)
    rolled = of_spec(spec)
    if defender.type_key == WILD_MONSTER:  # seed 002, Attacking a Monster Asset: damage × 3
        rolled = rolled.scaled(MONSTER_DAMAGE_MULTIPLIER)
    return rolled, lands * floored_mean(rolled)


def counter_odds(
    session: Session,
    attacker: OwnedAsset,
    foe: FactionView,
    defender: OwnedAsset | None,
    hit: Fraction,
    tie: Fraction,
    miss: Fraction,
    damage: Distribution | None,
    *,
    player: bool,
) -> tuple[Chance, Distribution | Unknown | None, Chance]:
    """Ask `counter_spec` for each kind of result (a fresh session each: a monster counters once a turn). A tie
    owes the counterattack before the hit is written (`strike_once`; seed 002: "Both attacker and defender take
    damage as indicated"), so it lands whatever the hit does. On a clean hit only a monster answers, after the
    damage: one it destroys makes no counterattack; `deal_damage` itself decides, on a copy of the world."""
    parts: list[tuple[Fraction, Distribution]] = []
    for chance, (a, d) in ((hit, (2, 1)), (tie, (1, 1)), (miss, (1, 2))):
        if not chance:
            continue
        result = ContestResult(Roll("1d10", (a,), (), a), Roll("1d10", (d,), (), d))
        fresh = Session(session.world, RaisingDice(), session.actor_id)
        spec = counter_spec(fresh, attacker, foe, defender, result)
        if spec is None:
            continue
        if a > d and damage is not None and defender is not None and damage.maximum >= defender.hp:
            if player and _hidden_rescue(session.world, foe, attacker.region_id):
                why = Unknown(
                    f"whether {defender.name} outlives a killing blow is {foe.name}'s secret "
                    "(its Base of Influence may take the damage; a Cathedral needs FacGold)"
                )
                return why, why, why
            if not _survives_killing_blow(session, attacker, foe, defender, result):
                chance *= damage.chance(lambda v: v < defender.hp)
        if chance:
            parts.append((chance, of_spec(spec)))
    if not parts:
        return Fraction(0), None, Fraction(0)
    lands = sum((c for c, _ in parts), Fraction(0))
    expected = sum((c * floored_mean(d) for c, d in parts), Fraction(0))
    return lands, mixture(parts), expected


def _hidden_rescue(world: World, foe: FactionView, region_id: str) -> bool:
    """What a rival's seat cannot tell: whether the Base soaks the blow (a secret Defence order), whether the
    Cathedral's owner has the FacGold (secret) to restore the asset."""
    return foe.base_in(region_id) is not None or bool(holds(foe, Passive.CATHEDRAL, region_id))


def _survives_killing_blow(
    session: Session, attacker: OwnedAsset, foe: FactionView, defender: OwnedAsset, result: ContestResult
) -> bool:
    """Deal the defender a killing blow on a copy of the world, as `_hit` would, and ask `counter_spec` again."""
    # Copies of the two factions a blow can change (the damage, a Cathedral's FacGold, a Hostile Takeover).
    shared = session.world
    world = shared.with_copies((str(foe.id), session.actor_id), copier=copy.deepcopy)
    trial = Session(world, RaisingDice(), session.actor_id)
    their, mine = world.faction(str(foe.id)), world.faction(session.actor_id)
    struck = their.assets[defender.id]
    victim = damage_victim(world, their, attacker.region_id, struck)
    if victim is not None:
        amount = victim.hp if victim.id == struck.id else 1
        deal_damage(
            trial,
            their,
            victim.id,
            amount,
            "odds: a killing blow",
            attacker=mine,
            attacker_asset=mine.assets.get(attacker.id),
        )
    after = their.assets.get(defender.id)
    own = mine.assets.get(attacker.id)
    return own is not None and counter_spec(trial, own, their, after, result) is not None
