"""Rewinding: an aggregate restored to an earlier version by a compensating event, never by deletion; and the
aggregates' `@event` methods triggered lean (here, beside `Rewindable`, as every aggregate's module imports this one).

Lean events (issue 31, P6). A call of a method decorated by `eventsourcing.domain.event` passes through the
library's descriptor, a bound decorator object made for the call, the arguments coerced to keywords and filtered
twice (for the event class and again, from the event's attributes, for the method), `trigger_event`, the event's
`mutate` and `apply`: about 10 µs a call, 4 of them bookkeeping this cuts, at 1,100 events a big phase's
deciding. `leaner` puts, in place of each such method of a class, a descriptor that does the same steps with what
they compute per method worked out once: the same event class constructed with the same attributes (the library's
own coercion, so its defaults and its errors stay), the method's body called with the same arguments, the version
and the time set as `mutate` sets them, the event appended to the pending ones. Anything it does not cover is
left to the library: a class access (`House.method`), a property setter, `__init__`, an event class that has its
own `apply` or `mutate`, an aggregate class with an explicit `TOPIC`. The library's path is kept for comparison
(`LIBRARY`; tests/domain/test_lean_events.py)."""

from __future__ import annotations

import inspect
from copy import deepcopy
from dataclasses import dataclass
from types import MethodType
from typing import Any, TypeVar

from eventsourcing.domain import (
    Aggregate,
    CanMutateAggregate,
    CommandMethodDecorator,
    DecoratedFuncCaller,
    decorated_func_callers,
    decorated_funcs,
    event,
)
from eventsourcing.domain import _spec_coerce_args_to_kwargs as coerced_shape  # the library's own, per shape

LIBRARY = False  # True: every call goes through the library's descriptor (the tests' reference)
A = TypeVar("A", bound=type[Aggregate])


class LeanCommand:
    """One decorated command method of an aggregate class, triggered as `BoundCommandMethodDecorator.trigger`,
    `trigger_event`, `CanMutateAggregate.mutate` and `DecoratedFuncCaller.apply` do, in their order."""

    def __init__(self, decorator: CommandMethodDecorator) -> None:
        self.decorator = decorator
        self.func = decorator.decorated_func
        self.event_class: Any = decorated_func_callers[decorator]
        self.event_params = frozenset(inspect.signature(self.event_class).parameters)
        self.method_params = frozenset(inspect.signature(self.func).parameters)
        self.plans: dict[tuple[int, tuple[str, ...]], Plan] = {}  # by call shape (issue 31, P6)
        self.passed: tuple[str, ...] = ()  # the event's attributes the method takes, once an event is made
        self.__doc__ = self.func.__doc__

    def __get__(self, instance: Any, owner: type) -> Any:
        if instance is None or LIBRARY:
            return self.decorator.__get__(instance, owner)
        return MethodType(self.trigger, instance)

    def trigger(self, aggregate: Any, *args: Any, **kwargs: Any) -> None:
        if getattr(type(aggregate), "TOPIC", None):  # `trigger_event`'s check of an explicit topic: the library's
            self.decorator.__get__(aggregate, type(aggregate))(*args, **kwargs)
            return
        shape = (len(args), tuple(kwargs))
        plan = self.plans.get(shape) or self._plan(*shape)
        attributes = {name: args[i] for i, name in plan.positional}
        for name in plan.keywords:
            attributes[name] = kwargs[name]
        attributes.update(plan.defaults)
        version = aggregate.version + 1
        attributes["originator_id"] = aggregate.id
        attributes["originator_version"] = version
        if attributes.get("timestamp") is None:
            attributes["timestamp"] = self.event_class.create_timestamp()
        try:
            new_event = self.event_class(**attributes)
        except TypeError as e:
            raise TypeError(f"Can't construct event {self.event_class}: {e}") from None
        made = vars(new_event)
        self.func(aggregate, **{k: made[k] for k in self.passed or self._passed(made)})
        aggregate.version = version
        aggregate.modified_on = new_event.timestamp
        aggregate._pending_events.append(new_event)

    def _plan(self, count: int, keywords: tuple[str, ...]) -> Plan:
        """Where each of a call's arguments goes, for calls of one shape (how many given by position, which by
        name): the library's coercion once (its checks and errors), then only the event's attributes kept."""
        named, defaults = coerced_shape(self.func, count, keywords, expects_id=False)
        params = self.event_params
        plan = Plan(
            tuple((i, n) for i, n in named if n in params),
            tuple(n for n in keywords if n in params),
            tuple((n, v) for n, v in defaults if n in params),
        )
        self.plans[(count, keywords)] = plan
        return plan

    def _passed(self, made: dict[str, Any]) -> tuple[str, ...]:
        """The event's attributes the method takes, in the event's order (its fields')."""
        self.passed = tuple(k for k in made if k in self.method_params)
        return self.passed


@dataclass(frozen=True)
class Plan:
    """A call shape's arguments: (position, name) of those given by position, the names given by name, the
    defaults of those not given; each only where the event has that attribute."""

    positional: tuple[tuple[int, str], ...]
    keywords: tuple[str, ...]
    defaults: tuple[tuple[str, Any], ...]


def leaner(cls: A) -> A:
    """`cls` with each of its own decorated command methods that `LeanCommand` covers put in its place."""
    for name, value in list(vars(cls).items()):
        if not isinstance(value, CommandMethodDecorator) or value.decorated_property is not None:
            continue
        event_class = decorated_func_callers.get(value)
        if name in ("__init__", "_") or event_class is None:
            continue
        if not plain(event_class, value):
            continue
        setattr(cls, name, LeanCommand(value))
    return cls


def plain(event_class: Any, decorator: CommandMethodDecorator) -> bool:
    """Whether the event mutates as the library's own decorated-method event does: its `mutate`, its `apply`
    calling the decorated method and then the no-op it inherits, nothing of the event class's own."""
    return (
        event_class.mutate is CanMutateAggregate.mutate
        and event_class.apply is DecoratedFuncCaller.apply
        and super(DecoratedFuncCaller, event_class).apply is CanMutateAggregate.apply
        and decorated_funcs.get(event_class) is decorator.decorated_func
    )


# Bookkeeping the library keeps on every aggregate; a restore never copies it.
_BOOKKEEPING = frozenset({"_id", "_version", "_created_on", "_modified_on", "_pending_events"})


def restorable_state(aggregate: Aggregate) -> dict[str, Any]:
    return {k: v for k, v in vars(aggregate).items() if k not in _BOOKKEEPING}


@leaner  # the @event methods triggered leaner (below; issue 31, P6)
class Rewindable(Aggregate):
    """An aggregate a GM's rollback can return to the state of an earlier version."""

    def restore(self, earlier: Aggregate, phase: int, reason: str) -> None:
        if earlier.id != self.id or earlier.version > self.version:
            raise ValueError(f"cannot restore {self.id} v{self.version} from {earlier.id} v{earlier.version}")
        self._state_restored(restorable_state(earlier) | self._kept_on_restore(), earlier.version, phase, reason)

    def _kept_on_restore(self) -> dict[str, Any]:
        """What a restore keeps of the present (a campaign's fork origin); nothing by default."""
        return {}

    @event("StateRestored")
    def _state_restored(self, state: dict[str, Any], restored_version: int, phase: int, reason: str) -> None:
        for key in [k for k in vars(self) if k not in _BOOKKEEPING]:
            delattr(self, key)
        # A copy: the restored state's containers must not be the event's, which the aggregate's later events would
        # then change in place (an event is a fact: a page folded again, or a report built from the event after
        # the fold, reads it as it was stored; tests/domain/test_restore_copies.py).
        vars(self).update(deepcopy(state))
        self._restored()

    def _restored(self) -> None:
        """What an aggregate makes of a restored state kept in an older shape (a HouseIntel's)."""
