"""Issue 31, P6 (session 20): a page's public state is encoded once, key by key (projections/public_states.py), and its
row's, history row's and base's whole JSON is joined from those parts: the same JSON value `jsonsafe.dumps` of the
state gives (the same bytes where nothing needs escaping), text jsonb cannot hold escaped alike, nesting beyond
orjson's limit included; and each state is built and encoded once however often the page asks."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import orjson
import pytest

from projections import jsonsafe, public_states
from projections.public_states import PublicStates, encoded, encoded_parts, joined


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


PLAIN = {"name": "Ulm", "hp": 7, "max_hp": 7.5, "tags": ["a", "b"], "assets": {"x": {"hp": 1}}, "home": None}
STATES = [
    PLAIN,
    {},
    {"only": 1},
    {"name": "a \x00 in it", "note": "\ufffffrom the marker", "lies": "\ud800 alone", "ok": "ü ß 東"},
    {"deep": deep(254), "shallow": 1},
    {"deep": deep(300)},
    {"assets": {"\x00key": ["\ud800"]}, "version": 3},
    {"text": "\\u0000 written out, no NUL", "n": 1},
    {"name": "a \x00 in it", "n": 2},
    {"note": "\ufffffrom the marker"},
    {"assets": {"\x00": 1}},
]


@pytest.mark.parametrize("state", STATES)
def test_the_joined_parts_are_the_value_the_whole_state_encodes_to(state: dict[str, Any]) -> None:
    assert json.loads(joined(encoded_parts(state))) == json.loads(jsonsafe.dumps(state))
    assert jsonsafe.loads(joined(encoded_parts(state))) == jsonsafe.loads(jsonsafe.dumps(state))


@pytest.mark.parametrize("state", STATES)
def test_each_part_is_the_keys_value_as_jsonsafe_encodes_it(state: dict[str, Any]) -> None:
    parts, whole = encoded(state)
    assert parts == {name: jsonsafe.dumps(value) for name, value in state.items()}
    assert whole == joined(parts)


def test_a_plain_state_joins_to_the_very_bytes_orjson_writes() -> None:
    assert joined(encoded_parts(PLAIN)) == orjson.dumps(PLAIN) == jsonsafe.dumps(PLAIN)


class Aggregate:
    def __init__(self, number: int, version: int) -> None:
        self.id, self.version = UUID(int=number), version


def test_a_page_builds_and_encodes_each_state_once(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[tuple[int, int]] = []
    made: list[dict[str, Any]] = []

    def build(aggregate: Aggregate) -> dict[str, Any]:
        built.append((aggregate.id.int, aggregate.version))
        return dict(PLAIN, version=aggregate.version)

    made_by = public_states._made

    def counted(state: dict[str, Any]) -> public_states.Made:
        made.append(state)
        return made_by(state)

    monkeypatch.setattr(public_states, "_made", counted)
    page = PublicStates(build)
    state = page.state(Aggregate(1, 2))
    assert page.state(Aggregate(1, 2)) is state and built == [(1, 2)]
    whole = page.jsonb(state).obj  # as its history row and base ask
    assert page.parts(state) is page.parts(state)  # as its row asks
    assert page.jsonb(state).obj == whole == jsonsafe.dumps(state)
    assert made == [state]
    assert page.state(Aggregate(1, 3)) is not state and built == [(1, 2), (1, 3)]

    other = dict(state)  # equal, not the page's: encoded as it is, now
    assert page.jsonb(other).obj == whole and made == [state]
    page.clear()
    assert page.state(Aggregate(1, 2)) is not state and built[-1] == (1, 2)
