"""The GM's part of what a member's own seat reads (docs/rules-notes/gm.md, Custom actions): a custom action the GM
orders for a faction or a house carries its definition, and in it the GM's seat and reason, which the intervention
records for the GM's trail; the member's own seat reads the action it takes, not who ordered it or why. A house's
knowledge keeps the GM's part (the author of an attack it has not traced) under `GM_ONLY`."""

from __future__ import annotations

from typing import Any

from domain.gameofbones.face import CUSTOM, GM_ONLY

GM_HAND = ("seat", "reason")


def own_knowledge(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != GM_ONLY} for entry in entries]


def own_pending(pending: dict[str, Any]) -> dict[str, Any]:
    """A house's pending actions, by id, as its own seat reads them."""
    return {i: own_action(p) for i, p in pending.items()}


def own_action(pending: dict[str, Any]) -> dict[str, Any]:
    params = pending.get("params")
    return pending | {"params": without_gm_hand(params, CUSTOM)} if isinstance(params, dict) else pending


def own_order(order: dict[str, Any] | None) -> dict[str, Any] | None:
    action = order.get("action") if order else None
    return order | {"action": without_gm_hand(action, "definition")} if order and isinstance(action, dict) else order


def own_plan(plan: dict[str, Any] | None) -> dict[str, Any] | None:
    return without_gm_hand(plan, "definition") if plan else plan


def without_gm_hand(holder: dict[str, Any], key: str) -> dict[str, Any]:
    definition = holder.get(key)
    if not isinstance(definition, dict):
        return holder
    return holder | {key: {k: v for k, v in definition.items() if k not in GM_HAND}}
