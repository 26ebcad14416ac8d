"""Issue 31, P6 (sessions 21, 24): a public state as reading back its row gives it, decoded from the page's own JSON
(projections/read_back.py), is what PostgreSQL's jsonb and `jsonsafe.loads` give back, number types included
(compared as orjson's bytes with sorted keys), its objects' keys in the page's order; `jsonb_order` is the order
the row reads back in; a number that may read back otherwise is not taken."""

from __future__ import annotations

import math
from typing import Any
from uuid import UUID

import orjson
import psycopg
import pytest

from projections import jsonsafe
from projections.public_states import PublicStates, encoded
from projections.read_back import as_read_back, jsonb_order
from service.persistence.database import Database

ASSETS = {str(UUID(int=n * 7919)): {"hp": n, "name": f"Thugs {n}", "stealthed": n % 2 == 0} for n in (9, 1, 5, 3)}
STATES: list[dict[str, Any]] = [
    {"version": 4, "id": "x", "name": "Plain", "hp": 5, "tags": ["b", "a"], "assets": ASSETS, "goal": None},
    # keys whose UTF-8 length orders them otherwise than their characters do (é is two bytes), and nested
    {"é": 1, "ab": 2, "b": 3, "ü€": {"zz": [], "a": {}, "ÿ": [{"k": 1, "j": True}]}, "": "empty key"},
    {"floats": [0.5, 12.0, 0.0, 1234.5678, 1e15, 0.30000000000000004, 9999999999999998.0, -2.5, 0.0001]},
    {"ints": [2**63 - 1, 2**64 - 1, -(2**63), 0, -1], "text": 'quote " back \\ tab \t é 😀 \uffef', "t": True},
]


def row_read_back(conn: psycopg.Connection[Any], json: bytes, recent: bytes = b"{}") -> Any:
    """As the standings read a row: `state || recent`, jsonb's text, then `jsonsafe.loads`."""
    row = conn.execute("SELECT (%s::jsonb || %s::jsonb)::text", (json.decode(), recent.decode())).fetchone()
    assert row is not None
    return jsonsafe.loads(row[0])


SORTED = orjson.OPT_SORT_KEYS  # values and their types compared, not the keys' order


def objects(value: Any) -> list[dict[str, Any]]:
    """Every object in the value, nested ones included."""
    if isinstance(value, dict):
        return [value, *(o for v in value.values() for o in objects(v))]
    return [o for v in value for o in objects(v)] if isinstance(value, list) else []


@pytest.mark.parametrize("state", STATES, ids=["faction", "keys", "floats", "ints and text"])
def test_a_state_orjson_wrote_as_it_is_is_what_its_row_reads_back(db: Database, state: dict[str, Any]) -> None:
    parts, whole = encoded(state)
    assert whole == orjson.dumps(state)  # the page's own JSON: nothing escaped
    with psycopg.connect(db.conninfo) as conn:
        stored = row_read_back(conn, whole)
        made = as_read_back(whole)
        assert made is not None
        assert orjson.dumps(made, option=SORTED) == orjson.dumps(stored, option=SORTED)  # values and types
        half = dict(list(parts.items())[: len(parts) // 2])  # a row patched: its older keys whole, the rest recent
        patched = row_read_back(conn, orjson.dumps({k: "old" for k in state} | {k: state[k] for k in half}),
                            orjson.dumps({k: v for k, v in state.items() if k not in half}))  # fmt: skip
        assert orjson.dumps(made, option=SORTED) == orjson.dumps(patched, option=SORTED)
    assert made == state and list(made) == list(state)  # the page's key order
    assert all(list(o) == jsonb_order(o) for o in objects(stored))  # the row's: jsonb's
    assert any(list(o) != jsonb_order(o) for s in STATES for o in objects(s))  # not the page's: or no test


@pytest.mark.parametrize("number", [1e16, 1.5e300, -1e17, -0.0, 1e-7, 5e-324, math.nan, math.inf, -math.inf])
def test_a_number_that_may_read_back_otherwise_is_not_taken(db: Database, number: float) -> None:
    json = orjson.dumps({"name": "Odd", "nested": {"value": [1, number]}})
    with psycopg.connect(db.conninfo) as conn:
        stored = row_read_back(conn, json)
    made = as_read_back(json)
    if math.isfinite(number):
        assert made is None  # that member is read back
        if number in (1e16, -0.0):
            assert repr(stored["nested"]["value"][1]) != repr(number)  # 10000000000000000, 0.0: why
    else:  # orjson writes null, which reads back as None
        assert made is not None and made == stored and made["nested"]["value"][1] is None
    assert as_read_back(b'{"name":"at 1e5, odds","n":[2]}') is None  # text alike: read back, as it would have been
    assert as_read_back(b'{"id":"0e1e0c3e-9e45-4e7e-8e00-2e9e1e5e3e10","n":[2,-0.5]}') is not None  # an id: taken


def test_the_page_hands_a_state_only_if_it_encoded_it_for_a_row_and_escaped_nothing(db: Database) -> None:
    class Aggregate:
        def __init__(self, number: int, name: str) -> None:
            self.id, self.version, self.name = UUID(int=number), 3, name

    page = PublicStates(lambda a: {"name": a.name, "id": str(a.id)})
    plain, escaped, unwritten = Aggregate(1, "Plain"), Aggregate(2, "nul \x00 in it"), Aggregate(3, "Unwritten")
    for aggregate in (plain, escaped, unwritten):
        page.state(aggregate)
    page.jsonb(page.state(plain))
    page.parts(page.state(escaped))
    handed = page.read_back(plain)
    assert handed == {"id": str(plain.id), "name": "Plain"} and handed is not page.state(plain)  # decoded anew
    assert page.read_back(escaped) is None  # its row holds the escaped text: read back
    assert page.read_back(unwritten) is None  # no row written by this page
    page.clear()
    assert page.read_back(plain) is None
    # Why escaped JSON is not taken: jsonb orders an escaped key by its escaped bytes (the marker and `\\0`).
    keyed = {"a\x00": 1, "bb": 2}
    with psycopg.connect(db.conninfo) as conn:
        stored = row_read_back(conn, jsonsafe.dumps(keyed))
    assert stored == keyed and list(stored) == ["bb", "a\x00"] != jsonb_order(keyed)
