"""`intrigue serve --processes N` (issue 31, P5): N children answer on one port, each as an API replica, while the
parent alone migrates, projects and sends webhooks; a count that is not at least 1, or whose pools would not fit
in the server's connections, is refused before anything starts."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest

from service.entrypoints.serve_processes import background_connections, connections_per_process
from service.persistence.database import Database
from tests.support.processes import Api, eventually, run, spawned_children

BACKGROUND = {"INTRIGUE_RUN_PROJECTIONS": "1", "INTRIGUE_MIGRATE_ON_START": "1", "INTRIGUE_WEBHOOKS": "1"}


def _answered_by(port: int, candidates: set[int]) -> int | None:
    """The process among `candidates` holding the server's end of a new connection that has been answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert client.recv(65536).startswith(b"HTTP/1.1 200")
        mine = client.getsockname()[1]
        inodes = {
            fields[9]
            for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
            if (fields := line.split())
            and int(fields[1].split(":")[1], 16) == port
            and int(fields[2].split(":")[1], 16) == mine
        }
        for pid in candidates:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) in {f"socket:[{inode}]" for inode in inodes}:
                        return pid
                except OSError:
                    continue
    return None


def test_two_processes_answer_on_one_port_and_the_background_work_runs_once(fresh_db: Database, tmp_path: Path) -> None:
    api = Api(fresh_db, tmp_path, "serve", "--processes", "2", env=BACKGROUND)
    try:
        eventually(api.ready, "the server's readiness", api)
        eventually(lambda: len(spawned_children(api.popen.pid)) == 2, "two children", api)
        children, seen = spawned_children(api.popen.pid), set()

        def both_answered() -> bool:  # the kernel hands each connection to one child: ask until both have answered
            seen.add(_answered_by(api.port, children))
            return seen >= children

        eventually(both_answered, "an answer from each child", api)
        assert seen - {None} == children
        output = api.output()
        assert output.count("webhook delivery worker up") == 1
        assert "runs in another process" not in output  # no child tried for a projection's lock
    finally:
        assert api.stop() == 128 + signal.SIGTERM, api.output()[-3000:]  # `stop` sends SIGTERM
    assert not spawned_children(api.popen.pid)


@pytest.mark.parametrize("count", ["0", "-2", "two"])
def test_a_count_below_one_or_not_a_number_is_refused_without_a_traceback(
    db: Database, tmp_path: Path, count: str
) -> None:
    refused = run(db, tmp_path, "serve", "serve", "--processes", count)
    assert refused.returncode == 2
    assert "argument --processes" in refused.stdout and "Traceback" not in refused.stdout


def test_more_processes_than_the_servers_connections_allow_are_refused_before_anything_starts(
    db: Database, tmp_path: Path
) -> None:
    refused = run(db, tmp_path, "serve", "serve", "--processes", "40")
    assert refused.returncode == 2, refused.stdout
    needed = 40 * connections_per_process(5) + background_connections(5)
    said = f"intrigue: bad configuration: INTRIGUE_PROCESSES=40: its pools would open up to {needed} connections"
    assert said in refused.stdout
    assert "Traceback" not in refused.stdout and "Console:" not in refused.stdout
