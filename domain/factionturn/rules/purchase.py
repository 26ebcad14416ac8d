"""Buy Asset, Refit Asset, Sell Asset and Repair Asset/Faction (seed 002, Faction Actions)."""

from __future__ import annotations

from dataclasses import replace

from domain.errors import NotFoundError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import (
    AssetPurchased,
    AssetRefitted,
    AssetSold,
    Repaired,
    StealthChanged,
)
from domain.factionturn.aggregate.orders import BuyAsset, RefitAsset, RepairAsset, SellAsset
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities
from domain.factionturn.rules.purchase_rules import (
    RULE_BUY,
    check_buying_ground,
    check_can_buy_here,
    check_permission,
    obtain_permission,
    permission,
    price,
    surcharge,
)
from domain.factionturn.rules.rows import holds, is_unit, kind_of, new_asset, type_of
from domain.factionturn.rules.world import Session, World, roll_dicts
from domain.factionturn.tables.assets import AssetKind, AssetType, Attribute
from domain.factionturn.tables.catalog import NOT_BOUGHT_AS_ASSETS, asset_type, slug
from domain.factionturn.tables.passives import Passive
from domain.factionturn.tables.tags import tag

RULE_STEALTH = "seed 002, Stealth"
RULE_REFIT = "seed 002, Refit Asset"
RULE_REPAIR = "seed 002, Repair Asset / Faction"
RULE_SELL = "seed 002, Sell Asset"


def row_for(key: str, rule: str, world: World | None = None) -> AssetType:
    """A catalog row, or one of the campaign's custom types when a world is given."""
    try:
        return world.asset_type(key) if world is not None else asset_type(key)
    except NotFoundError as missing:
        raise RuleViolationError(missing.message, rule) from missing


def check_buy(world: World, faction: FactionView, order: BuyAsset, *, excavation: bool = False) -> None:
    if faction.purchased_this_turn:
        raise RuleViolationError("only one asset can be purchased by a faction per turn", RULE_BUY)
    row = row_for(order.type_key, RULE_BUY, world)
    if row.key == Passive.STEALTH:
        _check_stealth(faction, order, row)
        return
    if row.key in NOT_BOUGHT_AS_ASSETS:
        raise RuleViolationError(
            "a Base of Influence is bought only with Expand Influence", "seed 002, Base of Influence"
        )
    world.region(order.region_id)
    if not excavation:
        check_buying_ground(faction, order.region_id)
    if excavation and row.attribute is not Attribute.FORCE:
        raise RuleViolationError("a Ruin Excavation buys Force assets only", "seed 002, Ruin Excavation")
    check_can_buy_here(world, faction, row, order.region_id, excavation=excavation)
    check_permission(permission(world, faction, row, order.region_id))
    cost = price(world, faction, row, order.region_id, excavation=excavation)
    faction.check_can_pay(cost, row.name)


def _check_stealth(faction: FactionView, order: BuyAsset, row: AssetType) -> None:
    target = faction.asset(order.for_asset_id) if order.for_asset_id else None
    if target is None or kind_of(target) is not AssetKind.SPECIAL_FORCES:
        raise RuleViolationError("Stealth can only be bought for a Special Forces asset", RULE_STEALTH)
    if order.region_id and target.region_id != order.region_id:
        raise RuleViolationError("Stealth is bought for an asset in the region", RULE_STEALTH)
    if target.stealthed:
        raise RuleViolationError(f"{target.name} is already stealthed", RULE_STEALTH)
    # Stealth "can be purchased" and is bought with Buy Asset, which "Must be on a home region or at a Base of
    # Influence" (decision: docs/rules-notes/factionturn-play.md, Stealth).
    check_buying_ground(faction, target.region_id, RULE_STEALTH)
    if faction.cunning < row.rating:
        raise RuleViolationError(f"Stealth needs Cunning {row.rating}", RULE_STEALTH)
    faction.check_can_pay(row.cost or 0, "Stealth")


def run_buy(session: Session, order: BuyAsset, *, excavation: bool = False) -> None:
    me, row = session.actor, session.world.asset_type(order.type_key)
    if row.key == Passive.STEALTH:
        session.record(
            me, StealthChanged(asset_id=order.for_asset_id, stealthed=True, reason="Stealth bought", cost=row.cost or 0)
        )
        abilities.thieves_guild(session, me, me.assets[order.for_asset_id])
        return
    granted, rolls = obtain_permission(
        session, permission(session.world, me, row, order.region_id), order.region_id, row.name
    )
    if not granted:
        return
    cost = price(session.world, me, row, order.region_id, excavation=excavation)
    if cost > me.facgold:
        session.failures.append(f"{me.name} can no longer pay {cost} FacGold for {row.name}")
        return
    stealthed = ability_of_row(row) == Passive.CUTTHROATS  # seed 002, Cutthroats: start Stealthed
    asset = new_asset(me, row, order.region_id, me.turn + 1, stealthed=stealthed)
    lost = surcharge(session.world, me, order.region_id)
    via = "ruin excavation" if excavation else "buy asset" + (" (1 FacGold lost to Local Investments)" if lost else "")
    session.record(me, AssetPurchased(asset=asset, cost=cost, via=via, rolls=roll_dicts(rolls)))
    if stealthed:
        abilities.thieves_guild(session, me, me.assets[asset.id])


def ability_of_row(row: AssetType) -> str:
    return row.ability or ""


def refit_cost(old: AssetType, new: AssetType) -> int:
    """Seed 002, Refit Asset: "paying the difference in cost" when the new asset costs more; nothing otherwise."""
    return max(0, (new.cost or 0) - (old.cost or 0))


def check_refit(world: World, faction: FactionView, order: RefitAsset) -> None:
    asset = faction.asset(order.asset_id)
    old, new = type_of(asset), row_for(order.type_key, RULE_REFIT, world)
    if old is None or new.key in NOT_BOUGHT_AS_ASSETS:
        raise RuleViolationError("only catalogued assets are refitted", RULE_REFIT)
    if new.kind is not old.kind:
        raise RuleViolationError(f"{old.name} ({old.kind}) refits only to another {old.kind}", RULE_REFIT)
    # seed 002, Refit Asset: "The asset must be on a region that allows the purchase of the new asset", and a
    # purchase is made "on a home region or at a Base of Influence" (Buy Asset).
    check_buying_ground(faction, asset.region_id, RULE_REFIT)
    check_can_buy_here(world, faction, new, asset.region_id, rule=RULE_REFIT)
    check_permission(permission(world, faction, new, asset.region_id))
    faction.check_can_pay(refit_cost(old, new), f"refitting to {new.name}")


def run_refit(session: Session, order: RefitAsset) -> None:
    me = session.actor
    asset = me.asset(order.asset_id)
    old, new = type_of(asset), session.world.asset_type(order.type_key)
    assert old is not None and new.hp is not None
    granted, rolls = obtain_permission(
        session, permission(session.world, me, new, asset.region_id), asset.region_id, new.name
    )
    if not granted:
        return
    cost = refit_cost(old, new)
    damage_taken = asset.max_hp - asset.hp
    refitted = replace(
        asset, type_key=new.key, name=new.name, hp=max(1, new.hp - damage_taken), max_hp=new.hp, usable_from=me.turn + 1
    )
    session.record(me, AssetRefitted(asset_id=asset.id, asset=refitted, cost=cost, rolls=roll_dicts(rolls)))


def check_sell(world: World, faction: FactionView, order: SellAsset) -> None:
    if faction.asset(order.asset_id).is_base:
        raise RuleViolationError("a Base of Influence cannot be sold", RULE_SELL)


def run_sell(session: Session, order: SellAsset) -> None:
    me = session.actor
    row = type_of(me.asset(order.asset_id))
    session.record(me, AssetSold(asset_id=order.asset_id, proceeds=(row.cost or 0) // 2 if row else 0))


def repair_plan(faction: FactionView, order: RepairAsset) -> tuple[dict[str, int], int, int]:
    """(HP per asset, faction HP, FacGold cost). Each asset's k-th step of healing costs k FacGold (seed 002,
    Repair Asset / Faction)."""
    healed: dict[str, int] = {}
    cost = 0
    for asset_id, steps in order.assets:
        asset = faction.asset(asset_id)
        if steps < 1:
            raise RuleViolationError("repair at least one step", RULE_REPAIR)
        per_step = faction.rating(asset.attribute if asset.attribute != "special" else "cunning")
        # seed 002, Cathedral: "Any Repair Asset action taken in this region costs one less FacGold for Special
        # Forces and Military Units": one less for the unit's repair, not one less for each step of it.
        cathedral = 1 if is_unit(asset) and holds(faction, Passive.CATHEDRAL, asset.region_id) else 0
        healed[asset_id] = min(per_step * steps, asset.max_hp - asset.hp)
        cost += max(0, steps * (steps + 1) // 2 - cathedral)
    faction_hp = 0
    if order.faction:
        scores = (faction.force, faction.cunning, faction.wealth)
        faction_hp = (max(scores) + min(scores) + 1) // 2 + sum(_repair_bonus(t) for t in faction.tags)
        cost += 1
    return healed, faction_hp, cost


def _repair_bonus(name: str) -> int:
    try:
        return tag(slug(name)).effect.repair_faction_bonus
    except NotFoundError:
        return 0


def check_repair(world: World, faction: FactionView, order: RepairAsset) -> None:
    if not order.assets and not order.faction:
        raise RuleViolationError("name the assets to repair, or the faction", RULE_REPAIR)
    _, _, cost = repair_plan(faction, order)
    faction.check_can_pay(cost, "the repair")


def run_repair(session: Session, order: RepairAsset) -> None:
    me = session.actor
    healed, faction_hp, cost = repair_plan(me, order)
    session.record(me, Repaired(assets=healed, faction_hp=min(faction_hp, me.max_hp - me.hp), cost=cost))
