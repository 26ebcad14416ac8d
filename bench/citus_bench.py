"""`make bench`'s Citus section (issue 27, targets; BENCH_ONLY=citus): the lanes measure on a Citus cluster.

The cluster is BENCH_CITUS_URL (a coordinator), else one this section starts from ../shared/citus/ under
./var/citus (BENCH_CITUS_PORT, default 5610; a coordinator and two workers) and stops after. The measure is
bench/lanes_bench.py's, unchanged: N writer processes on their own campaigns, ABAB rounds of whole `roll_dice`
commands against raw single-row INSERT + COMMIT on warm connections, on the same cluster. The raw table is
distributed too (by its `originator_id`: each raw writer's rows go to one shard, a router insert as a command's
are), so both sides pay the coordinator's hop to a worker. Targets: at N=1 a command against raw >= 0.5 (P1 on
the cluster); commands/s at N=8 >= 2x N=1.
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from bench import lanes_bench
from bench.played_rows import Figure, ensure_raw_table, report
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
                conn.execute("SELECT create_distributed_table('raw_events', 'originator_id')")
            runs = [lanes_bench.measure(db, n, lanes_bench.round_seconds()) for n in counts]
        finally:
            database.drop_database(admin, name)
    one, most = runs[0], runs[-1]
    figures = [
        Figure(
            f"a command against a raw commit at N={one.writers} (P1 on the cluster)",
            one.command_rate / one.raw_rate,
            ">= 0.5",
        ),
        Figure(f"commands/s at N={most.writers} against N={one.writers}", most.command_rate / one.command_rate, ">= 2"),
    ]
    return report(TITLE, lanes_bench.details(runs), figures)
