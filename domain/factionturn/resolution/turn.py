"""One faction's turn (seed 002, Procedure for each faction turn): raise ratings, choose or change the goal,
gain income, pay maintenance, take one action (or carry on a multi-turn one), draft the narrative."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from domain.dice import Dice, Roll
from domain.errors import DomainError, RuleViolationError
from domain.factionturn.aggregate.asset_effects import AssetMarked, Repaired
from domain.factionturn.aggregate.effects import ActionFailed, TurnBegun, TurnEnded, rolls_of
from domain.factionturn.aggregate.holdings import WILD_MONSTER
from domain.factionturn.aggregate.orders import Attack, FactionOrders, action_name
from domain.factionturn.rules import abilities, ability_actions, goal_tracking, upkeep
from domain.factionturn.rules.actions import CONTINUATIONS, check_action, run_action
from domain.factionturn.rules.world import Outcome, Session, World

RULE = "seed 002, Procedure for each faction turn"
RULE_ORDERS = "seed 002, Faction Actions"
ORDERS = "Orders"  # the action named by an `ActionFailed` that set a faction's whole orders aside


def resolve_turn(world: World, faction_id: str, dice: Dice) -> Outcome:
    """Resolve a faction's whole turn against `world` (a working copy, changed as the turn goes)."""
    return take_turn(Session(world, dice, str(faction_id)), world.orders_of(str(faction_id)))


def take_turn(session: Session, orders: FactionOrders, set_aside: str = "") -> Outcome:
    """The turn of `session`'s faction with `orders`; `set_aside`: why its own orders could not be carried out,
    recorded (an `ActionFailed`) as the turn begins. A refusal the turn cannot absorb is raised."""
    me = session.actor
    if me.destroyed:
        return session.outcome("none (destroyed)")
    session.record(me, TurnBegun(session.world.phase, me.turn + 1))
    if set_aside:
        _fail(session, ORDERS, set_aside)
    _lift_arsonist_blocks(session)
    if me.wild:
        _wild_turn(session)
        return _no_action(session, f"{me.name} remains wild.")
    abilities.guards_and_wards(session)
    before = len(session.failures)
    goal_tracking.raise_ratings(session, orders.raise_ratings)
    _record(session, "Raise Ratings", before)
    before = len(session.failures)
    changing_goal = goal_tracking.choose(session, orders.goal)
    _record(session, "Choose Goal", before)
    if not changing_goal:
        upkeep.collect_income(session)
    upkeep.pay_maintenance(session)
    upkeep.redeem_disabled(session)
    _free_uses(session, orders)
    name = _take_action(session, orders, changing_goal)
    attacked = isinstance(orders.action, Attack) and name == "Attack"
    goal_tracking.close_turn(session, attacked)
    narrative = draft_narrative(session, name, orders)
    session.record(me, TurnEnded(me.phase, name, attacked, narrative, rolls=unrecorded_rolls(session)))
    return session.outcome(name)


def set_aside_reason(refused: DomainError) -> str:
    """Why a faction's orders were set aside, with the rule that refused them."""
    rule = refused.message if isinstance(refused, RuleViolationError) else f"{refused.message} ({RULE_ORDERS})"
    return f"the orders could not be carried out and were set aside: {rule}"


def bare_turn(session: Session, set_aside: str) -> Outcome:
    """A turn that only records why the faction did nothing: its last resort when even a turn without orders
    is refused, so the phase still resolves."""
    me = session.actor
    session.record(me, TurnBegun(session.world.phase, me.turn + 1))
    _fail(session, ORDERS, set_aside)
    return _no_action(session, f"{me.name} bides its time.")


def _no_action(session: Session, narrative: str) -> Outcome:
    """The end of a turn that took no action (The Wild's, or one whose orders were set aside)."""
    me = session.actor
    session.record(
        me,
        TurnEnded(me.phase, action="None", attacked=False, narrative=narrative, rolls=unrecorded_rolls(session)),
    )
    return session.outcome("None")


def unrecorded_rolls(session: Session) -> list[dict[str, Any]]:
    """The turn's rolls that no change carries, in the order rolled: a strike that missed an asset with no
    counterattack, a check that failed. `TurnEnded` keeps them, so every die rolled is in the log once
    (design: dice values are recorded inside the events that used them)."""
    carried_rolls = [r for change in session.changes for r in rolls_of(change.effect)]
    rolled = [roll.to_dict() for roll in session.rolls]
    keys: list[tuple[Any, ...] | str | None] = [_plain_key(r) for r in (*carried_rolls, *rolled)]
    if None in keys:  # a roll of another shape: every roll of the turn keyed by its JSON, as before
        keys = [_key(r) for r in (*carried_rolls, *rolled)]
    carried = Counter(keys[: len(carried_rolls)])
    left = []
    for roll, key in zip(rolled, keys[len(carried_rolls) :], strict=True):
        if carried[key]:
            carried[key] -= 1
        else:
            left.append(roll)
    return left


# `json.dumps(..., sort_keys=True, default=str)`'s encoder, made once, not for every roll (issue 31, P6).
_KEYS = json.JSONEncoder(sort_keys=True, default=str)
_ROLL_FIELDS = ("expression", "faces", "modifiers", "base", "total", "purpose", "rule", "actor")
_MODIFIER_FIELDS = frozenset({"source", "value"})


def _key(roll: Roll | dict[str, Any]) -> str:
    return _KEYS.encode(roll.to_dict() if isinstance(roll, Roll) else roll)


def _plain_key(roll: Any) -> tuple[Any, ...] | None:
    """A roll in `Roll.to_dict`'s shape with plain values (text, ints, lists of them), as a tuple: two such rolls
    have equal tuples exactly when their JSON keys are equal, for a tenth of the encoding (issue 31, P6: a JSON
    key per roll was 4% of a phase-1 deciding). None for anything else, which `unrecorded_rolls` keys as JSON."""
    if type(roll) is not dict or len(roll) != len(_ROLL_FIELDS):
        return None
    try:
        expression, faces, modifiers, base, total, purpose, rule, actor = (roll[f] for f in _ROLL_FIELDS)
    except KeyError:
        return None
    texts_and_ints = (type(expression), type(purpose), type(rule), type(actor), type(base), type(total))
    if texts_and_ints != (str, str, str, str, int, int) or type(faces) not in (list, tuple):
        return None
    if type(modifiers) not in (list, tuple) or any(type(f) is not int for f in faces):
        return None
    pairs = []
    for m in modifiers:
        if type(m) is not dict or m.keys() != _MODIFIER_FIELDS:
            return None
        source, value = m["source"], m["value"]
        if type(source) is not str or type(value) is not int:
            return None
        pairs.append((source, value))
    return (expression, tuple(faces), tuple(pairs), base, total, purpose, rule, actor)


def _take_action(session: Session, orders: FactionOrders, changing_goal: bool) -> str:
    me, action = session.actor, orders.action
    name = action_name(action)
    if changing_goal:
        if action is not None:
            _fail(session, name, "a faction that changes its goal takes no action this turn")
        return "None"
    if me.multi_turn is not None:
        kind = str(me.multi_turn["kind"])
        if action is not None:
            _fail(session, name, f"{kind.replace('_', ' ')} is under way; no other action can be taken")
        CONTINUATIONS[kind](session, dict(me.multi_turn))
        return f"{kind} (continued)"
    if action is None:
        return "None"
    try:
        check_action(session.world, me, action)
    except DomainError as refused:
        _fail(session, name, refused.message)
        return name
    before = len(session.failures)
    try:
        run_action(session, action)
    except DomainError as stopped:  # what was done stands; the rest of the order fails, not the phase
        session.failures.append(stopped.message)
    if len(session.failures) > before:
        session.record(me, ActionFailed(action=name, reason="; ".join(session.failures[before:])))
    return name


def _free_uses(session: Session, orders: FactionOrders) -> None:
    """Abilities that need no action (Teleportation Web), used before the action; not an action themselves,
    so a goal change or a multi-turn action does not stop them."""
    before = len(session.failures)
    ability_actions.run_free_uses(session, orders.free_uses)
    if len(session.failures) > before:
        session.record(
            session.actor, ActionFailed(action="Free ability use", reason="; ".join(session.failures[before:]))
        )


def _record(session: Session, name: str, before: int) -> None:
    """A part of the orders that failed (a raise without the XP, a goal that cannot be chosen) is recorded."""
    if len(session.failures) > before:
        session.record(session.actor, ActionFailed(action=name, reason="; ".join(session.failures[before:])))


def _fail(session: Session, name: str, reason: str) -> None:
    session.failures.append(reason)
    session.record(session.actor, ActionFailed(action=name, reason=reason))


def _lift_arsonist_blocks(session: Session) -> None:
    """Seed 002, Arsonists: the block lasts until the start of the attacking faction's next turn."""
    for faction, asset in session.world.blocked_by(session.actor_id):  # indexed: issue 31, P6
        session.record(
            faction,
            AssetMarked(asset_id=asset.id, changes={"ability_blocked_by": ""}, reason="the Arsonists' block lifts"),
        )


def _wild_turn(session: Session) -> None:
    """Seed 002, Monster: monster assets heal a roll of their hit dice each turn."""
    me = session.actor
    for monster in [a for a in me.assets.values() if a.type_key == WILD_MONSTER and a.hp < a.max_hp]:
        heal = session.roll(monster.heal or monster.hit_die or "1d8", f"{monster.name} heals", "seed 002, Monster")
        session.record(me, Repaired(assets={monster.id: heal.total}, faction_hp=0, cost=0))


def draft_narrative(session: Session, name: str, orders: FactionOrders) -> str:
    """Seed 002: the DM turns the turn into 1-2 lines of gossip; this is the draft they start from."""
    if orders.narrative:
        return orders.narrative
    me = session.actor
    done = {
        "None": "bides its time",
        "Attack": "strikes at its rivals",
        "Buy Asset": "gathers new strength",
        "Sell Asset": "sells off holdings",
        "Expand Influence": "extends its reach",
        "Seize Region": "moves to take power",
        "Change Home": "begins to move its seat",
        "Repair Asset/Faction": "mends its wounds",
        "Refit Asset": "reorganises its forces",
        "Use Asset Ability": "sets its agents to work",
        "Custom Action": "pursues a scheme of its own",
    }
    line = f"{me.name} {done.get(name, 'carries on: ' + name)}."
    if session.failures:
        line += " Not everything goes to plan."
    return line
