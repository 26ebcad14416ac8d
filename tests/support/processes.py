"""Run `intrigue` commands as real processes against a test database."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
import uvicorn
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from service.entrypoints.serving import uvicorn_options
from service.persistence.database import Database

ROOT = Path(__file__).resolve().parents[2]
# Only ends a wait that would never end (issue 31, item 4): a child of `serve --processes 2` took over 90 s to answer
# its readiness on session 25's slow machine at load 9 (importing the service alone takes 5.5 s there, idle).
STARTUP_LIMIT = 300.0


def url_of(db: Database) -> str:
    """A DATABASE_URL that `Database.from_url` reads back as `db`."""
    return db.url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(app: Any, lifespan: str = "on", wait: float = 30.0) -> Iterator[int]:
    """`app` served by uvicorn, as `intrigue serve` configures it, in a thread of this process: its port."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan=lifespan, **uvicorn_options()))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + wait
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=wait)


def spawned_children(parent: int) -> set[int]:
    """The uvicorn children of `parent` (multiprocessing's spawned processes; not its resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and b"spawn_main" in command:
            found.add(int(entry.name))
    return found


class Process:
    """One `intrigue` process; its output goes to a log file, printed when a test fails."""

    def __init__(self, db: Database, logs: Path, name: str, *args: str, env: dict[str, str] | None = None) -> None:
        self.name, self.log_path = name, logs / f"{name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": url_of(db),
            "INTRIGUE_LOG_FORMAT": "json",
            "INTRIGUE_MIGRATE_ON_START": "0",
            "INTRIGUE_RUN_PROJECTIONS": "0",
            **(env or {}),
        }
        self.log_file = self.log_path.open("wb")
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "service.entrypoints.cli", *args],
            cwd=ROOT,
            env=env,
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
        )

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait()

    def stop(self) -> int:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log_file.close()
        return self.popen.returncode


def run(db: Database, logs: Path, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    process = Process(db, logs, name, *args)
    try:
        process.popen.wait(timeout=STARTUP_LIMIT)
    finally:  # one that overran the limit is stopped, not left to load the rest of the run
        process.stop()
    return subprocess.CompletedProcess(args, process.popen.returncode, process.output(), "")


def eventually(check: Callable[[], bool], what: str, *procs: Process, limit: float = STARTUP_LIMIT) -> None:
    """Wait for `check` (a generous limit, never an assertion on speed); on giving up, show the logs."""
    deadline = time.monotonic() + limit
    while not check():
        dead = [p for p in procs if p.popen.poll() is not None]
        if dead or time.monotonic() > deadline:
            logs = "\n".join(f"--- {p.name} ---\n{p.output()[-4000:]}" for p in procs)
            raise AssertionError(f"gave up waiting for {what}; exited: {[p.name for p in dead]}\n{logs}")
        time.sleep(0.05)


class Api(Process):
    def __init__(self, db: Database, logs: Path, name: str, *extra: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        super().__init__(db, logs, name, "serve", "--port", str(self.port), *extra, env=env)
        self.base = f"http://127.0.0.1:{self.port}"

    def ready(self) -> bool:
        try:
            return httpx.get(f"{self.base}/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def gql(self, query: str, token: str | None = None, **variables: object) -> dict[str, object]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx.post(
            f"{self.base}/graphql", json={"query": query, "variables": variables}, headers=headers, timeout=30
        )
        assert response.status_code == 200, response.text
        body: dict[str, object] = response.json()
        assert "errors" not in body, body
        return body

    @contextmanager
    def subscription(self, token: str, query: str, **variables: object) -> Iterator[Callable[[], dict[str, Any]]]:
        """A graphql-transport-ws subscription; yields a function that waits for its next payload."""
        url = f"ws://127.0.0.1:{self.port}/graphql"
        with connect(url, subprotocols=[Subprotocol("graphql-transport-ws")], open_timeout=30) as ws:
            ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}))
            assert json.loads(ws.recv(timeout=30))["type"] == "connection_ack"
            ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": variables}}))

            def receive() -> dict[str, Any]:
                message: dict[str, Any] = json.loads(ws.recv(timeout=30))
                assert message["type"] == "next", message
                return message["payload"]  # type: ignore[no-any-return]

            yield receive


def position(db: Database, projection: str) -> int:
    """Events the projection folded: the sum of its campaigns' tracked positions (each lane is gap-free)."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute(
            psycopg.sql.SQL("SELECT coalesce(sum(position), 0) FROM {}").format(
                psycopg.sql.Identifier(f"{projection}_tracking")
            )
        ).fetchone()
    return int(row[0]) if row else 0


def head(db: Database) -> int:
    """Events in the store: the sum of the campaigns' heads."""
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT coalesce(sum(position), 0) FROM campaign_heads").fetchone()
    return int(row[0]) if row else 0


def rows(db: Database, table: str) -> list[tuple[object, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute(psycopg.sql.SQL("SELECT * FROM {}").format(psycopg.sql.Identifier(table))).fetchall()
