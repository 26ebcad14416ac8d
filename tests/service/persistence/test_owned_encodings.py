"""Issue 31, P6 and P4 (session 24, i31-alloc): JSON a resolution keeps by the thousand is copied out of the heap block
orjson wrote it in (`jsonsafe.owned`), the same bytes: the events' encoding on save (`EventEncoder.written` and
`encode`, 1,100 events a big resolution), the phase reports' rows (`report_row`) and the standings' elements and
their assets' (`precomputed._element`). Kept as orjson returns it, each short JSON holds a block of its own and
touched a fresh page of memory apiece (tests/projections/test_owned_parts.py for the states' parts).

Each count is taken in a fresh interpreter (`python -m` this module): in the test process, memory other tests freed
is reused and hides the pages (a count of 78 where a fresh process touched 5,100)."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import orjson
import pytest

from service.entrypoints.graphql.precomputed import FactionStandings
from service.persistence.event_encoding import EventEncoder
from service.usecases.phase_report_kept import report_row
from service.usecases.phase_report_records import PhaseReport
from tests.entrypoints.graphql.test_standings_composed import CAMPAIGN, asset, faction
from tests.projections.test_owned_parts import pages_touched

MANY = 20_000  # kept as orjson returns them: a page fault each (20,100-21,900 measured); copied: 600-2,400
REPORTS, FACTIONS = 5_000, 2_000  # 5,100 / 420 pages; 8,300 / 750 (four elements a faction)
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a thread's page faults are counted on Linux")


def events(count: int) -> list[dict[str, Any]]:
    return [{"phase": n, "name": f"event {n}", "ids": [n, n + 1], "done": False} for n in range(count)]


def reports(count: int) -> list[PhaseReport]:
    return [PhaseReport(uuid4(), 3, uuid4(), "faction", n, [], [], [], [], [], []) for n in range(count)]


def _composed_twice() -> int:
    """Pages touched composing the standings of FACTIONS factions of one asset, the composer's caches made first."""
    states = [faction(f"F{n}", asset("Thugs")) for n in range(FACTIONS)]

    def read(kind: str, ids: list[UUID] | None) -> list[dict[str, Any]]:
        return copy.deepcopy(states) if kind == "faction" else []

    FactionStandings().compose(CAMPAIGN, None, read)
    return pages_touched(lambda: FactionStandings().compose(CAMPAIGN, None, read))


def _measured(part: str) -> int:
    encoder, states, kept = EventEncoder(), events(MANY), reports(REPORTS)
    if part == "written":
        return pages_touched(lambda: [encoder.written(state) for state in states])
    if part == "encode":
        return pages_touched(lambda: [encoder.encode(state) for state in states])
    if part == "reports":
        return pages_touched(lambda: [report_row(report) for report in kept])
    return _composed_twice()


def fresh_pages(part: str) -> int:
    root = Path(__file__).resolve().parents[3]
    run = [sys.executable, "-m", "tests.service.persistence.test_owned_encodings", part]
    return int(subprocess.run(run, cwd=root, check=True, capture_output=True, text=True).stdout)


@pytest.mark.parametrize(("part", "under"), [("written", MANY // 4), ("encode", MANY // 4), ("reports", REPORTS // 4)])
def test_json_kept_by_thousands_touches_a_page_for_many_not_one_each(part: str, under: int) -> None:
    assert fresh_pages(part) < under


def test_standings_elements_kept_by_thousands_touch_a_page_for_many_not_one_each() -> None:
    assert fresh_pages("compose") < FACTIONS * 2


def test_the_encodings_are_orjsons_bytes() -> None:
    encoder = EventEncoder()
    for state in events(20):
        assert encoder.written(state) == (orjson.dumps(state), state, True)
        assert encoder.encode(state) == orjson.dumps(state)
    for report in reports(5):
        assert report_row(report) == orjson.dumps(report)


if __name__ == "__main__":
    print(_measured(sys.argv[1]))
