"""A runner's progress, lane by lane, and the waits on it: a command's reader waits until its campaign's lane is
projected up to its events, a rebuild's catch-up until a lane advances (projections/runner.py runs the pages)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol
from uuid import UUID

Lanes = dict[int, tuple[UUID, int]]  # a page's notification ids: each event's campaign and position in it
# A page's events, starts and topics decoded anew from its rows, for a page folded again (`StateView.project`).
Again = Callable[[], tuple[Sequence[tuple[Any, int]], dict[int, Any], Mapping[int, str]]]


class View(Protocol):
    def lane_position(self, campaign_id: UUID) -> int: ...

    def read_position(self, campaign_id: UUID) -> int: ...

    def progress(self) -> tuple[int, int]: ...

    def project(
        self,
        events: Sequence[tuple[Any, int]],
        application_name: str,
        starts: dict[int, tuple[Any, int]] | None = None,
        lanes: Lanes | None = None,
        topics: dict[int, str] | None = None,
        again: Again | None = None,
    ) -> dict[UUID, int]: ...

    def needs_exact_state(self, topic: str) -> bool: ...

    def needs_every_event(self, topic: str) -> bool: ...


class LaneProgress:
    """Each campaign's last position known projected into `view`, and the waits on it."""

    def __init__(self, app: Any, view: View, name: str) -> None:
        self.app, self.view, self.name = app, view, name
        self.is_interrupted = threading.Event()
        self._stopping = False
        self._error: BaseException | None = None
        self._progress = threading.Condition()
        self.lanes: dict[UUID, int] = {}  # each campaign's last position known projected (waiters' progress)
        self.advances = 0  # how many times a lane advanced: `wait_advance` wakes on the next one

    def run_forever(self, timeout: float | None = None) -> None:
        """Block until `timeout`, or until the runner stops; raise what the view raised."""
        if self.is_interrupted.wait(timeout=timeout):
            self._raise_error()

    def wait_advance(self, seen: int, timeout: float) -> bool:
        """Block until a lane advances past the count `seen` (`advances`, read before the caller last looked), until
        the runner stops, or until `timeout`; raise what the view raised; whether a lane advanced. A rebuild's
        catch-up waits so rather than a fixed pause (whose half, on average, its wall time paid after the last page:
        issue 31, P4)."""
        with self._progress:
            self._progress.wait_for(lambda: self.advances != seen or self.is_interrupted.is_set(), timeout=timeout)
            advanced = self.advances != seen
        if self.is_interrupted.is_set():
            self._raise_error()
        return advanced

    def wait(self, notification_id: int, timeout: float = 1.0) -> None:
        """Block until the view has projected the event `notification_id` (its campaign's lane up to it); raise
        what the view raised, or TimeoutError."""
        lane = self.app.recorder.lane_of(notification_id)
        if lane is not None:
            self.wait_lane(lane.campaign_id, lane.last, timeout)

    def wait_lane(self, campaign_id: UUID, position: int, timeout: float = 1.0) -> None:
        """Block until the view has projected the campaign up to its `position`."""
        if campaign_id not in self.lanes:  # projected before this runner started, or by another process
            self.advance(campaign_id, self.view.lane_position(campaign_id))
        # Still behind: another process's inline fold (an API replica's, a worker's) is never told to this runner.
        # The readers' tracking says (not this writer's generation, which a rebuild's switch may have left behind).
        if self.lanes.get(campaign_id, 0) < position:
            self.advance(campaign_id, self.view.read_position(campaign_id))
        with self._progress:
            reached = self._progress.wait_for(
                lambda: self.lanes.get(campaign_id, 0) >= position or self.is_interrupted.is_set(), timeout=timeout
            )
        if self.lanes.get(campaign_id, 0) >= position:
            return
        self._raise_error()
        if not reached:
            raise TimeoutError(f"projection {self.name!r} has not reached position {position} of {campaign_id}")
        if not self._stopping:
            raise RuntimeError(f"projection {self.name!r} stopped before position {position} of {campaign_id}")

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def advance(self, campaign_id: UUID, position: int) -> None:
        """The campaign is projected up to `position` (by this runner, or inline in a command's transaction)."""
        with self._progress:
            self.lanes[campaign_id] = max(self.lanes.get(campaign_id, 0), position)
            self.advances += 1
            self._progress.notify_all()
