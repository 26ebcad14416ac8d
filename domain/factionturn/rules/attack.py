"""The Attack action (seed 002, Attack and Attack Procedure), strike by strike."""

from __future__ import annotations

from domain.dice import DiceSpec
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.asset_effects import StealthChanged
from domain.factionturn.aggregate.holdings import WILD_MONSTER, WILD_TERRAIN, OwnedAsset
from domain.factionturn.aggregate.orders import Attack, Strike
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.contest import ContestResult, Side, contest
from domain.factionturn.rules.damage import deal_damage
from domain.factionturn.rules.rows import ability_of, attribute_key, tag_dice, type_of
from domain.factionturn.rules.world import Session, World
from domain.factionturn.tables.assets import AttackSpec
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import TagRoll
from domain.factionturn.tables.wild import MONSTER_DAMAGE_MULTIPLIER

RULE = "seed 002, Attack"
RULE_PROCEDURE = "seed 002, Attack Procedure"


def check_attack(world: World, faction: FactionView, order: Attack) -> None:
    """Refuse an Attack order the rules forbid, before anything is recorded."""
    if not order.strikes:
        raise RuleViolationError("an Attack names at least one attacking asset", RULE_PROCEDURE)
    attackers = [s.attacker_id for s in order.strikes]
    for strike in order.strikes:
        if attackers.count(strike.attacker_id) > 1:
            raise RuleViolationError(f"asset {strike.attacker_id} attacks only once per turn", RULE_PROCEDURE)
        check_strike(world, faction, strike)


def check_strike(world: World, faction: FactionView, strike: Strike) -> None:
    attacker = faction.asset(strike.attacker_id)
    row = type_of(attacker)
    if row is None or row.attack is None:
        raise RuleViolationError(f"{attacker.name} has no Attack entry", "seed 002, Assets")
    abilities.check_can_act(world, faction, attacker, "attack")
    if abilities.agitated(world, attacker):
        raise RuleViolationError(f"Agitators keep {attacker.name} from attacking", "seed 002, Agitators")
    target_faction = world.faction(strike.target_faction_id)
    if target_faction.id == faction.id:
        raise RuleViolationError("a faction does not attack itself", RULE)
    if not strike.target_asset_id:
        if ability_of(attacker) != Passive.INFORMERS:
            raise RuleViolationError("only Informers attack a faction without naming an asset", "seed 002, Informers")
        return
    target = target_faction.assets.get(strike.target_asset_id)
    if target is None or target.stealthed:
        raise RuleViolationError("Stealth assets can't be attacked until they're discovered (or it is gone)", RULE)
    if target.region_id != attacker.region_id:
        raise RuleViolationError("attacks only reach assets in the same region as the attacker", RULE)
    if target.sheltered:
        raise RuleViolationError(f"{target.name} shelters in Boltholes until repaired", "seed 002, Boltholes")
    abilities.check_may_target(attacker, target)


def run_attack(session: Session, order: Attack) -> None:
    """Resolve each strike in turn; a strike made impossible by an earlier one fails with its reason."""
    for strike in order.strikes:
        me = session.actor
        try:
            check_strike(session.world, me, strike)
        except RuleViolationError as refused:
            session.failures.append(f"strike by {strike.attacker_id}: {refused.message}")
            continue
        strike_once(
            session,
            me.assets[strike.attacker_id],
            session.world.faction(strike.target_faction_id),
            strike.target_asset_id,
        )


def strike_once(
    session: Session, attacker: OwnedAsset, foe: FactionView, target_id: str, *, seizing: bool = False
) -> None:
    me = session.actor
    row = type_of(attacker)
    assert row is not None and row.attack is not None
    spec = row.attack
    target = foe.assets.get(target_id) if target_id else None
    defender = choose_defender(session.world, foe, target, attacker, spec) if target else None
    result = contest(
        session,
        attack_side(session, attacker, foe, defender, spec, seizing),
        defence_side(session, foe, attacker, defender, spec),
        f"{attacker.name} attacks {foe.name}",
        books=books_in(session.world, attacker.region_id),
    )
    reveal_used(session, ((me, attacker), (foe, defender)))
    abilities.after_strike(session, attacker, foe, defender)
    # Seed 002, Attack Procedure: "A tie on the roll results in both Attack and Counterattack succeeding. Both
    # attacker and defender take damage as indicated": the counter is owed by the roll, read before the hit is
    # written, so a defender the tie destroys still answers.
    owed = None if result.attacker_wins else counter_spec(session, attacker, foe, defender, result)
    if not result.defender_wins:
        _hit(session, attacker, spec, foe, target, defender, result)
    if owed is not None:
        counterattack(session, attacker, foe, defender, result, owed=owed)
    elif result.attacker_wins and defender is not None and defender.type_key == WILD_MONSTER:
        counterattack(session, attacker, foe, defender, result)  # seed 002, Monster: unless the hit destroyed it


def reveal_used(session: Session, used: tuple[tuple[FactionView, OwnedAsset | None], ...]) -> None:
    """Seed 002, Stealth: an asset loses its Stealth if it is used to attack or defend."""
    for side, asset in used:
        if asset is not None and asset.stealthed and asset.id in side.assets:
            why = "an asset loses its Stealth if it is used to attack or defend (seed 002, Stealth)"
            session.record(side, StealthChanged(asset_id=asset.id, stealthed=False, reason=why))


def choose_defender(
    world: World, foe: FactionView, target: OwnedAsset | None, attacker: OwnedAsset, spec: AttackSpec
) -> OwnedAsset | None:
    """The defender picks the asset that meets the strike (its Defence plan), else the target itself."""
    plan = world.orders_of(str(foe.id)).defence_in(attacker.region_id)
    chosen = foe.assets.get(plan.defender_id) if plan.defender_id else None
    if (
        chosen is not None
        and chosen.region_id == attacker.region_id
        and chosen.usable_on(foe.turn)
        and abilities.may_defend(chosen, attacker, spec)
    ):
        return chosen
    return target


def attack_side(
    session: Session,
    attacker: OwnedAsset,
    foe: FactionView,
    defender: OwnedAsset | None,
    spec: AttackSpec,
    seizing: bool,
) -> Side:
    me, region = session.actor, session.world.region(attacker.region_id)
    mine, theirs = attribute_key(spec.attacker), attribute_key(spec.defender)
    dice = 0
    if not (defender is not None and ability_of(defender) == Passive.BLACKMAIL):
        dice += tag_dice(me, TagRoll.ATTACK, region, attribute=mine, against=theirs, opponent_id=str(foe.id))
        dice += tag_dice(me, TagRoll.SEIZE_REGION, region) if seizing else 0
        wild = defender is not None and defender.type_key in (WILD_TERRAIN, WILD_MONSTER)
        dice += tag_dice(me, TagRoll.THE_WILD, region) if wild else 0
    dice += abilities.ward_dice(me, attacker.region_id, mine)
    return Side(me, mine, dice)


def defence_side(
    session: Session, foe: FactionView, attacker: OwnedAsset, defender: OwnedAsset | None, spec: AttackSpec
) -> Side:
    region = session.world.region(attacker.region_id)
    mine, theirs = attribute_key(spec.defender), attribute_key(spec.attacker)
    if defender is not None and defender.type_key in (WILD_TERRAIN, WILD_MONSTER):
        return Side(foe, "", 0, defender.difficulty, f"{defender.name} difficulty")
    dice = (
        0
        if ability_of(attacker) == Passive.BLACKMAIL
        else tag_dice(foe, TagRoll.DEFENCE, region, attribute=mine, against=theirs)
    )
    dice += abilities.ward_dice(foe, attacker.region_id, mine)
    dice += 1 if defender is not None and ability_of(defender) == Passive.WARMAGE_ACADEMY and mine == "cunning" else 0
    return Side(foe, mine, dice)


def books_in(world: World, region_id: str) -> tuple[str, ...]:
    """Seed 002, Book of Secrets: the factions holding one in the region (`World.holders`, indexed)."""
    return tuple(str(f.id) for f in world.holders(Passive.BOOK_OF_SECRETS, region_id))


def _hit(
    session: Session,
    attacker: OwnedAsset,
    spec: AttackSpec,
    foe: FactionView,
    target: OwnedAsset | None,
    defender: OwnedAsset | None,
    result: ContestResult,
) -> None:
    me = session.actor
    if spec.damage is None:
        abilities.special_hit(session, attacker, foe, target or defender)
        return
    damage = session.roll(spec.damage, f"{attacker.name} damage", RULE_PROCEDURE)
    victim = defender
    if defender is not None and defender.type_key == WILD_MONSTER:
        amount = damage.total * MONSTER_DAMAGE_MULTIPLIER  # seed 002, Attacking a Monster Asset
    else:
        amount = damage.total
        victim = damage_victim(session.world, foe, attacker.region_id, defender)
    if victim is not None:
        deal_damage(
            session,
            foe,
            victim.id,
            amount,
            f"hit by {me.name}'s {attacker.name}",
            (result.attack, result.defence, damage),
            attacker=me,
            attacker_asset=attacker,
        )
    abilities.after_hit(session, attacker, foe)


def damage_victim(world: World, foe: FactionView, region_id: str, defender: OwnedAsset | None) -> OwnedAsset | None:
    """Seed 002, Attack Procedure: the defender may let damage bypass the asset and hit its Base of Influence."""
    base = foe.base_in(region_id)
    if (
        base is not None
        and world.orders_of(str(foe.id)).defence_in(region_id).base_absorbs
        and defender is not None
        and not defender.is_base
    ):
        return base
    return defender


def counterattack(
    session: Session,
    attacker: OwnedAsset,
    foe: FactionView,
    defender: OwnedAsset | None,
    result: ContestResult,
    *,
    contest_recorded: bool = False,
    owed: DiceSpec | None = None,
) -> None:
    """The defender's Counterattack line against the attacker (the acting faction's asset); a Monster takes it
    multiplied by 3. `contest_recorded`: the contest's rolls are already in an event, so only the damage roll
    goes into this one. `owed`: the line read before the attack's own damage was written (a tie)."""
    me = session.actor
    spec = owed if owed is not None else counter_spec(session, attacker, foe, defender, result)
    if spec is None or defender is None:
        return
    damage = session.roll(spec, f"{defender.name} counterattack", RULE_PROCEDURE, actor=str(foe.id))
    amount = damage.total * (MONSTER_DAMAGE_MULTIPLIER if attacker.type_key == WILD_MONSTER else 1)
    rolls = (damage,) if contest_recorded else (result.attack, result.defence, damage)
    deal_damage(
        session,
        me,
        attacker.id,
        amount,
        f"counterattack by {foe.name}'s {defender.name}",
        rolls,
        attacker=foe,
        attacker_asset=defender,
    )
    abilities.after_counter(session, foe, defender)


def counter_spec(
    session: Session, attacker: OwnedAsset, foe: FactionView, defender: OwnedAsset | None, result: ContestResult
) -> DiceSpec | None:
    """The Counterattack line the defender answers this result with, if any (seed 002, Attack Procedure; the
    abilities that change it: `abilities.counter_of`). The odds read it too (domain/odds/)."""
    if defender is None or defender.id not in foe.assets or not defender.usable_on(foe.turn):
        return None
    return abilities.counter_of(session, defender, attacker, result)
