"""The played-campaign bench runs whole at a tiny size and prints every row of issue 16's table with a ratio
and a target, so it cannot rot unnoticed. Timings are printed, never asserted."""

from __future__ import annotations

import re

import pytest

from bench import played_bench
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
