"""A rebuild's catch-up wakes when the runner's page advances a lane (`PagedRunner.wait_advance`), and not before:
no database, the runner's progress alone."""

from __future__ import annotations

import threading
from uuid import uuid4

import pytest

from projections.runner import PagedRunner


def progress_only() -> PagedRunner:
    """A runner with only what its progress needs (its thread, app and connection are not made)."""
    runner = PagedRunner.__new__(PagedRunner)
    runner._progress, runner.lanes, runner.advances = threading.Condition(), {}, 0
    runner.is_interrupted, runner._error = threading.Event(), None
    return runner


def test_a_lane_advanced_since_the_count_was_read_is_seen_without_waiting() -> None:
    runner, campaign = progress_only(), uuid4()
    seen = runner.advances
    assert not runner.wait_advance(seen, timeout=0)
    runner.advance(campaign, 5)
    assert runner.wait_advance(seen, timeout=0)  # a page written after the count was read: no pause
    seen = runner.advances
    assert not runner.wait_advance(seen, timeout=0)
    runner.advance(campaign, 3)  # an older position heard again still counts as a page projected
    assert runner.wait_advance(seen, timeout=0)
    assert runner.lanes[campaign] == 5


def test_a_stopped_runner_raises_what_its_view_raised() -> None:
    runner = progress_only()
    runner._error = RuntimeError("the view failed")
    runner.is_interrupted.set()
    with pytest.raises(RuntimeError, match="the view failed"):
        runner.wait_advance(runner.advances, timeout=0)
