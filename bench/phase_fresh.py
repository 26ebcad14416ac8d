"""`make bench`'s phase 1 in a fresh database against the same phase on a copy (issue 31, P6; docs/scaling.md,
"Issue 31, phase 1's server CPU in a fresh database (session 25)").

`make bench` resolves the big campaign's phase 1 seconds after building it in a new database; `bench.phase_run`
resolves a copy of a kept template. This plays phase 1 with `bench/played.py`'s `play_phase` (metered as the bench
meters it) in either, on the server at DATABASE_URL (default the shared one at 127.0.0.1):

`python -m bench.phase_fresh build NAME`: NAME built (`build`, no phase played) and left, as a template.
`python -m bench.phase_fresh fresh NAME [PREP]`: a new database NAME, the campaign built, PREP, phase 1 played.
`python -m bench.phase_fresh bench NAME`: as `bench/played_bench.py` starts: the small, big and writer campaigns
built in a new database NAME, the big one's phase 1 played while the small one's is open, orders paired.
`python -m bench.phase_fresh copy TEMPLATE [PREP]`: TEMPLATE copied (CREATE DATABASE ... TEMPLATE), PREP, phase 1.

PREP, comma-joined: `none`, `checkpoint` (CHECKPOINT: the next change of each page writes a full-page image),
`analyze` (ANALYZE), `vacan` (VACUUM ANALYZE), `hint` (every table read once: its rows' hint bits set). Prints
`RESULT {json}`: this process's and the backends' CPU seconds, the WAL bytes written meanwhile (the whole server's),
whether a checkpoint began meanwhile. The resolution is marked in the server's log by `select 'i31 resolution
start'` and `'... end'` (with log_min_duration_statement=0 in DATABASE_URL's options, its statements lie between).
The databases made are dropped (KEEP=1 keeps them), but a `build`'s.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from typing import Any

import psycopg

from bench.phase_run import admin, served
from bench.played import Played, Size, build, play_phase
from service.bootstrap import Intrigue
from service.persistence import database, migrations
from service.persistence.app import IntrigueStore
from service.persistence.database import Database

_PREPS = {
    "analyze": ["ANALYZE"],
    "vacan": ["VACUUM ANALYZE"],
    "checkpoint": ["CHECKPOINT"],
    "none": [],
}
_TABLES = "SELECT quote_ident(relname) FROM pg_stat_user_tables WHERE schemaname = 'public'"


def prepare(db: Database, steps: str) -> None:
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        for step in steps.split(","):
            if step == "hint":  # a sequential read checks every row's commit and sets its hint bits
                for (table,) in conn.execute(_TABLES).fetchall():
                    conn.execute(f"SELECT count(*) FROM {table}")
            for statement in _PREPS.get(step, []):
                conn.execute(statement)


def wal_mark(db: Database, note: str) -> tuple[int, str]:
    """(the server's WAL position in bytes, its last checkpoint's position), and `note` in the server's log."""
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        conn.execute(f"SELECT 'i31 resolution {note}'")
        row = conn.execute(
            "SELECT pg_current_wal_lsn() - '0/0'::pg_lsn, checkpoint_lsn::text FROM pg_control_checkpoint()"
        ).fetchone()
    assert row is not None
    return int(row[0]), str(row[1])


def fresh(name: str, size: Size) -> tuple[Intrigue, Played]:
    db = database.create_database(admin(), name)
    migrations.migrate(db)
    intrigue = Intrigue(db)  # played_bench's pool
    played = build(intrigue, db, size)
    intrigue.store.snapshots_written()
    return intrigue, played


def copied(template: str, size: Size) -> tuple[Intrigue, Played]:
    copy = f"{template}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin().conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{template}"')
    db = admin().with_dbname(copy)
    intrigue = Intrigue(db)
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT originator_id FROM intrigue_events WHERE topic = 'domain.campaign:Campaign.Created'"
        ).fetchone()
    assert row is not None
    return intrigue, Played(intrigue, db, row[0], size)


def as_the_bench(name: str, marks: dict[str, Any]) -> tuple[Intrigue, Played]:
    """bench/played_bench.py `_run` up to the big campaign's phase 1: both measuring stores open, the three
    campaigns built, the big one's phase 1 played inside the small one's, the orders timed in pairs."""
    from bench.played_bench import SMALL_FACTIONS, UNCACHED, Measures, paired_orders

    db = database.create_database(admin(), name)
    migrations.migrate(db)
    intrigue = Intrigue(db)
    stores = [
        IntrigueStore(env=db.eventsourcing_env(pool_size=1) | {"IS_SNAPSHOTTING_ENABLED": "n"} | UNCACHED),
        IntrigueStore(env=db.eventsourcing_env(pool_size=1) | UNCACHED),
    ]
    size = Size.from_env()
    small = build(intrigue, db, Size(SMALL_FACTIONS, size.assets, min(3, size.houses), 1), seed="small bench")
    big = build(intrigue, db, size)
    build(intrigue, db, Size(3, 4, 0, 1), seed="writer bench")
    measures = Measures(big, stores[0], stores[1])

    def before(open_big: Played, open_small: Played) -> None:
        measures.orders.update(paired_orders(open_big, open_small))
        marks["before"] = wal_mark(db, "start")

    play_phase(small, lambda open_small: play_phase(big, lambda open_big: before(open_big, open_small)))
    marks["after"] = wal_mark(db, "end")
    for store in stores:
        store.close()
    return intrigue, big


def main(mode: str, name: str, steps: str) -> None:
    served()
    size, marks, started = Size.from_env(phases=2), {}, time.perf_counter()
    if mode == "bench":
        intrigue, played = as_the_bench(name, marks)
    else:
        intrigue, played = fresh(name, size) if mode in ("build", "fresh") else copied(name, size)
    try:
        if mode == "build":
            return
        if mode != "bench":
            prepare(played.db, steps)
            play_phase(played, lambda _: marks.update(before=wal_mark(played.db, "start")))
            marks["after"] = wal_mark(played.db, "end")
        cpu, backends = played.phase_cpu[1]
        through = played.phase_events[1]
        out = {
            "mode": mode,
            "prep": steps,
            "cpu": round(cpu, 3),
            "backends": backends and round(backends, 3),
            "wall": round(played.phase_seconds[1], 3),
            "events": through[1] - through[0],
            "wal_bytes": marks["after"][0] - marks["before"][0],
            "checkpoint_began": marks["after"][1] != marks["before"][1],
            "load": round(os.getloadavg()[0], 2),
            "seconds": round(time.perf_counter() - started, 1),
        }
        print("RESULT " + json.dumps(out), flush=True)
    finally:
        intrigue.close()
        if mode != "build" and os.environ.get("KEEP") != "1":
            database.drop_database(admin(), played.db.dbname)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "none")
