"""Snapshots written a row per statement (issue 27, item 2; docs/scaling.md, "Citus"), after the command's answer
(issue 31, item 1).

The library inserts a save's snapshots as one `INSERT ... SELECT FROM unnest(...)`; on Citus such a statement is
pulled through the coordinator and copied into the shards under a two-phase commit, even for one row. A
`VALUES` row per snapshot, each its own statement on the autocommit connection, goes to one shard as a router
query and commits there alone; psycopg's `executemany` sends them in one pipeline, so plain PostgreSQL still pays
one round trip.

The library writes a save's snapshots on the command's path, after its events commit and before it answers. Here
the command copies the aggregates that crossed their interval (the saved aggregate is its caller's, who may change it
again once the call returns; a copy shares nothing mutable with it: domain/clone.py) and a writer thread takes the
snapshots of the copies, encodes and inserts them after: the command answers without waiting for that work (issue
31, item 1: taking and encoding them was 0.02-0.03 s of a big phase's answer, the copies cost a few ms). Nothing
depends on a snapshot being there: a load reads the latest snapshot it finds and the events after it, so a write
lost to a crash, or one that failed, only makes a later load replay more events.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Identifier

log = logging.getLogger("intrigue.snapshots")


def write_rows(recorder: Any) -> None:
    """Make `recorder` (the library's PostgresAggregateRecorder of snapshots) insert a row per statement."""
    text = SQL("INSERT INTO {}.{} (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)")
    statement = text.format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))

    def insert(curs: Any, stored_events: Sequence[StoredEvent], **_: Any) -> None:
        curs.executemany(statement, [(e.originator_id, e.originator_version, e.topic, e.state) for e in stored_events])

    recorder._insert_stored_events = insert


Snapshots = Callable[[], list[StoredEvent]]  # made on the writer's thread: the snapshots taken and encoded


class SnapshotWriter:
    """Makes and inserts snapshots on a thread of its own, in the order given; `flush` waits until all given are
    written (or failed), `close` flushes and stops the thread."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder
        self._queue: queue.Queue[tuple[Snapshots, str] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def write(self, make: Snapshots, about: str = "") -> None:
        """`make` is called on the writer's thread, and what it returns inserted; `about` names the aggregates
        in the log when that fails."""
        with self._lock:
            if self._thread is None:  # started on first use: most processes (a CLI read) never snapshot
                self._thread = threading.Thread(target=self._run, name="intrigue-snapshots", daemon=True)
                self._thread.start()
        self._queue.put((make, about))

    def flush(self) -> None:
        self._queue.join()

    def close(self) -> None:
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join()

    def _run(self) -> None:
        while True:
            given = self._queue.get()
            try:
                if given is None:
                    return
                make, about = given
                self.recorder.insert_events(make())
            except Exception:  # only slower: a later load replays the events this snapshot would have skipped
                log.exception("snapshots not written: %s", about or "(not named)")
            finally:
                self._queue.task_done()
