"""The one way a rule's effect reaches a Faction (issue 30, item 3): the aggregate's own checks, raising before
any event, then the event whose payload is the effect's fields.

An effect whose fields the aggregate derives from its state (damage dealt, HP left, a base's id) is worked out
again here and must agree with the faction it is recorded on: the rules decide on a working copy, and the copy
and the aggregate the service loaded are at the same state when each effect is applied.
"""

from __future__ import annotations

from typing import assert_never

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import (
    AssetAcquired,
    AssetDamaged,
    AssetDestroyed,
    AssetLostToRival,
    AssetMarked,
    AssetMoved,
    AssetPurchased,
    AssetRefitted,
    AssetSold,
    EmbargoSet,
    HomeMoved,
    InfluenceExpanded,
    MonsterAttacked,
    PurchaseDiscountSet,
    Repaired,
    StealthChanged,
)
from domain.factionturn.aggregate.effects import (
    ActionFailed,
    Adjusted,
    CustomActionResolved,
    Effect,
    FacGoldGained,
    FacGoldSpent,
    FactionEffect,
    GoalAchieved,
    GoalChosen,
    GoalProgressed,
    MaintenancePaid,
    MultiTurnActionSet,
    RatingRaised,
    TagsChanged,
    TurnBegun,
    TurnEnded,
)
from domain.factionturn.aggregate.faction import Faction

RULE_GOALS = "seed 002, Faction Goals"


def record(faction: Faction, effect: FactionEffect) -> None:
    """Apply one effect to `faction`; a refusal names its rule and records nothing."""
    match effect:
        case TurnBegun(phase, _):
            _agrees(effect, TurnBegun(phase, faction.turn + 1))
            faction.begin_turn(phase)
        case RatingRaised(attribute):
            _agrees(effect, faction.rating_raise(attribute))
            faction.raise_rating(attribute)
        case GoalChosen(goal, target, baseline, abandoned):
            faction.choose_goal(goal, target, baseline, abandoned)
        case GoalProgressed(counter, amount, reason):
            _check_goal(faction)
            faction._goal_progressed(counter, amount, reason)
        case GoalAchieved(goal, xp):
            _check_goal(faction)
            _agrees(effect, GoalAchieved(str(faction.goal["key"] if faction.goal else ""), xp))
            faction._goal_achieved(goal, xp)
        case FacGoldGained(amount, reason, rolls):
            faction.gain_facgold(amount, reason, rolls)
        case FacGoldSpent(amount, reason, rolls):
            faction.spend_facgold(amount, reason, rolls)
        case MaintenancePaid(paid, threatened, lost, restored):
            faction.pay_maintenance(paid, threatened, lost, restored)
        case ActionFailed(action, reason):
            faction._action_failed(action, reason)
        case TurnEnded(phase, action, attacked, narrative, rolls, kept_apart):
            _agrees(effect, TurnEnded(faction.phase, action, attacked, narrative, rolls, kept_apart=True))
            faction._turn_ended(phase, action, attacked, narrative, rolls, kept_apart=kept_apart)
        case MultiTurnActionSet(state, reason):
            faction.set_multi_turn(state, reason)
        case TagsChanged(add, remove, reason):
            faction.change_tags(add, remove, reason)
        case AssetPurchased(asset, cost, via, rolls):
            if faction.purchased_this_turn:
                raise RuleViolationError(f"{faction.name} already bought an asset this turn", "seed 002, Buy Asset")
            faction.check_can_pay(cost, asset.name)
            faction._asset_purchased(asset.to_dict(), cost, via, rolls)
        case InfluenceExpanded(_, region_id, hp, cost, usable_from, rolls):
            _agrees(effect, faction.expansion(region_id, hp, cost, usable_from, rolls))
            faction.expand_influence(region_id, hp, cost, usable_from, rolls)
        case AssetDamaged(asset_id, damage, _, _, reason, rolls):
            _agrees(effect, faction.damage(asset_id, damage, reason, rolls))
            faction.damage_asset(asset_id, damage, reason, rolls)
        case AssetDestroyed(asset_id, reason, rolls):
            faction.destroy_asset(asset_id, reason, rolls)
        case AssetMarked(asset_id, changes, reason, rolls):
            faction.mark_asset(asset_id, changes, reason, rolls)
        case StealthChanged(asset_id, stealthed, reason, cost, rolls):
            faction.set_stealth(asset_id, stealthed, reason, cost, rolls)
        case AssetMoved(asset_id, region_id, arrives_on, cost, reason):
            faction.asset(asset_id)
            faction.check_can_pay(cost, "the move")
            faction._asset_moved(asset_id, region_id, arrives_on, cost, reason)
        case Repaired(assets, faction_hp, cost):
            for asset_id in assets:
                faction.asset(asset_id)
            faction.check_can_pay(cost, "the repair")
            faction._repaired(assets, faction_hp, cost)
        case AssetSold(asset_id, proceeds):
            if faction.asset(asset_id).is_base:
                raise RuleViolationError("a Base of Influence cannot be sold", "seed 002, Sell Asset")
            faction._asset_sold(asset_id, proceeds)
        case AssetRefitted(asset_id, asset, cost, rolls):
            faction.asset(asset_id)
            faction.check_can_pay(cost, "the refit")
            faction._asset_refitted(asset_id, asset.to_dict(), cost, rolls)
        case AssetLostToRival(asset_id, to_faction_id, reason):
            faction.asset(asset_id)
            faction._asset_lost(asset_id, to_faction_id, reason)
        case AssetAcquired(asset, from_faction_id, reason):
            if asset.id in faction.assets:
                raise InvalidInputError(f"{faction.name} already owns asset {asset.id}")
            faction._asset_acquired(asset.to_dict(), from_faction_id, reason)
        case PurchaseDiscountSet(amount, rolls):
            faction._discount_set(amount, rolls)
        case EmbargoSet(region_id, by_faction_id, rolls):
            faction._embargo_set(region_id, by_faction_id, rolls)
        case HomeMoved(region_id, base_id, base_hp, reason):
            _agrees(effect, faction.home_move(region_id, reason))
            faction._home_moved(region_id, base_id, base_hp, reason)
        case Adjusted(field, _, after, _, seat, reason):
            _agrees(effect, faction.adjustment(field, "set", after, seat, reason))
            faction.adjust(field, "set", after, seat, reason)
        case CustomActionResolved(name, succeeded, rolls, seat, reason):
            faction.resolve_custom_action(name, succeeded, rolls, seat, reason)
        case MonsterAttacked():
            faction.record_monster_attack(effect)
        case _:
            assert_never(effect)


def _check_goal(faction: Faction) -> None:
    if faction.goal is None:
        raise RuleViolationError(f"{faction.name} has no goal", RULE_GOALS)


def _agrees(effect: Effect, expected: Effect) -> None:
    if effect != expected:
        raise InvalidInputError(f"{effect} does not agree with the faction's state ({expected})")
