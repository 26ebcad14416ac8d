"""A light probe of P5 by process count (docs/scaling.md, "The standings' request path, session 16").

`python -m bench.processes_probe FILE 1,2,2r,1` (FILE from `python -m bench.standings_cost setup`): for each entry in
turn, both servers from that many processes (`r`: each child on its own SO_REUSEPORT socket, bench/reuse_port.py),
then 50 clients on the small campaign: the bare endpoint, the app uncached, and the app uncached with the writer
rolling a die every 10 ms in another campaign. One JSON line a round: answers/s, p50 and p99 ms, and the server's
established connections per process, sampled `SAMPLE_SECONDS` into each load.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from typing import Any
from uuid import UUID

import psutil

from bench import http_clients, http_servers
from bench.http_writer import Writer
from bench.played_standings import WRITES_EVERY, _body
from service.persistence import database

REQUESTS, SECONDS, SAMPLE_SECONDS = 3000, 6.0, 0.5


def split(server: http_servers.Server) -> list[int]:
    """The server's established connections on its port, per process that holds any."""
    parent = psutil.Process(server.process.pid)
    counts = []
    for process in [parent, *parent.children()]:
        try:
            found = process.net_connections("tcp")
        except psutil.Error:
            continue
        held = sum(1 for c in found if c.status == psutil.CONN_ESTABLISHED and c.laddr.port == server.port)
        counts += [held] if held else []
    return sorted(counts)


def driven(server: http_servers.Server, request: bytes, label: str, writer: Writer | None = None) -> dict[str, Any]:
    seen: list[list[int]] = []
    timer = threading.Timer(SAMPLE_SECONDS, lambda: seen.append(split(server)))
    if writer is not None:
        writer.start()
    timer.start()
    try:
        load = asyncio.run(http_clients.drive(label, server.port, request, REQUESTS, SECONDS, tolerate=True))
    finally:
        if writer is not None:
            writer.stop.set()
            writer.join()
        timer.join()
    return {
        "label": label,
        "per_s": round(load.per_second, 1),
        "p50": round(load.percentile(50), 1),
        "p99": round(load.percentile(99), 1),
        "requests": load.requests,
        "refused": len(load.refused),
        "split": seen[0] if seen else None,
        "writes": writer.writes if writer is not None else None,
    }


def main(path: str, order: list[str]) -> None:
    with open(path) as f:
        saved = json.load(f)
    db = database.Database(**saved["db"])
    small, elsewhere = UUID(saved["campaigns"]["small"]), UUID(saved["campaigns"]["writer"])
    for entry in order:
        os.environ[http_servers.PROCESSES_ENV] = entry.rstrip("r")
        os.environ["INTRIGUE_BENCH_REUSE_PORT"] = "1" if entry.endswith("r") else "0"
        start = os.getloadavg()[0]
        with http_servers.Server("bare", db) as bare, http_servers.Server("intrigue", db) as ours:
            get = http_clients.http_request("GET", f"/standings/{small}")
            post = http_clients.http_request("POST", "/graphql", _body(small, False))
            rows = [
                driven(bare, get, "bare"),
                driven(ours, post, "uncached"),
                driven(ours, post, "uncached, writer", Writer(db, elsewhere, WRITES_EVERY)),
            ]
        load = [round(start, 1), round(os.getloadavg()[0], 1)]
        print(json.dumps({"processes": entry, "load": load, "rows": rows}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].split(","))
