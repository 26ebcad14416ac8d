"""Event-store benchmarks: a command's commit, a phase-sized batch, rebuilding an aggregate."""

from __future__ import annotations

import os
import uuid

import psycopg

from bench.harness import Measure, best_of, report
from domain.campaign import Campaign
from domain.dice import FixedDice, roll
from service.persistence.app import IntrigueStore

RAW_TABLE = """CREATE TABLE IF NOT EXISTS raw_events (
    originator_id uuid NOT NULL, originator_version bigint NOT NULL, topic text, state bytea,
    notification_id bigserial, PRIMARY KEY (originator_id, originator_version))"""


def _roll_event(campaign: Campaign) -> None:
    campaign.record_roll(roll("1d10", FixedDice([5]), purpose="bench"))


def commit_one(store: IntrigueStore, conninfo: str, n: int) -> bool:
    campaign = Campaign.start("bench", ["factionturn"])
    store.commit(campaign)

    def ours() -> None:
        for _ in range(n):
            _roll_event(campaign)
            store.commit(campaign)

    payload = b'{"roll": {"expression": "1d10", "faces": [5]}}' * 4
    with psycopg.connect(conninfo, autocommit=True) as conn:
        version = iter(range(1, 10**9))
        raw_id = uuid.uuid4()
        insert = "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"

        def raw() -> None:
            for _ in range(n):
                conn.execute(insert, (raw_id, next(version), "bench.roll", payload), prepare=True)

        raw_measure = best_of(3, f"{n} single-row INSERT commits", n, raw)
    ours_measure = best_of(3, f"{n} commands, one event and one transaction each", n, ours)
    return report("One command's commit (events/s)", ours_measure, raw_measure, 0.8)


def phase_batch(store: IntrigueStore, conninfo: str, aggregates: int, events_each: int) -> bool:
    total = aggregates * events_each

    def ours() -> None:
        campaigns = [Campaign.start(f"b{i}", ["factionturn"]) for i in range(aggregates)]
        for c in campaigns:
            for _ in range(events_each - 1):
                _roll_event(c)
        store.commit(*campaigns)

    payload = b'{"roll": {"expression": "1d10", "faces": [5]}}' * 4

    def raw() -> None:
        rows = [(uuid.uuid4(), v, "bench.roll", payload) for _ in range(aggregates) for v in range(1, events_each + 1)]
        with psycopg.connect(conninfo) as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)", rows
            )

    raw_measure = best_of(5, f"{total} rows in one batched INSERT transaction", total, raw)
    ours_measure = best_of(5, f"{aggregates} aggregates x {events_each} events, one save", total, ours)
    return report("A phase-sized batch in one transaction (events/s)", ours_measure, raw_measure, 0.5)


def rebuild(store: IntrigueStore, conninfo: str, n: int, label: str) -> bool:
    campaign = Campaign.start("long", ["factionturn"])
    store.commit(campaign)
    for _ in range(n - 1):
        _roll_event(campaign)
        if len(campaign.pending_events) >= 50:
            store.commit(campaign)
    store.commit(campaign)
    select = (
        "SELECT originator_version, topic, state FROM intrigue_events"
        " WHERE originator_id = %s ORDER BY originator_version"
    )
    with psycopg.connect(conninfo) as conn:

        def raw() -> None:
            conn.execute(select, (campaign.id,), prepare=True).fetchall()

        raw_measure = best_of(7, f"sequential SELECT of the same {n} rows", n, raw)
    ours_measure: Measure = best_of(7, f"load of a {n}-event aggregate", n, lambda: store.load(campaign.id, Campaign))
    return report(f"Rebuilding an aggregate of {n} events, {label} (events/s)", ours_measure, raw_measure, 0.5)


def run_all(store: IntrigueStore, full_replay: IntrigueStore, conninfo: str) -> list[bool]:
    scale = int(os.environ.get("BENCH_SCALE", "1"))
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(RAW_TABLE)
    return [
        commit_one(store, conninfo, 300 * scale),
        phase_batch(store, conninfo, 30, 8),
        rebuild(full_replay, conninfo, 1000 * scale, "full replay, no snapshots"),
        rebuild(store, conninfo, 1000 * scale + 50, "with snapshots every 100 events"),
    ]
