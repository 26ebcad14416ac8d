"""The servers of the HTTP sections, each alone in a subprocess on a free loopback port (`python -m bench.http_load
KIND DB_JSON PORT`), from `INTRIGUE_BENCH_PROCESSES` processes (default 1): the real app and the bare endpoint
always from the same count, so the pair stays fair. Several processes are uvicorn's supervisor over its children
on one socket, as `intrigue serve --processes` runs them (service/entrypoints/serve_processes.py)."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
import psutil

from bench import reuse_port, server_memory
from bench.http_apps import DB_ENV, PROCESSES_ENV, _bare_app, _intrigue_app, pools
from service.persistence.database import Database

START_SECONDS = 180  # a server projects what its log holds before it answers; a busy 2-core machine is slow


def processes() -> int:
    """How many processes each server answers from."""
    count = int(os.environ.get(PROCESSES_ENV) or 1)
    if count < 1:
        raise ValueError(f"{PROCESSES_ENV}={count}: at least 1")
    return count


def serve(kind: str, db_json: str, port: int) -> None:
    """The app as `intrigue serve` serves it (its HTTP protocol and event loop, service/entrypoints/serving.py),
    the bare endpoint with uvicorn's defaults; neither writes an access line of uvicorn's."""
    import uvicorn

    from service.entrypoints.serving import uvicorn_options

    db = Database(**json.loads(db_json))
    options: dict[str, Any] = uvicorn_options() if kind == "intrigue" else {"log_config": None, "access_log": False}
    options.update(timeout_keep_alive=120, host="127.0.0.1", port=port, log_level="warning")
    count = processes()
    if count == 1:
        uvicorn.run(_intrigue_app(db) if kind == "intrigue" else _bare_app(db), **options)
    elif kind == "intrigue":
        _serve_intrigue(db, count, options)
    else:
        os.environ[DB_ENV] = db_json  # read by each spawned child
        _run_many("bench.http_apps:bare_from_environment", count, options)


def _serve_intrigue(db: Database, count: int, options: dict[str, Any]) -> None:
    """As `intrigue serve --processes`: migrations and projections here, once; the children answer."""
    from service.bootstrap import Intrigue
    from service.entrypoints import serve_processes

    intrigue = Intrigue(db)
    # Each child's store pool is this process's divided among them (bench/http_apps.py `pools`), read by its Settings.
    store = str(pools(count).store)
    os.environ.update({**serve_processes.CHILD_ENV, "DATABASE_URL": db.url, "INTRIGUE_DB_POOL_SIZE": store})
    try:
        options = {**options, "http": serve_processes.PROTOCOL}
        _run_many("bench.http_apps:intrigue_from_environment", count, options)
    finally:
        intrigue.close()


def _run_many(target: str, count: int, options: dict[str, Any]) -> None:
    """uvicorn's supervisor over `count` children on its socket, or the SO_REUSEPORT probe (bench/reuse_port.py)."""
    import uvicorn

    from service.entrypoints import serve_processes

    if reuse_port.wanted():
        reuse_port.run(target, count, options)
    else:
        options = {**options, "timeout_worker_healthcheck": serve_processes.HEALTHCHECK_SECONDS}
        uvicorn.run(target, factory=True, workers=count, **options)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, kind: str, db: Database, tree: str | None = None) -> None:
        """`tree`: another source tree to serve from (its path first on PYTHONPATH; bench/standings_cost.py pair)."""
        self.port, self.kind = free_port(), kind
        self.log = tempfile.NamedTemporaryFile(prefix=f"bench-{kind}-", suffix=".log", delete=False)  # noqa: SIM115
        args = [sys.executable, "-m", "bench.http_load", kind, json.dumps(dataclasses.asdict(db)), str(self.port)]
        env = None if tree is None else {**os.environ, "PYTHONPATH": tree}  # and run from it: `-m` puts the cwd first
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=tree)

    def __enter__(self) -> Server:
        base = self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        code = self.process.poll()
        self._stop()
        why = f"exited with {code}" if code is not None else f"did not answer /healthz within {START_SECONDS} s"
        raise RuntimeError(f"the {self.kind} server {why}; its log is kept at {self.log.name}:\n{self.tail()}")

    def tail(self, lines: int = 20) -> str:
        with open(self.log.name, encoding="utf-8", errors="replace") as log:
            return "".join(log.readlines()[-lines:])

    def _stop(self) -> None:
        if processes() == 1:  # what it holds after its load
            server_memory.note(f"the {self.kind} server", self.process.pid)
        else:
            pids = [self.process.pid, *(child.pid for child in psutil.Process(self.process.pid).children())]
            server_memory.note_many(f"processes of the {self.kind} server", pids)
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def __exit__(self, kind: object = None, *_: object) -> None:
        self._stop()
        if kind is None:  # a failed run keeps the server's log, and says where it is
            os.unlink(self.log.name)
        else:
            print(f"  (the {self.kind} server's log is kept at {self.log.name})", file=sys.stderr)
