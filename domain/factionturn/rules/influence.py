"""Expand Influence (seed 002): buy a Base of Influence, or more HP for one; rivals who match the
1d10 + Cunning roll may attack the new base at once."""

from __future__ import annotations

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.orders import ExpandInfluence
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.attack import strike_once
from domain.factionturn.rules.contest import Side, roll_side
from domain.factionturn.rules.damage import track
from domain.factionturn.rules.rows import holds, tag_dice, type_of
from domain.factionturn.rules.world import Session, World, roll_dicts
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import TagRoll

RULE = "seed 002, Expand Influence"


def check_expand(world: World, faction: FactionView, order: ExpandInfluence) -> None:
    world.region(order.region_id)
    if order.hp < 1:
        raise RuleViolationError("a Base of Influence has at least 1 HP", RULE)
    base = faction.base_in(order.region_id)
    if base is None and not [a for a in faction.assets_in(order.region_id) if not a.is_base]:
        raise RuleViolationError("a new base needs at least one other asset of the faction in the region", RULE)
    if (base.max_hp if base else 0) + order.hp > faction.max_hp:
        raise RuleViolationError(f"a base has at most {faction.max_hp} HP, the faction's maximum", RULE)
    faction.check_can_pay(order.hp, "the Base of Influence")


def run_expand(session: Session, order: ExpandInfluence) -> None:
    me, world = session.actor, session.world
    base = me.base_in(order.region_id)
    if base is not None:
        session.record(
            me,
            me.expansion(region_id=order.region_id, hp=order.hp, cost=order.hp, usable_from=base.usable_from, rolls=[]),
        )
        return
    region = world.region(order.region_id)
    dice = tag_dice(me, TagRoll.EXPAND_INFLUENCE, region) + (1 if holds(me, Passive.SURVEYORS, order.region_id) else 0)
    mine = roll_side(session, Side(me, "cunning", dice), "Expand Influence", RULE)
    session.record(
        me,
        me.expansion(
            region_id=order.region_id, hp=order.hp, cost=order.hp, usable_from=me.turn + 1, rolls=roll_dicts((mine,))
        ),
    )
    new_base = me.base_in(order.region_id)
    assert new_base is not None
    contested = False
    # The Wild does not roll: it has no Cunning (no ratings at all), and its Terrain and Monsters have no Attack
    # line for the "free immediate Attack action" (notes: The Wild and Expand Influence).
    for rival in [f for f in world.factions.values() if f.id != me.id and not f.wild and f.assets_in(order.region_id)]:
        theirs = roll_side(session, Side(rival, "cunning"), f"{rival.name} contests the base", RULE)
        if theirs.total >= mine.total:
            contested = True
            _free_attack(session, rival, new_base.id)
    track(session, me, "bases_planted", 1)
    if contested:
        track(session, me, "bases_contested", 1)


def _free_attack(session: Session, rival: FactionView, base_id: str) -> None:
    """Every usable attack-capable asset of the rival in the region strikes the new base (if it wishes)."""
    me = session.actor
    if not session.world.orders_of(str(rival.id)).contest_expansions:
        return
    base = me.assets.get(base_id)
    if base is None:
        return
    attackers = [
        a
        for a in rival.assets_in(base.region_id)
        if a.usable_on(rival.turn) and (row := type_of(a)) is not None and row.attack is not None
    ]
    actor_id = session.actor_id
    session.actor_id = str(rival.id)
    try:
        for attacker in attackers:
            if base_id in me.assets and attacker.id in rival.assets:
                strike_once(session, attacker, me, base_id)
    finally:
        session.actor_id = actor_id
