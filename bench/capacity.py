"""`make bench`'s capacity section (issue 27, item 7; BENCH_ONLY=capacity): how many campaigns one node carries.

K campaigns are played at once as tables play them (bench/capacity_tables.py), over HTTP against the real service
(one uvicorn process, bench/http_servers.py's `Server`), with the phase compressed: a phase that lasts REAL_PHASE
seconds at a table (`INTRIGUE_BENCH_CAPACITY_REAL_PHASE`, default 900: a quarter of an hour) is played in WINDOW
seconds (`INTRIGUE_BENCH_CAPACITY_WINDOW`, default 9), so K tables here send what REAL_PHASE / WINDOW x K tables
send at a real pace. Two service levels: latency (p99 of a command within P99_MS, every resolution within
RESOLUTION_S) and pace (no table's lag over LAG_SHARE of a window, no failed answer). K is raised
(`INTRIGUE_BENCH_CAPACITY_K`, default 1,2,4,...,64) until the pace fails: past it a node only falls further
behind, while the latency level also moves with whatever else the machine runs. For each K: commands/s, p50/p99
command latency, resolutions, the CPU of the service process, of the database's backends and of the whole
machine, and the load average; each K's round beside a round of raw single-row commits on a warm connection just
before it (ABAB). The largest K that holds, times the compression, is the campaigns one node carries at a real
pace; the CPU a table cost gives the bound of an otherwise idle node. Tables: `INTRIGUE_BENCH_CAPACITY_FACTIONS`
(default 10) and `_HOUSES` (5); `_PHASES` (3) phases each a round. The database's CPU is its backends' (on this
machine), or with `INTRIGUE_BENCH_CAPACITY_PGDATA` (data directories, comma-separated) those whole servers',
every node of a Citus cluster.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
import uuid
from dataclasses import dataclass

import psycopg

from bench import server_memory
from bench.capacity_tables import Client, Planner, Round, Table, Tally, build_tables
from bench.cpu_meter import SAMPLER, CpuMeter, process_seconds, servers_seconds
from bench.http_servers import Server
from bench.played_rows import ensure_raw_table, load, report
from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import precompute_standings
from service.persistence import database, migrations
from service.persistence.database import Database

TITLE = "Capacity: K campaigns played at once over HTTP, the phase compressed, K raised until the service level fails"
P99_MS = 250.0  # a command's p99, as the standings target
RESOLUTION_S = 5.0  # the GM's wait for a phase's resolution
LAG_SHARE = 0.25  # of a window: a table that ends its phases later than this is falling behind
RAW_SECONDS = 2.0
_RAW_INSERT = "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"


@dataclass(frozen=True)
class Settings:
    ks: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
    window: float = 9.0
    real_phase: float = 900.0
    phases: int = 3
    factions: int = 10
    houses: int = 5
    servers: tuple[str, ...] = ()  # data directories: the database's CPU is these whole servers' (a Citus cluster)

    @classmethod
    def from_env(cls) -> Settings:
        def env(name: str, default: object) -> str:
            return os.environ.get(f"INTRIGUE_BENCH_CAPACITY_{name}", str(default))

        d = cls()
        return cls(
            tuple(int(k) for k in env("K", ",".join(map(str, d.ks))).split(",")),
            float(env("WINDOW", d.window)),
            float(env("REAL_PHASE", d.real_phase)),
            int(env("PHASES", d.phases)),
            int(env("FACTIONS", d.factions)),
            int(env("HOUSES", d.houses)),
            tuple(filter(None, env("PGDATA", "").split(","))),
        )

    @property
    def compression(self) -> float:
        return self.real_phase / self.window


@dataclass(frozen=True)
class Row:
    """One K's round, measured."""

    k: int
    tally: Tally
    wall: float
    service: float | None  # CPU seconds of the service process
    backends: float | None  # CPU seconds of the database's backends (None: not on this machine)
    machine: float  # busy core-seconds of the whole machine
    client: float  # CPU seconds of this process: the seats (their choices, their HTTP)
    raw: float  # raw single-row commits/s on a warm connection, the round just before
    load: str

    def p(self, values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000 if ordered else 0.0

    def slow(self) -> list[str]:
        """The latency levels this round failed: a command's p99, a resolution's wait."""
        t, p99, longest = self.tally, self.p(self.tally.commands, 99), max(self.tally.resolutions, default=0.0)
        return (
            [
                why
                for why, bad in (
                    (f"p99 of a command {p99:.0f} ms > {P99_MS:g}", p99 > P99_MS),
                    (f"a resolution took {longest:.1f} s > {RESOLUTION_S:g}", longest > RESOLUTION_S),
                )
                if bad
            ]
            if t.commands
            else []
        )

    def behind(self, window: float) -> list[str]:
        """The pace levels this round failed: a table fell behind its phases, or an answer failed."""
        t, lag = self.tally, max(self.tally.lags, default=0.0)
        return [
            why
            for why, bad in (
                (f"a table ended {lag:.1f} s behind > {LAG_SHARE * window:g}", lag > LAG_SHARE * window),
                (f"{len(t.failed)} answers failed, the first: {t.failed[0] if t.failed else ''}", bool(t.failed)),
            )
            if bad
        ]

    def broken(self, window: float) -> list[str]:
        return self.slow() + self.behind(window)

    def used(self) -> float | None:
        """Cores the service and PostgreSQL kept busy (None: the server is not on this machine)."""
        if self.service is None or self.backends is None:
            return None
        return (self.service + self.backends) / self.wall

    def cores(self, seconds: float | None) -> str:
        return "n/a" if seconds is None else f"{seconds / self.wall:.3f}"

    def idle_line(self) -> str:
        cores = self.cores
        return (
            f"idle (the service up, no table playing, {self.wall:.1f} s): cores busy: service"
            f" {cores(self.service)}, PostgreSQL {cores(self.backends)}, machine"
            f" {self.machine / self.wall:.2f} of {os.cpu_count()};"
            f" raw {self.raw:.0f} commits/s just before; load {self.load}"
        )

    def line(self) -> str:
        t, cores = self.tally, (lambda s: "n/a" if s is None else f"{s / self.wall:.2f}")
        return (
            f"K={self.k:>3}: {len(t.commands) / self.wall:6.1f} commands/s ({t.accepted} accepted, {t.refused}"
            f" refused, {len(t.commands)} in {self.wall:.1f} s), p50 {self.p(t.commands, 50):.0f} ms p99"
            f" {self.p(t.commands, 99):.0f} ms; {len(t.resolutions)} resolutions p50"
            f" {self.p(t.resolutions, 50):.0f} ms max {self.p(t.resolutions, 100):.0f} ms; {len(t.reads)} reads"
            f" p99 {self.p(t.reads, 99):.0f} ms; lag max {max(t.lags, default=0):.2f} s; cores busy: service"
            f" {cores(self.service)}, PostgreSQL {cores(self.backends)}, seats {cores(self.client)}, machine"
            f" {self.machine / self.wall:.2f} of {os.cpu_count()}; raw {self.raw:.0f} commits/s just before;"
            f" load {self.load}"
        )


def raw_commits(conninfo: str, seconds: float = RAW_SECONDS) -> float:
    """Single-row INSERT + COMMIT on one warm connection for `seconds`: commits/s."""
    payload, row, count = b"x" * 300, uuid.uuid4(), 0
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(_RAW_INSERT, (row, 0, "bench.raw", payload), prepare=True)  # warm
        ends = time.perf_counter() + seconds
        while time.perf_counter() < ends:
            count += 1
            conn.execute(_RAW_INSERT, (row, count, "bench.raw", payload), prepare=True)
    return count / seconds


def measure(server: Server, planner: Planner, db: Database, tables: list[Table], s: Settings) -> Row:
    """One round of every table in `tables`, with the CPU it cost the service, the database and the machine."""
    raw = raw_commits(db.conninfo)

    async def played() -> Tally:
        client = Client(server.port)
        await client.warm(min(64, 2 * len(tables) + 2))
        try:
            if not tables:  # the idle round: what the service and the database spend with nobody playing
                await asyncio.sleep(s.window)
            return await Round(client, planner, s.window, s.phases, seed=len(tables)).play(tables)
        finally:
            await client.close()

    pid, servers = server.process.pid, s.servers
    with psycopg.connect(db.conninfo, autocommit=True, application_name=SAMPLER) as conn, CpuMeter(conn) as cpu:
        service, client = process_seconds(pid), time.process_time()
        database_cpu = servers_seconds(servers) if servers else 0.0
        tally = asyncio.run(played())
        service_after, client = process_seconds(pid), time.process_time() - client
        database_cpu = servers_seconds(servers) - database_cpu if servers else 0.0
    assert cpu.round is not None
    spent = None if service is None or service_after is None else service_after - service
    backends = database_cpu if servers else cpu.round.backends
    return Row(len(tables), tally, cpu.round.wall, spent, backends, cpu.round.machine, client, raw, load())


def run(admin: Database) -> list[bool]:
    s = Settings.from_env()
    name = f"intrigue_bench_capacity_{uuid.uuid4().hex[:8]}"
    db = database.create_database(admin, name)
    print(
        f"\nCapacity: K = {', '.join(map(str, s.ks))} tables of {s.factions} factions and {s.houses} houses, each"
        f" playing {s.phases} phases of {s.window:g} s (a {s.real_phase:g} s phase compressed {s.compression:g}x);"
        f" database {name} on {admin.describe()}."
    )
    try:
        migrations.migrate(db)
        ensure_raw_table(db.conninfo)
        precompute_standings()  # this process builds the tables: its writers keep the standings as the app's do
        intrigue = Intrigue(db, pool_size=4, run_projections=False, migrate=False)
        try:
            return _run(intrigue, db, s)
        finally:
            server_memory.note("the tables' builder and planner, in this process", store=intrigue.store)
            intrigue.close()
    finally:
        database.drop_database(admin, name)


def _run(intrigue: Intrigue, db: Database, s: Settings) -> list[bool]:
    rows: list[Row] = []
    tables: list[Table] = []
    with Server("intrigue", db) as server:
        idle = measure(server, Planner(intrigue), db, [], s)
        print(f"  [capacity] {idle.idle_line()}", flush=True)
        for k in s.ks:
            started = time.perf_counter()
            tables += build_tables(intrigue, db, k - len(tables), s.factions, s.houses, first=len(tables))
            print(f"  [capacity] {len(tables)} tables built ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
            rows.append(measure(server, Planner(intrigue), db, tables[:k], s))
            print(f"  [capacity] {rows[-1].line()}", flush=True)
            if rows[-1].behind(s.window):  # past the pace the node keeps: a larger K only falls further behind
                break
    return report(TITLE, [idle.idle_line()] + [row.line() for row in rows] + conclusion(rows, s, idle), [])


def conclusion(rows: list[Row], s: Settings, idle: Row) -> list[str]:
    """The largest K that holds both levels, the largest that keeps pace, each at a real pace, and the CPU's bound:
    what a table adds to the idle service's and database's cores, against the cores the idle ones leave."""
    per_phase = statistics.fmean(len(r.tally.commands) / (r.k * s.phases) for r in rows)
    reads = statistics.fmean(len(r.tally.reads) / (r.k * s.phases) for r in rows)
    lines = [
        f"commands a campaign a phase (the seats' orders, refused ones too, and the GM's opening):"
        f" {per_phase:.1f}; a resolution and {reads:.0f} reads beside them"
    ]
    for level, fails in (("both levels", lambda r: r.broken(s.window)), ("the pace", lambda r: r.behind(s.window))):
        failed = next((r for r in rows if fails(r)), None)
        held = [r.k for r in rows[: rows.index(failed) if failed else len(rows)]]
        lines.append(
            f"{level}: K={failed.k} fails ({'; '.join(fails(failed))})"
            if failed
            else f"{level}: every K held, the limit is further (INTRIGUE_BENCH_CAPACITY_K)"
        )
        lines.append(
            f"{level}: largest K that holds {held[-1]}, at {s.compression:g}x compression"
            f" {held[-1] * s.compression:.0f} campaigns with a phase every {s.real_phase:g} s"
            if held
            else f"{level}: no K held"
        )
    base, last = idle.used(), rows[-1]
    used = last.used()
    if base is not None and used is not None:
        cpus, cost = os.cpu_count() or 1, max(used - base, 1e-9) / last.k
        most = (cpus - base) / cost
        lines.append(
            f"CPU bound: idle, the service and PostgreSQL keep {base:.3f} cores busy; at K={last.k} a table"
            f" adds {cost:.3f} (service and PostgreSQL); {cpus} cores with nothing else running carry at"
            f" most {most:.0f} tables here, {most * s.compression:.0f} at a real pace"
        )
    return lines
