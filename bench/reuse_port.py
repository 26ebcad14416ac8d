"""A probe, not how `intrigue serve` runs (docs/scaling.md, session 16): N children that each bind a socket of their
own to the port with SO_REUSEPORT, so the kernel hashes each new connection to one child's accept queue, instead of
uvicorn's children sharing the parent's one socket (whichever wakes first accepts). `INTRIGUE_BENCH_REUSE_PORT=1`
with `INTRIGUE_BENCH_PROCESSES` > 1 serves both of the bench's servers so."""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import time
from typing import Any

ENV = "INTRIGUE_BENCH_REUSE_PORT"


def wanted() -> bool:
    return os.environ.get(ENV, "").strip().lower() in ("1", "true", "yes", "on")


def run(target: str, count: int, options: dict[str, Any]) -> None:
    """Run `count` children serving the factory `target` until this process is told to stop (SIGTERM or SIGINT)."""
    spawn = multiprocessing.get_context("spawn")
    children = [spawn.Process(target=_child, args=(target, options)) for _ in range(count)]
    stop: list[int] = []  # a flag: a lock-taking Event set from the handler could deadlock against its own wait

    def stopping(signum: int, frame: object) -> None:
        stop.append(signum)

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)
    for child in children:
        child.start()
    try:
        while not stop and all(child.is_alive() for child in children):
            time.sleep(0.2)
    finally:
        for child in children:
            child.terminate()
        for child in children:
            child.join(timeout=5)
            if child.is_alive():
                child.kill()
                child.join()


def _child(target: str, options: dict[str, Any]) -> None:
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((options["host"], options["port"]))
    sock.set_inheritable(True)
    uvicorn.Server(uvicorn.Config(target, factory=True, **options)).run(sockets=[sock])
