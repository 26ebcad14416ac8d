"""Every name `main` wrote at 3de475b still reads: the topic of each aggregate and of each of its event classes,
and the name each domain dataclass and enum is transcoded under (tests/data/names_of_main.txt, one listing made
from that commit's registries and its stored topics). A module that moves without its old name in
projections/old_topics.py fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventsourcing.utils import get_topic, resolve_topic

from projections.codec import FastJSONTranscoder, domain_types, register_domain_transcodings
from projections.topics import AGGREGATES, stored_topics
from tests.support.old_names import NEVER_STORED

NAMES = Path(__file__).resolve().parent.parent / "data" / "names_of_main.txt"


def names_of_main() -> list[tuple[str, str]]:
    return [(kind, name) for kind, name in (line.split(" ", 1) for line in NAMES.read_text().splitlines())]


def names_now() -> set[str]:
    """The same listing over today's tree (how the registries' part of the file was written, at 3de475b)."""
    topics = stored_topics()
    found = {f"aggregate {get_topic(a)}" for a in AGGREGATES}
    found |= {f"event {get_topic(c)}" for cs in (*topics.creates.values(), *topics.changes.values()) for c in cs}
    return found | {f"type {c.__module__}:{c.__qualname__}" for c in domain_types()}


def test_the_listing_of_main_holds_both_rule_systems_aggregates_and_their_events() -> None:
    kinds = {kind for kind, _ in names_of_main()}
    assert kinds == {"aggregate", "event", "type"}
    names = {name for _, name in names_of_main()}
    assert "domain.factionturn.faction:Faction.TurnBegun" in names
    assert "domain.factionturn.faction_assets:FactionAssets.AssetPurchased" in names
    assert "domain.factionturn.holdings:OwnedAsset" in names
    assert "domain.gameofbones.house:House.ActionResolved" in names
    assert "domain.gameofbones.records:PendingAction" in names


@pytest.mark.parametrize(
    ("kind", "name"), [n for n in names_of_main() if n[1] not in NEVER_STORED], ids=lambda v: str(v)
)
def test_a_name_main_wrote_resolves_to_a_class_of_today(kind: str, name: str) -> None:
    topics = stored_topics()
    if kind == "aggregate":
        assert topics.aggregates[name] is resolve_topic(name)
    elif kind == "event":
        assert topics.events[name] is resolve_topic(name)
    else:
        transcoder = FastJSONTranscoder()
        register_domain_transcodings(transcoder)
        assert name in transcoder.names


def test_the_names_written_today_are_known_too() -> None:
    """Today's names of the listed kinds are themselves in the registry (so the listing's method still works)."""
    topics = stored_topics()
    transcoder = FastJSONTranscoder()
    register_domain_transcodings(transcoder)
    for line in names_now():
        kind, name = line.split(" ", 1)
        if kind == "event":
            assert name in topics.events
        elif kind == "aggregate":
            assert name in topics.aggregates
        else:
            assert name in transcoder.names
