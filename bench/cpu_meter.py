"""CPU seconds spent during a bench round (issue 26, item 6): by the bench database's PostgreSQL backends (read from
/proc, so on this machine only: an embedded or local server), and by the whole machine, so a reader sees whether a
rate is bounded by the cores rather than by a wait of ours."""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

SAMPLER = "intrigue-bench-sampler"  # the lock sampler's own connection, left out of the backends' CPU
_BACKENDS = """SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
    AND application_name <> %s AND pid <> pg_backend_pid()"""
_TICK = os.sysconf("SC_CLK_TCK")


def process_seconds(pid: int) -> float | None:
    """User and system CPU seconds of a process so far (None when it is gone or not on this machine)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / _TICK


def machine_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds of every core since boot, from /proc/stat (iowait counts as idle)."""
    user, nice, system, idle, iowait, *rest = (
        int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]
    )
    busy = user + nice + system + sum(rest[:3])  # irq, softirq, steal
    return busy / _TICK, (busy + idle + iowait) / _TICK


@dataclass
class Round:
    """CPU seconds of one round: the backends of the bench database, and the machine's busy core-seconds."""

    backends: float | None
    machine: float
    wall: float  # seconds the meter was open


class CpuMeter:
    """Opened before a round and read after it: `with CpuMeter(conninfo) as meter: ...; meter.round`."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn
        self.round: Round | None = None

    def __enter__(self) -> CpuMeter:
        pids = [int(str(row[0])) for row in self.conn.execute(_BACKENDS, (SAMPLER,)).fetchall()]
        self._start = {pid: process_seconds(pid) for pid in pids}
        self._machine, self._wall = machine_seconds()[0], time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        machine, wall = machine_seconds()[0] - self._machine, time.perf_counter() - self._wall
        spent: list[float] = []
        for pid, start in self._start.items():
            end = process_seconds(pid)
            if start is None or end is None:  # not readable here: the server is not on this machine
                self.round = Round(None, machine, wall)
                return
            spent.append(end - start)
        self.round = Round(sum(spent), machine, wall)


@dataclass(frozen=True)
class Spent:
    """One round's operations and CPU seconds: the writer processes' own (`client`) and the meter's `Round`."""

    ops: int
    client: float
    cpu: Round


def per_op(rounds: list[Spent]) -> str:
    """CPU milliseconds per operation, the medians of the rounds: in all, the writers', PostgreSQL's."""
    client = statistics.median(r.client / r.ops * 1e3 for r in rounds)
    if any(r.cpu.backends is None for r in rounds):
        return f"{client:.3f} ms CPU in the writers (PostgreSQL's not measurable: not on this machine)"
    server = statistics.median(r.cpu.backends / r.ops * 1e3 for r in rounds if r.cpu.backends is not None)
    return f"{client + server:.3f} ms CPU ({client:.3f} writers + {server:.3f} PostgreSQL)"


def ours_cost(rounds: list[Spent]) -> float | None:
    """CPU seconds per operation, writers and backends (None when the backends cannot be measured)."""
    if any(r.cpu.backends is None for r in rounds):
        return None
    return statistics.median((r.client + (r.cpu.backends or 0.0)) / r.ops for r in rounds)


def cores(rounds: list[Spent]) -> tuple[float, float | None]:
    """(machine, ours): cores kept busy during the rounds, the whole machine's and the bench's own, medians."""
    machine = statistics.median(r.cpu.machine / r.cpu.wall for r in rounds)
    if any(r.cpu.backends is None for r in rounds):
        return machine, None
    return machine, statistics.median((r.client + (r.cpu.backends or 0.0)) / r.cpu.wall for r in rounds)


def servers_seconds(datadirs: list[str]) -> float:
    """CPU seconds so far of whole PostgreSQL servers on this machine, each named by its data directory: its
    postmaster and every child (backends, background workers), and the children already gone (the postmaster's
    waited-for time), as a Citus cluster's coordinator and workers spend it."""
    postmasters = {int(Path(d, "postmaster.pid").read_text().split()[0]) for d in datadirs}
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid in postmasters:
            total += sum(int(f) for f in fields[11:15]) / _TICK  # its own and its waited-for children's
        elif parent in postmasters:
            total += (int(fields[11]) + int(fields[12])) / _TICK
    return total
