"""`make bench`'s Citus section (issue 27, targets; BENCH_ONLY=citus): the lanes measure on a Citus cluster.

The cluster is BENCH_CITUS_URL (a coordinator), else one this section starts from ../shared/citus/ under
./var/citus (BENCH_CITUS_PORT, default 5610; a coordinator and two workers) and stops after. The measure is
bench/lanes_bench.py's, unchanged: N writer processes on their own campaigns, ABAB rounds of whole `roll_dice`
commands against raw single-row INSERT + COMMIT on warm connections, on the same cluster. The raw table is
distributed too (by its `originator_id`: each raw writer's rows go to one shard, a router insert as a command's
are), so both sides pay the coordinator's hop to a worker. Target: commands/s at N=8 >= 2x N=1.

P1 on the cluster (issue 27's "a full command against raw SQL doing the same on the same cluster >= 0.5") is
played_bench's row: `roll_dice` against bench/played_rows.py's `RawCommand` (the events after the kept version
read, the lane's head moved, one event inserted, the read-model row locked and written, one transaction), ABAB,
medians, its raw tables distributed by their lane (co-located: one worker's transaction, as a command's). This
process runs the state projection as a deployment's worker does (`intrigue worker`): the writer processes run
none, so an event a command leaves to the runner is folded here, as it would be in production, not waited for
until the 10 s read-your-writes bound. The writers count such commands ("reads may lag").
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from bench import lanes_bench, server_memory
from bench.played_rows import _RAW_LANE, Figure, command_against_raw, ensure_raw_table, report
from domain.commands import CreateCampaign
from service.bootstrap import Intrigue
from service.persistence import database, migrations
from service.persistence.database import Database

ROOT = Path(__file__).resolve().parents[1]
CLUSTER = ROOT.parent / "shared" / "citus" / "cluster.sh"
TITLE = "Citus: N writer processes on their own campaigns, a coordinator and two workers, against raw router commits"


@contextmanager
def cluster() -> Iterator[Database | None]:
    """The coordinator to bench on: BENCH_CITUS_URL, else a cluster started here (None when Citus is missing)."""
    url = os.environ.get("BENCH_CITUS_URL")
    if url:
        yield Database.from_url(url)
        return
    if not Path("/usr/lib/postgresql/15/lib/citus.so").exists() or not CLUSTER.exists():
        print("\nCitus: skipped (not installed; ../shared/citus/build.sh builds it, or set BENCH_CITUS_URL).")
        yield None
        return
    data = ROOT / "var" / "citus"
    port = os.environ.get("BENCH_CITUS_PORT", "5610")
    started = subprocess.run([str(CLUSTER), "start", str(data), port, "2"], check=True, capture_output=True, text=True)
    try:
        yield Database.from_url(started.stdout.strip().splitlines()[-1])
    finally:
        subprocess.run([str(CLUSTER), "stop", str(data)], check=False)


def run() -> list[bool]:
    with cluster() as admin:
        if admin is None:
            return []
        name = f"intrigue_bench_citus_{uuid.uuid4().hex[:8]}"
        db = database.create_database(admin, name)
        counts = lanes_bench.writer_counts()
        print(
            f"\nCitus: {', '.join(map(str, counts))} writer processes, {lanes_bench.ROUNDS} rounds of"
            f" {lanes_bench.round_seconds():g} s a side (ABAB); database {name} on {admin.describe()}."
        )
        try:
            migrations.migrate(db)
            ensure_raw_table(db.conninfo)
            with psycopg.connect(db.conninfo, autocommit=True) as conn:
                for ddl in _RAW_LANE:
                    conn.execute(ddl)
                # By the lane's id, all uuid: Citus's default co-location group, so one raw command is one worker's.
                for table, column in (
                    ("raw_events", "originator_id"),
                    ("raw_heads", "campaign_id"),
                    ("raw_state", "campaign_id"),
                ):
                    conn.execute("SELECT create_distributed_table(%s, %s)", (table, column))
            worker = Intrigue(db, pool_size=1, migrate=False)  # the deployment's worker: runs the projection
            try:
                command = _command_row(worker, db.conninfo)
                runs = [lanes_bench.measure(db, n, lanes_bench.round_seconds()) for n in counts]
            finally:
                server_memory.note("the worker's services, in this process", store=worker.store)
                worker.close()
        finally:
            database.drop_database(admin, name)
    one, most = runs[0], runs[-1]
    figures = [
        Figure(f"commands/s at N={most.writers} against N={one.writers}", most.command_rate / one.command_rate, ">= 2"),
    ]
    return command + report(TITLE, lanes_bench.details(runs), figures)


def _command_row(intrigue: Intrigue, conninfo: str, n: int = 20, rounds: int = 5) -> list[bool]:
    """P1 on the cluster: ABAB, `rounds` of `n` `roll_dice` commands each beside `n` raw ones; the medians."""
    campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"p1 {uuid.uuid4().hex[:6]}", ["factionturn"]))
    ours, raws = command_against_raw(intrigue, conninfo, campaign.id, n, rounds)
    return report(
        "P1 on the cluster: a full command against raw SQL doing the same reads and write in one transaction",
        [
            f"roll_dice (load, decide, commit, inline fold, read-your-writes): {ours * 1000:.2f} ms a command,"
            f" median of {rounds} rounds of {n}",
            f"raw, warm connection, interleaved (ABAB): the events after the kept version read, lane head moved,"
            f" one event inserted, read-model row locked and written, one transaction: {raws * 1000:.2f} ms",
        ],
        [Figure("commands/s against raw transactions/s", raws / ours, ">= 0.5")],
    )
