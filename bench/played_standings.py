"""The standings of the played campaigns under load over HTTP, with the answer cache off and on.

The real app and a bare Starlette endpoint (the same rows from `aggregate_state`, the same fields, orjson both)
run side by side in subprocesses (bench/http_servers.py). A request with a GraphQL `extensions` entry is never
answered from the kept answers but computed each time as a miss is, by the standings copy
(service/entrypoints/http.py; before, it went to graphql-core's execution, which no miss takes), so the uncached
figure sends one; the cached figure sends the plain query. The p99 is taken with the cache off while a writer
rolls a die in another campaign every 10 ms (100 events/s). Both servers answer from `INTRIGUE_BENCH_PROCESSES`
processes (default 1), the same count, so the pair stays fair.
"""

from __future__ import annotations

import asyncio
import json
import os
from uuid import UUID

import httpx

from bench import http_clients
from bench.http_apps import STANDINGS, pools
from bench.http_clients import Load, http_request
from bench.http_servers import Server, processes
from bench.http_writer import Writer
from bench.played_rows import HTTP_CONNECTIONS, ROWS, Figure, check_connections, report
from service.entrypoints.serve_processes import connections_per_process
from service.persistence.database import Database

WRITES_EVERY = 0.01  # 100 events/s in another campaign
P99_MS = {"small": 50.0, "big": 250.0}
BARE_RATIO = 0.9  # issue 31, P5: uncached answers/s at least 0.9 of the bare endpoint's


def _body(campaign_id: UUID, cached: bool) -> bytes:
    query: dict[str, object] = {"query": STANDINGS, "variables": {"campaignId": str(campaign_id)}}
    if not cached:
        query["extensions"] = {"bench": "uncached"}
    return json.dumps(query).encode()


def run(db: Database, small: UUID, big: UUID, writer_campaign: UUID) -> list[bool]:
    total = int(os.environ.get("INTRIGUE_BENCH_REQUESTS", "1000"))
    seconds = float(os.environ.get("INTRIGUE_BENCH_LOAD_SECONDS", "5"))
    results: list[bool] = []
    count = processes()  # the app's and the bare endpoint's alike
    needed = connections_needed(count)
    print(f"\n  ({check_connections(db.conninfo, needed)}; each server answers from {count} process(es))")
    with Server("bare", db) as bare_server, Server("intrigue", db) as our_server:
        for label, campaign_id, row in (("small", small, ROWS[6]), ("big", big, ROWS[7])):
            _same_answers(bare_server, our_server, campaign_id)
            get = http_request("GET", f"/standings/{campaign_id}")

            def drive(port: int, request: bytes, name: str, *, t: float = seconds) -> Load:
                return asyncio.run(http_clients.drive(name, port, request, total, t, tolerate=True))

            bare = drive(bare_server.port, get, "bare")
            uncached = drive(our_server.port, http_request("POST", "/graphql", _body(campaign_id, False)), "uncached")
            cached = drive(our_server.port, http_request("POST", "/graphql", _body(campaign_id, True)), "cached")
            writer = Writer(db, writer_campaign, WRITES_EVERY)
            writer.start()
            try:
                written = drive(
                    our_server.port, http_request("POST", "/graphql", _body(campaign_id, False)), "uncached, writer"
                )
            finally:
                writer.stop.set()
                writer.join()
            results += report(
                row,
                [
                    f"{name:<26}: {load.per_second:8.1f} /s  p50 {load.percentile(50):7.1f} ms"
                    f"  p99 {load.percentile(99):7.1f} ms  ({load.requests} requests in {load.seconds:.1f} s)"
                    for name, load in (
                        ("bare endpoint", bare),
                        ("GraphQL, answer cache off", uncached),
                        ("GraphQL, answer cache on", cached),
                        (f"cache off, {writer.writes} writes elsewhere", written),
                    )
                ]
                + [
                    f"cache on against bare (no target): {cached.per_second / bare.per_second:.3g}",
                ]
                + [
                    f"{load.label}: {len(load.refused)} answers refused or failed, the first: {load.refused[0]}"
                    for load in (bare, uncached, cached, written)
                    if load.refused
                ],
                [
                    Figure(
                        "uncached requests/s against bare requests/s",
                        uncached.per_second / bare.per_second,
                        f">= {BARE_RATIO:g}",
                    ),
                    Figure(
                        f"p99 ms, cache off, {50} clients, writer in another campaign",
                        written.percentile(99),
                        f"<= {P99_MS[label]:g}",
                    ),
                    Figure(
                        "answers refused or failed (503 when the read pool waits too long)",
                        sum(len(load.refused) for load in (bare, uncached, cached, written)),
                        "<= 0",
                    ),
                ],
            )
    return results


def connections_needed(count: int) -> int:
    """What the HTTP section opens at most with each server answering from `count` processes: one process's figure,
    and for each further process another app process and bare endpoint, each with its pools divided among the
    `count` (bench/http_apps.py `pools`), so the figure follows the count rather than adding a whole process's."""
    sized = pools(count)
    return HTTP_CONNECTIONS + (count - 1) * (
        connections_per_process(sized.store, sized.reads, sized.claims) + sized.bare
    )


def _same_answers(bare: Server, ours: Server, campaign_id: UUID) -> None:
    """Both endpoints name the same factions in the same order, or the comparison is void."""
    expected = httpx.get(f"{bare.base}/standings/{campaign_id}", timeout=60).json()["data"]["factions"]
    body = json.loads(_body(campaign_id, False))
    answer = httpx.post(f"{ours.base}/graphql", json=body, timeout=60).json()
    got = (answer.get("data") or {}).get("factions")
    if got is None or [f["id"] for f in got] != [f["id"] for f in expected]:
        raise RuntimeError(f"GraphQL and the bare endpoint disagree on campaign {campaign_id}: {str(answer)[:300]}")
