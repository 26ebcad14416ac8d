"""Use Asset Ability (seed 002): the registry from ability key to the small function that performs it.

Assets of one form act together ("all transports trigger, then all spies"): uses are grouped by ability.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import DomainError, NotFoundError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import AssetDestroyed, AssetMarked, PurchaseDiscountSet
from domain.factionturn.aggregate.effects import FacGoldGained, FacGoldSpent
from domain.factionturn.aggregate.holdings import OwnedAsset
from domain.factionturn.aggregate.orders import AbilityUse, BuyAsset, FactionOrders, UseAssetAbility
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import abilities, movement
from domain.factionturn.rules.contest import Side, contest
from domain.factionturn.rules.purchase import check_buy, run_buy
from domain.factionturn.rules.purchase_rules import RULE_BUY
from domain.factionturn.rules.rows import ability_of, type_of
from domain.factionturn.rules.world import Session, World, roll_dicts

RULE = "seed 002, Use Asset Ability"
RULE_ASSETS = "seed 002, Assets (assets are used only in their own region)"
Handler = Callable[[Session, OwnedAsset, AbilityUse], None]
Check = Callable[[World, FactionView, OwnedAsset, AbilityUse], None]
# Seed 002, Teleportation Web: "using the ability doesn't require an action".
FREE_ABILITIES = frozenset({"teleportation_web"})
ACTIONS: dict[str, Handler] = {}


def action(handler: Handler) -> Handler:
    """Register a special action under its ability key, the function's name (the row declares the rest)."""
    ACTIONS[handler.__name__] = handler
    return handler


def _gain(session: Session, asset: OwnedAsset, amount: int, expression: str, rolls: list[dict[str, object]]) -> None:
    if amount:
        session.record(session.actor, FacGoldGained(amount=amount, reason=f"{asset.name} ({expression})", rolls=rolls))


@action
def arcane_industry(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Arcane Industry output", "seed 002, Arcane Industry")
    _gain(session, asset, -(-roll.total // 2), "1d8, half rounded up", [roll.to_dict()])


@action
def industry(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d6", "Industry output", "seed 002, Industry")
    if roll.total == 1:
        me = session.actor
        if me.facgold >= 1:
            session.record(me, FacGoldSpent(amount=1, reason="Industry loses money", rolls=[roll.to_dict()]))
        else:
            session.record(
                me,
                AssetDestroyed(asset_id=asset.id, reason="Industry could not cover its loss", rolls=[roll.to_dict()]),
            )
        return
    _gain(session, asset, 1 if roll.total <= 4 else 2, "1d6", [roll.to_dict()])


@action
def indentured_workforce(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d6", "Indentured Workforce output", "seed 002, Indentured Workforce")
    _gain(session, asset, 1 if roll.total >= 3 else 0, "1d6, 3+", [roll.to_dict()])


@action
def risky_investments(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Risky Investments", "seed 002, Risky Investments")
    if roll.total == 1:
        session.record(
            session.actor, AssetDestroyed(asset_id=asset.id, reason="Risky Investments fail", rolls=[roll.to_dict()])
        )
        return
    _gain(session, asset, 1 if roll.total <= 3 else 2 if roll.total <= 7 else 3, "1d8", [roll.to_dict()])


@action
def trade_broker(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Trade Broker discount", "seed 002, Trade Broker")
    session.record(session.actor, PurchaseDiscountSet(amount=roll.total, rolls=[roll.to_dict()]))


def _rival_asset(session: Session, use: AbilityUse) -> tuple[FactionView, OwnedAsset]:
    return rival_asset(session.world, session.actor, use)


def rival_asset(world: World, me: FactionView, use: AbilityUse) -> tuple[FactionView, OwnedAsset]:
    try:
        foe = world.faction(use.target_faction_id)
    except NotFoundError as missing:
        raise RuleViolationError(missing.message, RULE) from missing
    if foe.id == me.id:
        raise RuleViolationError("the target must be a rival faction's asset", RULE)
    target = foe.assets.get(use.target_asset_id)
    if target is None or target.stealthed:
        raise RuleViolationError("the target asset is gone or hidden (a stealthed asset cannot be targeted)", RULE)
    return foe, target


def _in_region(asset: OwnedAsset, target: OwnedAsset, rule: str) -> None:
    if target.region_id != asset.region_id:
        raise RuleViolationError(
            f"{asset.name} reaches only assets in its own region; {target.name} is not there", rule
        )


def check_confidence_men(world: World, me: FactionView, asset: OwnedAsset, use: AbilityUse) -> None:
    _, target = rival_asset(world, me, use)
    _in_region(asset, target, RULE_ASSETS)


def check_agitators(world: World, me: FactionView, asset: OwnedAsset, use: AbilityUse) -> None:
    _, target = rival_asset(world, me, use)
    _in_region(asset, target, "seed 002, Agitators")
    if me.facgold < 1:
        raise RuleViolationError(f"{me.name} has no FacGold for the Agitators' 1d4 cost", "seed 002, Agitators")


def check_monopoly(world: World, me: FactionView, asset: OwnedAsset, use: AbilityUse) -> None:
    try:
        foe = world.faction(use.target_faction_id)
    except NotFoundError as missing:
        raise RuleViolationError(missing.message, "seed 002, Monopoly") from missing
    if foe.id == me.id or not [a for a in foe.assets_in(asset.region_id) if not a.stealthed]:
        raise RuleViolationError(f"{foe.name} has no unstealthed assets there", "seed 002, Monopoly")


def check_excavation(world: World, me: FactionView, asset: OwnedAsset, use: AbilityUse) -> None:
    check_buy(world, me, BuyAsset(use.type_key, asset.region_id), excavation=True)


@action
def confidence_men(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    foe, target = _rival_asset(session, use)
    test = contest(
        session, Side(session.actor, "cunning"), Side(foe, "wealth"), "Confidence Men", rule="seed 002, Confidence Men"
    )
    if not test.attacker_wins or abilities.vault_ignores(session, foe, "the Confidence Men's demand"):
        return
    row = type_of(target)
    due = (row.cost or 0) // 2 if row else 0
    if foe.facgold >= due:
        session.record(foe, FacGoldSpent(amount=due, reason="Confidence Men", rolls=roll_dicts((test.attack,))))
    else:
        session.record(foe, AssetMarked(asset_id=target.id, changes={"disabled": True}, reason="Confidence Men"))


@action
def monopoly(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    foe = session.world.faction(use.target_faction_id)
    visible = [a for a in foe.assets_in(asset.region_id) if not a.stealthed]
    if not visible:
        raise RuleViolationError(f"{foe.name} has no unstealthed assets there", "seed 002, Monopoly")
    # seed 002, Treasure Vaults: "ignore one cost or FacGold loss imposed by another faction"; the asset
    # lost for want of the FacGold is that same loss, so a vault that ignores the payment saves it too.
    if abilities.vault_ignores(session, foe, "the Monopoly's demand"):
        return
    if abilities.take_facgold(session, foe, session.actor, 1, "Monopoly", []) == 0 and foe.facgold < 1:
        lost = min((a for a in visible if not a.is_base), key=lambda a: a.max_hp, default=None)
        if lost is not None:
            session.record(foe, AssetDestroyed(asset_id=lost.id, reason="could not pay the Monopoly"))


@action
def agitators(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    _, target = _rival_asset(session, use)
    if target.region_id != asset.region_id:
        raise RuleViolationError("Agitators attach to an asset in their region", "seed 002, Agitators")
    fee = session.roll("1d4", "Agitators' cost", "seed 002, Agitators")
    me = session.actor
    if fee.total > me.facgold:
        raise RuleViolationError(f"{me.name} cannot pay {fee.total} FacGold for the Agitators", "seed 002, Agitators")
    session.record(me, FacGoldSpent(amount=fee.total, reason="Agitators", rolls=[fee.to_dict()]))
    session.record(me, AssetMarked(asset_id=asset.id, changes={"attached_to": target.id}, reason="Agitators attach"))


@action
def ruin_excavation(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    order = BuyAsset(use.type_key, asset.region_id)
    check_buy(session.world, session.actor, order, excavation=True)
    run_buy(session, order, excavation=True)


TARGET_CHECKS: dict[str, Check] = {
    "confidence_men": check_confidence_men,
    "agitators": check_agitators,
    "monopoly": check_monopoly,
    "ruin_excavation": check_excavation,
}


def check_use(world: World, faction: FactionView, order: UseAssetAbility) -> None:
    ids = [u.asset_id for u in order.uses]
    if not ids:
        raise RuleViolationError("name at least one asset to use", RULE)
    for use in order.uses:
        if ids.count(use.asset_id) > 1:
            raise RuleViolationError(f"asset {use.asset_id} is already used this turn", RULE)
        asset = faction.asset(use.asset_id)
        abilities.check_can_act(world, faction, asset, "use its ability")
        if asset.ability_blocked_by:
            raise RuleViolationError(f"Arsonists keep {asset.name} from its ability", "seed 002, Arsonists")
        key = ability_of(asset)
        if key in movement.MOVERS:
            movement.check_move(world, faction, asset, use, movement.MOVERS[key])
        elif key not in ACTIONS:
            raise RuleViolationError(f"{asset.name} has no special action", RULE)
        elif key in TARGET_CHECKS:
            TARGET_CHECKS[key](world, faction, asset, use)
    # seed 002, Buy Asset: "Only one asset can be purchased by a faction per turn", however many excavations dig
    if sum(ability_of(faction.asset(u.asset_id)) == "ruin_excavation" for u in order.uses) > 1:
        raise RuleViolationError("only one asset can be purchased by a faction per turn", RULE_BUY)


def run_use(session: Session, order: UseAssetAbility) -> None:
    keys = list(dict.fromkeys(ability_of(session.actor.asset(u.asset_id)) for u in order.uses))
    for key in keys:
        for use in (u for u in order.uses if u.asset_id in session.actor.assets):
            asset = session.actor.assets[use.asset_id]
            if ability_of(asset) != key:
                continue
            try:
                if not session.use_once(_used(asset)):
                    raise RuleViolationError(f"asset {asset.id} is already used this turn", RULE)
                if key in movement.MOVERS:
                    movement.check_move(session.world, session.actor, asset, use, movement.MOVERS[key])
                    movement.run_move(session, asset, use, movement.MOVERS[key])
                else:
                    ACTIONS[key](session, asset, use)
            except RuleViolationError as refused:
                session.failures.append(f"{asset.name}: {refused.message}")


def _used(asset: OwnedAsset) -> str:
    return f"ability used:{asset.id}"


def check_free_use(world: World, faction: FactionView, use: AbilityUse) -> OwnedAsset:
    asset = faction.asset(use.asset_id)
    key = ability_of(asset)
    if key not in FREE_ABILITIES:
        raise RuleViolationError(f"{asset.name}'s ability takes the turn's action (Use Asset Ability)", RULE)
    abilities.check_can_act(world, faction, asset, "use its ability")
    if asset.ability_blocked_by:
        raise RuleViolationError(f"Arsonists keep {asset.name} from its ability", "seed 002, Arsonists")
    movement.check_move(world, faction, asset, use, movement.MOVERS[key])
    return asset


def check_free_uses(world: World, faction: FactionView, orders: FactionOrders) -> None:
    """Refuse, before submission, free uses the rules forbid (each asset once)."""
    uses = orders.free_uses
    ids = [u.asset_id for u in uses]
    for use in uses:
        if ids.count(use.asset_id) > 1:
            raise RuleViolationError(f"asset {use.asset_id} is already used this turn", RULE)
        check_free_use(world, faction, use)


def run_free_uses(session: Session, uses: tuple[AbilityUse, ...]) -> None:
    """Seed 002, Teleportation Web: used "freely on the owner's turn so long as the fee can be paid", beside
    whatever action the faction takes. Each asset is used once a turn; a refused use is a failure."""
    for use in uses:
        me = session.actor
        try:
            asset = check_free_use(session.world, me, use)
            if not session.use_once(_used(asset)):
                raise RuleViolationError(f"asset {asset.id} is already used this turn", RULE)
            movement.run_move(session, asset, use, movement.MOVERS[ability_of(asset)])
        except DomainError as refused:  # the asset may be gone since the order was given: that use fails
            session.failures.append(f"free use of {use.asset_id}: {refused.message}")
