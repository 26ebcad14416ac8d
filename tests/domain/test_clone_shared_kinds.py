"""Issue 31, P6: a working copy (domain/clone.py) shares a time kind once it has met one (kept in `_SHARED`, so
the containers take it without a call); what it gives stays what `copy.deepcopy` gives, and every other kind that
is not an atom is still copied, however many times it is met and after any time kind."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from domain.clone import _ATOMS, _SHARED, clone


class Box:
    """A mutable value of no kind `clone` knows: it goes to `deepcopy`."""

    def __init__(self, items: list[int]) -> None:
        self.items = items

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and other.items == self.items


class datetime:  # a class named as the time kind, of another module: mutable, so copied
    def __init__(self) -> None:
        self.items: list[int] = [1]


def value() -> dict[str, Any]:
    moment = dt.datetime(2026, 12, 5, 23, 0, tzinfo=dt.UTC)
    return {
        "at": moment,
        "times": [dt.date(2026, 1, 2), dt.timedelta(seconds=5), (moment, Box([1]))],
        "box": Box([1, 2]),
        "nested": {"box": [Box([3])], "when": moment},
        "other": datetime(),
    }


def test_a_copy_shares_times_and_copies_everything_else_each_time() -> None:
    for _ in range(3):  # the first copy meets the time kinds; the later ones find them kept
        original = value()
        made = clone(original)
        assert made["at"] is original["at"] and made["times"][0] is original["times"][0]
        assert made["times"][2][0] is original["at"] and made["nested"]["when"] is original["at"]
        for path in (("box",), ("times", 2, 1), ("nested", "box", 0), ("other",)):
            left, right = made, original
            for step in path:
                left, right = left[step], right[step]
            assert left is not right and left.items is not right.items
        deep = copy.deepcopy(original)
        assert made["times"][:2] == deep["times"][:2] and made["box"] == deep["box"] == original["box"]
    assert {dt.datetime, dt.date, dt.timedelta} <= _SHARED
    assert _SHARED - {dt.datetime, dt.date, dt.timedelta} == set(_ATOMS)  # nothing mutable kept as shared
