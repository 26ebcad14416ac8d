"""Run every benchmark against one server: DATABASE_URL, or the embedded PostgreSQL."""

from __future__ import annotations

import sys
import uuid

from bench.store import run_all
from service import database
from service.app import IntrigueStore
from service.bootstrap import Settings


def main() -> int:
    settings = Settings()
    admin = database.resolve(settings.database_url, settings.pgdata)
    name = f"intrigue_bench_{uuid.uuid4().hex[:8]}"
    db = database.create_database(admin, name)
    print(f"Benchmarks on {db.describe()}; ratios compare with raw PostgreSQL in this same run.")
    store = IntrigueStore(env=db.eventsourcing_env())
    full_replay = IntrigueStore(env=db.eventsourcing_env() | {"IS_SNAPSHOTTING_ENABLED": "n"})
    full_replay.snapshotting_intervals = {}
    try:
        results = run_all(store, full_replay, db.conninfo)
    finally:
        store.close()
        full_replay.close()
        database.drop_database(admin, name)
    print(f"\n{sum(results)} of {len(results)} targets met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
