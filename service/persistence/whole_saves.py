"""A new campaign's events appended all at once or not at all: an import, a fork (issue 32, item 2).

An import or a fork may hold thousands of events. They are sent batch after batch (constant memory: the caller
streams them), each batch through the insert function as a command's save is (service/persistence/recorder.py),
but all in one transaction with whatever the caller adds before its commit (the fork's GM seat) and the request's
idempotency claim. A failure anywhere (a batch refused, the source changed, the process killed, the connection
lost) leaves nothing: no partial campaign is ever visible, and a retry with the same idempotency key runs again
(its claim was rolled back with the rest) and succeeds once. The inline projection is left out (it folds one save
at a time): the runner folds the new campaign, as it does any backlog.

A connection lost while the commit was under way leaves it unknown whether it happened: the last batch is then
looked for, byte for byte, as a save's retry does; found, the whole transaction committed.

Test-only fault hooks, in the process's environment, after the first batch of several (tests/service/test_fork_*.py):
`INTRIGUE_FAULT=exit-mid-import` kills the process (SIGKILL); `INTRIGUE_FAULT=lose-connection-mid-import` has the
server end the transaction's connection.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent

from service.persistence import outbox, outcomes
from service.persistence.app import IntrigueStore
from service.persistence.recorder import FAULT, IntrigueRecorder, _columns

Also = Callable[[Any], None]  # a write to make in the same transaction (a cursor of it)


def insert_whole(
    store: IntrigueStore,
    batches: Iterable[Sequence[StoredEvent]],
    campaign: UUID,
    unchanged: Mapping[UUID, int | None],
    also: Also | None = None,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Append one campaign's events, batch after batch, in one transaction, checking with the first batch that each
    aggregate in `unchanged` is still at that version (None: has none); how many were appended."""
    recorder = cast(IntrigueRecorder, store.recorder)  # the store's recorder (service/persistence/database.py)
    first: Any = None
    last: Any = None
    last_columns: tuple[list[Any], ...] | None = None
    count, committing = 0, False
    try:
        with recorder.datastore.transaction(commit=True) as curs:
            for index, batch in enumerate(batches):
                if index == 1:
                    _fault(curs)
                columns = _columns(batch)
                recorder.learn(columns[0], campaign)  # later reads of these aggregates go to its lane
                read = unchanged if index == 0 else {}
                params = (campaign, *columns, list(read), list(read.values()), [], [], list(recorder.unread_topics))
                curs.execute(recorder.sql_insert, params, prepare=True)
                rows = curs.fetchall()
                outbox.enqueue(curs, campaign, columns[2], [row["campaign_position"] for row in rows])
                first, last, last_columns = rows[0] if first is None else first, rows[-1], columns
                count += len(rows)
                if progress:
                    progress(count)
            if last is None:
                return 0
            outcomes.writing(curs, last["campaign_position"], campaign)
            if also is not None:
                also(curs)
            committing = True
    except (InterfaceError, OperationalError):
        if not committing or last_columns is None or recorder._already_stored(last_columns) is None:
            raise
    recorder._written(campaign, [first, last], None)
    return count


def _fault(curs: Any) -> None:
    fault = os.environ.get(FAULT)
    if fault == "exit-mid-import":
        os.kill(os.getpid(), signal.SIGKILL)
    elif fault == "lose-connection-mid-import":
        curs.execute("SELECT pg_terminate_backend(pg_backend_pid())")
