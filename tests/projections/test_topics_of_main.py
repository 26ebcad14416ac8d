"""Every name main stored under at 3de475b (tests/data/topics_main.json: its event topics, aggregate topics and the
names its dataclasses and enums are written under) still resolves, wherever the class has moved since (issue 30,
item 4: the rule systems in sub-rooms; projections/old_topics.py maps the old module paths)."""

from __future__ import annotations

import json
from pathlib import Path

from eventsourcing.persistence import JSONTranscoder

from projections.codec import register_domain_transcodings
from projections.topics import stored_topics
from tests.support.old_names import NEVER_STORED

MAIN = json.loads((Path(__file__).resolve().parents[1] / "data" / "topics_main.json").read_text())


def test_every_event_topic_of_main_resolves_to_a_registered_event_class() -> None:
    events = stored_topics().events
    assert [t for t in MAIN["events"] if t not in events] == []


def test_every_aggregate_topic_of_main_resolves_to_its_aggregate() -> None:
    aggregates = stored_topics().aggregates
    assert [t for t in MAIN["aggregates"] if t not in aggregates] == []


def test_every_dataclass_and_enum_name_of_main_still_decodes() -> None:
    transcoder = JSONTranscoder()
    register_domain_transcodings(transcoder)
    assert [t for t in MAIN["transcoded"] if t not in transcoder.names and t not in NEVER_STORED] == []


def test_the_recorded_names_cover_both_rule_systems() -> None:
    assert "domain.gameofbones.house:House.ActionResolved" in MAIN["events"]
    assert "domain.factionturn.faction:Faction.Founded" in MAIN["events"]
    assert "domain.gameofbones.records:PendingAction" in MAIN["transcoded"]
