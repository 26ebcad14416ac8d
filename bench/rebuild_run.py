"""One rebuild of the state projection from a kept database, to profile it and to compare two trees on the same log
(issue 31, item 3; docs/scaling.md, "The rebuild of a 50-phase log").

`python -m bench.rebuild_run NAME LABEL [PROFILE]`: copies NAME (a database `bench.phase_run template` built, or any
played log; `CREATE DATABASE ... TEMPLATE`), reads its events raw (the best of three sequential SELECTs, as
`make bench` does), then rebuilds the state projection as `make bench` does (`service.operations.worker.rebuild`),
metered: this process's CPU seconds, its worker processes' (`workers`: a log of 100,000 events or more is folded in
parallel, service/operations/rebuild_parts.py), the CPU of the database's PostgreSQL backends (sampled while they
live, so the rebuild's own connections count), the wall time. With PROFILE, under cProfile, the stats dumped there.
Prints `RESULT {json}` with a digest of every read model's rows after the switch, so two trees' rebuilds of the same
template can be compared for identical rows. Run it from each tree in turn (ABAB) with the same interpreter.
"""

from __future__ import annotations

import cProfile
import json
import os
import sys
import threading
import time

import psycopg

from bench.cpu_meter import SAMPLER, process_seconds
from bench.phase_run import admin, copy_of, digest
from bench.played_rows import rebuild_seconds
from bench.projections import _raw_read
from service.persistence import database, migrations

_PIDS = """SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
    AND application_name <> %s AND pid <> pg_backend_pid()"""


class BackendSampler(threading.Thread):
    """The CPU seconds of every backend of the database seen while it runs: each one's last reading, less its
    first (a backend that ended between two readings loses at most `every` seconds of its CPU)."""

    def __init__(self, conninfo: str, every: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.conninfo, self.every, self.stop = conninfo, every, threading.Event()
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}

    def run(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True, application_name=SAMPLER) as conn:
            while not self.stop.is_set():
                for (pid,) in conn.execute(_PIDS, (SAMPLER,)).fetchall():
                    seconds = process_seconds(int(pid))
                    if seconds is not None:
                        self.first.setdefault(int(pid), seconds)
                        self.last[int(pid)] = seconds
                self.stop.wait(self.every)

    def seconds(self) -> float:
        self.stop.set()
        self.join()
        return sum(self.last[pid] - self.first[pid] for pid in self.last)


def _children_seconds() -> float:
    """The CPU seconds of this process's children that have ended: a parallel rebuild's worker processes
    (service/operations/rebuild_parts.py), whose CPU `process_time` does not count."""
    times = os.times()
    return times.children_user + times.children_system


def run(name: str, label: str, profile: str | None) -> None:
    copy, db = copy_of(name)
    try:
        migrations.migrate(db)
        raw = _raw_read(db.conninfo, 0)
        env = {**db.eventsourcing_env(), "CREATE_TABLE": "n"}
        load = os.getloadavg()[0]
        sampler = BackendSampler(db.conninfo)
        sampler.start()
        profiler = cProfile.Profile(time.process_time) if profile else None
        cpu, children = time.process_time(), _children_seconds()
        if profiler:
            profiler.enable()
        seconds = rebuild_seconds(db, env)
        if profiler:
            profiler.disable()
        cpu, children = time.process_time() - cpu, _children_seconds() - children
        backends = sampler.seconds()
        if profiler and profile:
            profiler.dump_stats(profile)
        out = {
            "label": label,
            "events": raw.operations,
            "seconds": round(seconds, 2),
            "cpu": round(cpu, 2),
            "workers": round(children, 2),
            "backends": round(backends, 2),
            "events_per_s": round(raw.operations / seconds),
            "events_per_cpu_s": round(raw.operations / (cpu + children + backends)),
            "raw_per_s": round(raw.per_second),
            "ratio": round(raw.operations / seconds / raw.per_second, 4),
            "load": [round(load, 2), round(os.getloadavg()[0], 2)],
            "digest": digest(db, 1 << 62),
        }
        print("RESULT " + json.dumps(out), flush=True)
    finally:
        database.drop_database(admin(), copy)


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
