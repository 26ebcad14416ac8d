"""Issue 31, item 1 (P6): the event store's encoder (orjson after one walk) writes the bytes the library's `json`
encoder writes: every event of a played phase of both rule systems, and every member's snapshot, byte for byte;
and a value orjson would write otherwise falls back to the library's encoder."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from enum import Enum, IntEnum
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import Mapper, StoredEvent, TranscodingNotRegisteredError

from bench.played import Size, build, play_phase
from domain.campaign import Campaign
from domain.factionturn.face import Faction
from domain.gameofbones.face import House
from domain.region import Region
from projections.codec import FastJSONTranscoder
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.persistence.event_encoding import EventEncoder


def _library(intrigue: Intrigue) -> FastJSONTranscoder:
    """The store's transcoder as it was: the library's `json` encoder."""
    transcoder = FastJSONTranscoder()
    intrigue.store.register_transcodings(transcoder)
    return transcoder


def test_the_store_encodes_with_the_event_encoder(intrigue: Intrigue) -> None:
    assert isinstance(intrigue.store.mapper.transcoder, EventEncoder)


def test_a_played_phase_of_both_systems_encodes_to_the_librarys_bytes(intrigue: Intrigue, db: Database) -> None:
    played = build(intrigue, db, Size(factions=4, assets=5, houses=3, phases=1), seed="event encoding")
    play_phase(played)
    mapper = intrigue.store.mapper
    old = Mapper(transcoder=_library(intrigue))
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT originator_id, originator_version, topic, state FROM intrigue_events ORDER BY notification_id"
        ).fetchall()
    topics = {topic for _, _, topic, _ in rows}
    assert len(rows) > 150 and {"Faction.TurnEnded", "Campaign.PhaseResolved"} <= {t.split(":")[1] for t in topics}
    assert any("House" in t for t in topics)
    for originator_id, version, topic, state in rows:
        event = mapper.to_domain_event(StoredEvent(originator_id, version, topic, bytes(state)))
        assert mapper.to_stored_event(event).state == old.to_stored_event(event).state == bytes(state), topic
    campaign = intrigue.store.load(played.campaign_id, Campaign)
    members: list[Any] = [campaign]
    for kind in (Faction, Region, House):
        members += intrigue.store.load_many(campaign.member_ids(kind.__name__.lower()), kind)
    assert len(members) > 10
    for member in members:
        snapshot = getattr(type(member), "Snapshot", Snapshot).take(member)
        assert mapper.to_stored_event(snapshot).state == old.to_stored_event(snapshot).state


class Colour(Enum):
    RED = "red"


class Rank(IntEnum):
    LOW = 1


class Text(str):
    pass


@pytest.mark.parametrize(
    "value",
    [
        {"a": 1e-05, "b": 0.5},
        {"a": 1e16, "b": 1.5e300, "c": -0.0},
        {"nan": math.nan, "inf": math.inf},
        {"big": 2**70, "small": -(2**63)},
        {"keys": {1: "one", 2.5: "x", False: "f", None: "n"}},
        {"control": 'a\x00\x1f\x7f\u2028é"\\/\t\n', "tuple": (1, (2, [3])), "text": Text("x")},
        {"rank": Rank.LOW, "when": datetime(2026, 12, 4, 1, 2, 3, 456, tzinfo=UTC), "id": uuid4()},
        {"nested": [{"id": UUID(int=5), "when": [datetime(2026, 1, 1)]}]},
    ],
)
def test_a_value_encodes_as_the_librarys_encoder_writes_it(intrigue: Intrigue, value: Any) -> None:
    encoder = intrigue.store.mapper.transcoder
    assert encoder.encode(value) == _library(intrigue).encode(value)


def test_what_the_library_cannot_encode_is_refused_alike(intrigue: Intrigue) -> None:
    for value in ({"colour": Colour.RED}, {"bad": "\ud800"}):
        errors = []
        for encoder in (intrigue.store.mapper.transcoder, _library(intrigue)):
            with pytest.raises((TranscodingNotRegisteredError, UnicodeEncodeError)) as raised:
                encoder.encode(value)
            errors.append(type(raised.value))
        assert errors[0] is errors[1]
