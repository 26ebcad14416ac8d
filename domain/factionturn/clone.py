"""A working copy of factions and regions for a phase's resolution, without `copy.deepcopy`'s generic walk.

Issue 16: a resolution copies the campaign's world, and `deepcopy` (its memo, `__reduce_ex__` for every asset)
cost about a fifth of a phase of 100 factions. The aggregates hold plain JSON-like values (dicts, lists, text,
numbers), `OwnedAsset`s and, pending, immutable events; those are copied here directly, anything else by
`deepcopy`. What this gives is equal to `deepcopy`'s (tests/domain/factionturn/test_clone.py).
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain.factionturn.holdings import OwnedAsset

T = TypeVar("T")
_ATOMS = frozenset({str, int, float, bool, type(None), UUID, bytes})  # a timestamp goes to `deepcopy`


def clone(value: T) -> T:
    """A copy sharing nothing mutable with `value`, but for pending events (immutable once made)."""
    return _clone(value)  # type: ignore[no-any-return]


def _clone(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: _clone(v) for k, v in value.items()}
    if kind is list:
        return [_clone(v) for v in value]
    if kind is tuple:
        return tuple(_clone(v) for v in value)
    if kind is OwnedAsset:
        asset = copy.copy(value)
        if value.custom_type is not None:
            asset.custom_type = _clone(value.custom_type)
        return asset
    if isinstance(value, Aggregate):
        made = object.__new__(kind)
        state = {k: _clone(v) for k, v in vars(value).items() if k != "_pending_events"}
        state["_pending_events"] = list(getattr(value, "_pending_events", []))
        vars(made).update(state)
        return made
    return copy.deepcopy(value)
