"""What buying an asset in a region takes: arcana (with the abilities that raise it), price (with the
abilities that change it), and regional government permission (with the abilities that block or force it)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.dice import Roll
from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.aggregate.effects import FacGoldSpent
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules.contest import Side, contest
from domain.factionturn.rules.damage import track
from domain.factionturn.rules.rows import holds
from domain.factionturn.rules.world import Session, World
from domain.factionturn.tables.assets import AssetType, Attribute
from domain.factionturn.tables.catalog import slug
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import tag

RULE_BUY = "seed 002, Buy Asset"
MAX_ARCANA = 5


def effective_arcana(world: World, faction: FactionView, region_id: str, row: AssetType) -> int:
    """Region arcana, raised by Arcane Laboratory (4), Arcane Scholars (5 for Cunning and Wealth), Guild Agents
    (4 for Wealth, anywhere) and a Magocratic-style tag where the faction has a base.

    A Laboratory or Scholars raise the region for whoever buys there ("allows assets to be purchased on that
    region", "Any region with Arcane Scholars on it"); Guild Agents only their owner ("A faction with Guild
    Agents may treat all regions"). Notes: factionturn-play.md, Arcana overrides."""
    level = world.region(region_id).arcana
    if _anyone_holds(world, Passive.ARCANE_LABORATORY, region_id):
        level = max(level, 4)
    scholars = _anyone_holds(world, Passive.ARCANE_RESEARCHERS, region_id)
    if row.attribute in (Attribute.CUNNING, Attribute.WEALTH) and scholars:
        level = max(level, 5)
    if row.attribute is Attribute.WEALTH and holds(faction, Passive.GUILD_AGENTS):
        level = max(level, 4)
    if faction.base_in(region_id) is not None:
        level += sum(_tag_arcana(name) for name in faction.tags)
    return min(level, MAX_ARCANA)


def _anyone_holds(world: World, ability: str, region_id: str) -> bool:
    return bool(world.holders(ability, region_id))


def _tag_arcana(name: str) -> int:
    try:
        return tag(slug(name)).effect.arcana_bonus
    except NotFoundError:  # an unknown tag gives nothing
        return 0


def check_can_buy_here(
    world: World,
    faction: FactionView,
    row: AssetType,
    region_id: str,
    *,
    rule: str = RULE_BUY,
    excavation: bool = False,
) -> None:
    """Rating and arcana; seed 002, Ruin Excavation buys Force assets needing up to arcana 5 anywhere it digs."""
    have = faction.rating(row.attribute.value.lower())
    if have < row.rating:
        raise RuleViolationError(f"{row.name} needs {row.attribute} {row.rating}; {faction.name} has {have}", rule)
    arcana = MAX_ARCANA if excavation else effective_arcana(world, faction, region_id, row)
    if arcana < row.arcana:
        raise RuleViolationError(f"{row.name} needs arcana level {row.arcana}; the region counts as {arcana}", rule)


def check_buying_ground(faction: FactionView, region_id: str, rule: str = RULE_BUY) -> None:
    base = faction.base_in(region_id)
    if faction.home_region_id != region_id and (base is None or base.usable_from > faction.turn):
        raise RuleViolationError("assets are bought on the home region or at a Base of Influence", rule)


def surcharge(world: World, faction: FactionView, region_id: str) -> int:
    """Seed 002, Local Investments: one extra FacGold (lost) when another faction's investments are there,
    only once however many there are. A usable Treasure Vault of the buyer ignores it (seed 002, Treasure
    Vaults: "ignore one cost ... imposed by another faction"); one purchase a turn, so one vault use at most."""
    if not any(f.id != faction.id for f in world.holders(Passive.LOCAL_INVESTMENTS, region_id)):
        return 0
    return 0 if holds(faction, Passive.TREASURE_VAULT) else 1


def price(world: World, faction: FactionView, row: AssetType, region_id: str, *, excavation: bool = False) -> int:
    base = row.cost or 0
    if excavation:
        base = -(-base * 3 // 2)  # seed 002, Ruin Excavation: half again as many FacGold, rounded up
    if faction.purchase_discount:
        base = max(base - faction.purchase_discount, base // 2)  # seed 002, Trade Broker: down to half
    return base + surcharge(world, faction, region_id)


@dataclass(frozen=True)
class Permission:
    needed: bool
    answer: str  # "none", "grant", "bribe", "deny", "popular movement"


def permission(
    world: World, faction: FactionView, row: AssetType, region_id: str, *, stealthed: bool = False
) -> Permission:
    """Seed 002, Buy Asset: P assets need the regional government's approval, sometimes a 1d4 bribe."""
    governor = world.governor(region_id)
    if not row.needs_permission or stealthed or governor in (None, str(faction.id)):
        return Permission(False, "none")
    if holds(faction, Passive.POPULAR_MOVEMENT, region_id):
        return Permission(True, "popular movement")  # seed 002, Popular Movements: always granted
    answer = world.orders_of(governor).permission_for(str(faction.id)) if governor in world.factions else "bribe"
    return Permission(True, answer)


def check_permission(granted: Permission) -> None:
    if granted.answer == "deny":
        raise RuleViolationError("the regional government refuses its permission", RULE_BUY)


def obtain_permission(
    session: Session, granted: Permission, region_id: str, what: str
) -> tuple[bool, tuple[Roll, ...]]:
    """Pay a bribe if asked, then let rival Diplomats contest it. Returns (granted, rolls)."""
    if not granted.needed:
        return True, ()
    me = session.actor
    for rival in session.world.holders(Passive.DIPLOMATS, region_id):
        if rival.id != me.id:
            test = contest(
                session,
                Side(rival, "cunning"),
                Side(me, "cunning"),
                f"Diplomats block {what}",
                rule="seed 002, Diplomats",
            )
            if test.attacker_wins:
                session.failures.append(f"{rival.name}'s Diplomats withdraw the permission for {what}")
                return False, (test.attack, test.defence)
    if granted.answer == "deny":
        session.failures.append(f"the regional government refuses its permission for {what}")
        return False, ()
    if granted.answer != "bribe":
        return True, ()
    bribe = session.roll("1d4", f"bribe for {what}", RULE_BUY)
    if bribe.total > me.facgold:
        session.failures.append(f"{me.name} cannot pay a {bribe.total} FacGold bribe for {what}")
        return False, (bribe,)
    session.record(me, FacGoldSpent(amount=bribe.total, reason=f"bribe for {what}", rolls=[bribe.to_dict()]))
    track(session, me, "wealth_spent", bribe.total)
    return True, (bribe,)
