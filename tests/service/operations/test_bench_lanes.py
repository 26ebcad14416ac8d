"""The lanes bench (issue 26, P7) runs whole at a tiny size: writer processes on their own campaigns, ABAB with
raw commits, and prints its row with the load average, each N's rates and lock waiters, ratios and targets.
Timings are printed, never asserted."""

from __future__ import annotations

import os
import re

import pytest

from bench import lanes_bench
from service.persistence.database import Database


def test_the_lanes_row_is_printed_for_each_writer_count_with_ratios_and_targets(
    admin_db: Database, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("INTRIGUE_BENCH_WRITERS", "1,2")
    monkeypatch.setenv("INTRIGUE_BENCH_LANE_SECONDS", "0.2")
    results = lanes_bench.run(admin_db)
    out = capsys.readouterr().out
    assert re.search(re.escape(lanes_bench.TITLE) + r"  \[load average \d+\.\d\d \d+\.\d\d \d+\.\d\d\]", out), out
    for n in (1, 2):
        line = re.search(rf"N={n}: ([\d.]+) commands/s \(roll_dice\), raw (\d+) commits/s;.*Lock:\*", out)
        assert line and float(line[1]) > 0 and int(line[2]) > 0, out  # every process wrote on both sides
    for n in (1, 2):  # where the CPU went, per command and per raw commit: writers and PostgreSQL (on this machine)
        for what in ("command", "raw commit"):
            assert re.search(rf"N={n}, CPU per {what}: [\d.]+ ms CPU \([\d.]+ writers \+ [\d.]+ PostgreSQL\)", out), out
    assert "Ceiling of N=2/N=1 on" in out and "Ceiling of commands/raw" in out, out
    assert len(re.findall(r"ratio +[\d.e+-]+ +target +(<=|>=|<) [\d.]+: (meets|misses)", out)) == len(results) == 3


def test_cpu_is_read_for_live_processes_and_a_server_elsewhere_is_said_not_measurable() -> None:
    from bench.cpu_meter import Round, Spent, ours_cost, per_op, process_seconds

    assert (process_seconds(os.getpid()) or 0.0) > 0 and process_seconds(2**22 + 1) is None  # past pid_max
    elsewhere = [Spent(10, 0.01, Round(None, 1.0, 1.0))]
    assert "not measurable" in per_op(elsewhere) and ours_cost(elsewhere) is None
    here = [Spent(10, 0.01, Round(0.02, 1.0, 1.0))]
    assert per_op(here).startswith("3.000 ms CPU (1.000 writers + 2.000 PostgreSQL)")
    assert ours_cost(here) == pytest.approx(0.003)


def test_a_target_below_a_bound_is_met_only_under_it() -> None:
    from bench.played_rows import Figure

    assert Figure("waiters", 0.49, "< 0.5").met and not Figure("waiters", 0.5, "< 0.5").met
    assert Figure("rate", 2.0, ">= 2").met and not Figure("rate", 1.99, ">= 2").met
