"""The state read model brought up to a command's own events inside the command's transaction (issue 16, item 4).

Read-your-writes then costs the command's one transaction: no second transaction by the runner, no LISTEN
wake-up, no wait. It is done only where it is exactly what the runner would have done:

- every event before the command's is already projected: the tracking row of the current generation holds
  the last notification id before the command's first (the command holds the events table's lock, so no
  other event can commit in between), and that row is locked for the rest of the transaction (SKIP LOCKED:
  a runner writing its page at that moment means a backlog, and the runner will project the command's events);
- no campaign of the generation is stopped, and no event of the command fails to fold (a failure is the
  runner's to record);
- all of it in a savepoint with a short lock timeout: whatever goes wrong is rolled back to it, the command
  commits as it would have without it, and its events are projected by the runner as before.

The page is folded by the state view's own code (`StateView._project`), with the tracking row moved to the
command's last event in the same transaction, so a runner reading after it skips these events.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from eventsourcing.persistence import StoredEvent
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

from projections.page import PageFold
from projections.state import StateView, _GenerationChangedError
from projections.state_sql import CURRENT
from projections.state_tables import MODEL, names

log = logging.getLogger("intrigue.projections")
LOCK_TIMEOUT = "200ms"  # a lock the fold would wait for longer means a runner is busy: leave it to the runner
_CAUGHT_UP = """SELECT set_config('lock_timeout', %(timeout)s, true), t.notification_id FROM {tracking} t
    WHERE t.application_name = %(name)s AND t.notification_id = (SELECT coalesce(max(notification_id), 0)
    FROM {schema}.{events} WHERE notification_id < %(first)s) FOR UPDATE OF t SKIP LOCKED"""


class RefusedError(Exception):
    """The inline projection leaves these events to the runner."""


class InlineStateView(StateView):
    """The live writer of the state read model, for inline pages only (its own cache, never a runner's)."""

    def _check_generation(self, curs: Cursor[DictRow]) -> set[int]:
        failed = super()._check_generation(curs)
        if failed:  # a stopped campaign's later events are skipped: the runner keeps that account
            raise RefusedError("a campaign of this generation is stopped")
        return failed

    def _accept(self, page: PageFold) -> None:
        if page.failures:
            raise RefusedError("an event of this command does not fold")


class InlineProjection:
    """Called by the event store's writer inside a command's transaction (service/persistence/recorder.py)."""

    def __init__(self, view: InlineStateView, application_name: str, events_table: str,
                 advanced: Callable[[int], None] = lambda position: None) -> None:  # fmt: skip
        self.view, self.name, self.advanced = view, application_name, advanced
        self.events = Identifier(events_table)
        self.reached = 0  # every event up to here is projected and committed (inline or not)
        self._lock = threading.RLock()  # the view's cache: one inline page at a time

    def project(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], ids: Sequence[int]) -> bool:
        """Fold the command's events into the read model in its transaction; False when left to the runner."""
        with self._lock:
            return self._project(curs, stored_events, ids)

    def _project(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], ids: Sequence[int]) -> bool:
        try:
            with curs.connection.transaction():  # a savepoint: nothing of this survives a failure
                if not self._caught_up(curs, ids[0]):
                    return False
                to_domain_event = self.view.mapper.to_domain_event
                events = [(to_domain_event(stored), position) for stored, position in zip(stored_events, ids,
                                                                                          strict=True)]  # fmt: skip
                self.view._project(events, self.name, {}, max(ids), False, outer=curs)
            return True
        except _GenerationChangedError as changed:  # a rebuild switched: aim there next time
            self.view._aim(changed.current)
        except Exception as error:  # the runner projects them, as it would have without this
            log.debug("inline projection left events to the runner: %s", error)
        self.forget()
        return False

    def _caught_up(self, curs: Cursor[DictRow], first: int) -> bool:
        if self.view._aimed is None:
            row = curs.execute(SQL(CURRENT), {"model": MODEL}).fetchone()
            if row is None:
                return False
            self.view._aim(int(row["current"]))
        assert self.view._aimed is not None
        schema = Identifier(self.view.datastore.schema)
        statement = SQL(_CAUGHT_UP).format(tracking=names(self.view._aimed)["tracking"], schema=schema,
                                           events=self.events)  # fmt: skip
        params = {"timeout": LOCK_TIMEOUT, "name": self.name, "first": first}
        return curs.execute(statement, params, prepare=True).fetchone() is not None

    def committed(self, position: int) -> None:
        """The command's transaction committed: its events are projected."""
        with self._lock:
            self.reached = max(self.reached, position)
        self.advanced(position)

    def forget(self) -> None:
        """The transaction did not commit (or its fate is unknown): folded states kept in memory may be ahead
        of the rows, so none is trusted."""
        self.view._cache.clear()

    def covers(self, notification_id: int) -> bool:
        return notification_id <= self.reached
