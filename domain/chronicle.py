"""Drafting the phase chronicle from a turn's events: the GM's full summary, and the public gossip.

Seed 002, Procedure: "the DM translates the events of the faction turn into narrative … 1-2 lines that will be
passed around as gossip". A draft of the gossip never uses a secret event: a turn with one is drafted as a
rumour of silence, and only the GM can write the secret into the public chronicle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

TurnEvents = Sequence[tuple[str, dict[str, Any]]]  # (event class name, payload), in order
ALWAYS_SECRET = frozenset({
    "KnowledgeGained", "SpySet", "ActionCovered", "OrderSubmitted", "ActionOrdered", "CustomActionDefined",
})  # fmt: skip
SUMMARY_KEYS = ("action", "result", "outcome", "name", "amount", "cost", "damage", "proceeds", "paid", "field",
                "before", "after", "succeeded", "status", "reason", "narrative")  # fmt: skip


def is_secret(name: str, payload: dict[str, Any]) -> bool:
    """Stealthed assets, covered-up authors, hidden troops, intelligence, spies and pending orders."""
    asset = payload.get("asset")
    if name in ALWAYS_SECRET or (isinstance(asset, dict) and asset.get("stealthed")):
        return True
    if name == "StealthChanged":
        return bool(payload.get("stealthed"))
    if name == "TroopsChanged":
        return "hidden" in str(payload.get("reason", ""))
    if name == "MultiTurnActionSet":
        state = payload.get("state") or {}
        return state.get("kind") == "custom"
    return name == "ActionResolved" and not payload.get("rolls")  # knowledge gained: its rolls are withheld


def describe(name: str, payload: dict[str, Any]) -> str:
    asset = payload.get("asset")
    parts = [f"{k}={payload[k]}" for k in SUMMARY_KEYS if payload.get(k) not in (None, "", [], {})]
    if isinstance(asset, dict):
        parts.insert(0, f"asset={asset.get('name')}")
    return f"{name}({', '.join(parts)})" if parts else name


def draft_summary(actor: str, narrative: str, events: TurnEvents) -> str:
    """Everything the turn did, secrets included, for the GM's eyes."""
    lines = [f"{actor}: {narrative}" if narrative else actor]
    lines += [f"- {describe(name, payload)}" + (" [secret]" if is_secret(name, payload) else "")
              for name, payload in events]  # fmt: skip
    return "\n".join(lines)


def draft_gossip(actor: str, narrative: str, events: TurnEvents) -> list[str]:
    """One or two public lines: the turn's narrative when nothing secret happened, else a rumour of silence."""
    if any(is_secret(name, payload) for name, payload in events):
        return [f"Little is heard of {actor} this month."]
    lines = [narrative] if narrative else []
    lines += [line for name, payload in events if (line := _public_fact(actor, name, payload))]
    return lines[:2]


def _public_fact(actor: str, name: str, payload: dict[str, Any]) -> str:
    status = payload.get("status") or (payload.get("character") or {}).get("status")
    who = payload.get("name") or (payload.get("character") or {}).get("name")
    if name in ("FateDecided", "CharacterSet") and status in ("dead", "captured"):
        return f"{who} of {actor} is said to be {status}."
    if name == "AreaGained":
        return f"{actor} takes control of another area."
    if name == "Destroyed":
        return f"{actor} has fallen."
    return ""
