"""One big phase resolved from a kept database, to profile it and to compare two trees on the same dice (issue 31,
item 1; docs/scaling.md, "One big phase, profiled and cut").

`python -m bench.phase_run template NAME [PHASES]`: builds `bench/played.py`'s campaign (the issue's size, or
INTRIGUE_BENCH_* / F, H) in a database NAME on the server at DATABASE_URL (default the shared one at 127.0.0.1),
plays PHASES phases (default 0), opens the next and gives every faction and house its orders, and leaves it there,
unresolved. Building the issue's size takes minutes; this is done once.

`python -m bench.phase_run resolve NAME LABEL [PROFILE]`: copies NAME (`CREATE DATABASE ... TEMPLATE`), loads the
campaign and its members (as the order commands leave a serving process), and resolves the phase, metered like
`bench/played.py`'s `play_phase`: this process's CPU seconds, the backends', the wall time. With PROFILE, under
cProfile, the stats dumped there. Prints `RESULT {json}` with a digest of the events the phase appended (topics,
aggregates, versions and states, in order) and of the read models, so two trees' runs on the same template can be
compared for identical results. Run it from each tree in turn (ABAB) with the same interpreter.

Both commands register the standings' composer, as a served process does (`served`; STANDINGS=0 leaves it out):
before session 12 this bench did not, so its resolutions skipped the standings answers' recomposition (0.10-0.15 s
of CPU at the issue's size) that `make bench`'s played section and a served process pay (docs/scaling.md, "The
bench's phase against phase_run's (session 12)"). DUMP_TABLES=PREFIX writes each read model's rows (times left out)
to PREFIX.TABLE, to compare two trees' rows where a digest differs.
"""

from __future__ import annotations

import cProfile
import hashlib
import json
import os
import re
import sys
import time
import uuid
from typing import Any

import psycopg

from bench.cpu_meter import SAMPLER, CpuMeter
from bench.played import Size, build, order_factions, play_phase
from bench.played_rows import ensure_raw_table, phase_rows, raw_executemany
from domain.campaign import Campaign
from domain.factionturn.face import Faction
from domain.gameofbones.face import House
from domain.region import Region
from projections import jsonsafe, kept
from projections.state import public_state
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.persistence import database, migrations
from tests.support.gameofbones_world import give_orders

_READ_MODELS = """SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = 'public' AND c.relname NOT LIKE 'intrigue_%' ORDER BY 1"""


def after_warm() -> None:
    """Called once the process is warm, before the resolution (bench/phase_split.py starts its sums there)."""


def admin() -> database.Database:
    return database.Database.from_url(os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))


def copy_of(name: str) -> tuple[str, database.Database]:
    """A fresh copy of the kept database `name` (CREATE DATABASE ... TEMPLATE): its name and its Database."""
    copy = f"{name}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin().conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
    return copy, admin().with_dbname(copy)


def served() -> None:
    """The writers keep the standings answers, as the app's and every CLI command's do (create_app): without it
    a resolution skipped their recomposition, which a served one pays (docs/scaling.md, session 12). STANDINGS=0
    leaves them out, to measure what they cost."""
    if os.environ.get("STANDINGS", "1") != "0":
        precompute_standings()


def template(name: str, phases: int) -> None:
    served()
    db = database.create_database(admin(), name)
    migrations.migrate(db)
    intrigue = Intrigue(db, pool_size=2)
    size = Size.from_env(phases=phases + 1)
    played = build(intrigue, db, size)
    for _ in range(phases):
        play_phase(played)
    intrigue.campaigns.open_phase(played.campaign_id)
    order_factions(played)
    if size.houses:
        give_orders(intrigue, played.campaign_id)
    intrigue.store.snapshots_written()
    intrigue.close()
    print(json.dumps({"template": name, "size": size.describe(), "campaign": str(played.campaign_id)}), flush=True)


def digest(db: database.Database, after: int) -> dict[str, str]:
    """Hashes of what the phase appended (past notification id `after`) and of every read model's rows, ids and
    times left out where a run draws them anew (none: the same template gives the same ids)."""
    out: dict[str, str] = {}
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT originator_id, originator_version, topic, state FROM intrigue_events"
            " WHERE notification_id > %s ORDER BY notification_id",
            (after,),
        ).fetchall()
        out["events"] = f"{len(rows)}:" + _hash(rows)
        if os.environ.get("DUMP"):
            with open(os.environ["DUMP"], "w") as f:
                f.writelines(_TIMES.sub(b"T", repr(r).encode()).decode() + "\n" for r in rows)
        for (table,) in conn.execute(_READ_MODELS).fetchall():
            data = conn.execute(f'SELECT * FROM "{table}"').fetchall()
            out[table] = f"{len(data)}:" + _hash(sorted(repr(r) for r in data))
            if os.environ.get("DUMP_TABLES"):
                with open(f"{os.environ['DUMP_TABLES']}.{table}", "w") as f:
                    f.writelines(_TIMES.sub(b"T", r.encode()).decode() + "\n" for r in sorted(repr(r) for r in data))
    return out


_TIMES = re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(\+00(:00)?)?|datetime\.datetime\([^)]*\)+")


def _hash(rows: Any) -> str:
    """Times left out: the clock, not the dice, draws them."""
    h = hashlib.sha256()
    for row in rows:
        h.update(_TIMES.sub(b"T", repr(row).encode()))
    return h.hexdigest()[:16]


def warm_inline(intrigue: Intrigue, campaign_id: uuid.UUID) -> None:
    """The inline projection's caches as a process that served the campaign's commands has them: each aggregate
    folded at its row's version, and the row's state as written (else the resolution would restore every one
    from the store, and write every row whole)."""
    inline = intrigue.store.recorder.inline
    if inline is None:
        return
    view = inline.view
    with psycopg.connect(db_of(intrigue)) as conn:
        rows = conn.execute(
            "SELECT id, campaign_id, version, recent FROM aggregate_state_g1 WHERE campaign_id = %s", (campaign_id,)
        ).fetchall()
    ids = [r[0] for r in rows]
    recent = {i.int: set(keys) for i, _, _, keys in rows}
    view.caught_up = {"versions": [[str(i), str(c), v] for i, c, v, _ in rows]}
    with view.datastore.transaction(commit=False) as curs:
        if view._aimed is None:
            view._aim(1)
        view._campaigns = [campaign_id]
        states = view._starting_states(curs, {i.int: i for i in ids})
    for key, state in states.items():
        if state is None:
            continue
        encoded = {name: jsonsafe.dumps(value) for name, value in public_state(state).items()}
        kept.keep(view._cache, key, kept.Folded(state, kept.folded_size(encoded)))
        # What the writer keeps is the row's `state` as last written whole, under its `recent` keys: a key in
        # `recent` is held there at another value than its `state` has, so it is never taken as unchanged (b"" is
        # no value's encoding) and a patch writes it into `recent` again. Keeping the state as it is now, `recent`
        # and all, dropped such keys from the next patch, and the row read an older value (session 18).
        stored = {name: b"" if name in recent.get(key, ()) else value for name, value in encoded.items()}
        kept.keep(view._stored, key, (state.version, stored))


def loaded_warm(intrigue: Intrigue, db: database.Database) -> Campaign:
    """The copy's one campaign, its members loaded as the phase's order commands leave a serving process."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            "SELECT originator_id FROM intrigue_events WHERE topic = 'domain.campaign:Campaign.Created'"
        ).fetchone()
    assert row is not None
    campaign = intrigue.store.load(row[0], Campaign)
    intrigue.store.load_many(campaign.member_ids("faction"), Faction)
    intrigue.store.load_many(campaign.member_ids("house"), House)
    intrigue.store.load_many(campaign.member_ids("region"), Region)
    return campaign


def db_of(intrigue: Intrigue) -> str:
    return intrigue.db.conninfo


def resolve(name: str, label: str, profile: str | None) -> None:
    served()
    copy, db = copy_of(name)
    try:
        migrations.migrate(db)
        intrigue = Intrigue(db, pool_size=2)
        campaign_id = loaded_warm(intrigue, db).id
        warm_inline(intrigue, campaign_id)
        after_warm()
        before = intrigue.store.recorder.max_notification_id() or 0
        load = os.getloadavg()[0]
        profiler = cProfile.Profile(time.process_time) if profile else None
        with (
            psycopg.connect(db.conninfo, autocommit=True, application_name=SAMPLER) as conn,
            CpuMeter(conn) as meter,
        ):
            started, cpu = time.perf_counter(), time.process_time()
            if profiler:
                profiler.enable()
            resolved = intrigue.campaigns.resolve_phase(campaign_id)
            answered = time.perf_counter() - started
            intrigue.store.snapshots_written()
            if profiler:
                profiler.disable()
            cpu = time.process_time() - cpu
        if profiler and profile:
            profiler.dump_stats(profile)
        assert meter.round is not None
        after = intrigue.store.recorder.max_notification_id() or 0
        # The bench's baseline (bench/played_bench.py): the phase's rows written by a raw executemany, right after.
        ensure_raw_table(db.conninfo)
        raw = raw_executemany(db.conninfo, {0: phase_rows(db.conninfo, before, after)}, repeats=5)[0]
        out = {
            "label": label,
            "phase": resolved.phase,
            "cpu": round(cpu, 3),
            "backends": meter.round.backends and round(meter.round.backends, 3),
            "wall": round(answered, 3),
            "events": after - before,
            "raw": round(raw, 4),
            "ratio": round(answered / raw, 1),
            "load": [load, os.getloadavg()[0]],
            "digest": digest(db, before),
        }
        intrigue.close()
        print("RESULT " + json.dumps(out), flush=True)
    finally:
        database.drop_database(admin(), copy)


if __name__ == "__main__":
    if sys.argv[1] == "template":
        template(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    else:
        resolve(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
