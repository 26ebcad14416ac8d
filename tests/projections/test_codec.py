"""The fast JSON decoder reads what the library's encoder wrote, exactly as the library's decoder does."""

from __future__ import annotations

import gc
import math
from datetime import UTC, datetime
from uuid import uuid4

import pytest
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, TranscodingNotRegisteredError, UUIDAsHex

from domain.dice import Modifier, Roll
from projections.codec import FastJSONTranscoder, register_domain_transcodings
from projections.runner import collector_paused


def transcoders() -> tuple[JSONTranscoder, FastJSONTranscoder]:
    pair = JSONTranscoder(), FastJSONTranscoder()
    for transcoder in pair:
        transcoder.register(UUIDAsHex())
        transcoder.register(DatetimeAsISO())
        register_domain_transcodings(transcoder)
    return pair


@pytest.mark.parametrize(
    "value",
    [
        {"plain": [1, 2.5, "x", None, True], "nested": {"a": {"b": []}}},
        {"id": uuid4(), "at": datetime(2026, 11, 29, 22, 0, tzinfo=UTC), "ids": [uuid4(), {"deep": uuid4()}]},
        {"roll": Roll("2d6+1", (3, 4), (Modifier("skill", 1),), 1, "attack", "rule", "actor")},
        {"_type_": "looks typed", "_data_": "but has a third key", "third": uuid4()},
        {"name": "_type_", "text": 'a "_type_" inside a string', "later": [uuid4()]},
        [{"_type_": "not a pair"}, uuid4()],
    ],
)
def test_the_fast_decoder_reads_what_the_standard_one_reads(value: object) -> None:
    standard, fast = transcoders()
    data = standard.encode(value)
    assert fast.decode(data) == standard.decode(data)


def test_what_orjson_refuses_falls_back_to_the_standard_decoder() -> None:
    standard, fast = transcoders()
    data = standard.encode({"nan": float("nan"), "big": 2**70, "at": uuid4()})
    decoded = fast.decode(data)
    assert math.isnan(decoded["nan"]) and decoded["big"] == 2**70
    assert decoded["at"] == standard.decode(data)["at"]


def test_an_unregistered_type_is_refused_as_the_library_refuses_it() -> None:
    _, fast = transcoders()
    with pytest.raises(TranscodingNotRegisteredError):
        fast.decode(b'{"x":{"_type_":"nobody:Knows","_data_":1}}')


def test_the_collector_is_paused_for_a_page_and_enabled_again_after_the_last() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled(), "a collector disabled before the page stays disabled"
    finally:
        gc.enable()
