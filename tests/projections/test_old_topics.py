"""A module that moves keeps its stored events readable: old topics and old dataclass names resolve."""

from __future__ import annotations

import dataclasses

import pytest
from eventsourcing.persistence import JSONTranscoder, StoredEvent
from eventsourcing.utils import resolve_topic

from domain.campaign import Campaign
from domain.gameofbones.tables.records import Character
from projections import old_topics
from projections.codec import domain_mapper, register_domain_transcodings

# Names no module has ever had, so registering them cannot clash with a real topic.
OLD_CAMPAIGN = "intrigue_moved_away.campaign"
OLD_RECORDS = "intrigue_moved_away.records"


def test_the_old_topic_of_a_moved_aggregate_and_of_each_of_its_events_resolves_to_the_class() -> None:
    found = old_topics.register_old_topics({OLD_CAMPAIGN: ("domain.campaign",)})
    assert found[f"{OLD_CAMPAIGN}:Campaign"] is Campaign
    assert resolve_topic(f"{OLD_CAMPAIGN}:Campaign") is Campaign
    assert resolve_topic(f"{OLD_CAMPAIGN}:Campaign.PhaseResolved") is Campaign.PhaseResolved  # type: ignore[attr-defined]
    assert old_topics.register_old_topics({OLD_CAMPAIGN: ("domain.campaign",)}) == found  # again: no clash


def test_an_event_stored_under_the_old_topic_decodes_as_the_moved_class() -> None:
    old_topics.register_old_topics({OLD_CAMPAIGN: ("domain.campaign",)})
    mapper = domain_mapper()
    campaign = Campaign.start("moved", ["factionturn"])
    stored = mapper.to_stored_event(campaign.collect_events()[0])
    assert stored.topic == "domain.campaign:Campaign.Created"
    old = StoredEvent(stored.originator_id, stored.originator_version, f"{OLD_CAMPAIGN}:Campaign.Created", stored.state)
    restored = mapper.to_domain_event(old).mutate(None)  # type: ignore[attr-defined]
    assert (type(restored), restored.name, restored.id) == (Campaign, "moved", campaign.id)


def test_a_dataclass_written_under_its_old_module_name_decodes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(old_topics.MOVED, OLD_RECORDS, ("domain.gameofbones.tables.records",))
    transcoder = JSONTranscoder()
    register_domain_transcodings(transcoder)
    leader = Character("Matron", 14, {"Bluff": 12})
    written = transcoder.encode({"leader": leader})
    assert b'"domain.gameofbones.tables.records:Character"' in written
    old = written.replace(b"domain.gameofbones.tables.records:Character", f"{OLD_RECORDS}:Character".encode())
    assert dataclasses.asdict(transcoder.decode(old)["leader"]) == dataclasses.asdict(leader)
