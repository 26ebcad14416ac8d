"""What one request's command committed, so that its answer says so: the position, and whether reads may lag.

An adapter (GraphQL's `IdempotentMutations`, REST's `command`) runs each command inside `tracking()`. The event
store's writer (`service/persistence/recorder.py`) calls `writing()` inside the transaction that appends the
events, which writes the request's pending idempotency claim there too (`service/persistence/idempotency.py`),
and `written()` once it has
committed; `Intrigue.wait_for_projections` calls `lagged()` when the read models did not reach the events in
time. The outcome is a mutable object in a context variable: commands run in worker threads that copy the request's
context, so they reach the same object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from uuid import UUID

# Written in the transaction of the command's first commit (and kept current by later ones): the cursor, the position,
# the campaign written to (the claim's shard on Citus: docs/scaling.md).
Record = Callable[[Any, int | None, UUID], None]


@dataclass
class Outcome:
    """The request's command so far: `record` is its idempotency claim, still to be committed with its writes."""

    record: Record | None = None
    committed: bool = False  # something this request asked for is written (events, or a seat)
    position: int | None = None  # the last campaign position it appended (its campaign's own: 1 is its first)
    lagging: bool = False  # the read models had not reached `position` when the command returned

    def lag_extensions(self) -> dict[str, Any]:
        """What a GraphQL answer adds under `extensions` (empty while reads are current)."""
        return {"readsMayLag": True, "position": self.position} if self.lagging else {}


_CURRENT: ContextVar[Outcome | None] = ContextVar("intrigue_outcome", default=None)


@contextmanager
def tracking(record: Record | None = None) -> Iterator[Outcome]:
    """Track the commands run in this block (and in the worker threads it starts)."""
    outcome = Outcome(record)
    token = _CURRENT.set(outcome)
    try:
        yield outcome
    finally:
        _CURRENT.reset(token)


def current() -> Outcome | None:
    return _CURRENT.get()


def writing(cursor: Any, position: int | None, campaign: UUID) -> None:
    """Called inside the transaction of a write, before it commits: the request's idempotency claim joins it."""
    outcome = _CURRENT.get()
    if outcome is not None and outcome.record is not None:
        outcome.record(cursor, position, campaign)


def written(position: int | None) -> None:
    """Called once that transaction has committed."""
    outcome = _CURRENT.get()
    if outcome is None:
        return
    outcome.committed = True
    if position is not None:
        outcome.position = max(position, outcome.position or 0)


def lagged() -> None:
    outcome = _CURRENT.get()
    if outcome is not None:
        outcome.lagging = True
