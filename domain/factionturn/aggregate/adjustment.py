"""The GM's hand on a faction's numbers (seed 002): what an adjustment may set, and what it leaves."""

from __future__ import annotations

from domain.errors import InvalidInputError, RuleViolationError
from domain.factionturn.aggregate.holdings import max_hp_for
from domain.gm import FACTION_FIELDS, RULE_FACGOLD, RULE_HP, RULE_RATINGS


def faction_adjustment(numbers: dict[str, int], field_: str, after: int) -> dict[str, int]:
    """The faction's numbers (force, cunning, wealth, hp, facgold, xp) after setting `field_` to `after`,
    refused when an invariant would break. A rating change keeps HP, lowered to the new maximum if need be."""
    if field_ not in FACTION_FIELDS:
        raise InvalidInputError(f"a faction has no {field_!r} to adjust; choose from {list(FACTION_FIELDS)}")
    new = dict(numbers, **{field_: after})
    if field_ in ("force", "cunning", "wealth") and not 1 <= after <= 8:
        raise RuleViolationError(f"{field_} must stay within 1-8, not {after}", RULE_RATINGS)
    top = max_hp_for(new["force"], new["cunning"], new["wealth"])
    if field_ == "hp" and not 0 <= after <= top:
        raise RuleViolationError(f"HP must stay within 0-{top} (the maximum HP), not {after}", RULE_HP)
    if field_ == "facgold" and after < 0:
        raise RuleViolationError(f"FacGold cannot go below zero (would be {after})", RULE_FACGOLD)
    if field_ == "xp" and after < 0:
        raise RuleViolationError(f"XP cannot go below zero (would be {after})", "seed 002, Raising Stats")
    new["hp"] = min(new["hp"], top)
    return new
