"""Keeps a read model current: reads the event log in pages after its tracking position, and hands each page
to the view, which writes its rows and the page's last position in one transaction.

A page is whatever is there, up to `PAGE` events: one event when commands trickle in (so a command's reader
waits no longer than before), thousands on a backlog or a rebuild (so catching up costs one transaction per
page, not one per event). New events are heard by LISTEN on the channel the events table's writer NOTIFYs after each
commit (service/persistence/notifier.py); a notification received while a page is being folded is kept by psycopg
and read at the next wait, and a slow poll covers one missed. A notification that the writer folded its events
inline (projections/notices.py) is not read for while the runner's last read found no lane behind: each lane
behind since then has a notification of its own that does not say so, still to come or lost (issue 31, P5). A lost
connection is opened again and the page read again. An event that cannot be decoded, folded or written stops its
campaign alone (projections/page.py); any other fault stops the runner, for whoever waits on it to raise.

The runner's thread, its connection, lock and wait for news are here; the page's read and fold are in
projections/lane_reader.py, the waits on its progress in projections/progress.py.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import Any
from uuid import uuid4

import psycopg
from eventsourcing import persistence
from psycopg.sql import SQL, Identifier

from projections import notices
from projections.collector import collector_paused
from projections.lane_reader import CAMPAIGNS, PAGE, LaneReader, Undecodable
from projections.progress import View
from projections.state_sql import ON_CITUS

# Imported from here by service/, projections/retry.py and tests/ (the names moved when runner.py was split).
__all__ = ["PAGE", "PagedRunner", "StandingByError", "Undecodable", "View", "collector_paused"]

MAX_PAUSE = 5.0  # seconds between attempts to reach PostgreSQL again, at most
POLL = 1.0  # seconds between reads when no notification arrives
# The memory of the page's sort (its events in notification order, `state` and all): PostgreSQL's default 4 MB
# sent a page of many campaigns to disk (a backlog of 300 campaigns: 46 MB of external merge for each 20,000-event
# page, every lane's remaining events sorted; issue 31, P4); 32 MB holds such a page's top-N sort in memory. Only a
# sort that needs it takes it, on this one connection a runner reads on; a server set higher keeps its own.
WORK_MEM = (
    "SELECT set_config('work_mem', '32MB', false)"
    " WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes('32MB')"
)


log = logging.getLogger("intrigue.projections")
# A lost connection, not a fault of the events: the runner reconnects and reads the page again.
_LOST = (psycopg.OperationalError, persistence.OperationalError, persistence.InterfaceError)


class StandingByError(Exception):
    """The runner's lock is held by another process, which projects meanwhile."""


class PagedRunner(LaneReader):
    """One thread that projects pages of events into `view` until stopped, or until the view raises.

    `wait`, `run_forever`, `is_interrupted` and the context manager behave as eventsourcing's
    ProjectionRunner's do, so the worker, the server and a rebuild drive either alike.
    """

    def __init__(
        self,
        app: Any,
        view: View,
        name: str,
        conninfo: str,
        page: int = PAGE,
        lock: int | None = None,
        part: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, view, name, page, part)
        # With `lock`, the runner holds that advisory lock on its own connection, taken again after every
        # reconnect (a failover ends the session and the lock with it); without it, it stands by (issue 27).
        self.lock, self.holds_lock = lock, lock is None
        # Inline folds go to the tracking this runner reads (the live generation's): their notices need no read
        # after a read that found no lane behind (`_caught_up`; projections/notices.py).
        self._trusts_notices = bool(getattr(view, "folded_inline", False))
        self._caught_up = False
        self.unread = 0  # notifications that needed no read
        self._listen = SQL("LISTEN {}").format(Identifier(app.recorder.channel_name))
        self._wake = Identifier(f"intrigue_runner_{uuid4().hex}")  # only this runner listens: its stop
        self._conninfo = conninfo
        self._conn = self._connect()
        self._thread = threading.Thread(target=self._run, name=f"projection-{name}", daemon=True)

    def __enter__(self) -> PagedRunner:
        self._thread.start()
        return self

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        conn = psycopg.connect(self._conninfo, autocommit=True, application_name=f"intrigue-projection-{self.name}")
        conn.execute(self._listen)
        conn.execute(SQL("LISTEN {}").format(self._wake))
        conn.execute(WORK_MEM)
        # On Citus a page is one campaign's: its transaction then stays on that campaign's shard (row locks on
        # several shards are refused; docs/scaling.md, "Citus").
        on_citus = conn.execute(ON_CITUS).fetchone() is not None
        self.campaigns = 1 if on_citus else CAMPAIGNS
        if self.lock is not None:
            row = conn.execute("SELECT pg_try_advisory_lock(%s)", (self.lock,)).fetchone()
            self.holds_lock = bool(row and row[0])
        return conn

    def __exit__(self, *_: object) -> None:
        self._stopping = True
        self.is_interrupted.set()
        if self._thread.is_alive():  # wake it from waiting for a notification
            with contextlib.suppress(*_LOST), self.app.recorder.datastore.get_connection() as conn:
                conn.execute(SQL("NOTIFY {}").format(self._wake))
        self._thread.join()
        self._conn.close()
        self.app.close()
        self._raise_error()

    @property
    def leading(self) -> bool:
        """Projecting now: running, and holding its lock (if it takes one)."""
        return self.holds_lock and not self.is_interrupted.is_set()

    def _run(self) -> None:
        pause = 0.1
        try:
            while not self._stopping:
                try:
                    self._step()
                    pause = 0.1
                except StandingByError:  # another process holds the lock and projects: ask for it again later
                    self._conn.close()
                    self._sleep(MAX_PAUSE)
                except _LOST as lost:  # the page was rolled back: read it again once PostgreSQL answers
                    log.warning("projection %s lost its connection; again in %.1f s: %s", self.name, pause, lost)
                    self._conn.close()
                    self._sleep(pause)
                    pause = min(pause * 2, MAX_PAUSE)
        except BaseException as error:  # handed to whoever waits on or runs this runner
            self._error = error
        finally:
            self.is_interrupted.set()
            with self._progress:
                self._progress.notify_all()

    def _step(self) -> None:
        if self._conn.closed:
            self._conn = self._connect()
        if not self.holds_lock:
            raise StandingByError(f"projection {self.name!r} runs in another process")
        with collector_paused():  # the page's rows live until it is written, like its events
            rows = self._read()
            projected = self._project(rows) if rows else False
        self._caught_up = not rows and self._trusts_notices
        if not projected:  # nothing behind, or only lanes an inline projection holds: until it commits
            self._idle()

    def _sleep(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self._stopping and time.monotonic() < deadline:
            time.sleep(0.05)

    def _idle(self) -> None:
        """Until a notification that needs a read, `POLL` seconds, or a stop (looked at four times a second). Each
        wait takes every notification psycopg received with the first (a packet's, a read's backlog), so none that
        needs a read is dropped behind one that does not; those do not move the poll's deadline."""
        deadline = time.monotonic() + POLL
        while not self._stopping and time.monotonic() < deadline:
            heard = list(self._conn.notifies(timeout=0.25, stop_after=1))
            if heard and (not self._caught_up or any(notices.folded_of(n.payload) is None for n in heard)):
                return
            self.unread += len(heard)
