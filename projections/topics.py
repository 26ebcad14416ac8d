"""The closed registry of stored topics: the event classes of the store's own aggregates, under their names now and
the names they had (projections/old_topics.py). An event from outside (an import) names one of these or is refused:
eventsourcing's `resolve_topic` imports whatever module a topic names, so nothing else may reach it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from eventsourcing.domain import Aggregate, CanInitAggregate, DomainEvent, Snapshot
from eventsourcing.utils import get_topic

from domain.campaign import Campaign
from domain.factionturn.face import Faction
from domain.gameofbones.face import House, HouseIntel
from domain.phase_chronicle import PhaseChronicle
from domain.region import Region
from projections.old_topics import register_old_topics

# Every aggregate the event store holds; tests/projections/test_topics.py finds any other concrete one in domain/.
AGGREGATES: tuple[type[Aggregate], ...] = (Campaign, Region, Faction, House, HouseIntel, PhaseChronicle)


@dataclass(frozen=True)
class StoredTopics:
    events: Mapping[str, type[DomainEvent]]  # an event's topic -> its class
    aggregates: Mapping[str, type[Aggregate]]  # a creation event's `originator_topic` -> the aggregate class
    creates: Mapping[type[Aggregate], frozenset[type[DomainEvent]]]  # the events that start each aggregate
    changes: Mapping[type[Aggregate], frozenset[type[DomainEvent]]]  # the events each applies after its first


def event_classes(aggregate: type[Aggregate]) -> tuple[set[type[DomainEvent]], set[type[DomainEvent]]]:
    """The event classes that create an aggregate (its own), and those that change it: its own and its domain
    bases' (a Faction stores the events of the methods `FactionAssets` defines under that class's name, and a
    Region `Rewindable.StateRestored`). The bare `Event` bases and snapshots (another table) are none of them."""
    creates: set[type[DomainEvent]] = {c for c in _nested(aggregate) if issubclass(c, CanInitAggregate)}
    bases = [b for b in aggregate.__mro__ if issubclass(b, Aggregate) and b.__module__.startswith("domain.")]
    changes = {c for b in bases for c in _nested(b) if not issubclass(c, CanInitAggregate) and c is not b.Event}
    return creates, changes


def _nested(cls: type) -> list[type[DomainEvent]]:
    found = vars(cls).values()
    return [c for c in found if isinstance(c, type) and issubclass(c, DomainEvent) and not issubclass(c, Snapshot)]


@functools.cache
def stored_topics() -> StoredTopics:
    """The registry, built once from `AGGREGATES` and the old topics of the classes that moved."""
    found = {aggregate: event_classes(aggregate) for aggregate in AGGREGATES}
    creates = {a: frozenset(c) for a, (c, _) in found.items()}
    changes = {a: frozenset(c) for a, (_, c) in found.items()}
    known = set().union(*creates.values(), *changes.values())
    events = {get_topic(c): c for c in known}
    aggregates: dict[str, type[Aggregate]] = {get_topic(a): a for a in AGGREGATES}
    for old, cls in register_old_topics().items():
        if cls in known:
            events[old] = cls
        elif cls in AGGREGATES:
            aggregates[old] = cls
    return StoredTopics(events, aggregates, creates, changes)
