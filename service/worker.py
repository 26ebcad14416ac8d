"""`intrigue worker`: each projection runs where its PostgreSQL advisory lock is held, so in one process at a time.

The lock is a session lock on a connection of its own: when a worker dies, even by SIGKILL, its session
ends and the lock is free for a standby, whose runner resumes from the tracking position. Rows and tracking
are written in one transaction, and tracking only moves forward, so a late write from a worker that lost
its lock is refused rather than applied twice.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from prometheus_client import Gauge
from psycopg import sql

from service.app import IntrigueStore
from service.database import Database
from service.migrations import is_current
from service.readmodels import ReadModel, close_view, lock_key, open_view, start_runner, tables_of

log = logging.getLogger("intrigue.worker")
LEADING = Gauge("intrigue_projection_leader", "1 while this process runs the projection.", ["projection"])
# TCP keepalives end a dead peer's session (and so free its lock) within about 25 s; Unix sockets ignore them.
_KEEPALIVES = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3}


@contextmanager
def leadership(db: Database, model: ReadModel) -> Iterator[psycopg.Connection | None]:
    """The connection that holds the projection's lock, or None when another process holds it."""
    with psycopg.connect(db.conninfo, autocommit=True, connect_timeout=5, **_KEEPALIVES) as conn:
        row = conn.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(model),)).fetchone()
        yield conn if row and row[0] else None


class Leader(threading.Thread):
    """Tries for one projection's lock; while it holds it, runs the projection."""

    def __init__(self, db: Database, env: dict[str, str], model: ReadModel, stop: threading.Event, poll: float) -> None:
        super().__init__(name=f"projection-{model.name}", daemon=True)
        self.db, self.env, self.model, self.stop, self.poll = db, env, model, stop, poll

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                with leadership(self.db, self.model) as lock:
                    if lock is not None:
                        self._lead(lock)
            except Exception:
                log.exception("projection stopped; will try again", extra={"projection": self.model.name})
            self.stop.wait(self.poll)

    def _lead(self, lock: psycopg.Connection) -> None:
        log.info("projection leadership taken", extra={"projection": self.model.name})
        runner = start_runner(self.model, self.env)
        LEADING.labels(self.model.name).set(1)
        try:
            while not self.stop.is_set() and not runner.is_interrupted.is_set():
                runner.run_forever(timeout=self.poll)  # raises what the projection raised
                lock.execute("SELECT 1")  # the lock's session is gone: stop projecting
        finally:
            LEADING.labels(self.model.name).set(0)
            runner.__exit__(None, None, None)
            log.info("projection leadership released", extra={"projection": self.model.name})


def wait_for_migrations(db: Database, stop: threading.Event, poll: float) -> bool:
    while not stop.is_set():
        try:
            if is_current(db):
                return True
            log.info("waiting for `intrigue migrate`")
        except psycopg.Error as error:
            log.info("waiting for the database: %s", type(error).__name__)
        stop.wait(poll)
    return False


def run_worker(db: Database, env: dict[str, str], models: list[ReadModel], stop: threading.Event, poll: float) -> None:
    """Run until `stop` is set: one leader thread per projection."""
    if not wait_for_migrations(db, stop, poll):
        return
    leaders = [Leader(db, env, model, stop, poll) for model in models]
    for leader in leaders:
        leader.start()
    log.info("worker up", extra={"projections": [m.name for m in models]})
    stop.wait()
    for leader in leaders:
        leader.join()


def rebuild(db: Database, env: dict[str, str], model: ReadModel, progress_every: float = 10.0) -> int:
    """Empty a read model and project every event into it again; return the position reached."""
    with leadership(db, model) as lock:
        if lock is None:
            raise RuntimeError(f"another process (a worker, or a server) runs projection {model.name!r}; stop it first")
        view = open_view(model, env)
        try:
            with lock.transaction():
                for table in tables_of(view):
                    lock.execute(sql.SQL("TRUNCATE {}").format(sql.Identifier(table)))
                tracking = sql.Identifier(view.tracking_table_name)
                lock.execute(
                    sql.SQL("DELETE FROM {} WHERE application_name = %s").format(tracking), (IntrigueStore.name,)
                )
        finally:
            close_view(view)
        runner = start_runner(model, env)
        try:
            head = runner.app.recorder.max_notification_id() or 0
            last_note = time.monotonic()
            while head and not runner.view.has_tracking_id(IntrigueStore.name, head):
                runner.run_forever(timeout=0.5)
                if runner.is_interrupted.is_set():
                    raise RuntimeError(f"projection {model.name!r} stopped before reaching event {head}")
                if time.monotonic() - last_note > progress_every:
                    last_note = time.monotonic()
                    done = runner.view.max_tracking_id(IntrigueStore.name)
                    log.info("rebuilding", extra={"projection": model.name, "position": done, "head": head})
        finally:
            runner.__exit__(None, None, None)
        return head
