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
"""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol
from uuid import UUID, uuid4

import psycopg
from eventsourcing import persistence
from eventsourcing.persistence import StoredEvent
from psycopg.sql import SQL, Identifier

from projections import notices
from projections.restore import Restorer
from projections.state_sql import ON_CITUS

PAGE = 20_000
CAMPAIGNS = 1_000  # campaigns behind their head read in one page, at most
HEADS = "campaign_heads"  # service/persistence/recorder.py
MAX_PAUSE = 5.0  # seconds between attempts to reach PostgreSQL again, at most
JUMP = 20  # a stored snapshot is used when it spares folding at least this many events of one aggregate
POLL = 1.0  # seconds between reads when no notification arrives
# A campaign's part of n: its id's hash, made non-negative (hashtext is a signed 32-bit integer).
PART = "AND mod(hashtext(h.campaign_id::text)::bigint + 2147483648, %(parts)s) = %(part)s"


log = logging.getLogger("intrigue.projections")
# A lost connection, not a fault of the events: the runner reconnects and reads the page again.
_LOST = (psycopg.OperationalError, persistence.OperationalError, persistence.InterfaceError)
_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while a page is read, decoded and folded.

    A page allocates tens of thousands of containers that all stay alive until it is written, so the
    collector's passes over them find nothing and cost a third of the fold (measured in `make bench`). The
    pause is bounded by one page; runners in the same process share it, and the collector is enabled again
    when the last of them is done, if it was enabled before.
    """
    global _gc_pausers, _gc_was_enabled
    with _gc_lock:
        _gc_pausers += 1
        if _gc_pausers == 1:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_enabled:
                gc.enable()


class Undecodable:
    """A stored event the mapper cannot decode; folding it raises, which stops its campaign alone."""

    def __init__(self, originator_id: UUID, originator_version: int, topic: str, error: Exception) -> None:
        self.originator_id, self.originator_version, self.stored_topic = originator_id, originator_version, topic
        self.error = error

    def mutate(self, aggregate: Any) -> Any:
        raise self.error


Tails = tuple[int, dict[int, int]]  # where an unknown aggregate's tail starts; each known one's


Lanes = dict[int, tuple[UUID, int]]  # a page's notification ids: each event's campaign and position in it


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
    ) -> dict[UUID, int]: ...

    def needs_exact_state(self, topic: str) -> bool: ...

    def needs_every_event(self, topic: str) -> bool: ...


class StandingByError(Exception):
    """The runner's lock is held by another process, which projects meanwhile."""


class PagedRunner:
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
        self.app, self.view, self.name, self.page = app, view, name, page
        # With `part` (k, n), only the campaigns whose id hashes to k of n: a rebuild's workers share the log so
        # (issue 31). Each campaign is one lane with its own tracking row, so parts never touch each other's rows.
        self.part = part
        # With `lock`, the runner holds that advisory lock on its own connection, taken again after every
        # reconnect (a failover ends the session and the lock with it); without it, it stands by (issue 27).
        self.lock, self.holds_lock = lock, lock is None
        self.is_interrupted = threading.Event()
        self._stopping = False
        self._error: BaseException | None = None
        self._progress = threading.Condition()
        self.lanes: dict[UUID, int] = {}  # each campaign's last position known projected (waiters' progress)
        self.advances = 0  # how many times a lane advanced: `wait_advance` wakes on the next one
        self.spared = 0  # events not folded because a stored snapshot already held their outcome
        # Inline folds go to the tracking this runner reads (the live generation's): their notices need no read
        # after a read that found no lane behind (`_caught_up`; projections/notices.py).
        self._trusts_notices = bool(getattr(view, "folded_inline", False))
        self._caught_up = False
        self.unread = 0  # notifications that needed no read
        recorder = app.recorder
        # Each campaign's lane after its tracking row (issue 26): the campaigns whose head is past their row,
        # then each one's next events, the page being the earliest of them all. A campaign's positions have no
        # gaps, so its next `page` events are a range of positions (no LATERAL ... LIMIT, which Citus cannot push
        # down to the shards: docs/scaling.md, "Citus"). Within a campaign notification ids follow its positions
        # on one node (its writers queue on its head row), so each campaign's share is a prefix of its lane. An
        # inline projection (projections/inline.py) moves a row in a command's transaction: the page's
        # transaction locks the rows it writes and leaves out what they passed (projections/state.py).
        select = SQL(
            "WITH b AS (SELECT h.campaign_id, coalesce(t.position, 0) AS done FROM {schema}.{heads} h"
            " LEFT JOIN {tracking_schema}.{tracking} t ON t.campaign_id = h.campaign_id"
            " WHERE h.position > coalesce(t.position, 0) {part} ORDER BY h.campaign_id LIMIT %(campaigns)s)"
            " SELECT e.notification_id, e.originator_id, e.originator_version, e.topic, e.state, e.campaign_id,"
            " e.campaign_position FROM b JOIN {schema}.{events} e ON e.campaign_id = b.campaign_id"
            " AND e.campaign_position > b.done AND e.campaign_position <= b.done + %(page)s"
            " ORDER BY {order} LIMIT %(page)s"
        )
        names = {
            "schema": Identifier(recorder.datastore.schema),
            "events": Identifier(recorder.events_table_name),
            "heads": Identifier(getattr(recorder, "heads_table_name", HEADS)),
            "tracking_schema": Identifier(view.datastore.schema),  # type: ignore[attr-defined]
            "tracking": Identifier(view.tracking_table_name),  # type: ignore[attr-defined]
        }
        # On Citus a page is one campaign's, in its positions' order: its notification ids come from the sequence
        # of the worker holding its shard, and a shard move changes the worker (docs/scaling.md, "Citus").
        part_of = SQL(PART if part else "")
        self._select = select.format(order=SQL("e.notification_id"), part=part_of, **names)
        self._select_one = select.format(order=SQL("e.campaign_position"), part=part_of, **names)
        self._creations = SQL(
            "SELECT originator_id, originator_version, topic, state FROM {}.{}"
            " WHERE originator_id = ANY(%s) AND originator_version = 1"
        ).format(Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name))
        if hasattr(view, "origins"):
            view.origins = self.origins
        if hasattr(view, "restorer"):
            view.restorer = Restorer.of(app)
        self._listen = SQL("LISTEN {}").format(Identifier(recorder.channel_name))
        self._wake = Identifier(f"intrigue_runner_{uuid4().hex}")  # only this runner listens: its stop
        snapshots = app.snapshots.recorder if getattr(app, "snapshots", None) else None
        self._latest_snapshots = snapshots and SQL(
            "SELECT DISTINCT ON (s.originator_id) s.originator_id, s.originator_version, s.topic, s.state"
            " FROM unnest(%s::uuid[], %s::integer[], %s::integer[]) AS r(id, lo, hi) JOIN {}.{} s"
            " ON s.originator_id = r.id AND s.originator_version BETWEEN r.lo AND r.hi"
            " ORDER BY s.originator_id, s.originator_version DESC"
        ).format(Identifier(snapshots.datastore.schema), Identifier(snapshots.events_table_name))
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

    def _read(self) -> list[tuple[Any, ...]]:
        with self._conn.cursor(binary=True) as cursor:
            select = self._select_one if self.campaigns == 1 else self._select
            part, parts = self.part or (0, 1)
            params = {"campaigns": self.campaigns, "page": self.page, "part": part, "parts": parts}
            return cursor.execute(select, params).fetchall()

    def drain(self) -> int:
        """Project, in the caller's thread, page after page until none is behind (in this runner's part of the
        campaigns); return how many events were read. For a rebuild's workers: the runner is never entered."""
        read = 0
        while True:
            with collector_paused():
                rows = self._read()
                if not rows or not self._project(rows):
                    return read
            read += len(rows)

    def close_drained(self) -> None:
        """Close what a runner that only drained holds (its thread never ran)."""
        self._conn.close()
        self.app.close()

    def _project(self, rows: list[tuple[Any, ...]]) -> bool:
        """Fold and write one page; False when it wrote nothing (every lane in it was held by another writer)."""
        (default, tails), jumps, starts = self._jumps(rows)
        kept = [
            row
            for index, row in enumerate(rows)
            if row[2] > jumps.get(row[1].int, 0) or index < tails.get(row[1].int, default)
        ]
        to_domain_event = self.app.mapper.to_domain_event
        try:  # the common case, at the speed of one comprehension
            events = [(to_domain_event(StoredEvent(row[1], row[2], row[3], row[4])), row[0]) for row in kept]
            topics = {row[0]: row[3] for row in kept}
        except Exception:  # one of them cannot be decoded: each on its own, so only its campaign stops
            events = [(self._decode(row), row[0]) for row in kept]
            topics = {row[0]: row[3] for row, (e, _) in zip(kept, events, strict=True) if type(e) is not Undecodable}
        lanes = {row[0]: (row[5], row[6]) for row in rows}
        # The decoded events' stored topics: a resolution's reports take its events from the page (issue 31, P4).
        written = self.view.project(events, self.app.name, starts, lanes, topics)
        self.spared += len(rows) - len(events)
        for campaign_id, position in written.items():
            self.advance(campaign_id, position)
        return bool(written)

    def advance(self, campaign_id: UUID, position: int) -> None:
        """The campaign is projected up to `position` (by this runner, or inline in a command's transaction)."""
        with self._progress:
            self.lanes[campaign_id] = max(self.lanes.get(campaign_id, 0), position)
            self.advances += 1
            self._progress.notify_all()

    def _decode(self, row: tuple[Any, ...]) -> Any:
        """The domain event of a row, or an `Undecodable` that fails its campaign alone when folded."""
        try:
            return self.app.mapper.to_domain_event(StoredEvent(row[1], row[2], row[3], row[4]))
        except Exception as error:
            return Undecodable(row[1], row[2], row[3], error)

    def origins(self, ids: list[UUID]) -> dict[int, int]:
        """The campaign of each aggregate, from its creating event (for aggregates the view has no row of)."""
        with self._conn.cursor(binary=True) as cursor:
            found = cursor.execute(self._creations, (ids,)).fetchall()
        campaigns: dict[int, int] = {}
        for originator_id, version, topic, state in found:
            created = self._decode((0, originator_id, version, topic, state))
            campaign_id = getattr(created, "campaign_id", None) or originator_id
            campaigns[originator_id.int] = UUID(str(campaign_id)).int
        return campaigns

    def _jumps(self, rows: list[tuple[Any, ...]]) -> tuple[Tails, dict[int, int], dict[int, tuple[Any, int]]]:
        """Where the event store already holds an aggregate's snapshot at one of this page's events, start
        from it instead of folding every event up to it: a backlog of a busy aggregate then costs about one
        snapshot interval of folding per page. Only in each aggregate's tail (`_tails`); returns the tails,
        the snapshot version up to which each aggregate's tail events are spared, and the snapshots with
        their positions."""
        tails = self._tails(rows)
        default, of = tails
        spans: dict[Any, list[int]] = {}  # id -> [first version, last version, count] in its tail
        positions: dict[tuple[int, int], int] = {}
        for index, row in enumerate(rows):
            key = row[1].int
            if index < of.get(key, default) or self.view.needs_every_event(row[3]):
                continue
            positions[(key, row[2])] = row[0]
            span = spans.get(row[1])
            if span is None:
                spans[row[1]] = [row[2], row[2], 1]
            else:
                span[1], span[2] = row[2], span[2] + 1
        busy = [(key, span) for key, span in spans.items() if span[2] >= JUMP]
        if not busy or self._latest_snapshots is None:
            return tails, {}, {}
        with self._conn.cursor(binary=True) as cursor:
            found = cursor.execute(
                self._latest_snapshots,
                (
                    [key for key, _ in busy],
                    [span[0] + JUMP - 1 for _, span in busy],
                    [span[1] for _, span in busy],
                ),
            ).fetchall()
        starts: dict[int, tuple[Any, int]] = {}
        for originator_id, version, topic, state in found:
            try:
                snapshot = self.app.mapper.to_domain_event(StoredEvent(originator_id, version, topic, state))
                starts[originator_id.int] = (snapshot.mutate(None), positions[(originator_id.int, version)])
            except Exception:  # a snapshot that cannot be read spares nothing: its events are folded
                continue
        return tails, {key: start[0].version for key, start in starts.items()}, starts

    def _tails(self, rows: list[tuple[Any, ...]]) -> Tails:
        """Where each aggregate's tail starts in the page: after the page's last event of its campaign that
        needs the campaign's rows exact (a phase's history reads its members' rows), or after the page's
        last such event of any campaign when the aggregate's campaign cannot be told."""
        barriers = {row[5].int: index for index, row in enumerate(rows) if self.view.needs_exact_state(row[3])}
        if not barriers:
            return 0, {}
        campaigns = {row[1].int: row[5].int for row in rows}  # each event carries its campaign (issue 26)
        return 1 + max(barriers.values()), {key: 1 + barriers.get(c, -1) for key, c in campaigns.items()}
