"""Asset abilities that shape attacks, defences and stealth (seed 002, asset descriptions).

The Use Asset Ability actions are in `ability_actions.py`; purchase-side abilities in `purchase_rules.py`.
Each hook looks an asset's ability up by its table key.
"""

from __future__ import annotations

from domain.dice import DiceSpec
from domain.errors import RuleViolationError
from domain.factionturn.aggregate.asset_effects import (
    AssetAcquired,
    AssetDestroyed,
    AssetLostToRival,
    AssetMarked,
    EmbargoSet,
    StealthChanged,
)
from domain.factionturn.aggregate.effects import FacGoldGained, FacGoldSpent
from domain.factionturn.aggregate.holdings import WILD_MONSTER, WILD_TERRAIN, OwnedAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.contest import ContestResult, Side, contest
from domain.factionturn.rules.damage import deal_damage
from domain.factionturn.rules.rows import ability_of, holds, kind_of, tag_dice, type_of
from domain.factionturn.rules.wild_assets import strike_dice
from domain.factionturn.rules.world import Session, World, roll_dicts
from domain.factionturn.tables.assets import AssetKind, AttackSpec, Attribute
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import TagRoll

RULE_VAULT = "seed 002, Treasure Vaults"


def check_can_act(world: World, faction: FactionView, asset: OwnedAsset, what: str) -> None:
    rule = "seed 002, Faction Turn"
    if faction.turn < asset.usable_from:
        raise RuleViolationError(f"{asset.name} cannot {what} until {faction.name}'s next turn", "seed 002, Buy Asset")
    if faction.turn < asset.arrives_on:
        raise RuleViolationError(f"{asset.name} is still in transit", "seed 002, Difficult Terrain")
    if asset.threatened:
        raise RuleViolationError(f"{asset.name} is threatened by unpaid maintenance and can do nothing", rule)
    if asset.disabled:
        raise RuleViolationError(f"{asset.name} is disabled until its price is paid", "seed 002, Confidence Men")
    if asset.sheltered:
        raise RuleViolationError(f"{asset.name} shelters in Boltholes until repaired", "seed 002, Boltholes")


def agitated(world: World, asset: OwnedAsset) -> bool:
    """Seed 002, Agitators: the asset they attach to cannot attack while they share its region."""
    return world.agitated(asset)


def check_may_target(attacker: OwnedAsset, target: OwnedAsset) -> None:
    if ability_of(target) == Passive.ENCHANTERS and kind_of(attacker) is not AssetKind.SPECIAL_FORCES:
        raise RuleViolationError("only Special Forces units can attack an Enchanter", "seed 002, Enchanters")
    if ability_of(attacker) == Passive.LAWYERS and target.attribute == "force":
        raise RuleViolationError("Lawyers cannot attack Force assets", "seed 002, Lawyers")


def may_defend(defender: OwnedAsset, attacker: OwnedAsset, spec: AttackSpec) -> bool:
    ability = ability_of(defender)
    if ability == Passive.FORTRESS:
        return attacker.attribute == "force"  # seed 002, Fortress: defends only against Force assets
    if ability == Passive.WARMAGE_ACADEMY:
        return spec.defender is Attribute.CUNNING  # seed 002, Warmage Academy: only attacks versus Cunning
    if ability == Passive.LAWYERS:
        return attacker.attribute != "force"
    return True


def ward_dice(faction: FactionView, region_id: str, attribute: str) -> int:
    """Seed 002, Guards & Wards: an additional die on all Cunning attacks and defences in that region."""
    return 1 if attribute == "cunning" and holds(faction, Passive.GUARDS_AND_WARDS, region_id) else 0


def counter_of(session: Session, defender: OwnedAsset, attacker: OwnedAsset, result: ContestResult) -> DiceSpec | None:
    if defender.type_key == WILD_MONSTER:
        # seed 002, Monster: always counterattacks, once per faction's turn; a hit die plus its difficulty.
        if not session.use_once(f"monster_counter:{defender.id}"):
            return None
        return strike_dice(defender)
    if result.attacker_wins:
        return None
    if defender.type_key == WILD_TERRAIN:
        return DiceSpec.parse(defender.counter) if defender.counter else None
    row, attacking = type_of(defender), type_of(attacker)
    if row is None:
        return None
    illusion = row.counter_special or row.ability == Passive.ILLUSIONISTS
    if illusion and result.defender_wins and attacking is not None and attacking.attack is not None:
        return attacking.attack.damage  # seed 002, Illusionists: the attacker strikes itself
    spec = attacking.attack if attacking is not None else None
    if spec is not None and not may_defend(defender, attacker, spec):
        return None
    return row.counter


def after_strike(session: Session, attacker: OwnedAsset, foe: FactionView, defender: OwnedAsset | None) -> None:
    if ability_of(attacker) == Passive.ARSONISTS and defender is not None and defender.id in foe.assets:
        session.record(
            foe,
            AssetMarked(
                asset_id=defender.id,
                changes={"ability_blocked_by": session.actor_id},
                reason="attacked by Arsonists (seed 002, Arsonists)",
            ),
        )


def after_hit(session: Session, attacker: OwnedAsset, foe: FactionView) -> None:
    me, ability = session.actor, ability_of(attacker)
    if ability == Passive.BANDITS and session.use_once(f"bandits:{foe.id}"):
        theft = session.roll("1d4", "Bandits steal FacGold", "seed 002, Bandits")
        take_facgold(session, foe, me, theft.total, "stolen by Bandits", [theft.to_dict()])
    if ability == Passive.FRANCHISE and session.use_once(f"franchise:{foe.id}"):
        take_facgold(session, foe, me, 1, "lost to a Franchise (seed 002, Franchise)", [])
    if ability == Passive.ZEALOTS:
        self_harm(session, me, attacker)


def after_counter(session: Session, owner: FactionView, defender: OwnedAsset) -> None:
    if ability_of(defender) == Passive.ZEALOTS:
        self_harm(session, owner, defender)


def self_harm(session: Session, owner: FactionView, zealots: OwnedAsset) -> None:
    """Seed 002, Zealots: 1d4 damage every time they attack successfully or counterattack."""
    if zealots.id in owner.assets:
        hurt = session.roll("1d4", "Zealots' own losses", "seed 002, Zealots", actor=str(owner.id))
        deal_damage(session, owner, zealots.id, hurt.total, "Zealots spend themselves", (hurt,))


def vault_ignores(session: Session, victim: FactionView, what: str) -> bool:
    """Seed 002, Treasure Vaults: "Once per turn, the faction can ignore one cost or FacGold loss imposed by
    another faction": once while the owner's turn number stands, as the Cathedral's "once between turns"
    (docs/rules-notes/factionturn-play.md); the vault keeps the turn it was used, and the log says what it saved."""
    vault = next((v for v in holds(victim, Passive.TREASURE_VAULT) if v.restored_on != victim.turn), None)
    if vault is None:
        return False
    why = f"{victim.name}'s Treasure Vault ignores {what} ({RULE_VAULT})"
    session.record(victim, AssetMarked(asset_id=vault.id, changes={"restored_on": victim.turn}, reason=why))
    return True


def take_facgold(
    session: Session,
    victim: FactionView,
    taker: FactionView | None,
    amount: int,
    reason: str,
    rolls: list[dict[str, object]],
) -> int:
    """Move up to `amount` FacGold from `victim` (to `taker`, if any); returns what moved."""
    if vault_ignores(session, victim, f"the loss of {amount} FacGold to {reason}"):
        return 0
    moved = min(amount, victim.facgold)
    if moved:
        session.record(victim, FacGoldSpent(amount=moved, reason=reason, rolls=rolls))
        if taker is not None:
            session.record(taker, FacGoldGained(amount=moved, reason=reason, rolls=rolls))
    return moved


def special_hit(session: Session, attacker: OwnedAsset, foe: FactionView, target: OwnedAsset | None) -> None:
    me, ability = session.actor, ability_of(attacker)
    if ability in (Passive.INFORMERS, Passive.ENCHANTERS):
        # Informers reveal all of the faction's stealthed assets here; Enchanters all the others.
        reveal_all(session, foe, attacker.region_id, f"revealed by {me.name}'s {attacker.name}")
    elif ability == Passive.TREACHERY and target is not None and target.id in foe.assets:
        session.record(me, AssetDestroyed(asset_id=attacker.id, reason="Treachery is spent (seed 002, Treachery)"))
        session.record(me, FacGoldGained(amount=5, reason="Treachery (seed 002, Treachery)"))
        session.record(foe, AssetLostToRival(asset_id=target.id, to_faction_id=session.actor_id, reason="Treachery"))
        turned = foe_copy(target, me)
        session.record(me, AssetAcquired(asset=turned, from_faction_id=str(foe.id), reason="Treachery"))
    elif ability == Passive.TRADE_EMBARGO:
        session.record(foe, EmbargoSet(region_id=attacker.region_id, by_faction_id=session.actor_id))


def foe_copy(asset: OwnedAsset, new_owner: FactionView) -> OwnedAsset:
    return OwnedAsset.from_dict(
        asset.to_dict()
        | {
            "stealthed": False,
            "threatened": False,
            "attached_to": "",
            "ability_blocked_by": "",
            "usable_from": new_owner.turn + 1,
        }
    )


def reveal_all(session: Session, owner: FactionView, region_id: str, reason: str) -> None:
    for asset in owner.assets_in(region_id):
        if asset.stealthed:
            session.record(owner, StealthChanged(asset_id=asset.id, stealthed=False, reason=reason))


def stealth_test(session: Session, watcher: FactionView, owner: FactionView, asset: OwnedAsset, why: str) -> None:
    """A Cunning vs. Cunning test against a stealthed asset; the asset loses Stealth if the watcher wins."""
    region = session.world.region(asset.region_id)
    keep = tag_dice(owner, TagRoll.KEEP_STEALTH, region)
    result = contest(session, Side(watcher, "cunning"), Side(owner, "cunning", keep), why, rule=f"seed 002, {why}")
    if result.attacker_wins:
        session.record(
            owner,
            StealthChanged(
                asset_id=asset.id, stealthed=False, reason=why, rolls=roll_dicts((result.attack, result.defence))
            ),
        )


def guards_and_wards(session: Session) -> None:
    """Seed 002, Guards & Wards: at the start of its owner's turn, every rival stealthed asset there is tested."""
    me = session.actor
    for ward in holds(me, Passive.GUARDS_AND_WARDS):
        for rival, asset in session.world.present(ward.region_id, but=session.actor_id):
            if asset.stealthed:
                stealth_test(session, me, rival, asset, "Guards & Wards")


def thieves_guild(session: Session, owner: FactionView, asset: OwnedAsset) -> None:
    """Seed 002, Thieves Guild: a stealthed asset arriving or bought where a rival's guild is gets tested."""
    for rival in session.world.factions.values():
        if rival.id != owner.id and holds(rival, Passive.THIEVES_GUILD, asset.region_id) and asset.stealthed:
            stealth_test(session, rival, owner, owner.assets[asset.id], "Thieves Guild")
