"""Dealing damage to an asset: Bases of Influence pass it to faction HP, and the abilities that turn a
killing blow aside (Boltholes, False Front, Cathedral, Hostile Takeover) are applied here."""

from __future__ import annotations

from dataclasses import replace

from domain.dice import Roll
from domain.errors import NotFoundError
from domain.factionturn.aggregate.asset_effects import AssetAcquired, AssetDestroyed, AssetLostToRival, AssetMarked
from domain.factionturn.aggregate.effects import FacGoldGained, FacGoldSpent, GoalProgressed
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.rows import ability_of, holds, is_unit, type_of
from domain.factionturn.rules.world import Session, roll_dicts
from domain.factionturn.tables.catalog import slug
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import tag

RULE_BOLTHOLES = "seed 002, Boltholes"
RULE_FALSE_FRONT = "seed 002, False Front"
RULE_CATHEDRAL = "seed 002, Cathedral"
RULE_TAKEOVER = "seed 002, Hostile Takeover"
# The counters each goal reads (goal_tracking.difficulty_reached); progress is written only for the goal held.
# Peaceable Kingdom counts its quiet turns at turn end; Inside Enemy Territory and Destroy the Foe read the map.
GOAL_COUNTERS: dict[str, frozenset[str]] = {
    "military_conquest": frozenset({"destroyed_force"}),
    "commercial_expansion": frozenset({"destroyed_wealth"}),
    "intelligence_coup": frozenset({"destroyed_cunning"}),
    "regional_seizure": frozenset({"regions_seized", "seized_ruler_total", "seized_opposed"}),
    "expand_influence": frozenset({"bases_planted", "bases_contested"}),
    "blood_the_enemy": frozenset({"damage_dealt"}),
    "invincible_valor": frozenset({"destroyed_stronger_force"}),
    "legendary_wealth": frozenset({"wealth_spent"}),
}


def deal_damage(
    session: Session,
    owner: FactionView,
    asset_id: str,
    damage: int,
    reason: str,
    rolls: tuple[Roll, ...] = (),
    *,
    attacker: FactionView | None = None,
    attacker_asset: OwnedAsset | None = None,
) -> None:
    """Damage `owner`'s asset; a killing blow may be turned aside; goal progress goes to the attacker."""
    asset = owner.assets.get(asset_id)
    if asset is None or damage <= 0:
        return
    if (
        damage >= asset.hp
        and not asset.is_base
        and _killing_blow_averted(session, owner, asset, attacker, attacker_asset, reason)
    ):
        return
    dealt = min(damage, asset.hp)
    session.record(owner, owner.damage(asset_id=asset_id, damage=damage, reason=reason, rolls=roll_dicts(rolls)))
    if attacker is not None and attacker.id != owner.id:
        track(session, attacker, "damage_dealt", dealt)
    if asset_id not in owner.assets:
        _destroyed(session, owner, asset, attacker)


def _killing_blow_averted(
    session: Session,
    owner: FactionView,
    asset: OwnedAsset,
    attacker: FactionView | None,
    attacker_asset: OwnedAsset | None,
    reason: str,
) -> bool:
    if attacker is not None and attacker_asset is not None and ability_of(attacker_asset) == Passive.HOSTILE_TAKEOVER:
        session.record(owner, AssetLostToRival(asset_id=asset.id, to_faction_id=str(attacker.id), reason=RULE_TAKEOVER))
        taken = replace(
            asset,
            hp=1,
            stealthed=False,
            threatened=False,
            usable_from=attacker.turn + 1,
            attached_to="",
            ability_blocked_by="",
        )
        session.record(attacker, AssetAcquired(asset=taken, from_faction_id=str(owner.id), reason=RULE_TAKEOVER))
        return True
    # seed 002, Buy Asset: a new asset cannot "grant their special benefits until the beginning of the faction's
    # next turn"; Maintenance: a threatened asset "can do nothing". `holds` keeps only usable assets.
    savers = holds(owner, Passive.BOLTHOLES, asset.region_id) + holds(owner, Passive.FALSE_FRONT, asset.region_id)
    others = [a for a in savers if a.id != asset.id]
    if is_unit(asset) and any(ability_of(a) == Passive.BOLTHOLES for a in others):
        session.record(
            owner,
            AssetMarked(
                asset_id=asset.id,
                changes={"hp": 0, "sheltered": True},
                reason=f"{reason}; saved by Boltholes ({RULE_BOLTHOLES})",
            ),
        )
        return True
    front = next((a for a in others if ability_of(a) == Passive.FALSE_FRONT), None)
    if front is not None:
        why = f"sacrificed to save {asset.name} ({RULE_FALSE_FRONT})"
        session.record(owner, AssetDestroyed(asset_id=front.id, reason=why))
        return True
    row = type_of(asset)
    price = (row.cost or 0) // 2 if row else 0
    cathedral = next((c for c in holds(owner, Passive.CATHEDRAL, asset.region_id) if c.restored_on != owner.turn), None)
    if is_unit(asset) and cathedral is not None and owner.facgold >= price:
        # seed 002, Cathedral: "Once between turns": once while the owner's turn number stands, so from one of
        # its turns to the next however many factions strike in between. Kept on the Cathedral's state.
        session.record(
            owner,
            AssetMarked(
                asset_id=cathedral.id, changes={"restored_on": owner.turn}, reason=f"Cathedral used ({RULE_CATHEDRAL})"
            ),
        )
        session.record(owner, FacGoldSpent(amount=price, reason=f"Cathedral restores {asset.name}"))
        session.record(
            owner,
            AssetMarked(asset_id=asset.id, changes={"hp": 1}, reason=f"{reason}; restored at 1 HP ({RULE_CATHEDRAL})"),
        )
        return True
    return False


def _destroyed(session: Session, owner: FactionView, asset: OwnedAsset, attacker: FactionView | None) -> None:
    if ability_of(asset) == Passive.BOLTHOLES and not holds(owner, Passive.BOLTHOLES, asset.region_id, usable=False):
        for hidden in [a for a in owner.assets_in(asset.region_id) if a.sheltered]:
            reason = f"lost with the Boltholes ({RULE_BOLTHOLES})"
            session.record(owner, AssetDestroyed(asset_id=hidden.id, reason=reason))
    if attacker is None or attacker.id == owner.id:
        return
    if asset.attribute in ("force", "cunning", "wealth"):
        track(session, attacker, f"destroyed_{asset.attribute}", 1)
    salvage = sum(_salvage(name) for name in attacker.tags)
    if salvage and session.use_once(f"salvage:{attacker.id}"):
        session.record(attacker, FacGoldGained(amount=salvage, reason="salvage (tag: Scavengers)"))
    row = type_of(asset)
    if row is not None and asset.attribute == "force" and row.rating > attacker.force:
        track(session, attacker, "destroyed_stronger_force", 1)
    if owner.destroyed:
        track(session, attacker, f"destroyed_faction:{owner.id}", 1)


def track(session: Session, faction: FactionView, counter: str, amount: int) -> None:
    """Goal progress: counted only while the faction pursues a goal that reads this counter."""
    if faction.goal is not None and amount and counter in GOAL_COUNTERS.get(faction.goal["key"], ()):
        session.record(faction, GoalProgressed(counter=counter, amount=amount, reason="seed 002, Faction Goals"))


def _salvage(name: str) -> int:
    try:
        return tag(slug(name)).effect.facgold_on_destroy
    except NotFoundError:
        return 0
