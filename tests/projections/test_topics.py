"""The closed registry of stored topics holds every aggregate's events, under old names too, and nothing else."""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

from eventsourcing.domain import Aggregate

import domain
from domain.factionturn.aggregate.faction import Faction
from domain.region import Region
from projections.topics import AGGREGATES, stored_topics

DATA = Path(__file__).resolve().parents[1] / "data"  # the recorded exports (tests/support/played_export.py)


def concrete_aggregates() -> set[type]:
    """Every aggregate class defined in domain/ that no other class extends: the ones the store can hold."""
    found: set[type] = set()
    for module_info in pkgutil.walk_packages(domain.__path__, "domain."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Aggregate) and value.__module__ == module.__name__:
                found.add(value)
    return {cls for cls in found if not any(issubclass(other, cls) for other in found - {cls})}


def test_the_registry_covers_every_aggregate_domain_defines() -> None:
    assert set(AGGREGATES) == concrete_aggregates()


def test_every_topic_of_the_recorded_exports_is_registered_though_their_modules_moved() -> None:
    topics = stored_topics()
    paths = sorted(DATA.glob("played_*.ndjson"))
    assert len(paths) == 2
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        assert {r["topic"] for r in rows} <= set(topics.events)
    assert topics.aggregates["domain.faction:Faction"] is Faction
    assert topics.events["domain.faction:Faction.Founded"] in topics.creates[Faction]


def test_the_registry_names_only_the_projects_own_event_classes() -> None:
    topics = stored_topics()
    assert all(cls.__module__.startswith("domain.") for cls in topics.events.values())
    assert not any(topic.startswith(("eventsourcing.", "os:", "builtins:")) for topic in topics.events)
    assert "domain.history:Rewindable.StateRestored" in topics.events
    restored = topics.events["domain.history:Rewindable.StateRestored"]
    assert restored in topics.changes[Region] and restored not in topics.creates[Region]
