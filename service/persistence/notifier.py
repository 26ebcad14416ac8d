"""NOTIFY after the commit, off the command's path (issue 26, lanes).

A transaction that ran NOTIFY takes, at its commit, one lock for the whole database (PostgreSQL serialises
every notifying commit to keep the queue in commit order): with the NOTIFY inside the insert function, every
command of every campaign waited for every other's commit. So the writer commits without it and hands the
campaign to this notifier, whose one thread sends the campaigns written since its last send in one
statement, on a connection of its own (`intrigue-notifier` in pg_stat_activity). Notifiers of several processes
may still queue on that lock; no writer does. It sends at most once every `PACE` (issue 26, item 6): a NOTIFY is a
transaction of its own, with its commit record, its flush and that lock, which at one a command cost a busy writer
a fifth of its CPU; paced, a burst of commands costs one, and a quiet campaign's notification leaves at once. A
notification lost with the process (killed between the commit and the send) is covered by the slow polls of the
projection runner and of the subscriptions' listener.

A commit whose events the writer folded inline says so, `<campaign id>:<position>` (projections/notices.py, issue 31,
P5): the runner of another process then need not read to learn that the lane is caught up. Several commits to one
campaign in a pace make one payload, with a position only if every one of them was folded inline.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any
from uuid import UUID

import psycopg
from psycopg.sql import SQL

from projections import notices

log = logging.getLogger("intrigue.notifier")
APPLICATION_NAME = "intrigue-notifier"  # how its connection shows in pg_stat_activity
_CONNECTS = ("dbname", "host", "port", "user", "password")
PACE = 0.01  # seconds: at most one send per PACE; a listener hears of a write at most that much later
_SEND = SQL("SELECT pg_notify(%s, c) FROM unnest(%s::text[]) AS c")


class Notifier:
    """Sends `NOTIFY channel, '<campaign id>[:<position folded inline>]'` for each campaign written, after its commit,
    in a thread."""

    def __init__(self, datastore: Any, channel: str, pace: float = PACE) -> None:
        self.datastore, self.channel, self.pace = datastore, channel, pace
        self._queue: queue.SimpleQueue[tuple[str, int | None] | None] = queue.SimpleQueue()
        self._conn: psycopg.Connection[Any] | None = None
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self._closing = threading.Event()  # ends a wait for the pace: what is queued is sent at once

    def notify(self, campaign_id: UUID | str, folded: int | None = None) -> None:
        """`folded`: the campaign's position its inline projection folded it up to in the commit (None: not folded)."""
        self._queue.put((str(campaign_id), folded))
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    self._closing.clear()  # a notifier used again after `close` paces again
                    self._thread = threading.Thread(target=self._run, name="intrigue-notifier", daemon=True)
                    self._thread.start()

    def close(self) -> None:
        """Send what is queued, then close the connection (the thread ends)."""
        with self._start:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._closing.set()
            self._queue.put(None)
            thread.join(timeout=5)

    def _run(self) -> None:
        sent = float("-inf")
        while True:
            items = [self._queue.get()]
            self._closing.wait(sent + self.pace - time.monotonic())  # the pace; what comes meanwhile joins the send
            sent = time.monotonic()
            while not self._queue.empty():
                items.append(self._queue.get_nowait())
            news: dict[str, int | None] = {}
            for item in items:
                if item is not None:
                    notices.merged(news, *item)
            if news:
                self._send({notices.notice(campaign, folded) for campaign, folded in news.items()})
            if None in items:
                if self._conn is not None:
                    self._conn.close()
                return

    def _send(self, payloads: set[str]) -> None:
        try:
            if self._conn is None or self._conn.closed:
                kwargs = {k: v for k, v in self.datastore.pool.kwargs.items() if k in _CONNECTS and v}
                self._conn = psycopg.connect(autocommit=True, application_name=APPLICATION_NAME, **kwargs)
            self._conn.execute(_SEND, (self.channel, sorted(payloads)))
        except Exception as error:  # the listeners' polls cover a lost notification
            log.debug("notifying %d campaigns failed: %s", len(payloads), error)
            if self._conn is not None:
                self._conn.close()
