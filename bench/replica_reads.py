"""Read-your-writes on a real primary and streaming replica, under load (issue 27, item 6): `python -m
bench.replica_reads [runs]`. Each run starts a primary and a standby of its own (tests/service/operations/pgcluster.py);
WRITERS clients each create a campaign, then read it back at once naming their position, WRITES_EACH times.
Printed: reads that saw their write, the replica waits that found the position there (hit) or fell back to the
primary after INTRIGUE_REPLICA_WAIT (miss), and the mean latency the choice added. docs/scaling.md has three runs."""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from tests.service.operations.test_read_replica import replicated_with, write_then_read

WRITERS, WRITES_EACH = 8, 25


def one_run(n: int) -> bool:
    with replicated_with(apply_delay_ms=0) as (client, replica):
        names = [f"bench {n} {w}-{i}" for w in range(WRITERS) for i in range(WRITES_EACH)]
        began, load = time.monotonic(), os.getloadavg()[0]
        with ThreadPoolExecutor(WRITERS) as pool:
            seen = list(pool.map(lambda name: write_then_read(client, name, "given"), names))
        took, waits = time.monotonic() - began, replica.waits
        named = waits["hit"] + waits["miss"]
        print(
            f"run {n}: {len(seen)} write-then-read pairs in {took:.1f} s by {WRITERS} clients | saw own write"
            f" {sum(seen)}/{len(seen)} | replica waits: hit {waits['hit']}, miss {waits['miss']} | added"
            f" {1000 * replica.waited / max(named, 1):.1f} ms a read | reads sent: {replica.sent} | load {load:.1f}"
        )
        return all(seen)


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    return 0 if all([one_run(n + 1) for n in range(runs)]) else 1


if __name__ == "__main__":
    sys.exit(main())
