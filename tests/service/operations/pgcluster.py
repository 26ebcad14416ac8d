"""PostgreSQL 15 servers of a test's own on 127.0.0.1 (trust): a primary and, when asked, a streaming replica."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from service.persistence.database import Database
from tests.support.processes import free_port

BIN = Path(os.environ.get("INTRIGUE_PG_BIN", "/usr/lib/postgresql/15/bin"))
# initdb and postgres refuse to run as root: as root, they run as the postgres system user.
AS_USER = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _run(*args: str) -> None:
    subprocess.run([*AS_USER, *args], check=True, capture_output=True, timeout=120)


class LocalPostgres:
    """One server in `pgdata`, listening on 127.0.0.1 on a free port; `stop` ends it."""

    def __init__(self, pgdata: Path, port: int) -> None:
        self.pgdata, self.port = pgdata, port
        self.db = Database(host="127.0.0.1", port=str(port), user="postgres", password="", dbname="postgres")
        self.standbys: list[LocalPostgres] = []

    @classmethod
    def primary(cls, where: Path) -> LocalPostgres:
        where.mkdir(parents=True, exist_ok=True)
        if AS_USER:
            shutil.chown(where, "postgres")
        server = cls(where / "primary", free_port())
        _run(str(BIN / "initdb"), "-D", str(server.pgdata), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        with (server.pgdata / "postgresql.conf").open("a") as conf:
            conf.write("wal_level = replica\nmax_wal_senders = 5\nmax_connections = 60\nfsync = off\n")
        with (server.pgdata / "pg_hba.conf").open("a") as hba:
            hba.write("host replication all 127.0.0.1/32 trust\n")
        server.start()
        return server

    def standby(self, apply_delay_ms: int = 0) -> LocalPostgres:
        """A streaming replica of this server, made with pg_basebackup -R and started (applying commits late)."""
        replica = LocalPostgres(self.pgdata.parent / f"standby{free_port()}", free_port())
        _run(
            str(BIN / "pg_basebackup"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-D",
            str(replica.pgdata),
            "-R",
            "-X",
            "stream",
        )
        with (replica.pgdata / "postgresql.conf").open("a") as conf:
            conf.write(f"recovery_min_apply_delay = {apply_delay_ms}\n")
        replica.start()
        self.standbys.append(replica)
        return replica

    def start(self) -> None:
        options = f"-p {self.port} -h 127.0.0.1 -k {self.pgdata}"
        _run(str(BIN / "pg_ctl"), "-w", "-D", str(self.pgdata), "-o", options, "-l", str(self.pgdata / "log"), "start")

    def stop(self) -> None:
        if (self.pgdata / "postmaster.pid").exists():
            _run(str(BIN / "pg_ctl"), "-w", "-D", str(self.pgdata), "-m", "immediate", "stop")


@contextmanager
def own_primary() -> Iterator[LocalPostgres]:
    """A primary of the test's own, stopped and removed afterwards (in a directory the postgres user can reach)."""
    where = Path(tempfile.mkdtemp(prefix="intrigue-pg-"))
    server = LocalPostgres.primary(where)
    try:
        yield server
    finally:
        for standby in server.standbys:
            standby.stop()
        server.stop()
        shutil.rmtree(where, ignore_errors=True)
