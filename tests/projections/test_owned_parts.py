"""Issue 31, P6 and P4 (session 24): JSON a page keeps (a state's parts, encoded key by key; a history row's change)
is copied out of the heap block orjson wrote it in (`jsonsafe.owned`), the same bytes: kept as orjson returns it, each
short JSON holds a block of about 4 KB, and thousands of them touched a fresh page of memory apiece."""

from __future__ import annotations

import resource
import sys
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from projections import jsonsafe
from projections.public_states import _made, encoded_parts

PARTS = 20_000  # kept as orjson returns them: about 80 MB and a page fault each; copied: under 1 MB
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a thread's page faults are counted on Linux")


def states(count: int) -> list[dict[str, Any]]:
    return [{"id": f"member {n}", "hp": n, "ok": True, "gone": None, "tags": ["a"]} for n in range(count)]


def pages_touched(make: Callable[[], Any]) -> int:
    """The fresh pages (minor faults) of this thread while `make` runs, its result kept until then."""
    before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    kept = make()
    touched = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before
    del kept
    return touched


def test_a_states_parts_kept_by_thousands_touch_a_page_for_many_parts_not_one_each() -> None:
    many = states(PARTS // 5)
    assert pages_touched(lambda: [encoded_parts(state) for state in many]) < PARTS // 8
    assert pages_touched(lambda: [_made(state) for state in many]) < PARTS // 8


def test_jsonsafe_dumps_kept_by_thousands_touch_a_page_for_many_not_one_each() -> None:
    many = states(PARTS)
    assert pages_touched(lambda: [jsonsafe.dumps(state) for state in many]) < PARTS // 4


def test_the_parts_and_dumps_are_orjsons_bytes() -> None:
    for state in states(50):
        assert encoded_parts(state) == {name: orjson.dumps(value) for name, value in state.items()}
        assert jsonsafe.dumps(state) == orjson.dumps(state)
        encoded = orjson.dumps(state)
        assert jsonsafe.owned(encoded) == encoded and jsonsafe.owned(encoded) is not encoded
