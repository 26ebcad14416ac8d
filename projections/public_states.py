"""A page's public states, each built once and encoded once (issue 31, P6: the saving's own CPU).

A member's public state at a resolution is written three times: its row's `state` (projections/state_rows.py `_row`,
which also encodes it key by key to tell which keys moved), its phase-history row when written whole, and its history
base (projections/history.py). Each was `jsonsafe.dumps` of the same dict: the whole state encoded three times, and
scanned for text to escape as often. Here the keys are encoded once, and the whole JSON is made of those parts: an
object of the same keys and values, so the jsonb PostgreSQL stores is the same (orjson writes a dict as
`{"key":value,...}`, in its order, with nothing between; a value jsonsafe escapes is escaped alike in a part).
The parts are orjson's, and the joined JSON is looked at once for text to escape: where it holds none, no part does
(each part's bytes are in it), and each part is what `jsonsafe.dumps` would have written; else every part is made
again by `jsonsafe.dumps`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from psycopg.types.json import Jsonb

from projections import jsonsafe
from projections.read_back import as_read_back

State = dict[str, Any]
Parts = dict[str, bytes]  # a state's keys, each with its value encoded by `jsonsafe.dumps`
Made = tuple[Parts, bytes, bool]  # the parts, the whole JSON, and whether orjson wrote it as it is (nothing escaped)

_KEYS: dict[str, bytes] = {}  # a key as JSON text followed by ':' (keys are attribute and property names)


def encoded_parts(state: State) -> Parts:
    """Each key's value encoded as `jsonsafe.dumps` encodes it."""
    return encoded(state)[0]


def encoded(state: State) -> tuple[Parts, bytes]:
    """Each key's value encoded as `jsonsafe.dumps` encodes it, and the state's JSON joined from them."""
    return _made(state)[:2]


def _made(state: State) -> Made:
    dumps = orjson.dumps
    try:
        # Each part copied out of orjson's block (`jsonsafe.owned`, inlined: a call per key is the cost here).
        parts = {name: bytes(memoryview(dumps(value))) for name, value in state.items()}
    except orjson.JSONEncodeError:  # a lone surrogate, or nesting beyond orjson's limit: jsonsafe's own way
        parts = None
    if parts is not None:
        whole = joined(parts)
        if not jsonsafe.unsafe(whole):
            return parts, whole, True
    parts = {name: jsonsafe.dumps(value) for name, value in state.items()}
    return parts, joined(parts), False


def joined(parts: Parts) -> bytes:
    """The JSON object of these parts: the same value as `jsonsafe.dumps` of the state they were encoded from."""
    keys = _KEYS
    out = []
    for name, value in parts.items():
        key = keys.get(name)
        if key is None:
            key = keys[name] = jsonsafe.dumps(name) + b":"
        out.append(key + value)
    return b"{" + b",".join(out) + b"}"


class PublicStates:
    """The page's public states by (aggregate id's integer, version), and their encodings, made on first use."""

    def __init__(self, build: Callable[[Any], State]) -> None:
        self._build = build
        self._states: dict[tuple[int, int], State] = {}
        # By the state's id(): the state held, its parts and its JSON (None until asked for).
        self._parts: dict[int, tuple[State, Made | None]] = {}

    def clear(self) -> None:
        self._states.clear()
        self._parts.clear()

    def state(self, aggregate: Any) -> State:
        key = (aggregate.id.int, aggregate.version)
        state = self._states.get(key)
        if state is None:
            state = self._states[key] = self._build(aggregate)
            self._parts[id(state)] = (state, None)
        return state

    def parts(self, state: State) -> Parts:
        """A public state's parts (made once); any other dict's, made now."""
        held = self._parts.get(id(state))
        if held is None or held[0] is not state:
            return encoded_parts(state)
        return self._encoded(state, held[1])[0]

    def jsonb(self, value: Any) -> Jsonb:
        """`projections.plain_state.jsonb(value)`: a public state of the page joined from its parts (made once),
        anything else encoded now."""
        held = self._parts.get(id(value))
        if held is None or held[0] is not value:
            return jsonsafe.as_jsonb(jsonsafe.dumps(value))
        return jsonsafe.as_jsonb(self._encoded(value, held[1])[1])

    def read_back(self, aggregate: Any) -> State | None:
        """The aggregate's public state as reading back the row this page wrote gives it (projections/read_back.py),
        but for its objects' key order (the page's), where the page encoded it for that row (`parts` or `jsonb`
        asked for it) and orjson wrote it unescaped; else None (read the row)."""
        state = self._states.get((aggregate.id.int, aggregate.version))
        held = None if state is None else self._parts.get(id(state))
        if state is None or held is None or held[1] is None or not held[1][2]:
            return None
        return as_read_back(held[1][1])

    def _encoded(self, state: State, made: Made | None) -> Made:
        if made is None:
            made = _made(state)
            self._parts[id(state)] = (state, made)
        return made
