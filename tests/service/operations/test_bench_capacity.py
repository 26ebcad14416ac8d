"""The capacity bench (issue 27, item 7) at a tiny size: K tables play their phases over HTTP against the real
service, and what the round counts is what the log holds. Its service levels and conclusion are checked on
rounds made up here. Timings are printed, never asserted."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from bench import capacity
from bench.capacity import Row, Settings, conclusion
from bench.capacity_tables import Planner, Table, Tally, build_tables
from bench.http_servers import Server
from bench.played_rows import ensure_raw_table
from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.persistence.database import Database

TINY = Settings(ks=(2,), window=1.0, phases=2, factions=3, houses=2)


@pytest.fixture
def intrigue(fresh_db: Database) -> Iterator[Intrigue]:
    system = Intrigue(fresh_db, pool_size=2, run_projections=False)
    ensure_raw_table(fresh_db.conninfo)
    yield system
    system.close()


def logged(db: Database, tables: list[Table]) -> Counter[str]:
    """The events the log holds for the tables: each kind counted. (Counted before and after a round, not by
    notification id: on a Citus cluster each shard numbers its own, so ids from two campaigns are not in order.)"""
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT split_part(topic, '.', -1), count(*) FROM intrigue_events WHERE campaign_id = ANY(%s) GROUP BY 1",
            ([t.campaign_id for t in tables],),
        ).fetchall()
    return Counter({str(kind): int(n) for kind, n in rows})


def test_a_round_plays_every_table_and_counts_the_commands_the_log_holds(
    intrigue: Intrigue, fresh_db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    tables = build_tables(intrigue, fresh_db, 2, TINY.factions, TINY.houses)
    assert [len(t.seats) for t in tables] == [TINY.factions + TINY.houses] * 2
    before = logged(fresh_db, tables)
    with Server("intrigue", fresh_db) as server:
        row = capacity.measure(server, Planner(intrigue), fresh_db, tables, TINY)
    tally = row.tally
    assert not tally.failed, tally.failed
    for table in tables:  # every table opened and resolved each of its phases
        campaign = intrigue.store.load(table.campaign_id, Campaign)
        assert (campaign.phase, campaign.phase_status) == (TINY.phases, "resolved")
    assert len(tally.resolutions) == 2 * TINY.phases
    log = logged(fresh_db, tables) - before
    # Every accepted command is one event of its kind: the GM's openings, the factions' orders, the houses'
    # actions; every living faction's orders are accepted once a phase (its narrative when no candidate is).
    assert log["PhaseOpened"] == 2 * TINY.phases
    assert log["OrderSubmitted"] == 2 * TINY.phases * TINY.factions
    assert tally.accepted == log["PhaseOpened"] + log["OrderSubmitted"] + log["ActionOrdered"]
    assert len(tally.commands) == tally.accepted + tally.refused
    assert len(tally.reads) == 2 * TINY.phases * len(tables[0].seats) * 2  # standings and its own list, each seat
    assert len(tally.lags) == 2 and row.k == 2 and row.raw > 0
    assert row.line().startswith("K=  2: ") and f"{tally.accepted} accepted" in row.line()


def _row(k: int, commands_ms: float, resolution_s: float = 0.5, lag: float = 0.0, failed: int = 0) -> Row:
    tally = Tally(
        commands=[commands_ms / 1000] * 20,
        accepted=20,
        resolutions=[resolution_s] * 3,
        lags=[lag] * k,
        failed=["503"] * failed,
    )
    return Row(k, tally, 10.0, 1.0, 1.0, 5.0, 0.5, 500.0, "1.00 1.00 1.00")


def test_each_service_level_breaks_a_round_and_the_largest_k_that_holds_is_converted_by_the_compression() -> None:
    s = Settings(ks=(1, 2, 4), window=9.0, real_phase=900.0, phases=3)
    assert _row(1, 100).broken(s.window) == []
    assert "p99 of a command 300 ms > 250" in _row(1, 300).broken(s.window)[0]
    assert "a resolution took 6.0 s > 5" in _row(1, 100, resolution_s=6.0).broken(s.window)[0]
    assert "behind" in _row(1, 100, lag=3.0).broken(s.window)[0] and not _row(1, 100, lag=2.0).broken(s.window)
    assert "1 answers failed" in _row(1, 100, failed=1).broken(s.window)[0]
    idle = Row(0, Tally(), 10.0, 0.2, 0.3, 1.0, 0.0, 500.0, "1.00 1.00 1.00")  # 0.05 cores busy, idle
    lines = conclusion([_row(1, 100), _row(2, 120), _row(4, 400), _row(8, 400, lag=3.0)], s, idle)
    assert "both levels: K=4 fails (p99 of a command 400 ms > 250)" in lines
    assert "both levels: largest K that holds 2, at 100x compression 200 campaigns with a phase every 900 s" in lines
    assert any(line.startswith("the pace: K=8 fails (a table ended 3.0 s behind > 2.25)") for line in lines)
    assert "the pace: largest K that holds 4, at 100x compression 400 campaigns with a phase every 900 s" in lines
    # The last round's CPU, (1 + 1) s over 10 s, less the idle 0.05 cores, over 8 tables: 0.01875 cores a table;
    # the 1.95 cores the idle service leaves carry 104 tables, 10400 at a real pace.
    assert (
        lines[-1].startswith(
            "CPU bound: idle, the service and PostgreSQL keep 0.050 cores busy; at K=8 a table adds 0.019"
        )
        and "at most 104 tables here, 10400 at a real pace" in lines[-1]
    )
    assert "both levels: no K held" in conclusion([_row(1, 400)], s, idle)
    every = "the pace: every K held, the limit is further (INTRIGUE_BENCH_CAPACITY_K)"
    assert every in conclusion([_row(1, 400)], s, idle)


def test_a_server_s_cpu_is_its_postmaster_s_and_its_children_s_those_gone_too(tmp_path: Path) -> None:
    from bench.cpu_meter import servers_seconds

    (tmp_path / "postmaster.pid").write_text(f"{os.getpid()}\n{tmp_path}\n")  # this process stands for a postmaster
    before, children = servers_seconds([str(tmp_path)]), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "sum(range(20_000_000))"], check=True)  # a child, gone before the reading
    after, done = servers_seconds([str(tmp_path)]), resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = done.ru_utime + done.ru_stime - children.ru_utime - children.ru_stime
    assert spent > 0.05 and after - before >= spent - 0.02  # within a clock tick or two of /proc's granularity
