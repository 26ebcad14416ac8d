"""The input boundary's rules, without I/O: which text and structures may reach an event, and the names errors give."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.errors import InvalidInputError
from domain.inputs import (
    GOSSIP_LINE_MAX,
    LONG_TEXT_MAX,
    NAME_MAX,
    REASON_MAX,
    check_json,
    check_stored,
    check_text,
    max_length,
)


@pytest.mark.parametrize(
    ("field", "limit"),
    [
        ("input.name", NAME_MAX),
        ("orders.narrative", LONG_TEXT_MAX),
        ("rollBackPhase.reason", REASON_MAX),
        ("writeGossip.lines[1]", GOSSIP_LINE_MAX),
        ("writeTurnSummary.text", LONG_TEXT_MAX),
        ("diceSeed", NAME_MAX),
    ],
)
def test_a_fields_limit_goes_by_its_last_name(field: str, limit: int) -> None:
    assert max_length(field) == limit
    check_text(field, "x" * limit)
    with pytest.raises(InvalidInputError, match=re.escape(f"{field} is too long")):
        check_text(field, "x" * (limit + 1))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"narrative": "a\x00b"}, r"^orders\.narrative may not contain NUL"),
        ({"goal": {"target": "\udc00"}}, r"^orders\.goal\.target must be valid Unicode"),
        ({"defences": [{"region_id": "r"}, {"region_id": "x" * 201}]}, r"^orders\.defences\[1\]\.region_id is too"),
        ({"k" * 300: 1}, r"^orders\.k{40}\.\.\. is too long: 300 characters"),
        ({"bad\ud800key": 1}, r"^orders\.bad\\ud800key must be valid Unicode"),
        ({"score": float("inf")}, r"^orders\.score must be a finite number"),
        ({"gold": -(2**63) - 1}, r"^orders\.gold is out of range"),
    ],
)
def test_an_input_is_refused_naming_the_field_and_never_echoing_the_value(value: Any, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message) as refused:
        check_json("orders", value)
    refused.value.message.encode()  # the message itself is always valid text


def test_nesting_and_size_are_bounded_for_inputs_more_tightly_than_for_stored_events() -> None:
    sixteen: Any = "x"
    for _ in range(16):
        sixteen = [sixteen]
    check_json("orders", sixteen)
    with pytest.raises(InvalidInputError, match="nested too deep: at most 16 levels"):
        check_json("orders", [sixteen])
    check_stored("Faction.OrderSubmitted", [sixteen])
    with pytest.raises(InvalidInputError, match="too big"):
        check_json("orders", ["x" * 150] * 2_000)
    check_stored("Faction.OrderSubmitted", ["x" * 150] * 2_000)
    check_stored("Campaign.TurnSummaryWritten", {"text": "long " * 10_000})  # lengths are the transports' to bound
