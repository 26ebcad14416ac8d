"""Seize Region (seed 002): crush every unstealthed opposing asset, then hold the region three turns.
In unclaimed land The Wild's Terrain and Monster assets always oppose (seed 002, Special Faction: The Wild)."""

from __future__ import annotations

from typing import Any

from domain.errors import RuleViolationError
from domain.factionturn.aggregate.effects import GovernmentChanged, MultiTurnActionSet, TagsChanged
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import SeizeRegion
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.attack import strike_once
from domain.factionturn.rules.damage import track
from domain.factionturn.rules.rows import type_of
from domain.factionturn.rules.world import Session, World

RULE = "seed 002, Seize Region"
HOLD_TURNS = 3
REGIONAL_GOVERNMENT = "Regional Government"


def check_seize(world: World, faction: FactionView, order: SeizeRegion) -> None:
    region = world.region(order.region_id)
    if region.governing_faction_id == str(faction.id):
        raise RuleViolationError(f"{faction.name} already governs {region.name}", RULE)
    if not [a for a in faction.assets_in(order.region_id) if not a.stealthed]:
        raise RuleViolationError("seizing a region takes at least one unstealthed asset there", RULE)


def opposition(world: World, seizer: FactionView, region_id: str) -> list[tuple[FactionView, OwnedAsset]]:
    """Unstealthed assets of every faction that opposes: The Wild always; others unless they allow it."""
    found = []
    for faction, asset in world.present(region_id, but=str(seizer.id)):
        allowed = world.orders_of(str(faction.id)).allow_seizure
        if not asset.stealthed and not asset.sheltered and (faction.wild or str(seizer.id) not in allowed):
            found.append((faction, asset))
    return sorted(found, key=lambda pair: pair[1].is_base)  # units first; bases fall last


def start_seizure(session: Session, order: SeizeRegion) -> None:
    world, me = session.world, session.actor
    ruler = world.governor(order.region_id)
    ruler_total = 0
    if ruler is not None and ruler in world.factions:
        r = world.factions[ruler]
        ruler_total = r.force + r.cunning + r.wealth
    state = {
        "kind": "seize",
        "region_id": order.region_id,
        "held": 0,
        "ruler_total": ruler_total,
        "opposed": bool(opposition(world, me, order.region_id)) or ruler is not None,
    }
    continue_seizure(session, state)


def continue_seizure(session: Session, state: dict[str, Any]) -> None:
    world, me, region_id = session.world, session.actor, str(state["region_id"])
    foes = opposition(world, me, region_id)
    if foes:
        _fight(session, region_id)
        foes = opposition(world, me, region_id)
    if not [a for a in me.assets_in(region_id) if not a.stealthed]:
        session.failures.append("the seizure fails: no unstealthed asset of the faction is left in the region")
        session.record(me, MultiTurnActionSet(state=None, reason="seizure failed"))
        return
    held = 0 if foes else int(state["held"]) + 1
    if held < HOLD_TURNS:
        why = "resistance remains" if foes else f"holding the region, turn {held} of {HOLD_TURNS}"
        session.record(me, MultiTurnActionSet(state=dict(state, held=held), reason=why))
        return
    session.record(me, MultiTurnActionSet(state=None, reason="region seized"))
    former = world.governor(region_id)
    session.record(region_id, GovernmentChanged(faction_id=str(me.id), reason=f"seized by {me.name} ({RULE})"))
    if REGIONAL_GOVERNMENT not in me.tags:
        session.record(me, TagsChanged(add=[REGIONAL_GOVERNMENT], remove=[], reason=RULE))
    _unseat(session, former, region_id)
    track(session, me, "regions_seized", 1)
    track(session, me, "seized_ruler_total", int(state["ruler_total"]))
    track(session, me, "seized_opposed", 1 if state["opposed"] else 0)


def _unseat(session: Session, former: str | None, region_id: str) -> None:
    """The ousted government keeps its Regional Government tag only while it still governs another region."""
    world = session.world
    if former is None or former == session.actor_id or former not in world.factions:
        return
    ousted = world.factions[former]
    if REGIONAL_GOVERNMENT in ousted.tags and not any(r.governing_faction_id == former for r in world.regions.values()):
        why = f"lost {world.region(region_id).name} to {session.actor.name} ({RULE})"
        session.record(ousted, TagsChanged(add=[], remove=[REGIONAL_GOVERNMENT], reason=why))


def _fight(session: Session, region_id: str) -> None:
    me = session.actor
    attackers = [
        a
        for a in me.assets_in(region_id)
        if a.usable_on(me.turn)
        and not abilities.agitated(session.world, a)
        and (row := type_of(a)) is not None
        and row.attack is not None
    ]
    for attacker in attackers:
        foes = opposition(session.world, me, region_id)
        if not foes or attacker.id not in me.assets:
            return
        foe, target = foes[0]
        try:
            abilities.check_may_target(attacker, target)
        except RuleViolationError as refused:
            session.failures.append(f"{attacker.name}: {refused.message}")
            continue
        strike_once(session, attacker, foe, target.id, seizing=True)
