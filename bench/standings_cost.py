"""What one uncached standings read costs, and its p99 at 10 and 50 clients (issue 31, item 2; docs/scaling.md,
"The standings' request path").

`python -m bench.standings_cost setup FILE`: a database of its own on the shared server (DATABASE_URL, default
127.0.0.1:5432) with the bench's small campaign (6 factions of 20 assets, 3 houses, a phase), its big one (100 × 20,
50 houses, a phase) and a writer's campaign; their names go to FILE (JSON).
`python -m bench.standings_cost measure FILE LABEL`: the app of the tree on PYTHONPATH and the bare endpoint, each in a
subprocess (bench/http_servers.py), asked for each campaign's standings with the answer cache off as
`bench/played_standings.py` asks: CPU per request of the server process and of its PostgreSQL backends, with one
client in turn; then the latency at 10 and at 50 clients with the writer rolling a die in its campaign every 10 ms.
Prints one JSON line (`RESULT {...}`) with the load average. Run it from each tree in turn (ABAB) to compare.
`python -m bench.standings_cost pair FILE TREE [BLOCKS]`: this tree's app and TREE's (another checkout, such as
`git archive main` unpacked) served at once, asked in blocks alternating A, B, B, A (A = TREE), one client in turn:
the server process's CPU per request, median and range of the blocks, for each campaign, and of each block's B/A.
Both servers are up through the same minutes, so the machine's load falls on both alike (docs/scaling.md, session
13).
`python -m bench.standings_cost drop FILE` drops the database.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import resource
import statistics
import sys
import time
from typing import Any
from uuid import UUID

import psycopg

from bench import http_clients, http_servers, http_writer
from bench.cpu_meter import machine_seconds, process_seconds
from bench.played_standings import WRITES_EVERY, _body
from service.persistence import database

_BACKENDS = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"


def _admin() -> database.Database:
    return database.Database.from_url(os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))


def setup(path: str) -> None:
    from bench.played import Size, build, play_phase
    from service.bootstrap import Intrigue
    from service.entrypoints.graphql.precomputed import precompute_standings
    from service.persistence import migrations

    db = database.create_database(_admin(), f"standings_cost_{os.getpid()}")
    migrations.migrate(db)
    intrigue = Intrigue(db, pool_size=2)
    precompute_standings()
    campaigns = {}
    for label, size in (("small", Size(6, 20, 3, 1)), ("big", Size(100, 20, 50, 1))):
        played = build(intrigue, db, size, seed=f"{label} bench")
        play_phase(played)
        campaigns[label] = str(played.campaign_id)
    campaigns["writer"] = str(build(intrigue, db, Size(3, 4, 0, 1), seed="writer bench").campaign_id)
    intrigue.close()
    with open(path, "w") as out:
        json.dump({"db": dataclasses.asdict(db), "campaigns": campaigns}, out)


def _backends(db: database.Database) -> list[int]:
    with psycopg.connect(db.conninfo, autocommit=True) as conn:
        return [int(row[0]) for row in conn.execute(_BACKENDS).fetchall()]


def _cpu(pids: list[int]) -> float:
    return sum(process_seconds(pid) or 0.0 for pid in pids)


async def _in_turn(port: int, request: bytes, count: int) -> tuple[int, float]:
    connection = http_clients.Connection(port, request)
    await connection.open()
    try:
        for _ in range(5):
            status, body = await connection.ask()
        assert status == 200 and b'"errors"' not in body, body[:300]
        started = time.perf_counter()
        for _ in range(count):
            await connection.ask()
        return len(body), time.perf_counter() - started
    finally:
        await connection.close()


def cost(server: http_servers.Server, db: database.Database, request: bytes, count: int) -> dict[str, float]:
    """Milliseconds of CPU per request (the server process, its backends) and of wall time, one client in turn."""
    pids = _backends(db)
    process, backends = process_seconds(server.process.pid) or 0.0, _cpu(pids)
    size, wall = asyncio.run(_in_turn(server.port, request, count))
    return {
        "bytes": size,
        "server_ms": ((process_seconds(server.process.pid) or 0.0) - process) / count * 1e3,
        "pg_ms": (_cpu(pids) - backends) / count * 1e3,
        "wall_ms": wall / count * 1e3,
    }


def load(
    server: http_servers.Server, db: database.Database, writer: UUID, request: bytes, clients: int
) -> dict[str, Any]:
    """The latency at `clients` closed-loop clients while the writer writes, and where the machine's CPU went per
    answer: the server process, its PostgreSQL backends (the writer's included), the clients' process, the
    writer's process and the whole machine (the rest is the other tenants' and the kernel's)."""
    http_clients.CLIENTS = clients
    scribe = http_writer.Writer(db, writer, WRITES_EVERY)
    scribe.start()
    try:
        before = os.getloadavg()[0]
        pids = _backends(db)
        spent = _spent(server.process.pid, scribe.pid, pids)
        done = asyncio.run(http_clients.drive("load", server.port, request, 1000, 5.0, tolerate=True))
        spent = {
            k: (v - spent[k]) / max(done.requests, 1) * 1e3
            for k, v in _spent(server.process.pid, scribe.pid, pids).items()
        }
    finally:
        scribe.stop.set()
        scribe.join()
    return {
        "per_s": done.per_second,
        "p50": done.percentile(50),
        "p99": done.percentile(99),
        "refused": len(done.refused),
        "writes": scribe.writes,
        "cpu_ms_per_answer": spent,
        "load": [before, os.getloadavg()[0]],
    }


def _spent(server: int, writer: int, backends: list[int]) -> dict[str, float]:
    clients = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "server": process_seconds(server) or 0.0,
        "backends": _cpu(backends),
        "clients": clients.ru_utime + clients.ru_stime,
        "writer": process_seconds(writer) or 0.0,
        "machine": machine_seconds()[0],
    }


def writer_alone(server: http_servers.Server, db: database.Database, writer: UUID) -> dict[str, float]:
    """The server's CPU while the writer rolls dice in its campaign and nobody asks anything (its projection's)."""
    scribe = http_writer.Writer(db, writer, WRITES_EVERY)
    process = process_seconds(server.process.pid) or 0.0
    scribe.start()
    time.sleep(3)
    scribe.stop.set()
    scribe.join()
    spent = (process_seconds(server.process.pid) or 0.0) - process
    return {"writes": scribe.writes, "server_ms_per_write": spent / max(scribe.writes, 1) * 1e3}


def measure(path: str, label: str) -> None:
    with open(path) as f:
        saved = json.load(f)
    db = database.Database(**saved["db"])
    campaigns = {k: UUID(v) for k, v in saved["campaigns"].items()}
    out: dict[str, Any] = {"label": label, "load": os.getloadavg()[0]}
    count = int(os.environ.get("COUNT", "200"))
    with http_servers.Server("bare", db) as bare, http_servers.Server("intrigue", db) as ours:
        out["writer_alone"] = writer_alone(ours, db, campaigns["writer"])
        for size in ("small", "big"):
            post = http_clients.http_request("POST", "/graphql", _body(campaigns[size], False))
            get = http_clients.http_request("GET", f"/standings/{campaigns[size]}")
            n = count if size == "small" else count // 4
            out[size] = {
                "bare": cost(bare, db, get, n),
                "ours": cost(ours, db, post, n),
                **{f"c{c}": load(ours, db, campaigns["writer"], post, c) for c in (10, 50)},
                **{f"bare_c{c}": load(bare, db, campaigns["writer"], get, c) for c in (10, 50)},
            }
    out["load_end"] = os.getloadavg()[0]
    print("RESULT " + json.dumps(out), flush=True)


def pair(path: str, tree: str, blocks: int) -> None:
    with open(path) as f:
        saved = json.load(f)
    db = database.Database(**saved["db"])
    out: dict[str, Any] = {"tree": tree, "load": os.getloadavg()[0]}
    with http_servers.Server("intrigue", db, tree=tree) as a, http_servers.Server("intrigue", db) as b:
        for size, count in (("small", 300), ("big", 60)):  # blocks of 1-3 s of CPU: /proc counts in 10 ms ticks
            request = http_clients.http_request("POST", "/graphql", _body(UUID(saved["campaigns"][size]), False))
            spent: dict[str, list[float]] = {"A": [], "B": []}
            for block in range(blocks):
                for label in "AB" if block % 2 == 0 else "BA":
                    server = a if label == "A" else b
                    before = process_seconds(server.process.pid) or 0.0
                    asyncio.run(_in_turn(server.port, request, count))
                    spent[label].append(((process_seconds(server.process.pid) or 0.0) - before) / (count + 5) * 1e3)
            out[size] = {k: {"median": statistics.median(v), "min": min(v), "max": max(v)} for k, v in spent.items()}
            # Each block's B against its own A (the same minutes' load): steadier than the two medians' ratio.
            ratios = [b / a for a, b in zip(spent["A"], spent["B"], strict=True) if a > 0]
            out[size]["B/A"] = {"median": statistics.median(ratios), "min": min(ratios), "max": max(ratios)}
    out["load_end"] = os.getloadavg()[0]
    print("RESULT " + json.dumps(out), flush=True)


if __name__ == "__main__":
    command, file = sys.argv[1], sys.argv[2]
    if command == "setup":
        setup(file)
    elif command == "measure":
        measure(file, sys.argv[3] if len(sys.argv) > 3 else "run")
    elif command == "pair":
        pair(file, sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 10)
    else:
        with open(file) as f:
            database.drop_database(_admin(), database.Database(**json.load(f)["db"]).dbname)
