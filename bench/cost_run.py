"""One run of the issue 31 session 10 comparison (docs/scaling.md, "The answer in pieces, and snapshots after the
answer"): `bench/played.py`'s campaign built and played on a database of its own, then each phase's resolution
CPU and wall time, the database's and the standings table's bytes printed as one JSON line (`RESULT {...}`);
with STANDINGS=1, then `bench/played_standings.py`'s section on it.

Run it from each tree to compare, alternately (ABAB), with the same interpreter:
`cd TREE && PYTHONPATH=TREE python -m bench.cost_run LABEL` (an older tree: copy this file into it first).
DATABASE_URL names the server (default the shared one at 127.0.0.1:5432); F, H and P size it (default 100
factions, 50 houses, 2 phases; 20 assets each).
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid

import psycopg

from bench.played import Size, build, database_bytes, play_phase
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.persistence import database, migrations

_STANDINGS = (
    "SELECT coalesce(sum(pg_total_relation_size(oid)), 0) FROM pg_class WHERE relname ~ '^standings_answer_g[0-9]+$'"
)


def standings_bytes(db: database.Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(_STANDINGS).fetchone()
    return int(row[0]) if row else 0


def main(label: str) -> None:
    admin = database.Database.from_url(os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    name = f"cost_run_{uuid.uuid4().hex[:6]}"
    db = database.create_database(admin, name)
    try:
        migrations.migrate(db)
        intrigue = Intrigue(db, pool_size=2)
        precompute_standings()
        size = Size(int(os.environ.get("F", 100)), 20, int(os.environ.get("H", 50)), int(os.environ.get("P", 2)))
        load, started, cpu = os.getloadavg()[0], time.perf_counter(), time.process_time()
        played = build(intrigue, db, size)
        out: dict[str, object] = {
            "label": label,
            "size": size.describe(),
            "build_s": time.perf_counter() - started,
            "build_cpu": time.process_time() - cpu,
            "build_db": database_bytes(db),
            "build_standings": standings_bytes(db),
        }
        phases = []
        for _ in range(size.phases):
            play_phase(played)
            p = played.phase
            phases.append(
                {
                    "phase": p,
                    "wall": played.phase_seconds[p],
                    "cpu": played.phase_cpu[p][0],
                    "backends": played.phase_cpu[p][1],
                    "db": played.db_bytes[p],
                    "standings": standings_bytes(db),
                    "load": os.getloadavg()[0],
                }
            )
        print("RESULT " + json.dumps(out | {"phases": phases, "load": [load, os.getloadavg()[0]]}), flush=True)
        if os.environ.get("STANDINGS"):
            from bench import played_standings

            small = build(intrigue, db, Size(6, 20, 3, 1), seed="small bench")
            play_phase(small)
            writer = build(intrigue, db, Size(3, 4, 0, 1), seed="writer bench").campaign_id
            played_standings.run(db, small.campaign_id, played.campaign_id, writer)
        intrigue.close()
    finally:
        database.drop_database(admin, name)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "run")
