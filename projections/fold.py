"""An event folded into its aggregate as the library's `mutate` does it, with the decorated method's parameters
worked out once per event class rather than per event (issue 31, P4 and P6)."""

from __future__ import annotations

import inspect
from types import FunctionType
from typing import Any

from eventsourcing.domain import (
    CanMutateAggregate,
    DecoratedFuncCaller,
    OriginatorIDError,
    OriginatorVersionError,
    decorated_funcs,
)

_Plan = tuple[Any, frozenset[str]]  # the decorated method, and the names of its parameters
_PLANS: dict[type, _Plan | None] = {}
_LIBRARYS = (CanMutateAggregate.mutate, DecoratedFuncCaller.apply, CanMutateAggregate._as_dict)


def fold(event: Any, aggregate: Any) -> Any:
    """`event.mutate(aggregate)`: the same checks, the same call of the decorated method with the event's attributes
    it names (in the event's order), then the version and `modified_on` set. An event class whose `mutate`, `apply`
    or attributes are not the library's own decorated-method event's, and a created event, go its `mutate`. Those
    methods are looked at each time: one set on the class after its first event (a test's stand-in for a bug in an
    `apply`, tests/service/persistence/test_poisoned_events.py) is called as the library would call it."""
    kind = type(event)
    try:
        plan = _PLANS[kind]
    except KeyError:
        plan = _plan(kind)
    if plan is None or aggregate is None or (kind.mutate, kind.apply, kind._as_dict) != _LIBRARYS:
        return event.mutate(aggregate)
    if event.originator_id != aggregate.id:
        raise OriginatorIDError(event.originator_id, aggregate.id)
    next_version = aggregate.version + 1
    if event.originator_version != next_version:
        raise OriginatorVersionError(event.originator_version, next_version)
    method, names = plan
    method(aggregate, **{k: v for k, v in vars(event).items() if k in names})
    aggregate.version = event.originator_version
    aggregate.modified_on = event.timestamp
    return aggregate


def _plan(kind: type) -> _Plan | None:
    method: Any = decorated_funcs.get(kind)  # of a class the library made: (DecoratedFuncCaller, the given class)
    mutates_as_the_library = (
        getattr(kind, "mutate", None) is CanMutateAggregate.mutate
        and getattr(kind, "apply", None) is DecoratedFuncCaller.apply
        and super(DecoratedFuncCaller, kind).apply is CanMutateAggregate.apply  # type: ignore[misc]
        and getattr(kind, "_as_dict", None) is CanMutateAggregate._as_dict
        and type(method) is FunctionType
    )
    plan = _PLANS[kind] = (method, frozenset(inspect.signature(method).parameters)) if mutates_as_the_library else None
    return plan
