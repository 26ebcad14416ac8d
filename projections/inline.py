"""The state read model brought up to a command's own events inside the command's transaction (issue 16, item 4),
in the command's campaign's lane (issue 26).

Read-your-writes then costs the command's one transaction: no second transaction by the runner, no LISTEN
wake-up, no wait. It is done only where it is exactly what the runner would have done:

- every earlier event of the command's campaign is already projected: the campaign's tracking row of the
  current generation holds the position before the command's first (the command holds its campaign's head
  row, so no other event of the campaign can commit in between), and that row is locked for the rest of the
  transaction (SKIP LOCKED: a runner writing a page of the campaign at that moment means a backlog there, and
  the runner will project the command's events). Other campaigns' lag, backlogs and failures do not matter;
- the campaign is not stopped, and no event of the command fails to fold (a failure is the runner's to record);
- all of it in a savepoint with a short lock timeout: whatever goes wrong is rolled back to it, the command
  commits as it would have without it, and its events are projected by the runner as before.

The page is folded by the state view's own code (`StateView._project`), with the campaign's tracking row moved
to the command's last event in the same transaction, so a runner reading after it skips these events.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol
from uuid import UUID

import psycopg
from eventsourcing.persistence import StoredEvent
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL

from projections.page import PageFold
from projections.page_decoded import Decoded
from projections.pipelined import command, statement_cursors
from projections.state import Lanes, StateView, _GenerationChangedError
from projections.state_sql import CURRENT, GENERATION_KEY
from projections.state_tables import MODEL, names

log = logging.getLogger("intrigue.projections")
LOCK_TIMEOUT = "200ms"  # a lock the fold would wait for longer means a runner is busy: leave it to the runner
# Sent in the insert's round trip (issue 26, item 2; issue 27), two statements in the command's pipeline: the lock
# timeout and the generation's lock (shared, as every write of the live writer holds it: projections/state_sql.py
# `WRITING`); then, seeing any switch that held it, the generation and whether the campaign is stopped in it; the
# campaign's tracking row if it is at the position before the command's events (its head row, just moved by the
# insert, less the command's `count` events; locked, SKIP LOCKED); the versions of the
# command's aggregates' rows, in its campaign (a command's aggregates are all of its campaign: on Citus the
# statement reads one shard). Those rows need no lock of their own: only the holder of the campaign's tracking
# row writes them.
_WRITING = f"SELECT set_config('lock_timeout', %(timeout)s, true), pg_advisory_xact_lock_shared({GENERATION_KEY})"
_CAUGHT_UP = """SELECT g.current,
    EXISTS (SELECT FROM read_model_failures f WHERE f.generation = g.current AND f.campaign_id = %(campaign)s)
    AS stopped, (SELECT position FROM {tracking} WHERE campaign_id = %(campaign)s AND position = (SELECT
    h.position - %(count)s FROM campaign_heads h WHERE h.campaign_id = %(campaign)s)
    FOR UPDATE SKIP LOCKED) AS position, (SELECT coalesce(jsonb_agg(jsonb_build_array(s.id, s.campaign_id,
    s.version)), '[]') FROM {state} s WHERE s.id = ANY(%(ids)s) AND s.campaign_id = %(campaign)s) AS versions
    FROM read_model_generation g WHERE g.name = %(model)s"""
# The savepoint of the fold, named: made with the check in the insert's round trip, released with the folded rows.
_SAVEPOINT, _RELEASE, _ROLLBACK = (
    f"{verb} intrigue_inline_fold".encode() for verb in ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")
)
# A campaign's first events: its row, made (and so held) by this transaction.
_OPEN = """INSERT INTO {tracking} (campaign_id, position, notification_id) VALUES (%(campaign)s, 0, 0)
    ON CONFLICT (campaign_id) DO NOTHING RETURNING position"""


class Lane(Protocol):
    """Where the command's events went (service/persistence/insert_function.py `Lane`)."""

    @property
    def campaign_id(self) -> UUID: ...

    @property
    def first(self) -> int: ...

    @property
    def last(self) -> int: ...


class RefusedError(Exception):
    """The inline projection leaves these events to the runner."""


class InlineStateView(StateView):
    """The live writer of the state read model, for inline pages only (its own cache, never a runner's)."""

    held: dict[UUID, int]  # the command's campaign and the position its tracking row was locked at
    # Its reports built while the server writes the history's rows; one refused loses the fold (phase_reports.py).
    reports_read_first = True
    caught_up: dict[str, Any]  # what `_CAUGHT_UP` answered for this page

    def _check_generation(self, curs: Cursor[DictRow]) -> set[int]:
        if self.caught_up["current"] != self._aimed:
            raise _GenerationChangedError(self.caught_up["current"])
        if self.caught_up["stopped"]:  # the runner keeps a stopped campaign's account
            raise RefusedError("the command's campaign is stopped")
        return set()  # other campaigns' failures are theirs

    def _versions(self, curs: Cursor[DictRow], ids: list[UUID]) -> list[Any]:
        return [{"id": UUID(i), "campaign_id": UUID(c), "version": v} for i, c, v in self.caught_up["versions"]]

    def _claim(self, curs: Cursor[DictRow], lanes: Lanes) -> dict[UUID, int]:
        return self.held

    def _accept(self, page: PageFold) -> None:
        if page.failures:
            raise RefusedError("an event of this command does not fold")


class InlineProjection:
    """Called by the event store's writer inside a command's transaction (service/persistence/recorder.py): `check`
    before the insert's answer is read, then `project` (or `abandon`) after it."""

    def __init__(
        self,
        view: InlineStateView,
        application_name: str,
        advanced: Callable[[UUID, int], None] = lambda campaign_id, position: None,
    ) -> None:
        self.view, self.name, self.advanced = view, application_name, advanced
        self.reached: dict[UUID, int] = {}  # each campaign's last position projected inline and committed
        self._lock = threading.RLock()  # the view's cache: one inline page at a time
        self._check: tuple[tuple[int, str], bytes] | None = None  # (generation, text): `_CAUGHT_UP` composed

    def check(self, curs: Cursor[DictRow], campaign_id: UUID, aggregate_ids: set[Any], count: int) -> bool:
        """Send, not read, the savepoint, the generation's lock and the check of the lane, in the pipeline right
        after the command's insert, so that they travel in its round trip (issue 27: each round trip is a hop to a
        worker on Citus). The check finds the position before the command's events from the campaign's head row,
        which the insert has just moved by `count`. False when nothing was sent (no generation yet)."""
        if self.view._aimed is None:
            row = curs.execute(SQL(CURRENT), {"model": MODEL}).fetchone()
            if row is None:
                return False
            self.view._aim(int(row["current"]))
        assert self.view._aimed is not None
        params = {
            "timeout": LOCK_TIMEOUT,
            "campaign": campaign_id,
            "count": count,
            "model": MODEL,
            "ids": list(aggregate_ids),
        }
        if self._check is None or self._check[0] != (self.view._aimed, _CAUGHT_UP):
            # Composed once per generation, not per command (issue 26, item 6: about 50 us a command).
            tables = names(self.view._aimed)
            self._check = ((self.view._aimed, _CAUGHT_UP), SQL(_CAUGHT_UP).format(**tables).as_bytes(curs))
        command(curs.connection, _SAVEPOINT)
        curs.execute(_WRITING, params, prepare=True)  # its answer is not read: no round trip of its own
        curs.execute(self._check[1], params, prepare=True)
        return True

    def project(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], ids: Sequence[int], lane: Lane
    ) -> bool:
        """After `check`, its answer read: fold the command's events into the read model in its transaction and
        release the savepoint; False when left to the runner (rolled back to the savepoint)."""
        with self._lock:
            return self._project(curs, stored_events, ids, lane)

    def _project(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], ids: Sequence[int], lane: Lane
    ) -> bool:
        try:
            # A savepoint: nothing of this survives a failure. Not `connection.transaction()`, which in pipeline
            # mode syncs on entering and leaving (two round trips): SAVEPOINT travels with the insert and the
            # check, RELEASE with the folded rows (issue 26, item 2). A row PostgreSQL refuses is then reported at
            # the command's commit, where the recorder saves again without folding (service/persistence/recorder.py).
            try:
                if not self._caught_up(curs, lane):
                    command(curs.connection, _RELEASE)
                    return False
                self._fold(curs, stored_events, ids, lane)
                command(curs.connection, _RELEASE)
            except BaseException:
                self.abandon(curs)
                raise
            return True
        except _GenerationChangedError as changed:  # a rebuild switched: aim there next time
            self.view._aim(changed.current)
        except Exception as error:  # the runner projects them, as it would have without this
            log.debug("inline projection left events to the runner: %s", error)
        self.forget()
        return False

    def abandon(self, curs: Cursor[DictRow]) -> None:
        """Roll back to the savepoint `check` made (a statement after it failed): the command commits without
        the fold, which the runner makes."""
        _settle(curs.connection)
        command(curs.connection, _ROLLBACK)
        self.forget()

    def _fold(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], ids: Sequence[int], lane: Lane
    ) -> None:
        to_domain_event = self.view.mapper.to_domain_event
        events = [(to_domain_event(stored), position) for stored, position in zip(stored_events, ids, strict=True)]
        lanes = {n: (lane.campaign_id, lane.first + i) for i, n in enumerate(ids)}
        self.view.held = {lane.campaign_id: lane.first - 1}
        # The phase reports read the command's events from here, not back from the store (issue 31, item 1).
        topics = [stored.topic for stored in stored_events]
        self.view.decoded = Decoded(lane.campaign_id, lane.first, _paired(topics, events), self.view.mapper)
        try:
            # Each statement on its own cursor: in the pipeline a read on a cursor could be answered with an
            # earlier write's results (projections/pipelined.py).
            self.view._project(events, self.name, {}, False, lanes, outer=statement_cursors(curs))
        finally:
            self.view.decoded = None

    def _caught_up(self, curs: Cursor[DictRow], lane: Lane) -> bool:
        row = curs.fetchone()  # `check`'s answer, read with the insert's
        if row is None:
            return False
        self.view.caught_up = row
        if row["position"] is not None:
            return True
        assert self.view._aimed is not None
        tables = names(self.view._aimed)
        opened = SQL(_OPEN).format(**tables)
        return lane.first == 1 and curs.execute(opened, {"campaign": lane.campaign_id}).fetchone() is not None

    def committed(self, position: int, lane: Lane) -> None:
        """The command's transaction committed: its events are projected."""
        with self._lock:
            self.reached[lane.campaign_id] = max(self.reached.get(lane.campaign_id, 0), lane.last)
        self.advanced(lane.campaign_id, lane.last)

    def forget(self) -> None:
        """The transaction did not commit (or its fate is unknown): folded states kept in memory may be ahead
        of the rows, so none is trusted."""
        self.view.forget_rows()

    def covers(self, campaign_id: UUID, position: int) -> bool:
        return position <= self.reached.get(campaign_id, 0)


def _paired(topics: list[str], events: list[tuple[Any, int]]) -> list[tuple[str, Any]]:
    return [(topic, event) for topic, (event, _) in zip(topics, events, strict=True)]


def _settle(connection: Any) -> None:
    """In pipeline mode, end the pipeline's failed segment (a sync), so the rollback to the savepoint runs."""
    try:
        with connection.pipeline():  # entering and leaving a nested pipeline syncs
            pass
    except psycopg.Error:  # the failure itself, reported again: the rollback follows
        pass
