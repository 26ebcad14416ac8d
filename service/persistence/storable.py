"""The event store's backstop: no event is saved (or imported) that PostgreSQL or the read models cannot hold.

The transports check their input first (`domain/inputs.py`) and name the field; this catches every other
path (the GM's tools, the chronicle, scripts, an import) and names the event and its attribute.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from eventsourcing.domain import Aggregate

from domain.inputs import check_stored

_ENVELOPE = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


def check_pending(aggregates: Iterable[Aggregate]) -> None:
    """Refuse, before anything is written, when any pending event holds a value that cannot be stored."""
    for aggregate in aggregates:
        for pending in aggregate.pending_events:
            check_event(type(pending).__qualname__, vars(pending))


def check_event(name: str, attributes: dict[str, Any]) -> None:
    """Refuse one event's attributes (its envelope aside); errors read `Faction.OrderSubmitted.order.narrative`."""
    check_stored(name, {k: v for k, v in attributes.items() if k not in _ENVELOPE})
