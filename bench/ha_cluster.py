"""Three PostgreSQL 15 nodes under Patroni (synchronous_mode) and one etcd, all on 127.0.0.1 under ./var/ha, for
`make test-ha` (bench/ha.py; docs/scaling.md "High availability, measured").

Ports (issue 27's brief): PostgreSQL 5620-5622, Patroni's REST API 5630-5632, etcd 23790 (clients) and 23791
(peers). Patroni and PostgreSQL run as the `postgres` system user when this runs as root (PostgreSQL refuses root).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx

from service.persistence.database import Database

PG_BIN = Path(os.environ.get("INTRIGUE_PG_BIN", "/usr/lib/postgresql/15/bin"))
PG_PORTS, REST_PORTS, ETCD_PORT = (5620, 5621, 5622), (5630, 5631, 5632), 23790
AS_USER = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
SCOPE = "intrigue-ha"

# The DCS timings: the leader renews its key every second (loop_wait) and a dead leader's key expires after
# `ttl`, when the synchronous standby takes over; Patroni wants loop_wait + 2 * retry_timeout <= ttl.
DCS = {
    "ttl": 10,
    "loop_wait": 1,
    "retry_timeout": 4,
    "maximum_lag_on_failover": 1048576,
    # Synchronous replication, not strict (docs/scaling.md says why): a commit is acknowledged once the
    # synchronous standby has it, and Patroni promotes only that standby, so no acknowledged write is lost; with
    # both standbys gone a lone primary keeps taking writes rather than refusing them all.
    "synchronous_mode": True,
    "synchronous_mode_strict": False,
    "postgresql": {
        "use_pg_rewind": True,
        "use_slots": True,
        "parameters": {
            "wal_level": "replica",
            "hot_standby": "on",
            "wal_log_hints": "on",
            "max_wal_senders": 10,
            "max_replication_slots": 10,
            "max_connections": 80,
            "wal_keep_size": "128MB",
        },
    },
}


def missing_tools() -> list[str]:
    """What `make test-ha` needs and this machine lacks."""
    wanted = {"patroni": "patroni", "etcd": "etcd-server"}
    missing = [package for tool, package in wanted.items() if shutil.which(tool) is None]
    return missing + ([] if (PG_BIN / "postgres").exists() else ["postgresql-15"])


class Node:
    """One Patroni member and its PostgreSQL."""

    def __init__(self, root: Path, index: int) -> None:
        self.name, self.dir = f"node{index}", root / f"node{index}"
        self.port, self.rest = PG_PORTS[index], REST_PORTS[index]
        self.popen: subprocess.Popen[bytes] | None = None

    def configure(self) -> Path:
        self.dir.mkdir(parents=True, exist_ok=True)
        config = {
            "scope": SCOPE,
            "name": self.name,
            "restapi": {"listen": f"127.0.0.1:{self.rest}", "connect_address": f"127.0.0.1:{self.rest}"},
            "etcd3": {"hosts": [f"127.0.0.1:{ETCD_PORT}"]},
            "bootstrap": {
                "dcs": DCS,
                "initdb": [{"encoding": "UTF8"}, {"auth": "trust"}],
                "pg_hba": [
                    "local all all trust",
                    "host all all 127.0.0.1/32 trust",
                    "host replication all 127.0.0.1/32 trust",
                ],
            },
            "postgresql": {
                "listen": f"127.0.0.1:{self.port}",
                "connect_address": f"127.0.0.1:{self.port}",
                "data_dir": str(self.dir / "data"),
                "bin_dir": str(PG_BIN),
                "pgpass": str(self.dir / "pgpass"),
                "authentication": {
                    "superuser": {"username": "postgres", "password": "postgres"},
                    "replication": {"username": "replicator", "password": "replicator"},
                    "rewind": {"username": "postgres", "password": "postgres"},
                },
                "parameters": {"unix_socket_directories": str(self.dir), "fsync": "on"},
            },
        }
        path = self.dir / "patroni.yml"
        path.write_text(json.dumps(config, indent=1))  # JSON is YAML: Patroni reads it as it is
        if AS_USER:
            subprocess.run(["chown", "-R", "postgres:postgres", str(self.dir)], check=True)
        return path

    def start(self) -> None:
        log = (self.dir / "patroni.log").open("ab")
        self.popen = subprocess.Popen(
            [*AS_USER, "patroni", str(self.dir / "patroni.yml")],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def status(self) -> dict[str, object]:
        try:
            answer = httpx.get(f"http://127.0.0.1:{self.rest}/patroni", timeout=2)
            found: dict[str, object] = answer.json()
            return found
        except (httpx.HTTPError, ValueError):
            return {}

    def postmaster(self) -> int | None:
        """The pid of this node's running postmaster (by its postmaster.pid, checked against its command line)."""
        try:
            pid = int((self.dir / "data" / "postmaster.pid").read_text().split()[0])
            alive = str(self.dir / "data") in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
        except (OSError, IndexError, ValueError):
            return None
        return pid if alive else None

    def kill(self) -> None:
        """SIGKILL to Patroni and every process of its PostgreSQL at once: the machine is gone. Patroni starts the
        postmaster in a session of its own (setsid), so it is found by its postmaster.pid, not below Patroni."""
        roots = [pid for pid in (self.popen.pid if self.popen else None, self.postmaster()) if pid is not None]
        for sent in (signal.SIGSTOP, signal.SIGKILL):  # frozen first, so no process forks one we would miss
            for pid in descendants(*roots):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sent)
        if self.popen is not None:
            self.popen.wait(timeout=30)

    def stop(self) -> None:
        """Patroni stops its PostgreSQL on SIGTERM; whatever is left after it (or after a hang) is killed."""
        if self.popen is not None and self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=40)
        self.kill()


def descendants(*roots: int) -> list[int]:
    """`roots` and every process below them, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], list(roots)
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


class Cluster:
    """etcd and three Patroni nodes under `root` (wiped first); `stop` ends them all."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.nodes = [Node(root, i) for i in range(3)]
        self.etcd: subprocess.Popen[bytes] | None = None
        self.last_seen: dict[str, object] = {}  # the leader's last /cluster answer, for a failure's message
        hosts = ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)
        # libpq tries each host in turn and keeps the one that accepts writes (docs/scaling.md says why not haproxy)
        self.url = f"postgresql://postgres@{hosts}/postgres?target_session_attrs=read-write&connect_timeout=3"

    def start(self, limit: float = 180.0) -> None:
        for node in self.nodes:  # a run that was itself killed may have left its servers running
            node.kill()
        shutil.rmtree(self.root, ignore_errors=True)
        self.root.mkdir(parents=True)
        log = (self.root / "etcd.log").open("ab")
        self.etcd = subprocess.Popen(
            [
                "etcd",
                "--name",
                "ha",
                "--data-dir",
                str(self.root / "etcd"),
                "--listen-client-urls",
                f"http://127.0.0.1:{ETCD_PORT}",
                "--advertise-client-urls",
                f"http://127.0.0.1:{ETCD_PORT}",
                "--listen-peer-urls",
                f"http://127.0.0.1:{ETCD_PORT + 1}",
                "--initial-advertise-peer-urls",
                f"http://127.0.0.1:{ETCD_PORT + 1}",
                "--initial-cluster",
                f"ha=http://127.0.0.1:{ETCD_PORT + 1}",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        for node in self.nodes:
            node.configure()
            node.start()
            if node is self.nodes[0]:  # the first bootstraps; the others clone it
                self.wait(lambda: self.leader() is self.nodes[0], "node0 to bootstrap and lead", limit)
        self.wait(self.healthy, "three members streaming, one of them synchronous", limit)

    def members(self) -> list[dict[str, object]]:
        return [s for s in (n.status() for n in self.nodes) if s]

    def leader(self) -> Node | None:
        for node in self.nodes:
            status = node.status()
            if status.get("role") in ("master", "primary") and status.get("state") == "running":
                return node
        return None

    def healthy(self) -> bool:
        """A leader, and both others streaming from it, one as the synchronous standby."""
        leader = self.leader()
        if leader is None:
            return False
        try:
            cluster = httpx.get(f"http://127.0.0.1:{leader.rest}/cluster", timeout=2).json()
        except (httpx.HTTPError, ValueError):
            return False
        self.last_seen = cluster
        members = cluster.get("members", [])
        roles = sorted(str(m.get("role")) for m in members if m.get("state") in ("running", "streaming"))
        return roles == ["leader", "replica", "sync_standby"] and all(
            m.get("lag") == 0 for m in members if m.get("role") != "leader"
        )

    def wait(self, check: object, what: str, limit: float) -> float:
        began = time.monotonic()
        while not check():  # type: ignore[operator]
            if time.monotonic() - began > limit:
                raise RuntimeError(f"gave up waiting for {what} ({self.last_seen}); logs under {self.root}")
            time.sleep(0.2)
        return time.monotonic() - began

    def admin(self) -> Database:
        return Database.from_url(self.url)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        if self.etcd is not None and self.etcd.poll() is None:
            self.etcd.terminate()
            self.etcd.wait(timeout=20)
