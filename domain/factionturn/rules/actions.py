"""The nine faction actions (and custom ones): check before anything is recorded, then run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dice import Dice
from domain.factionturn.aggregate.orders import (
    Action,
    Attack,
    BuyAsset,
    ChangeHome,
    CustomAction,
    ExpandInfluence,
    RefitAsset,
    RepairAsset,
    SeizeRegion,
    SellAsset,
    UseAssetAbility,
    action_name,
)
from domain.factionturn.aggregate.view import FactionView
from domain.factionturn.rules import ability_actions, attack, influence, multiturn, purchase, seize
from domain.factionturn.rules.world import Outcome, Session, World

Check = Callable[[World, FactionView, Any], None]
Run = Callable[[Session, Any], None]

CHECKS: dict[type, Check] = {
    Attack: attack.check_attack,
    BuyAsset: purchase.check_buy,
    ChangeHome: multiturn.check_change_home,
    ExpandInfluence: influence.check_expand,
    RefitAsset: purchase.check_refit,
    RepairAsset: purchase.check_repair,
    SellAsset: purchase.check_sell,
    SeizeRegion: seize.check_seize,
    UseAssetAbility: ability_actions.check_use,
    CustomAction: multiturn.check_custom,
}
RUNS: dict[type, Run] = {
    Attack: attack.run_attack,
    BuyAsset: purchase.run_buy,
    ChangeHome: multiturn.start_change_home,
    ExpandInfluence: influence.run_expand,
    RefitAsset: purchase.run_refit,
    RepairAsset: purchase.run_repair,
    SellAsset: purchase.run_sell,
    SeizeRegion: seize.start_seizure,
    UseAssetAbility: ability_actions.run_use,
    CustomAction: multiturn.start_custom,
}
CONTINUATIONS: dict[str, Callable[[Session, dict[str, Any]], None]] = {
    "seize": seize.continue_seizure,
    "change_home": multiturn.continue_change_home,
    "custom": multiturn.continue_custom,
}


def check_action(world: World, faction: FactionView, action: Action) -> None:
    """Raise `RuleViolationError` if the rules forbid this action for the faction now."""
    CHECKS[type(action)](world, faction, action)


def run_action(session: Session, action: Action) -> None:
    RUNS[type(action)](session, action)


def resolve_action(world: World, faction_id: str, action: Action, dice: Dice) -> Outcome:
    """Resolve one action on a copy of the world; refuses (raising) before anything is recorded."""
    working = world.copy()
    check_action(working, working.faction(faction_id), action)
    session = Session(working, dice, str(faction_id))
    run_action(session, action)
    return session.outcome(action_name(action))
