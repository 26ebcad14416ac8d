"""Use Asset Ability (seed 002): the registry from ability key to the small function that performs it.

Assets of one form act together ("all transports trigger, then all spies"): uses are grouped by ability.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleViolationError
from domain.faction import Faction
from domain.factionturn import abilities, movement
from domain.factionturn.contest import Side, contest
from domain.factionturn.holdings import OwnedAsset
from domain.factionturn.orders import AbilityUse, BuyAsset, UseAssetAbility
from domain.factionturn.purchase import check_buy, run_buy
from domain.factionturn.rows import ability_of, type_of
from domain.factionturn.world import Session, World, roll_dicts

RULE = "seed 002, Use Asset Ability"
Handler = Callable[[Session, OwnedAsset, AbilityUse], None]


def _gain(session: Session, asset: OwnedAsset, amount: int, expression: str, rolls: list[dict[str, object]]) -> None:
    if amount:
        session.apply(session.actor, "gain_facgold", amount=amount, reason=f"{asset.name} ({expression})", rolls=rolls)


def arcane_industry(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Arcane Industry output", "seed 002, Arcane Industry")
    _gain(session, asset, -(-roll.total // 2), "1d8, half rounded up", [roll.to_dict()])


def industry(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d6", "Industry output", "seed 002, Industry")
    if roll.total == 1:
        me = session.actor
        if me.facgold >= 1:
            session.apply(me, "spend_facgold", amount=1, reason="Industry loses money", rolls=[roll.to_dict()])
        else:
            session.apply(me, "destroy_asset", asset_id=asset.id, reason="Industry could not cover its loss",
                          rolls=[roll.to_dict()])  # fmt: skip
        return
    _gain(session, asset, 1 if roll.total <= 4 else 2, "1d6", [roll.to_dict()])


def indentured_workforce(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d6", "Indentured Workforce output", "seed 002, Indentured Workforce")
    _gain(session, asset, 1 if roll.total >= 3 else 0, "1d6, 3+", [roll.to_dict()])


def risky_investments(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Risky Investments", "seed 002, Risky Investments")
    if roll.total == 1:
        session.apply(session.actor, "destroy_asset", asset_id=asset.id, reason="Risky Investments fail",
                      rolls=[roll.to_dict()])  # fmt: skip
        return
    _gain(session, asset, 1 if roll.total <= 3 else 2 if roll.total <= 7 else 3, "1d8", [roll.to_dict()])


def trade_broker(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    roll = session.roll("1d8", "Trade Broker discount", "seed 002, Trade Broker")
    session.apply(session.actor, "set_purchase_discount", amount=roll.total, rolls=[roll.to_dict()])


def _rival_asset(session: Session, use: AbilityUse) -> tuple[Faction, OwnedAsset]:
    foe = session.world.faction(use.target_faction_id)
    target = foe.assets.get(use.target_asset_id)
    if target is None or target.stealthed:
        raise RuleViolationError("the target asset is gone or hidden", RULE)
    return foe, target


def confidence_men(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    foe, target = _rival_asset(session, use)
    test = contest(session, Side(session.actor, "cunning"), Side(foe, "wealth"), "Confidence Men",
                   rule="seed 002, Confidence Men")  # fmt: skip
    if not test.attacker_wins or abilities.vault_ignores(session, foe):
        return
    row = type_of(target)
    due = (row.cost or 0) // 2 if row else 0
    if foe.facgold >= due:
        session.apply(foe, "spend_facgold", amount=due, reason="Confidence Men", rolls=roll_dicts((test.attack,)))
    else:
        session.apply(foe, "mark_asset", asset_id=target.id, changes={"disabled": True}, reason="Confidence Men")


def monopoly(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    foe = session.world.faction(use.target_faction_id)
    visible = [a for a in foe.assets_in(asset.region_id) if not a.stealthed]
    if not visible:
        raise RuleViolationError(f"{foe.name} has no unstealthed assets there", "seed 002, Monopoly")
    if abilities.take_facgold(session, foe, session.actor, 1, "Monopoly", []) == 0 and foe.facgold < 1:
        lost = min((a for a in visible if not a.is_base), key=lambda a: a.max_hp, default=None)
        if lost is not None:
            session.apply(foe, "destroy_asset", asset_id=lost.id, reason="could not pay the Monopoly")


def agitators(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    _, target = _rival_asset(session, use)
    if target.region_id != asset.region_id:
        raise RuleViolationError("Agitators attach to an asset in their region", "seed 002, Agitators")
    fee = session.roll("1d4", "Agitators' cost", "seed 002, Agitators")
    me = session.actor
    if fee.total > me.facgold:
        raise RuleViolationError(f"{me.name} cannot pay {fee.total} FacGold for the Agitators", "seed 002, Agitators")
    session.apply(me, "spend_facgold", amount=fee.total, reason="Agitators", rolls=[fee.to_dict()])
    session.apply(me, "mark_asset", asset_id=asset.id, changes={"attached_to": target.id}, reason="Agitators attach")


def ruin_excavation(session: Session, asset: OwnedAsset, use: AbilityUse) -> None:
    order = BuyAsset(use.type_key, asset.region_id)
    check_buy(session.world, session.actor, order, excavation=True)
    run_buy(session, order, excavation=True)


ACTIONS: dict[str, Handler] = {
    "arcane_industry": arcane_industry,
    "industry": industry,
    "indentured_workforce": indentured_workforce,
    "risky_investments": risky_investments,
    "trade_broker": trade_broker,
    "confidence_men": confidence_men,
    "monopoly": monopoly,
    "agitators": agitators,
    "ruin_excavation": ruin_excavation,
}


def check_use(world: World, faction: Faction, order: UseAssetAbility) -> None:
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


def run_use(session: Session, order: UseAssetAbility) -> None:
    keys = list(dict.fromkeys(ability_of(session.actor.asset(u.asset_id)) for u in order.uses))
    for key in keys:
        for use in (u for u in order.uses if u.asset_id in session.actor.assets):
            asset = session.actor.assets[use.asset_id]
            if ability_of(asset) != key:
                continue
            try:
                if key in movement.MOVERS:
                    movement.check_move(session.world, session.actor, asset, use, movement.MOVERS[key])
                    movement.run_move(session, asset, use, movement.MOVERS[key])
                else:
                    ACTIONS[key](session, asset, use)
            except RuleViolationError as refused:
                session.failures.append(f"{asset.name}: {refused.message}")
