"""`intrigue serve --processes N` stopped by a signal: each child runs its own shutdown to the end (uvicorn's graceful
one, then its store closed and the log thread's last lines written) and exits 143; the parent, once they are gone,
releases what it holds (its store, the embedded server) and exits 143 on SIGTERM (a deployment's stop), 0 on Ctrl-C,
as the single-process `serve` does. Before, uvicorn raised SIGTERM again in each child after its graceful shutdown,
whose default action ended it there (no close, no last lines), and the parent exited 0 whatever stopped it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.persistence.database import Database
from tests.support.processes import STARTUP_LIMIT, Api, eventually, spawned_children

# A fault test (signals to a parent and its children, three servers with their embedded PostgreSQL started and stopped,
# about a minute of one worker): `make test-slow`, which .ci/run runs (README, "How long each command takes").
pytestmark = pytest.mark.slow


@pytest.fixture
def pgdata() -> Iterator[Path]:
    """The data of an embedded server the parent alone holds. Not under tmp_path: the server runs as another user,
    and a second pytest session as root sets its root to mode 0700 (tests/conftest.py's embedded server, the same)."""
    folder = Path(tempfile.mkdtemp(prefix="intrigue-tests-serve-"))
    folder.chmod(0o755)
    yield folder / "pgdata"
    left = folder / "pgdata" / "postmaster.pid"
    if left.exists():  # a failed test's: a fast shutdown, then the data goes
        os.kill(int(left.read_text().split()[0]), signal.SIGINT)
        eventually(lambda: not left.exists(), "the embedded server's stop")
    shutil.rmtree(folder, ignore_errors=True)


def _gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError:
        return False
    return True


def _ended_its_shutdown(output: str, child: int) -> bool:
    """The child's last lines, in order (its own, and its parent's word on its exit status)."""
    lines = [
        f"Finished server process [{child}]",
        f"serving process {child}: store closed",
        f"serving process {child} exited with status 143",
    ]
    found = [output.find(line) for line in lines]
    return -1 not in found and found == sorted(found)


def _serving(api: Api, count: int = 2) -> set[int]:
    """Wait until `count` children serve; their ids."""
    eventually(lambda: len(spawned_children(api.popen.pid)) == count, f"{count} children", api)
    children = spawned_children(api.popen.pid)
    # Logged once the child's app is built: its signal handlers are in place from then on.
    eventually(lambda: all(f"Started server process [{c}]" in api.output() for c in children), "their apps", api)
    eventually(api.ready, "the server's readiness", api)
    return children


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 0)])
def test_a_signal_to_the_parent_ends_each_child_s_shutdown_then_the_parent_s(
    admin_db: Database, tmp_path: Path, pgdata: Path, signum: int, status: int
) -> None:
    env = {"DATABASE_URL": "", "INTRIGUE_PGDATA": str(pgdata), "INTRIGUE_MIGRATE_ON_START": "1"}
    api = Api(admin_db, tmp_path, "serve", "--processes", "2", env=env)
    try:
        children = _serving(api)
        api.popen.send_signal(signum)
        code = api.popen.wait(timeout=STARTUP_LIMIT)
    finally:
        api.stop()
    out = api.output()
    assert code == status, out[-3000:]
    assert all(_ended_its_shutdown(out, child) for child in children), out[-3000:]
    assert all(_gone(child) for child in children) and not _listening(api.port)
    assert not (pgdata / "postmaster.pid").exists(), "the embedded server outlived its last holder"
    assert "Traceback" not in out, out[-3000:]


def test_a_child_stopped_by_sigterm_ends_its_shutdown_and_the_parent_serves_on_with_a_new_one(
    fresh_db: Database, tmp_path: Path
) -> None:
    api = Api(fresh_db, tmp_path, "serve", "--processes", "2", env={"INTRIGUE_MIGRATE_ON_START": "1"})
    try:
        stopped, kept = sorted(_serving(api))
        os.kill(stopped, signal.SIGTERM)
        eventually(lambda: stopped not in spawned_children(api.popen.pid), "the stopped child's end", api)
        replaced = _serving(api)  # the parent replaces a child that ended, having said how it ended
        assert kept in replaced and stopped not in replaced
        assert _ended_its_shutdown(api.output(), stopped), api.output()[-3000:]
    finally:
        api.popen.send_signal(signal.SIGTERM)
        code = api.stop()
    out = api.output()
    assert code == 128 + signal.SIGTERM, out[-3000:]
    assert all(_ended_its_shutdown(out, child) for child in replaced), out[-3000:]
    assert all(_gone(child) for child in replaced) and not _listening(api.port)
    assert "Traceback" not in out, out[-3000:]
