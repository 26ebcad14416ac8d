"""Issue 31, P4: events decoded per topic (projections/event_mapper.py), with the one-timestamp shortcut of the fast
decoder (projections/codec.py), are the objects the library's mapper and decoder make: the same class, the same
attributes in the same order, equal values of the same types; and what the library refuses is refused alike."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid4, uuid5

import pytest
from eventsourcing.compressor import ZlibCompressor
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import (
    Compressor,
    DatetimeAsISO,
    JSONTranscoder,
    Mapper,
    MapperDeserialisationError,
    StoredEvent,
    TranscodingNotRegisteredError,
    UUIDAsHex,
)

from domain.dice import Modifier, Roll
from domain.gameofbones.tables.records import Status
from projections.codec import (
    DataclassAsDict,
    EnumAsValue,
    FastJSONTranscoder,
    domain_mapper,
    register_domain_transcodings,
)
from projections.event_mapper import EventMapper, decoder


class Mood(Enum):
    CALM = 1
    WARY = "wary"


@dataclass
class Inner:
    at: datetime
    mood: Mood


@dataclass
class Outer:
    inner: Inner
    ids: tuple[UUID, ...]
    counts: dict[int, str]


class Ledger(Aggregate):
    @event("Noted")
    def note(self, value: Any) -> None:
        self.value = value


class Versioned(Aggregate):
    class Noted(Aggregate.Event):
        class_version = 2
        value: Any

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["value"] = f"upcast {state['value']}"

    @event(Noted)
    def note(self, value: Any) -> None:
        self.value = value


def registered(transcoder: JSONTranscoder) -> JSONTranscoder:
    transcoder.register(UUIDAsHex())
    transcoder.register(DatetimeAsISO())
    register_domain_transcodings(transcoder)
    for kind in (Inner, Outer):
        transcoder.register(DataclassAsDict(kind))
    transcoder.register(EnumAsValue(Mood))
    return transcoder


def mappers() -> tuple[Mapper[UUID], Mapper[UUID], EventMapper]:
    """The library's mapper and decoder, the library's mapper with the fast decoder, and this one."""
    return (
        Mapper(registered(JSONTranscoder())),
        Mapper(registered(FastJSONTranscoder())),
        EventMapper(registered(FastJSONTranscoder())),
    )


def same(a: Any, b: Any) -> bool:
    """Equal, of the same types, dicts' keys in the same order, objects' attributes alike."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if hasattr(a, "__dict__") and not isinstance(a, Enum | type):
        return same(vars(a), vars(b))
    return bool(a == b)


def assert_decoded_alike(stored: StoredEvent) -> Any:
    decoded = [mapper.to_domain_event(stored) for mapper in mappers()]
    parts = (stored.originator_id, stored.originator_version, stored.topic, stored.state)
    decoded += [decoder(mapper)(*parts) for mapper in mappers()]
    assert all(same(decoded[0], other) for other in decoded[1:])
    return decoded[-1]


AT = datetime(2026, 12, 5, 23, 0, 1, 5, tzinfo=UTC)
VALUES = [
    "text",
    None,
    [1, 2.5, True],
    AT,
    uuid4(),
    Mood.CALM,
    Mood.WARY,
    Status.CAPTURED,
    (1, (2, 3)),
    {1: "one", 2: {"3": uuid4()}},
    Outer(Inner(AT, Mood.WARY), (uuid4(), uuid4()), {7: "seven"}),
    [Outer(Inner(AT, Mood.CALM), (), {}), {"deep": [Inner(AT, Mood.WARY)]}],
    Roll("2d6+1", (3, 4), (Modifier("skill", 1),), 1, "attack", "rule", "actor"),
    {"_type_": "looks typed", "_data_": "but has a third key", "third": 1},
    {"_type_": "datetime_iso"},
]


@pytest.mark.parametrize("value", VALUES)
def test_an_event_decodes_to_the_object_the_library_makes(value: Any) -> None:
    ledger = Ledger()
    ledger.note(value)
    mapper = mappers()[0]
    for domain_event in ledger.collect_events():
        assert_decoded_alike(mapper.to_stored_event(domain_event))


def test_a_stored_timestamp_alone_is_revived_and_the_rest_left_as_it_was() -> None:
    state = b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01.000005+00:00"},"value":"x"}'
    decoded = assert_decoded_alike(StoredEvent(uuid4(), 2, "tests.projections.test_event_mapper:Ledger.Noted", state))
    assert decoded.timestamp == AT and decoded.value == "x"
    assert list(vars(decoded)) == ["timestamp", "value", "originator_id", "originator_version"]


@pytest.mark.parametrize(
    "state",
    [
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01+00:00"},"timestamp":{"a":1,"b":2}}',
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01+00:00"},"timestamp":7}',
        b'{"timestamp":{"_type_":"datetime_iso","_data_":["2026"]},"value":1}',
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01+00:00","x":1},"value":1}',
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01+00:00"},"class_version":1}',
    ],
)
def test_odd_stored_states_decode_or_fail_as_the_library_decodes_them(state: bytes) -> None:
    stored = StoredEvent(uuid4(), 2, "tests.projections.test_event_mapper:Ledger.Noted", state)
    outcomes: list[tuple[str, Any]] = []
    for mapper in mappers():
        try:
            outcomes.append(("ok", vars(mapper.to_domain_event(stored))))
        except Exception as error:
            outcomes.append((type(error).__name__, str(error)))
    assert outcomes[0] == outcomes[1] == outcomes[2]


def test_an_unknown_type_and_a_broken_state_are_refused_in_the_library_s_words() -> None:
    topic = "tests.projections.test_event_mapper:Ledger.Noted"
    for state in (b'{"timestamp":{"_type_":"nobody:Knows","_data_":"x"}}', b'{"timestamp": nope'):
        stored = StoredEvent(uuid4(), 2, topic, state)
        errors = []
        for mapper in mappers()[1:]:
            with pytest.raises(MapperDeserialisationError) as raised:
                mapper.to_domain_event(stored)
            errors.append(str(raised.value))
        assert errors[0] == errors[1]
    with pytest.raises(MapperDeserialisationError) as raised:
        EventMapper(registered(FastJSONTranscoder())).to_domain_event(
            StoredEvent(uuid4(), 2, topic, b'{"timestamp":{"_type_":"nobody:Knows","_data_":"x"}}')
        )
    assert isinstance(raised.value.__cause__, TranscodingNotRegisteredError)


def test_a_compressed_store_s_events_decode_as_the_library_decodes_them() -> None:
    ledger = Ledger()
    ledger.note(Outer(Inner(AT, Mood.WARY), (uuid4(),), {1: "one"}))
    library: Mapper[UUID] = Mapper(registered(JSONTranscoder()), compressor=ZlibCompressor())
    mapper = EventMapper.of(Mapper(registered(FastJSONTranscoder()), compressor=ZlibCompressor()))
    for domain_event in ledger.collect_events():
        stored = library.to_stored_event(domain_event)
        assert same(library.to_domain_event(stored), mapper.to_domain_event(stored))


class Marked(Compressor):
    """A compressor whose stored form is other valid JSON: read without it, the event would decode to other values."""

    def compress(self, data: bytes) -> bytes:
        return data.replace(b'"value":"', b'"value":"marked ')

    def decompress(self, data: bytes) -> bytes:
        return data.replace(b'"value":"marked ', b'"value":"')


def test_a_mapper_with_a_compressor_reads_through_it() -> None:
    ledger = Ledger()
    ledger.note("plain")
    library: Mapper[UUID] = Mapper(registered(JSONTranscoder()), compressor=Marked())
    mapper = EventMapper(registered(FastJSONTranscoder()), compressor=Marked())
    for domain_event in ledger.collect_events():
        stored = library.to_stored_event(domain_event)
        assert b"marked" in stored.state or domain_event.originator_version == 1  # the created event has no value
        assert same(library.to_domain_event(stored), mapper.to_domain_event(stored))


def test_a_mapper_class_the_environment_names_is_kept() -> None:
    class Named(Mapper[UUID]):
        pass

    named = Named(registered(FastJSONTranscoder()))
    assert EventMapper.of(named) is named
    assert type(EventMapper.of(Mapper(registered(FastJSONTranscoder())))) is EventMapper


def test_an_event_class_of_a_later_version_is_upcast_as_the_library_upcasts_it() -> None:
    topic = "tests.projections.test_event_mapper:Versioned.Noted"
    state = b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T23:00:01+00:00"},"value":"old"}'
    decoded = assert_decoded_alike(StoredEvent(uuid5(NAMESPACE_URL, "v"), 2, topic, state))
    assert decoded.value == "upcast old"


def test_the_read_model_decodes_with_it() -> None:
    assert type(domain_mapper()) is EventMapper  # the store's: tests/projections/test_fold.py
