"""Drafting the phase chronicle from a turn's events: the GM's full summary, and the public gossip.

Seed 002, Procedure: "the DM translates the events of the faction turn into narrative … 1-2 lines that will be
passed around as gossip". A draft of the gossip never uses a secret event: a turn with one is drafted as a
rumour of silence, and only the GM can write the secret into the public chronicle.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

TurnEvents = Sequence[tuple[str, dict[str, Any]]]  # (event class name, payload), in order
ALWAYS_SECRET = frozenset(
    {
        "KnowledgeGained",
        "SpySet",
        "ActionCovered",
        "OrderSubmitted",
        "ActionOrdered",
        "CustomActionDefined",
    }
)
QUIET = "Little is heard of {actor} this month."
UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
ID_KEYS = (
    "target_house_id",
    "target_faction_id",
    "area_id",
    "region_id",
    "to_area_id",
    "attacker_id",
    "defender_id",
    "target_id",
)
SUMMARY_KEYS = (
    "action",
    "result",
    "outcome",
    "name",
    "amount",
    "cost",
    "damage",
    "proceeds",
    "paid",
    "field",
    "before",
    "after",
    "succeeded",
    "status",
    "reason",
    "narrative",
)


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


def describe(name: str, payload: dict[str, Any], names: Mapping[str, str] | None = None) -> str:
    """One event as a line of text: what happened, and its facts with names for the ids a seat would not read."""
    known = names or {}
    asset = payload.get("asset")
    parts = [f"asset {asset.get('name')}"] if isinstance(asset, dict) else []
    id_keys, summary_keys = _keys_of(tuple(payload))
    parts += [
        f"{_ID_LABELS[key]} {known[str(value)]}"
        for key in id_keys
        if (value := payload[key]) is not None and str(value) in known
    ]
    facts = [(key, _named(payload[key], known)) for key in summary_keys if payload[key] not in (None, "", [], {})]
    parts += [f"{key} {value}" for key, value in facts if value]
    label = _humane(name)
    return f"{label}: {', '.join(parts)}" if parts else label


_ID_LABELS = {key: key.removesuffix("_id").replace("_", " ") for key in ID_KEYS}


@functools.lru_cache(maxsize=512)  # a payload's keys: one shape per event class, described thousands of times a phase
def _keys_of(present: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The `ID_KEYS` and the `SUMMARY_KEYS` a payload has, each in its list's order (issue 31, P6)."""
    have = set(present)
    return tuple(k for k in ID_KEYS if k in have), tuple(k for k in SUMMARY_KEYS if k in have)


@functools.cache  # an event class's name: a few dozen, each described hundreds of times a phase (issue 31, P6)
def _humane(name: str) -> str:
    """`ActionResolved` as "Action resolved"."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", name).split()
    return " ".join([words[0], *(w.lower() for w in words[1:])]) if words else name


def _named(value: object, names: Mapping[str, str]) -> str:
    """A value's text with each id replaced by its name, and ids of no faction, house or area left out."""
    if type(value) in _PLAIN:  # a number's text holds no id and no space to fold (issue 31, P6)
        return str(value)
    text = str(value)
    if "-" in text:  # every id has its hyphens
        text = UUID_RE.sub(lambda m: names.get(m.group(0).lower(), ""), text)
    return _SPACES.sub(" ", text).strip()


_PLAIN = frozenset({int, float, bool})
_SPACES = re.compile(r"\s{2,}")


def draft_summary(actor: str, narrative: str, events: TurnEvents, names: Mapping[str, str] | None = None) -> str:
    """Everything the turn did, secrets included and marked, for the GM's eyes, as text with names."""
    lines = [f"{actor}: {narrative}" if narrative else actor]
    lines += [
        f"- {describe(name, payload, names)}" + (" [secret]" if is_secret(name, payload) else "")
        for name, payload in events
    ]
    return "\n".join(lines)


def draft_gossip(actor: str, narrative: str, events: TurnEvents) -> list[str]:
    """One or two public lines, from public facts only. A turn with a secret gives neither its narrative (which
    may tell it) nor any sign of it: with nothing public to tell, every turn reads alike, secret or quiet."""
    secret = any(is_secret(name, payload) for name, payload in events)
    lines = [narrative] if narrative and not secret else []
    lines += [
        line
        for name, payload in events
        if not is_secret(name, payload) and (line := _public_fact(actor, name, payload))
    ]
    return lines[:2] or [QUIET.format(actor=actor)]


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
