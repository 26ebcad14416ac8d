"""A parallel rebuild waits on its workers themselves, not a fixed pause (service/operations/rebuild_parts.py
`wait_any`): it goes on as soon as the last one ends. No database, no processes: stand-ins that say whether they run."""

from __future__ import annotations

import subprocess
import time
from typing import Any, cast

import pytest

from service.operations.rebuild_parts import wait_any


class Worker:
    """A worker process as `wait_any` sees it: `poll` (None while it runs) and `wait`."""

    def __init__(self, running: bool, ends_in_wait: bool = True) -> None:
        self.running, self.ends_in_wait = running, ends_in_wait
        self.waits: list[float] = []

    def poll(self) -> int | None:
        return None if self.running else 0

    def wait(self, timeout: float) -> int:
        self.waits.append(timeout)
        if not self.ends_in_wait:
            raise subprocess.TimeoutExpired("worker", timeout)
        self.running = False
        return 0


def _no_pause(seconds: float) -> None:
    raise AssertionError(f"a fixed pause of {seconds} s")


def test_the_first_worker_still_running_is_waited_on_until_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "sleep", _no_pause)
    ended, first, second = Worker(False), Worker(True), Worker(True)
    wait_any(cast(list[Any], [ended, first, second]), 0.5)
    assert ended.waits == [] and first.waits == [0.5] and second.waits == []
    assert first.poll() == 0 and second.poll() is None


def test_a_worker_that_runs_past_the_wait_hands_back_to_the_progress_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "sleep", _no_pause)
    slow = Worker(True, ends_in_wait=False)
    wait_any(cast(list[Any], [slow]), 0.5)  # the timeout is not an error: the caller reports progress and waits again
    assert slow.waits == [0.5] and slow.poll() is None
    wait_any(cast(list[Any], [Worker(False)]), 0.5)  # none running: nothing waited on
