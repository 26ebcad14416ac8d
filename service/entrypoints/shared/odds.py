"""The exact odds of an order (issue 19, domain/odds/), shaped once for GraphQL and REST alike.

A chance or a mean is `{known, value, exact, unknown_reason}`: `value` a float, `exact` the fraction as text
("11/20"); when the asking seat may not know it (it hangs on a rival's secret), `known` is false, `value` and
`exact` null, and `unknown_reason` says why. A distribution lists each total with its chance.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from domain.gameofbones.face import ActionName
from domain.odds import TIE_RULE, AttackOdds, Distribution, HouseOdds, Unknown


def exact(value: Fraction | Unknown) -> dict[str, Any]:
    if isinstance(value, Unknown):
        return {"known": False, "value": None, "exact": None, "unknown_reason": value.reason}
    return {"known": True, "value": float(value), "exact": str(value), "unknown_reason": None}


def distribution(dist: Distribution | Unknown | None) -> dict[str, Any] | None:
    if dist is None:
        return None
    if isinstance(dist, Unknown):
        return {"known": False, "outcomes": [], "expected": exact(dist), "unknown_reason": dist.reason}
    outcomes = [{"value": v, "probability": float(p), "exact": str(p)} for v, p in dist.outcomes]
    return {"known": True, "outcomes": outcomes, "expected": exact(dist.expected), "unknown_reason": None}


def attack_odds(odds: AttackOdds | None) -> dict[str, Any] | None:
    if odds is None:
        return None
    defender = odds.defender_id
    return {
        "defender_id": None if isinstance(defender, Unknown) or not defender else defender,
        "defender_known": not isinstance(defender, Unknown),
        "attack_total": distribution(odds.attack_total),
        "defence_total": distribution(odds.defence_total),
        "hit": exact(odds.hit),
        "tie": exact(odds.tie),
        "miss": exact(odds.miss),
        "damage": distribution(odds.damage),
        "expected_damage": exact(odds.expected_damage),
        "counter": exact(odds.counter),
        "counter_damage": distribution(odds.counter_damage),
        "expected_counter_damage": exact(odds.expected_counter_damage),
        "tie_rule": TIE_RULE,
        "notes": list(odds.notes),
    }


def _effects(pairs: tuple[tuple[str, Fraction], ...]) -> list[dict[str, Any]]:
    return [{"name": name, "mean": float(mean), "exact": str(mean)} for name, mean in pairs]


def house_odds(odds: HouseOdds | None) -> dict[str, Any] | None:
    if odds is None:
        return None
    unknown = next((v for v in (odds.bands, odds.success) if isinstance(v, Unknown)), None)
    bands = (
        []
        if isinstance(odds.bands, Unknown)
        else [{"name": b.name, "chance": exact(b.chance), "effects": _effects(b.effects)} for b in odds.bands]
    )
    expected = [] if isinstance(odds.expected, Unknown) else _effects(odds.expected)
    return {
        "action": ActionName(odds.action),
        "dc": odds.dc,
        "success": exact(odds.success),
        "attack_total": distribution(odds.attack_total),
        "defence_total": distribution(odds.defence_total),
        "known": unknown is None,
        "unknown_reason": unknown.reason if unknown else None,
        "bands": bands,
        "expected": expected,
        "notes": list(odds.notes),
    }
