"""The played-campaign bench runs whole at a tiny size and prints every row of issue 16's table with a ratio
and a target, so it cannot rot unnoticed. Timings are printed, never asserted."""

from __future__ import annotations

import re
from types import SimpleNamespace
from uuid import uuid4

import pytest

from bench import played_bench
from bench.house_loads import interleaved_loads
from bench.played import Size, batches
from bench.played_rows import ROWS
from service.persistence.database import Database

TINY = {"FACTIONS": "3", "ASSETS": "5", "HOUSES": "2", "PHASES": "2", "REQUESTS": "20", "LOAD_SECONDS": "1"}


def test_every_row_of_the_table_is_printed_with_its_ratio_and_target(
    admin_db: Database, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in TINY.items():
        monkeypatch.setenv(f"INTRIGUE_BENCH_{name}", value)
    results = played_bench.run(admin_db)
    out = capsys.readouterr().out
    blocks = {b.split("  [load average")[0]: b for b in out.split("\n\n")}
    for title in ROWS:
        assert title in blocks, f"row not printed: {title}\n{out}"
        assert re.search(r"\[load average \d+\.\d\d \d+\.\d\d \d+\.\d\d\]", blocks[title])
        assert re.search(r"ratio +[\d.e+-]+ +target +(<=|>=) [\d.]+: (meets|misses)", blocks[title]), blocks[title]
    assert "3 factions x 5 assets, 2 houses, 2 phases" in out
    for phase in (1, 2):  # each paired phase's resolution also in CPU: this process and PostgreSQL's backends
        assert re.search(
            rf"phase {phase}: resolution [\d.]+ ms CPU \([\d.]+ this process \+ [\d.]+ PostgreSQL\)", blocks[ROWS[0]]
        ), blocks[ROWS[0]]
    assert "CPU of phase 2 / phase 1: " in blocks[ROWS[0]]
    for phase in (1, 2):  # P6's bound: the deciding, the encoding and the insert, summed as printed
        floor = re.search(
            rf"phase {phase}: with no read model written, an answer is at least its deciding ([\d.]+) ms \+ its"
            r" events encoded ([\d.]+) \((\d+) saves\) \+ inserted ([\d.]+) = ([\d.]+) ms, [\d.]+x the raw executemany",
            blocks[ROWS[2]],
        )
        assert floor is not None, blocks[ROWS[2]]
        deciding, encoded, saves, inserted, total = (float(x) for x in floor.groups())
        assert saves >= 1  # the resolution's save was seen encoding
        assert abs(deciding + encoded + inserted - total) <= 0.15
    for phase in (1, 2):  # P3: both loads timed once the campaign is played, in turn
        assert re.search(rf"phase {phase}: load [\d.]+ ms \(at its version then", blocks[ROWS[3]]), blocks[ROWS[3]]
    assert "load at phase 2 / load at phase 1, with snapshots, interleaved" in blocks[ROWS[3]]
    assert len(results) == out.count(": meets") + out.count(": misses") >= len(ROWS)


def test_the_size_follows_the_environment_and_defaults_to_the_issue(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SCALE", *TINY):
        monkeypatch.delenv(f"INTRIGUE_BENCH_{name}", raising=False)
    assert (Size.from_env().factions, Size.from_env().assets, Size.from_env().houses) == (100, 20, 50)
    monkeypatch.setenv("INTRIGUE_BENCH_SCALE", "0.1")
    assert (Size.from_env().factions, Size.from_env().houses) == (10, 5)
    monkeypatch.setenv("INTRIGUE_BENCH_PHASES", "7")
    assert Size.from_env().phases == 7


@pytest.mark.parametrize("factions", [3, 4, 6, 7, 8, 9, 13, 100])
def test_factions_are_generated_in_batches_the_tables_allow(factions: int) -> None:
    assert sum(batches(factions)) == factions
    assert all(3 <= b <= 6 for b in batches(factions))


class _Loads:
    """A store that says which versions were asked for, in order, and hands back a House at that version."""

    def __init__(self, wrong: int | None = None) -> None:
        self.asked: list[int] = []
        self.wrong = wrong

    def load(self, aggregate_id: object, kind: type, version: int) -> object:
        self.asked.append(version)
        return SimpleNamespace(version=self.wrong if self.wrong is not None else version)


def test_the_house_loads_are_taken_in_turn_abba_at_each_phase_s_version() -> None:
    store = _Loads()
    medians = interleaved_loads(store, uuid4(), {1: 10, 50: 90}, rounds=4, batch=2)  # type: ignore[arg-type]
    assert set(medians) == {1, 50} and all(m >= 0 for m in medians.values())
    warm, timed = store.asked[:2], store.asked[2:]
    assert warm == [10, 90]
    assert timed == [10, 10, 90, 90, 90, 90, 10, 10, 10, 10, 90, 90, 90, 90, 10, 10]


def test_a_house_not_at_the_asked_version_stops_the_measure() -> None:
    with pytest.raises(RuntimeError, match="not 10"):
        interleaved_loads(_Loads(wrong=11), uuid4(), {1: 10, 50: 90})  # type: ignore[arg-type]
