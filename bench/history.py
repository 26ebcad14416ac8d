"""Time travel: rebuilding an aggregate "as of" a version, with snapshots, as its history grows to 100,000 events."""

from __future__ import annotations

import os
import sys
import time
from uuid import UUID

import psycopg

from bench.harness import best_of
from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from service.app import IntrigueStore

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
    if sys.stderr.isatty():
        print(file=sys.stderr)


def _measure(store: IntrigueStore, conn: psycopg.Connection, aggregate_id: UUID, version: int) -> tuple[float, float]:
    """Best-of-15 seconds for the store's rebuild as of `version`, and for raw SELECTs of the rows it needs."""

    def raw() -> None:
        snapshot = conn.execute(_SNAPSHOT, (aggregate_id, version), prepare=True).fetchone()
        base = snapshot[0] if snapshot else 0
        conn.execute(_RAW, (aggregate_id, base, version), prepare=True).fetchall()

    ours = best_of(15, "get", 1, lambda: store.repository.get(aggregate_id, version=version))
    return ours.seconds, best_of(15, "raw", 1, raw).seconds


def as_of(store: IntrigueStore, conninfo: str) -> tuple[bool, Campaign]:
    longest = int(os.environ.get("BENCH_HISTORY_EVENTS", str(LENGTHS[-1])))
    lengths = [n for n in LENGTHS if n < longest] + [longest]
    campaign = Campaign.start("long history", ["factionturn"])
    store.commit(campaign)
    print("\nRebuilding an aggregate as of a version, snapshots every 100 events (the version just before the")
    print("  next snapshot: a snapshot plus 99 events to replay)")
    print(f"  {'history':>9}  {'intrigue get(id, version)':>26}  {'raw pg: snapshot + 99 rows':>27}")
    times: list[float] = []
    with psycopg.connect(conninfo) as conn:
        for length in lengths:
            grow(store, campaign, length)
            ours, raw = _measure(store, conn, campaign.id, length - 1)
            times.append(ours)
            print(f"  {length:>9}  {ours * 1000:23.2f} ms  {raw * 1000:24.2f} ms")
    growth = times[-1] / times[0]
    verdict = "meets" if growth <= 1.5 else "misses"
    print(f"  growth   : {growth:12.2f}x   from {lengths[0]} to {lengths[-1]} events, target <= 1.50x: {verdict}")
    return growth <= 1.5, campaign
