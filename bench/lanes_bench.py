"""`make bench`'s lanes section (issue 26, P7): N writer processes, each on its own campaign, against raw commits.

For N = 1, 2, 4, 8 (`INTRIGUE_BENCH_WRITERS`), N processes are started (spawned: each its own interpreter, store
and warm connections, as N API processes would be). Each creates its campaign, then the rounds alternate
(ABAB, `ROUNDS` of each, `INTRIGUE_BENCH_LANE_SECONDS` a round): A, every process runs whole `roll_dice` commands
(load, decide, save in its lane, inline fold, read-your-writes) for the round; B, every process runs single-row
INSERT + COMMIT into a plain table on its warm connection. During each round a thread in this process samples
`pg_stat_activity` for the bench database's backends waiting on `Lock:*`. Rates are medians over the rounds.

Each round also counts CPU seconds (bench/cpu_meter.py): each writer process's own (all its threads), the bench
database's backends' (from /proc), and the machine's busy core-seconds, so the row says per command and per raw
commit where the CPU goes, and whether a rate is bounded by the machine's cores: the most N writers can gain over
one is the cores over what one writer already keeps busy; the most commands can reach of raw commits, once the
cores are full, is a raw commit's CPU over a command's.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import statistics
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import psycopg

from bench import cpu_meter, server_memory
from bench.cpu_meter import SAMPLER, CpuMeter, Spent
from bench.played_rows import Figure, ensure_raw_table, report
from domain.commands import CreateCampaign, RollDice
from service.persistence import database, migrations, outcomes
from service.persistence.database import Database

ROUNDS = 5  # of each side: the issue asks a median of at least 5
TITLE = "P7: N writer processes, each on its own campaign, against raw concurrent single-row commits"
_RAW_INSERT = "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"
_LOCK_WAITERS = (
    "SELECT wait_event FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    " AND pid <> pg_backend_pid()"
)


def writer_counts() -> list[int]:
    return [int(n) for n in os.environ.get("INTRIGUE_BENCH_WRITERS", "1,2,4,8").split(",")]


def round_seconds() -> float:
    return float(os.environ.get("INTRIGUE_BENCH_LANE_SECONDS", "2"))


def _writer(db: Database, pipe: Connection, start: Any) -> None:
    """One writer process: its own Intrigue (store pool of 1, no projection runner) and raw connection."""
    from service.bootstrap import Intrigue  # imported in the spawned process

    intrigue = Intrigue(db, pool_size=1, run_projections=False, migrate=False)
    raw = psycopg.connect(db.conninfo, autocommit=True)
    try:
        campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"lane {uuid.uuid4().hex[:6]}", ["factionturn"]))
        roll = RollDice(campaign.id, "2d6", "bench")
        intrigue.campaigns.roll_dice(roll)  # warm: a pooled connection, prepared plans
        raw_id, version = uuid.uuid4(), 0
        payload = b"x" * 450  # about a DiceRolled event's payload
        raw.execute(_RAW_INSERT, (raw_id, 0, "bench.raw", payload), prepare=True)
        pipe.send("ready")
        while (task := pipe.recv()) is not None:
            side, seconds = task
            start.wait()
            cpu, count, lagged, ends = time.process_time(), 0, 0, time.perf_counter() + seconds
            while time.perf_counter() < ends:
                if side == "command":
                    with outcomes.tracking() as outcome:  # as an API request's command runs
                        intrigue.campaigns.roll_dice(roll)
                    lagged += outcome.lagging  # left to a runner, and not folded within the 10 s bound
                else:  # autocommit: one INSERT, one COMMIT
                    version += 1
                    raw.execute(_RAW_INSERT, (raw_id, version, "bench.raw", payload), prepare=True)
                count += 1
            pipe.send((count, time.process_time() - cpu, lagged))
    finally:
        raw.close()
        intrigue.close()


@dataclass
class Sampler:
    """Polls the bench database's backends waiting on a lock while a round runs."""

    conninfo: str
    samples: list[int] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    _stop: threading.Event = field(default_factory=threading.Event)

    def __enter__(self) -> Sampler:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True, application_name=SAMPLER) as conn:
            while not self._stop.is_set():
                rows = conn.execute(_LOCK_WAITERS, prepare=True).fetchall()
                self.samples.append(len(rows))
                self.events.update(f"Lock:{r[0]}" for r in rows)
                time.sleep(0.01)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.samples) if self.samples else 0.0


@dataclass
class Lanes:
    """The rates of one N: commands/s and raw commits/s per round, and the lock waiters of the command rounds."""

    writers: int
    commands: list[float] = field(default_factory=list)
    raw: list[float] = field(default_factory=list)
    waiting: list[float] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    lagged: int = 0  # commands whose read-your-writes wait gave up ("reads may lag")
    spent: dict[str, list[Spent]] = field(default_factory=lambda: {"command": [], "raw": []})

    @property
    def command_rate(self) -> float:
        return statistics.median(self.commands)

    @property
    def raw_rate(self) -> float:
        return statistics.median(self.raw)


def measure(db: Database, writers: int, seconds: float, rounds: int = ROUNDS) -> Lanes:
    ctx = mp.get_context("spawn")  # no pool, lock or thread of this process is inherited
    start = ctx.Barrier(writers + 1, timeout=120)  # a dead writer breaks it
    pipes, procs = [], []
    for _ in range(writers):
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=_writer, args=(db, theirs, start), daemon=True)
        proc.start()
        theirs.close()  # the writer's end lives in the writer only: its death is an EOFError here
        pipes.append(ours)
        procs.append(proc)
    lanes = Lanes(writers)
    meter = psycopg.connect(db.conninfo, autocommit=True, application_name=SAMPLER)
    try:
        for pipe in pipes:
            if pipe.recv() != "ready":
                raise RuntimeError("a writer process did not start")
        for _ in range(rounds):
            for side in ("command", "raw"):  # ABAB: each command round beside its raw round
                for pipe in pipes:
                    pipe.send((side, seconds))
                with Sampler(db.conninfo) as sampler, CpuMeter(meter) as cpu:
                    start.wait()
                    done = [pipe.recv() for pipe in pipes]
                ops = sum(count for count, _, _ in done)
                assert cpu.round is not None
                lanes.spent[side].append(Spent(ops, sum(client for _, client, _ in done), cpu.round))
                lanes.lagged += sum(lagged for _, _, lagged in done)
                rate = ops / seconds
                if side == "command":
                    lanes.commands.append(rate)
                    lanes.waiting.append(sampler.mean)
                    lanes.events.update(sampler.events)
                else:
                    lanes.raw.append(rate)
    finally:
        server_memory.note_many(f"writer processes of the N={writers} round", [p.pid for p in procs if p.pid])
        for pipe in pipes:
            pipe.send(None)
        for proc in procs:
            proc.join(timeout=30)
        meter.close()
    return lanes


def run(admin: Database) -> list[bool]:
    name = f"intrigue_bench_lanes_{uuid.uuid4().hex[:8]}"
    db = database.create_database(admin, name)
    print(
        f"\nLanes: {', '.join(map(str, writer_counts()))} writer processes, {ROUNDS} rounds of"
        f" {round_seconds():g} s a side (ABAB); database {name}."
    )
    try:
        migrations.migrate(db)
        ensure_raw_table(db.conninfo)
        return _report([measure(db, n, round_seconds()) for n in writer_counts()])
    finally:
        database.drop_database(admin, name)


def details(runs: list[Lanes]) -> list[str]:
    """A line per N: its rates, their ratio, the lock waiters seen, and the CPU each side spent."""
    return [
        f"N={r.writers}: {r.command_rate:.1f} commands/s (roll_dice), raw {r.raw_rate:.0f} commits/s;"
        f" ratio {r.command_rate / r.raw_rate:.3f}; {statistics.fmean(r.waiting):.2f} backends waiting on Lock:*"
        f" on average{' (' + ', '.join(f'{k} {v}' for k, v in r.events.most_common(3)) + ')' if r.events else ''};"
        f' {r.lagged} answered "reads may lag"'
        for r in runs
    ] + [line for r in runs for line in _cpu(r)]


def _report(runs: list[Lanes]) -> list[bool]:
    one, most = runs[0], runs[-1]
    figures = [
        Figure(f"commands/s at N={most.writers} against N={one.writers}", most.command_rate / one.command_rate, ">= 2"),
        Figure(f"commands/s against raw commits/s at N={most.writers}", most.command_rate / most.raw_rate, ">= 0.25"),
        Figure(
            f"backends waiting on Lock:* at N={most.writers}, mean of the samples",
            statistics.fmean(most.waiting),
            "< 0.5",
        ),
    ]
    return report(TITLE, details(runs) + _ceilings(one, most), figures)


def _cpu(r: Lanes) -> list[str]:
    lines = []
    for side, what in (("command", "command"), ("raw", "raw commit")):
        machine, ours = cpu_meter.cores(r.spent[side])
        busy = f"{machine:.2f} of {os.cpu_count()} cores busy" + (f", {ours:.2f} ours" if ours is not None else "")
        lines.append(f"N={r.writers}, CPU per {what}: {cpu_meter.per_op(r.spent[side])}; {busy}")
    return lines


def _ceilings(one: Lanes, most: Lanes) -> list[str]:
    """What the machine's cores allow the two rates, from the CPU measured (issue 26: a target out of reach on
    this machine is said so, with its measured reason)."""
    cpus = os.cpu_count() or 1
    _, used = cpu_meter.cores(one.spent["command"])
    command, raw = cpu_meter.ours_cost(most.spent["command"]), cpu_meter.ours_cost(most.spent["raw"])
    if used is None or command is None or raw is None:
        return ["CPU ceilings: not measurable (PostgreSQL is not on this machine)"]
    machine, ours = cpu_meter.cores(most.spent["command"])
    others = max(0.0, machine - (ours or 0.0))
    return [
        f"Ceiling of N={most.writers}/N={one.writers} on {cpus} cores: N={one.writers} kept {used:.2f} cores busy;"
        f" at N={most.writers}'s {command * 1e3:.3f} ms CPU per command, the whole machine allows at most"
        f" {cpus / command:.0f} commands/s, {cpus / command / one.command_rate:.2f}x N={one.writers}; during the"
        f" N={most.writers} command rounds others (and this bench's sampler) kept {others:.2f} cores busy",
        f"Ceiling of commands/raw when both sides fill the cores: a raw commit costs {raw * 1e3:.3f} ms CPU and a"
        f" command {command * 1e3:.3f} ms, so at most {raw / command:.3f}",
    ]
