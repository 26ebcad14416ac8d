"""A working copy of aggregates for a phase's resolution, without `copy.deepcopy`'s generic walk (both rule systems
resolve on copies: issue 30, item 3).

Issue 16: a resolution copies the campaign's world, and `deepcopy` (its memo, `__reduce_ex__` for every value)
cost about a fifth of a phase of 100 factions. The aggregates hold plain JSON-like values (dicts, lists, text,
numbers), a rule system's own records and, pending, immutable events; those are copied here directly (a record by
the `copiers` given for its class), anything else by `deepcopy`. What this gives is equal to `deepcopy`'s
(tests/domain/factionturn/test_clone.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.domain import Aggregate

T = TypeVar("T")
Copier = Callable[[Any], Any]
# Immutable, so shared. A timestamp (each aggregate's `_created_on`, `_modified_on`) went to `deepcopy`, whose
# `__reduce_ex__` walk was about a third of a working copy's cost (issue 31, item 1, P6). Its class is named, not
# imported: the domain imports no module that reads the clock (tests/test_layers.py).
_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None), UUID, bytes})
_TIMES = frozenset({("datetime", "datetime"), ("datetime", "date"), ("datetime", "timedelta")})
# The atoms and the time kinds met so far, each shared as it is: a time kind is added when first met, so that the
# containers take a timestamp without a call for it and the ABC check of `Aggregate` (issue 31, P6: two a member).
_SHARED: set[type] = set(_ATOMS)


def clone(value: T, copiers: Mapping[type, Copier] | None = None) -> T:
    """A copy sharing nothing mutable with `value`, but for pending events (immutable once made)."""
    return _clone(value, copiers or {})  # type: ignore[no-any-return]


def _clone(value: Any, copiers: Mapping[type, Copier]) -> Any:
    # An atom inside a container is taken as it is without a call for it: most values are, and the calls were
    # most of a copy's cost (issue 31, P6: the loads copy every member they hand out).
    kind, shared = type(value), _SHARED
    if kind in shared:
        return value
    if kind is dict:
        return {k: v if type(v) in shared else _clone(v, copiers) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in shared else _clone(v, copiers) for v in value]
    copier = copiers.get(kind)
    if copier is not None:
        return copier(value)
    if kind is tuple:
        return tuple([v if type(v) in shared else _clone(v, copiers) for v in value])
    if (kind.__module__, kind.__name__) in _TIMES:
        shared.add(kind)
        return value
    if isinstance(value, Aggregate):
        made = object.__new__(kind)
        state = {
            k: v if type(v) in shared else _clone(v, copiers) for k, v in vars(value).items() if k != "_pending_events"
        }
        state["_pending_events"] = list(getattr(value, "_pending_events", []))
        vars(made).update(state)
        return made
    return copy.deepcopy(value)
