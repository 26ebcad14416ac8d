"""`intrigue worker`: each projection runs where its PostgreSQL advisory lock is held, so in one process at a time.

The lock is a session lock on a connection of its own: when a worker dies, even by SIGKILL, its session
ends and the lock is free for a standby, whose runner resumes from the tracking position. Rows and tracking
are written in one transaction, and tracking only moves forward, so a late write from a worker that lost
its lock is refused rather than applied twice.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import psycopg
from prometheus_client import Gauge

from projections import state_sql
from projections import state_tables as tables
from service.operations import rebuild_parts, rebuild_reports
from service.persistence import citus, idempotency
from service.persistence.database import Database
from service.persistence.migrations import advisory_key, is_current
from service.persistence.readmodels import ReadModel, Runner, close_view, lock_key, start_runner

log = logging.getLogger("intrigue.worker")
LEADING = Gauge("intrigue_projection_leader", "1 while this process runs the projection.", ["projection"])
# TCP keepalives end a dead peer's session (and so free its lock) within about 25 s; Unix sockets ignore them.
_KEEPALIVES: dict[str, Any] = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3}


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


PURGE_EVERY = 3600.0  # seconds between purges of expired idempotency answers


def _purge_idempotency_keys(db: Database) -> None:
    try:
        with psycopg.connect(db.conninfo, autocommit=True, connect_timeout=5) as conn:
            purged = idempotency.purge(conn)
        if purged:
            log.info("idempotency answers purged", extra={"purged": purged, "older_than": idempotency.RETENTION})
    except psycopg.Error:
        log.exception("purging idempotency answers failed; will try again")


Beside = Callable[[], Callable[[], None]]  # starts something the worker also runs; returns how to stop it


def run_worker(
    db: Database,
    env: dict[str, str],
    models: list[ReadModel],
    stop: threading.Event,
    poll: float,
    beside: Beside | None = None,
) -> None:
    """Run until `stop` is set: one leader thread per projection, and what `beside` starts once the schema is
    current (the webhooks' delivery worker, service/entrypoints/cli.py)."""
    if not wait_for_migrations(db, stop, poll):
        return
    leaders = [Leader(db, env, model, stop, poll) for model in models]
    for leader in leaders:
        leader.start()
    stop_beside = beside() if beside is not None else None
    log.info("worker up", extra={"projections": [m.name for m in models], "beside": stop_beside is not None})
    while True:
        _purge_idempotency_keys(db)
        if stop.wait(PURGE_EVERY):
            break
    if stop_beside is not None:
        stop_beside()
    for leader in leaders:
        leader.join()


CLOSE_ENOUGH = 50  # events behind the head at which a rebuild takes the switch lock and finishes the tail
# Seconds a rebuild's page transaction may stay silent. PostgreSQL ends a session idle in a transaction for longer
# than eventsourcing's `POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT` (5 s by default) so that a hung writer frees
# the rows a live writer waits on; a rebuild's page folds many phases of a campaign into a generation no live
# writer touches, and between two statements it may fold a whole phase: on a loaded machine that passed 5 s,
# the session was ended, the page rolled back and folded again, and again (docs/scaling.md, "The rebuild of a
# 50-phase log").
REBUILD_IDLE = 120
IDLE_SETTING = "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT"
Progress = Callable[[int, int], None]


def rebuild(
    db: Database,
    env: dict[str, str],
    model: ReadModel,
    progress: Progress | None = None,
    close_enough: int = CLOSE_ENOUGH,
) -> int:
    """Project every event into a new generation beside the live one, switch readers to it, drop the old one.

    Queries and the live runner go on meanwhile. Once within `close_enough` events of the head, the rebuild
    locks the generation row (FOR UPDATE): the live writer's next write waits on it. Under that lock the
    rebuild projects the tail up to the head, repoints the views and `current` in one transaction, and the
    live writer, unblocked, finds the new generation and continues there (projections/state.py). Before its
    runner starts, worker processes fold the log by parts of the campaigns (`rebuild_parts.py`).
    `progress(done, head)` hears about each step. Returns the position the new generation was switched at.
    """
    report: Progress = progress or (lambda done, head: None)
    with psycopg.connect(db.conninfo, autocommit=True, connect_timeout=5, **_KEEPALIVES) as conn:
        got = conn.execute("SELECT pg_try_advisory_lock(%s)", (advisory_key(f"intrigue.rebuild.{model.name}"),))
        if not got.fetchone()[0]:  # type: ignore[index]
            raise RuntimeError(f"another rebuild of projection {model.name!r} is running")
        row = conn.execute("SELECT current FROM read_model_generation WHERE name = %s", (model.name,)).fetchone()
        if row is None:
            raise RuntimeError(f"projection {model.name!r} has no generation yet: run `intrigue migrate`")
        old = int(row[0])
        new = old + 1
        keys_later = not citus.enabled(conn)  # on Citus each table has its keys from the start, as before
        with conn.transaction():  # a rebuild that died before its switch left its generation behind
            for statement in [*tables.drop_generation(new), *tables.create_generation(new, keys_later)]:
                conn.execute(statement)
            citus.distribute(conn)  # on Citus, the new generation's tables join their campaigns' shards
        log.info("rebuilding", extra={"projection": model.name, "generation": new})
        folding = rebuild_env(env)
        # The runner's phase reports built and written by a process of their own (issue 31, P4), started first so
        # that its imports overlap the fold.
        events = _events(conn)
        folded, reporting = rebuild_reports.start(model, new, folding, events)
        try:
            if (workers := rebuild_parts.rebuild_workers(env, events)) > 1:
                rebuild_parts.fold_in_parts(model, new, folding, workers, report)
            runner = start_runner(folded.at_generation(new), folding)
        except BaseException:
            if reporting is not None:
                reporting.kill()
            raise
        stopped = False
        try:
            _catch_up(runner, close_enough, report, pause=0.2)
            if reporting is not None:  # the reports of what is folded so far applied before the switch lock
                reporting.drained()
            for statement in tables.keys(new) if keys_later else []:  # the runner's tail pages wait for it
                conn.execute(statement)
            with conn.transaction():
                conn.execute(state_sql.SWITCHING, {"model": model.name})  # the live writes in flight end first
                head = _catch_up(runner, 0, report, pause=0.01)
                stopped = True
                runner.__exit__(None, None, None)  # the live writer takes over once the switch commits
                if reporting is not None:  # no switch with reports missing, unless their process failed
                    reporting.finish()
                    reporting = None
                for statement in tables.point_views_at(new):
                    conn.execute(statement)
                conn.execute("UPDATE read_model_generation SET current = %s WHERE name = %s", (new, model.name))
        finally:
            if not stopped:
                runner.__exit__(None, None, None)
            if reporting is not None:
                reporting.kill()
            close_view(runner.view)  # type: ignore[arg-type]  # a StateView, which is a tracking recorder
        with conn.transaction():
            for statement in tables.drop_generation(old):
                conn.execute(statement)
        log.info("projection switched", extra={"projection": model.name, "generation": new, "position": head})
        return head


def rebuild_env(env: dict[str, str]) -> dict[str, str]:
    """The settings of a rebuild's runners: the page's transaction may stay silent `REBUILD_IDLE` seconds (or
    longer where the settings say so)."""
    given = (env.get(IDLE_SETTING) or "").strip()
    return env | {IDLE_SETTING: str(max(int(given) if given else 0, REBUILD_IDLE))}


def _events(conn: psycopg.Connection[Any]) -> int:
    """Events in the store: the sum of the campaigns' heads (each lane's positions are gap-free)."""
    row = conn.execute("SELECT coalesce(sum(position), 0) FROM campaign_heads").fetchone()
    return int(row[0]) if row else 0


def _catch_up(runner: Runner, slack: int, report: Progress, pause: float) -> int:
    """Run until the runner is within `slack` events of the head; return the head it measured against."""
    while True:
        seen = runner.advances  # read before `progress`: a page written after it wakes the wait below at once
        done, head = runner.view.progress()  # events folded into the new generation, events in the store
        report(done, head)
        if head - done <= slack:
            return head
        runner.wait_advance(seen, timeout=pause)  # raises what the projection raised


class ProgressBar:
    """`label [#####.....] done/head events` on one terminal line, redrawn at most ten times a second."""

    def __init__(self, label: str, stream: TextIO = sys.stderr, width: int = 40) -> None:
        self.label, self.stream, self.width, self.drawn = label, stream, width, -1e9
        self.terminal = stream.isatty()  # elsewhere (a log file, kubectl logs) one line every 5 seconds
        self.open = False

    def __call__(self, done: int, head: int) -> None:
        now = time.monotonic()
        if now - self.drawn < (0.1 if self.terminal else 5.0) and done < head:
            return
        self.drawn = now
        filled = self.width if head <= 0 else min(self.width, self.width * done // head)
        bar = "#" * filled + "." * (self.width - filled)
        line = f"{self.label} [{bar}] {done}/{head} events"
        self.stream.write(f"\r{line}" if self.terminal else f"{line}\n")
        self.stream.flush()
        self.open = self.terminal

    def close(self) -> None:
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
        self.open = False
