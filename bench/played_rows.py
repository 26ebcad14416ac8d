"""The issue 16 table's rows measured on a played campaign (bench/played.py), each beside its raw baseline.

Every raw baseline writes or reads the same rows with the same payload sizes over the same connection path
(`Database.conninfo`, default durability), on a connection opened before its timed region.
"""

from __future__ import annotations

import operator
import os
import statistics
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent

from bench.store import RAW_TABLE
from service.persistence.app import IntrigueStore
from service.persistence.database import Database

# The table's rows, in its order; the smoke test checks each is printed with a ratio and a target.
ROWS = (
    "one phase against a raw executemany of its events",
    "a full command against raw SQL doing the same reads and write in one transaction",
    "a real phase's events appended against raw executemany",
    "loading a House at the last phase against at phase 1",
    "projecting the played log (rebuild) against a raw sequential read",
    "one faction's orders in the big campaign against a 6-faction one",
    "standings, small campaign: uncached against a bare endpoint (orjson both)",
    "standings, big campaign: uncached against a bare endpoint (orjson both)",
    "storage per phase at the last phase against early phases",
)
_RAW_INSERT = "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"


_COMPARE = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


@dataclass(frozen=True)
class Figure:
    """One printed line of a row: a ratio, its target and whether it meets it."""

    what: str
    ratio: float
    target: str  # e.g. "<= 5", ">= 0.6" or "< 0.5"

    @property
    def met(self) -> bool:
        op, bound = self.target.split()
        return bool(_COMPARE[op](self.ratio, float(bound)))


def report(title: str, details: list[str], figures: list[Figure]) -> list[bool]:
    print(f"\n{title}  [load average {load()}]")
    for line in details:
        print(f"  {line}")
    for f in figures:
        print(f"  ratio {f.ratio:10.3g}  target {f.target:>7}: {'meets' if f.met else 'misses'}  ({f.what})")
    return [f.met for f in figures]


def timed(work: Callable[[], object], repeats: int = 1) -> float:
    """The fastest of `repeats` runs of `work`, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def ensure_raw_table(conninfo: str) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(RAW_TABLE)


def phase_rows(conninfo: str, after: int, through: int) -> list[tuple[UUID, int, str, bytes]]:
    """The events a phase wrote, as the log holds them."""
    with psycopg.connect(conninfo) as conn:
        rows = conn.execute(
            "SELECT originator_id, originator_version, topic, state FROM intrigue_events"
            " WHERE notification_id > %s AND notification_id <= %s ORDER BY notification_id",
            (after, through),
        ).fetchall()
    return [(r[0], int(r[1]), str(r[2]), bytes(r[3])) for r in rows]


def renamed(rows: list[tuple[UUID, int, str, bytes]]) -> list[tuple[UUID, int, str, bytes]]:
    """The same rows under fresh originator ids, so they can be written again beside the originals."""
    ids: dict[UUID, UUID] = {}
    return [(ids.setdefault(r[0], uuid.uuid4()), r[1], r[2], r[3]) for r in rows]


def raw_executemany(
    conninfo: str, phases: dict[int, list[tuple[UUID, int, str, bytes]]], repeats: int = 7
) -> dict[int, float]:
    """Seconds of one transaction inserting each phase's rows with executemany, on a connection opened
    beforehand: the median of `repeats`, the phases taken in turn (a best of three, phase 1's first, swung 3x
    between the phases of one run: the baseline of the phase-50-against-phase-1 figure must not be noise)."""
    times: dict[int, list[float]] = {phase: [] for phase in phases}
    with psycopg.connect(conninfo) as conn:
        for _ in range(repeats):
            for phase, rows in phases.items():
                fresh = renamed(rows)
                started = time.perf_counter()
                with conn.transaction(), conn.cursor() as cur:
                    cur.executemany(_RAW_INSERT, fresh)
                times[phase].append(time.perf_counter() - started)
    return {phase: statistics.median(seconds) for phase, seconds in times.items()}


def appended(store: IntrigueStore, rows: list[tuple[UUID, int, str, bytes]], repeats: int = 3) -> float:
    """Seconds of the store's recorder inserting the same rows (fresh ids) in one call; its pool is warm."""
    store.recorder.max_notification_id()  # a pooled connection open before the timed region
    best = float("inf")
    for _ in range(repeats):
        events = [StoredEvent(i, v, t, s) for i, v, t, s in renamed(rows)]
        started = time.perf_counter()
        store.recorder.insert_events(events, campaign=uuid.uuid4())  # a lane of its own
        best = min(best, time.perf_counter() - started)
    return best


_RAW_LANE = (
    "CREATE TABLE IF NOT EXISTS raw_heads (campaign_id uuid PRIMARY KEY, position bigint NOT NULL)",
    "CREATE TABLE IF NOT EXISTS raw_state (campaign_id uuid PRIMARY KEY, position bigint NOT NULL, state bytea)",
)


class RawCommand:
    """Raw SQL doing what one command does, on one connection kept warm between rounds: the load (the events
    after the version the process keeps: the last one written, service/persistence/app.py), the lane's head moved
    (upsert RETURNING), one event of the same size inserted, the inline fold (the campaign's read-model row locked
    and written), one transaction each."""

    def __init__(self, conninfo: str, campaign_id: UUID, payload: bytes) -> None:
        self.conn = psycopg.connect(conninfo)
        self.campaign_id, self.payload, self.raw_id, self.version = campaign_id, payload, uuid.uuid4(), 0
        with self.conn.transaction():
            for ddl in _RAW_LANE:
                self.conn.execute(ddl)
        self.seconds(1)  # warm: plans prepared, pages cached, before any timed round

    def seconds(self, n: int) -> float:
        """Seconds per command over `n` in a row."""
        conn, lane = self.conn, self.raw_id
        started = time.perf_counter()
        for _ in range(n):
            self.version += 1
            with conn.transaction():
                conn.execute(  # the load: what the command reads, the events after the version it keeps
                    "SELECT originator_version, topic, state FROM raw_events WHERE originator_id = %s"
                    " AND originator_version > %s ORDER BY originator_version",
                    (lane, self.version - 2),
                    prepare=True,
                ).fetchall()
                conn.execute(
                    "INSERT INTO raw_heads VALUES (%s, 1) ON CONFLICT (campaign_id)"
                    " DO UPDATE SET position = raw_heads.position + 1 RETURNING position",
                    (lane,),
                    prepare=True,
                )
                conn.execute(_RAW_INSERT, (lane, self.version, "bench.roll", self.payload), prepare=True)
                conn.execute(
                    "SELECT position FROM raw_state WHERE campaign_id = %s FOR UPDATE SKIP LOCKED",
                    (lane,),
                    prepare=True,
                )
                conn.execute(
                    "INSERT INTO raw_state VALUES (%s, %s, %s) ON CONFLICT (campaign_id)"
                    " DO UPDATE SET position = excluded.position, state = excluded.state",
                    (lane, self.version, self.payload),
                    prepare=True,
                )
        return (time.perf_counter() - started) / n

    def close(self) -> None:
        self.conn.close()


def last_payload(conninfo: str, campaign_id: UUID, topic_end: str) -> bytes:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(
            "SELECT state FROM intrigue_events WHERE originator_id = %s AND topic LIKE %s"
            " ORDER BY originator_version DESC LIMIT 1",
            (campaign_id, f"%{topic_end}"),
        ).fetchone()
    return bytes(row[0]) if row else b"{}" * 100


def snapshot_bytes(conninfo: str, aggregate_id: UUID) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(
            "SELECT length(state) FROM intrigue_snapshots WHERE originator_id = %s"
            " ORDER BY originator_version DESC LIMIT 1",
            (aggregate_id,),
        ).fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def rebuild_seconds(db: Database, env: dict[str, Any], tries: int = 30) -> float:
    """One full rebuild of the state projection, waiting out a rebuild whose lock is still being released."""
    from bench.projections import STATE
    from service.operations.worker import rebuild

    for _ in range(tries):
        try:
            return timed(lambda: rebuild(db, env, STATE))
        except RuntimeError as error:
            if "another rebuild" not in str(error):
                raise
            time.sleep(1)
    raise RuntimeError(f"the state projection stayed locked by another rebuild for {tries} s")


# What the HTTP section opens at most: the app's pools (store 5+5, read pool, listener, projection runners),
# the bare endpoint's pool (10), the writer (1+1) and this process's checks; the server must have them free.
HTTP_CONNECTIONS = 40


def check_connections(conninfo: str, needed: int = HTTP_CONNECTIONS) -> str:
    """The server's connection budget, or a RuntimeError saying why the run cannot go on."""
    with psycopg.connect(conninfo) as conn:
        used = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'").fetchone()
        limit = conn.execute("SELECT current_setting('max_connections')::int").fetchone()
    in_use, most = (int(used[0]) if used else 0), (int(limit[0]) if limit else 0)
    if most - in_use < needed:
        raise RuntimeError(
            f"the server has {most - in_use} of {most} connections free; the HTTP section needs "
            f"{needed}: stop what holds them or raise max_connections"
        )
    return f"connections: {in_use} in use of {most} before the HTTP section, which opens at most {needed}"


def command_against_raw(intrigue: Any, conninfo: str, campaign_id: UUID, n: int, rounds: int) -> tuple[float, float]:
    """P1's medians, ABAB: `rounds` of `n` `roll_dice` commands in the campaign, each beside `n` raw transactions
    doing the same reads and write (`RawCommand`, a DiceRolled event's payload) on a warm connection."""
    from domain.commands import RollDice

    command = RollDice(campaign_id, "1d10", "bench")
    intrigue.campaigns.roll_dice(command)  # warm: a pooled connection and prepared plans
    raw = RawCommand(conninfo, campaign_id, last_payload(conninfo, campaign_id, "DiceRolled"))
    ours_times, raw_times = [], []
    try:
        for _ in range(rounds):
            ours_times.append(timed(lambda: [intrigue.campaigns.roll_dice(command) for _ in range(n)]) / n)
            raw_times.append(raw.seconds(n))
    finally:
        raw.close()
    return statistics.median(ours_times), statistics.median(raw_times)
