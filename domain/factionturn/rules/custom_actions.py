"""A GM-made faction action at its last turn: roll its check, then apply its success or failure effects."""

from __future__ import annotations

from typing import Any

from domain.errors import DomainError
from domain.factionturn.aggregate.effects import CustomActionResolved
from domain.factionturn.rules.world import Session
from domain.gm import CustomActionDef, decide_check


def resolve_custom(session: Session, definition: dict[str, Any]) -> None:
    """Seed 002 leaves the effect of a new action type to the GM; the GM chose it when defining the action."""
    me = session.actor
    action = CustomActionDef.from_dict(definition)
    seat, reason = str(definition.get("seat", "gm")), str(definition.get("reason", action.name))
    success, rolls = True, []
    if action.check is not None:
        opposed = session.world.factions.get(action.check.opposed_id)
        outcome = decide_check(
            action.check,
            me.rating(action.check.stat),
            opposed.rating(action.check.opposed_stat) if opposed else 0,
            session.dice,
            f"{action.name}: check",
            str(me.id),
        )
        session.rolls.extend(outcome.rolls)
        success, rolls = outcome.success, outcome.roll_dicts()
    session.record(me, CustomActionResolved(action.name, succeeded=success, rolls=rolls, seat=seat, reason=reason))
    for effect in action.on_success if success else action.on_failure:
        why = f"{action.name}: {'success' if success else 'failure'}"
        try:
            target = session.world.faction(effect.target_id or str(me.id))
            session.record(target, target.adjustment(effect.field, effect.mode, effect.value, seat, why))
        except DomainError as refused:  # an effect the rules forbid now is skipped, and says why
            session.failures.append(f"{action.name}: {refused.message}")
