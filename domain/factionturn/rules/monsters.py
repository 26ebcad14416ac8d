"""The GM plays The Wild's monsters (seed 002, Monster): "Monster assets may generally move up to one hex per
turn, and attack or execute special abilities as you determine, though this is optional".

A moved monster stays The Wild's asset, in its new region (docs/rules-notes/factionturn-play.md, The Wild).
Its attack is a strike of the Attack Procedure: 1d10 + its level against 1d10 + the defender's Force; a hit
deals one hit die + its level; a miss (or a tie) lets the defender counterattack, tripled against a monster.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import Dice
from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import MonsterAttacked
from domain.factionturn.aggregate.holdings import WILD_MONSTER, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.attack import (
    books_in,
    choose_defender,
    counter_spec,
    counterattack,
    damage_victim,
    defence_side,
    reveal_used,
)
from domain.factionturn.rules.contest import Side, contest
from domain.factionturn.rules.damage import deal_damage
from domain.factionturn.rules.wild_assets import strike_dice
from domain.factionturn.rules.world import Outcome, Session, World, roll_dicts
from domain.factionturn.tables.assets import AttackSpec, Attribute
from domain.factionturn.tables.wild import MONSTER_MOVE_HEXES, RULE_MONSTER
from domain.gm import check_intervention

RULE_ONE_MONSTER = "seed 002, The Wild (a region holds possibly one Monster Asset)"
RULE_ATTACK = "seed 002, Attack"


@dataclass(frozen=True)
class MonsterMove:
    monster_id: str
    from_region_id: str
    to_region_id: str


def plan_move(world: World, wild_id: str, monster_id: str, to_region_id: str, phase: int) -> MonsterMove:
    """Refuse a move the rules forbid: one hex at most, once a phase, into a region with no other monster."""
    wild = world.faction(wild_id)
    beast = wild.monster(monster_id)
    if beast.moved_phase == phase:
        raise RuleViolationError(f"{beast.name} has already moved in phase {phase}", RULE_MONSTER)
    world.region(to_region_id)
    distance = world.distance(beast.region_id, to_region_id)
    if distance == 0:
        raise InvalidInputError(f"{beast.name} is already in that region")
    if distance > MONSTER_MOVE_HEXES:
        raise RuleViolationError(
            f"{beast.name} moves one hex a turn; that region is {distance} hexes away", RULE_MONSTER
        )
    if any(a.type_key == WILD_MONSTER for a in wild.assets_in(to_region_id)):
        raise RuleViolationError("that region already holds a Monster asset", RULE_ONE_MONSTER)
    return MonsterMove(monster_id, beast.region_id, to_region_id)


def check_attack(
    world: World, wild: FactionView, monster_id: str, foe: FactionView, target_id: str, phase: int
) -> OwnedAsset:
    """Refuse a monster attack the rules forbid, before anything is rolled; returns the monster."""
    beast = wild.monster(monster_id)
    if beast.attacked_phase == phase:
        raise RuleViolationError(f"{beast.name} has already attacked in phase {phase}", RULE_MONSTER)
    if foe.id == wild.id:
        raise RuleViolationError("The Wild does not attack its own assets", RULE_ATTACK)
    target = foe.asset(target_id)
    if target.stealthed:
        raise RuleViolationError("Stealth assets can't be attacked until they're discovered", RULE_ATTACK)
    if target.region_id != beast.region_id:
        raise RuleViolationError("attacks only reach assets in the same region as the attacker", RULE_ATTACK)
    if target.sheltered:
        raise RuleViolationError(f"{target.name} shelters in Boltholes until repaired", "seed 002, Boltholes")
    if abilities.agitated(world, beast):
        raise RuleViolationError(f"Agitators keep {beast.name} from attacking", "seed 002, Agitators")
    return beast


def decide_attack(
    world: World,
    wild_id: str,
    monster_id: str,
    foe_id: str,
    target_id: str,
    dice: Dice,
    *,
    phase: int,
    seat: str,
    reason: str,
) -> Outcome:
    """The monster strikes one asset; its contest rolls go into `MonsterAttacked`, each damage roll into the
    damage it did. Resolved on a copy of the world; apply the outcome's changes to the aggregates."""
    reason = check_intervention(seat, reason)
    working = world.copy()
    wild, foe = working.faction(wild_id), working.faction(foe_id)
    beast = check_attack(working, wild, monster_id, foe, target_id, phase)
    session = Session(working, dice, wild_id)
    # A monster's violence is met as Force meets Force: the seed gives monsters no Attack line.
    spec = AttackSpec(Attribute.FORCE, Attribute.FORCE, strike_dice(beast))
    defender = choose_defender(working, foe, foe.assets[target_id], beast, spec)
    assert defender is not None
    result = contest(
        session,
        Side(wild, "", 0, beast.difficulty, f"{beast.name} level"),
        defence_side(session, foe, beast, defender, spec),
        f"{beast.name} attacks {foe.name}",
        books=books_in(working, beast.region_id),
    )
    session.record(
        wild,
        MonsterAttacked(
            monster_id=beast.id,
            target_faction_id=foe_id,
            target_asset_id=target_id,
            defender_id=defender.id,
            phase=phase,
            hit=not result.defender_wins,
            countered=not result.attacker_wins,
            rolls=roll_dicts(session.rolls),
            seat=seat,
            reason=reason,
        ),
    )
    reveal_used(session, ((foe, defender),))
    # Seed 002, Attack Procedure: on a tie "both attacker and defender take damage": the counter is owed first.
    owed = None if result.attacker_wins else counter_spec(session, beast, foe, defender, result)
    if not result.defender_wins:
        assert spec.damage is not None
        damage = session.roll(spec.damage, f"{beast.name} damage", RULE_MONSTER)
        victim = damage_victim(working, foe, beast.region_id, defender)
        assert victim is not None
        deal_damage(
            session,
            foe,
            victim.id,
            damage.total,
            f"hit by {wild.name}'s {beast.name}",
            (damage,),
            attacker=wild,
            attacker_asset=beast,
        )
    if owed is not None:
        counterattack(session, beast, foe, defender, result, contest_recorded=True, owed=owed)
    return session.outcome(f"{beast.name} attacks")
