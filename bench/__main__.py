"""Run every benchmark against one server: DATABASE_URL, or the embedded PostgreSQL.

By default `lanes` (issue 26's P7: 1-8 writer processes against raw commits, bench/lanes_bench.py), `played`
and `assistant` (issue 19's simulation, bench/assistant_sim.py). `played`: the issue 16
table on a campaign built and played with the services (bench/played.py;
INTRIGUE_BENCH_SCALE, INTRIGUE_BENCH_FACTIONS/_ASSETS/_HOUSES/_PHASES size it). The older synthetic sections run
when named: BENCH_ONLY=played,store,http,projections,history,transfer,citus,capacity picks sections (citus: issue
27, bench/citus_bench.py, on BENCH_CITUS_URL or a cluster it starts; capacity: issue 27's campaigns a node
carries, bench/capacity.py, on DATABASE_URL or the embedded server). BENCH_SCALE multiplies
their sizes (default 1: a 50,000-event projection backlog, HTTP loads of at most 2,000 requests or 8 s a round);
BENCH_HISTORY_EVENTS (default 100000) is the longest history timed "as of"; BENCH_EXPORT_EVENTS
(default 100000, 1000000 for the issue's full million) is the size of the exported campaign stream.
"""

from __future__ import annotations

import os
import sys
import uuid

from bench import (
    assistant_sim,
    capacity,
    citus_bench,
    history,
    http_load,
    lanes_bench,
    played_bench,
    played_rows,
    projections,
    transfer,
)
from bench.server_memory import resident_memory
from bench.store import run_all
from service.bootstrap import Settings
from service.persistence import database, migrations
from service.persistence.app import AGGREGATE_CACHE, IntrigueStore


def main() -> int:
    settings = Settings()
    scale = int(os.environ.get("BENCH_SCALE", "1"))
    only = set(filter(None, os.environ.get("BENCH_ONLY", "").split(","))) or {"lanes", "played", "assistant"}
    admin = database.resolve(settings.database_url, settings.pgdata)
    name = f"intrigue_bench_{uuid.uuid4().hex[:8]}"
    db = database.create_database(admin, name)
    print(f"Benchmarks on {db.describe()}; ratios compare with raw PostgreSQL in this same run.")
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the start.")
    migrations.migrate(db)
    # Loads timed from the tables: neither store keeps aggregates between loads (service/persistence/app.py).
    store = IntrigueStore(env=db.eventsourcing_env() | {AGGREGATE_CACHE: "0"})
    full_replay = IntrigueStore(env=db.eventsourcing_env() | {"IS_SNAPSHOTTING_ENABLED": "n", AGGREGATE_CACHE: "0"})
    full_replay.snapshotting_intervals = {}
    results: list[bool] = []
    try:
        if "lanes" in only:  # a database of its own, before the played campaign loads the machine's caches
            results += lanes_bench.run(admin)
            resident_memory("lanes")
        if "played" in only:  # a database of its own
            results += played_bench.run(admin)
            resident_memory("played")
        if "capacity" in only:  # issue 27, item 7: a database and a service process of its own
            results += capacity.run(admin)
            resident_memory("capacity")
        if "citus" in only:  # issue 27: a Citus cluster of its own (bench/citus_bench.py)
            results += citus_bench.run()
            resident_memory("citus")
        if "assistant" in only:  # issue 19: no database, the domain plays seeded campaigns
            results += assistant_sim.run()
            resident_memory("assistant")
        if "http" in only:  # first, while the log is short: its server projects every event on start
            results += http_load.run(db, scale)
            resident_memory("http")
        if "store" in only:
            results += run_all(store, full_replay, db.conninfo)
            resident_memory("store")
        if "projections" in only:
            results.append(projections.catch_up(store, db, 50_000 * scale))
            results.append(projections.full_rebuild(db))
            projections.played_rebuild(admin)
            resident_memory("projections")
        if only & {"history", "transfer"}:
            ok, campaign = history.as_of(store, db.conninfo)
            results += [ok] if "history" in only else []
            if "transfer" in only:
                history.grow(store, campaign, int(os.environ.get("BENCH_EXPORT_EVENTS", "100000")))
                results.append(transfer.export_import(admin, db, campaign.id))
            resident_memory("history/transfer")
    finally:
        store.close()
        full_replay.close()
        database.drop_database(admin, name)
    print(f"\n{sum(results)} of {len(results)} targets met; load average {played_rows.load()} at the end.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
