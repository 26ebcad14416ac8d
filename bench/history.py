"""Time travel: rebuilding an aggregate "as of" a version, with snapshots, as its history grows to 100,000 events."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from functools import partial
from uuid import UUID

import psycopg

from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from service.persistence.app import IntrigueStore, replay

LENGTHS = (100, 1_000, 10_000, 100_000)
_RAW = (
    "SELECT originator_version, topic, state FROM intrigue_events"
    " WHERE originator_id = %s AND originator_version > %s AND originator_version <= %s ORDER BY originator_version"
)
_SNAPSHOT = (
    "SELECT originator_version, topic, state FROM intrigue_snapshots WHERE originator_id = %s"
    " AND originator_version <= %s ORDER BY originator_version DESC LIMIT 1"
)


def grow(store: IntrigueStore, campaign: Campaign, length: int, per_save: int = 500) -> None:
    """Roll on `campaign` until it holds `length` events, saved `per_save` at a time (snapshots every 100)."""
    started, last = time.monotonic(), 0.0
    while campaign.version < length:
        for _ in range(min(per_save, length - campaign.version)):
            campaign.record_roll(roll("1d10", FixedDice([5]), purpose="bench"))
        store.commit(campaign)
        if sys.stderr.isatty() and time.monotonic() - last > 0.5:
            last = time.monotonic()
            rate = campaign.version / max(time.monotonic() - started, 1e-9)
            print(f"\r  appending: {campaign.version:>9}/{length} events ({rate:.0f}/s)", end="", file=sys.stderr)
    store.snapshots_written()  # written after each save's answer (service/persistence/snapshot_writes.py)
    if sys.stderr.isatty():
        print(file=sys.stderr)


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def as_of(store: IntrigueStore, conninfo: str, repeats: int = 15) -> tuple[bool, Campaign]:
    """One campaign per history length; rounds over all of them, so a busy moment of the machine hits every
    length alike; the best of `repeats` rounds kept for each."""
    longest = int(os.environ.get("BENCH_HISTORY_EVENTS", str(LENGTHS[-1])))
    lengths = [n for n in LENGTHS if n < longest] + [longest]
    campaigns = [Campaign.start(f"history of {n}", ["factionturn"]) for n in lengths]
    for campaign, length in zip(campaigns, lengths, strict=True):
        grow(store, campaign, length)
    ours = dict.fromkeys(lengths, float("inf"))
    raw = dict.fromkeys(lengths, float("inf"))
    with psycopg.connect(conninfo) as conn:
        for _ in range(repeats):
            for campaign, length in zip(campaigns, lengths, strict=True):
                rebuild = partial(store.repository.get, campaign.id, version=length - 1, projector_func=replay)
                ours[length] = min(ours[length], _timed(rebuild))
                raw[length] = min(raw[length], _timed(partial(_raw, conn, campaign.id, length - 1)))
    print("\nRebuilding an aggregate as of a version, snapshots every 100 events (the version just before the")
    print(f"  next snapshot: a snapshot plus 99 events to replay); best of {repeats} rounds over every length")
    print(f"  {'history':>9}  {'History.as_of: get(id, v)':>26}  {'raw pg: snapshot + 99 rows':>27}")
    for length in lengths:
        print(f"  {length:>9}  {ours[length] * 1000:23.2f} ms  {raw[length] * 1000:24.2f} ms")
    growth = ours[lengths[-1]] / ours[lengths[0]]
    verdict = "meets" if growth <= 1.5 else "misses"
    print(f"  growth   : {growth:12.2f}x   from {lengths[0]} to {lengths[-1]} events, target <= 1.50x: {verdict}")
    return growth <= 1.5, campaigns[-1]


def _raw(conn: psycopg.Connection, aggregate_id: UUID, version: int) -> None:
    snapshot = conn.execute(_SNAPSHOT, (aggregate_id, version), prepare=True).fetchone()
    conn.execute(_RAW, (aggregate_id, snapshot[0] if snapshot else 0, version), prepare=True).fetchall()
