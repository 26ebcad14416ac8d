"""A GM-made house action (docs/rules-notes/gm.md): it takes weeks, spends gold and dedicates influence and power
like the seed's actions, and at its week rolls its check and applies its success or failure effects."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, assert_never

from domain.dice import Dice, Roll
from domain.errors import InvalidInputError
from domain.gameofbones.rules.effects import Change, GoldChanged, InfluenceChanged, PowerChanged
from domain.gameofbones.rules.order_checks import CUSTOM
from domain.gameofbones.rules.ordering import action_id
from domain.gameofbones.rules.outcomes import Outcome
from domain.gameofbones.rules.scene import Scene
from domain.gameofbones.tables.records import PendingAction, absolute_week
from domain.gm import HOUSE_FIELDS, Adjustment, CustomActionDef, decide_check

if TYPE_CHECKING:
    from domain.gameofbones.rules.view import HouseView


@dataclass(frozen=True)
class InfluenceChange:
    """One adjustment a custom action's success or failure makes (`effects_of`): what the GM's hand adjusts when
    it settles the action (service/usecases/gm.py), and what the month records as the house's event."""

    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class PowerChange:
    house_id: str
    amount: int
    reason: str


@dataclass(frozen=True)
class GoldChange:
    house_id: str
    amount: int
    reason: str


Adjusting = InfluenceChange | PowerChange | GoldChange


def is_custom(pending: PendingAction) -> bool:
    return CUSTOM in pending.params


def plan_custom(
    house: HouseView, action: CustomActionDef, actor: str, *, phase: int, start_week: int = 1, seat: str, reason: str
) -> PendingAction:
    """The pending action, as `plan_order` builds the seed's: the k-th action of the month, its Action Bonus."""
    if action.system != "gameofbones":
        raise InvalidInputError(f"{action.name} is a Faction Turn action; a house cannot take it")
    if not 1 <= start_week <= 4:
        raise InvalidInputError(f"a month has weeks 1-4, not {start_week}")
    if any(e.field not in HOUSE_FIELDS for e in (*action.on_success, *action.on_failure)):
        raise InvalidInputError(f"a house action's effects adjust {list(HOUSE_FIELDS)} only")
    ordinal = len(house.orders_in(phase)) + 1
    bonuses = house.action_bonuses(phase)
    start = absolute_week(phase, start_week)
    end = start + action.duration - 1
    target = action.check.opposed_id if action.check and action.check.opposed_id else None
    params: dict[str, Any] = {CUSTOM: action.to_dict() | {"seat": seat, "reason": reason}}
    return PendingAction(
        action_id(house, phase, ordinal),
        f"Custom: {action.name}",
        actor,
        ordinal,
        bonuses[ordinal - 1] if ordinal <= len(bonuses) else 0,
        phase,
        start,
        end,
        end,
        action.dedicated_influence,
        action.dedicated_power,
        action.cost,
        target,
        None,
        (),
        params,
    )


def resolve_custom(scene: Scene, dice: Dice) -> Outcome:
    action = CustomActionDef.from_dict(scene.pending.params[CUSTOM])
    success = True
    rolls: tuple[Roll, ...] = ()
    if action.check is not None:
        defender = scene.defender
        roller = defender.best(action.check.opposed_stat) if defender else None
        bonus = scene.actor.modifier(action.check.stat) + scene.pending.bonus
        outcome = decide_check(
            action.check,
            bonus,
            roller.modifier(action.check.opposed_stat) if roller else 0,
            dice,
            f"{action.name}: check",
            scene.actor.name,
        )
        success, rolls = outcome.success, outcome.rolls
    adjusting = effects_of(
        scene.houses,
        scene.house_id,
        action.on_success if success else action.on_failure,
        f"{action.name}: {'success' if success else 'failure'}",
    )
    changes = recorded(scene.houses, adjusting)
    return scene.outcome("succeeded" if success else "failed", rolls, changes, succeeded=success)


def recorded(houses: Mapping[str, HouseView], adjusting: tuple[Adjusting, ...]) -> tuple[Change, ...]:
    """The adjustments as the houses' events, each loss at most what the house has once those before it landed."""
    held: dict[tuple[str, type], int] = {}
    found: list[Change] = []
    for a in adjusting:
        key = (a.house_id, type(a))
        now = held.get(key, _held(houses[a.house_id], a))
        amount = max(a.amount, -now)
        held[key] = now + amount
        found.append(Change(a.house_id, _event(a, amount)))
    return tuple(found)


def _held(house: HouseView, adjusting: Adjusting) -> int:
    match adjusting:
        case InfluenceChange():
            return house.influence
        case PowerChange():
            return house.power
        case GoldChange():
            return house.gold
        case _:
            assert_never(adjusting)


def _event(adjusting: Adjusting, amount: int) -> InfluenceChanged | PowerChanged | GoldChanged:
    match adjusting:
        case InfluenceChange(_, _, reason):
            return InfluenceChanged(amount, reason)
        case PowerChange(_, _, reason):
            return PowerChanged(amount, reason)
        case GoldChange(_, _, reason):
            return GoldChanged(amount, reason)
        case _:
            assert_never(adjusting)


def effects_of(houses: Any, actor_id: str, adjustments: tuple[Adjustment, ...], reason: str) -> tuple[Adjusting, ...]:
    """Adjustments by house, each a change of what the house holds now; a treasury never goes below zero (seed 000,
    Taking Action: Cost)."""
    effects: list[Adjusting] = []
    for adjustment in adjustments:
        target = houses.get(adjustment.target_id or actor_id)
        if target is None:
            continue
        current = int(getattr(target, adjustment.field))
        change = adjustment.value - current if adjustment.mode == "set" else adjustment.value
        amount = max(change, -current)
        if adjustment.field == "gold":
            effects.append(GoldChange(str(target.id), amount, reason))
        elif adjustment.field == "power":
            effects.append(PowerChange(str(target.id), amount, reason))
        else:
            effects.append(InfluenceChange(str(target.id), amount, reason))
    return tuple(effects)
