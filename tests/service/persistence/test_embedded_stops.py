"""The embedded server stops once the last process holding it exits, even when an earlier holder was killed
(service/persistence/database.py `_forget_the_dead`): before, the killed process's id stayed in pgserver's list of
holders and the server outlived every later `make run`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.support.processes import ROOT

HOLD = """import sys, time
from pathlib import Path
from service.persistence.database import start_embedded
start_embedded(Path(sys.argv[1]))
print("up", flush=True)
if sys.argv[2] == "hold":
    time.sleep(600)
"""
LIMIT = 120.0  # seconds: only ends a wait that would never end


def _holder(pgdata: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", HOLD, str(pgdata), mode], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )


def _postmaster(pgdata: Path) -> int | None:
    """The server's process id while it runs (its `postmaster.pid`, removed as it stops)."""
    try:
        return int((pgdata / "postmaster.pid").read_text().split()[0])
    except (FileNotFoundError, IndexError, ValueError):
        return None


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_last_holder_to_exit_stops_the_server_though_an_earlier_one_was_killed(tmp_path: Path) -> None:
    pgdata = tmp_path / "pgdata"
    killed = _holder(pgdata, "hold")
    try:
        assert killed.stdout is not None and killed.stdout.readline() == "up\n"
        server = _postmaster(pgdata)
        assert server is not None
        killed.send_signal(signal.SIGKILL)  # no exit handler runs: it stays in pgserver's list
        killed.wait(timeout=LIMIT)

        last = _holder(pgdata, "leave")
        out, _ = last.communicate(timeout=LIMIT)
        assert out == "up\n" and last.returncode == 0
        assert _postmaster(pgdata) in (server, None)  # it joined the running server, and left

        deadline = time.monotonic() + LIMIT
        while not _gone(server) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(server) and _postmaster(pgdata) is None
    finally:
        killed.kill()
        left = _postmaster(pgdata)
        if left is not None and not _gone(left):
            os.kill(left, signal.SIGINT)  # a fast shutdown, whatever the test found
