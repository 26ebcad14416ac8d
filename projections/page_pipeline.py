"""A rebuild's page sent in pipeline mode (issue 31, P4): the server executes the page's writes while this process folds
on, instead of each statement waiting for its answer (a rebuild's page folded in Python and waited for PostgreSQL in
turn: docs/scaling.md, "a rebuild's page in pipeline mode (session 27)"). The live writer's pages are not sent so.

The page is the same transaction, committed whole with its positions once every answer is in; a read waits only for
the statements sent before it. Where a page waited for a write, it now waits at the next read or sync instead:
- a resolution's phase reports (`reports_apart`) are read in a savepoint as before, with nothing outstanding; the
  history's rows are sent after the reads, the reports built meanwhile and written in a savepoint of their own; each
  savepoint's RELEASE is queued without a sync (`PageCursors.apart`). The write's outcome is checked at the page's
  next statement (`settle`): a refusal there is the report's if the server can still roll back to the savepoint
  (nothing else was sent inside it), and the page goes on without the reports, logged, as `phase_reports.record`
  leaves it; if the savepoint is gone the refusal was another statement's and the page is lost, as it was when that
  statement failed. The reads' outcome is known when they are answered.
- a careful page (the fold again after a refusal) and a page on Citus are sent as before, a statement at a time.
- a history row or any statement refused is the page's refusal, as before, reported at the next read or sync.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from functools import partial
from typing import Any, TypeVar

import psycopg
from eventsourcing.postgres import PostgresDatastore
from psycopg import Connection, Cursor
from psycopg.rows import DictRow
from psycopg.sql import Composed

from projections import phase_reports
from projections.pipelined import StatementCursors, command, refusal

_SAVEPOINT, _RELEASE, _ROLLBACK = (
    f"{verb} intrigue_apart".encode() for verb in ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")
)
Refused = Callable[[BaseException], Any]
T = TypeVar("T")


class PageCursors(StatementCursors):
    """A pipelined page's cursor: each statement on its own cursor (`StatementCursors`), sent once the statements
    written `apart` before it are known to have been taken (`settle`)."""

    def __init__(self, connection: Connection[Any], **kwargs: Any) -> None:
        super().__init__(connection, **kwargs)
        self._pending: Refused | None = None  # what to do if the last `apart` write turns out refused

    def execute(  # type: ignore[override]  # returns the statement's own cursor, as StatementCursors does
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: bool | None = None
    ) -> Cursor[DictRow]:
        self.settle()
        return super().execute(query, params, prepare=prepare, binary=binary)

    def executemany(self, query: Any, params_seq: Iterable[Any], *, returning: bool = False) -> None:
        self.settle()
        super().executemany(query, params_seq, returning=returning)

    def apart(self, work: Callable[[], T], refused: Refused, answered: bool = False) -> T | None:
        """`work`'s statements in a savepoint of their own, its RELEASE queued without a sync, and what `work` answers;
        if PostgreSQL refuses them (here, or at `settle` unless `answered`: `work` read every answer), the page goes on
        without them, `refused` is told and None answered."""
        self.settle()
        try:
            command(self.connection, _SAVEPOINT)
            result = work()
            command(self.connection, _RELEASE)
        except Exception as failure:  # a Python failure too: the savepoint is rolled back, nothing of it kept
            self._refused(failure, refused)
            return None
        if not answered:
            self._pending = refused
        return result

    def settle(self) -> None:
        """The last `apart` write's answers taken (a sync): nothing may be sent after it before its outcome is known,
        or a refusal would abort statements it does not own."""
        refused, self._pending = self._pending, None
        if refused is None:
            return
        try:
            _sync(self.connection)
        except psycopg.Error as failure:
            self._refused(failure, refused)

    def _refused(self, failure: BaseException, refused: Refused) -> None:
        failure = refusal(failure)
        conn = self.connection
        with suppress(psycopg.Error):  # the failed segment ended, if it was not already
            _sync(conn)
        try:  # only what `apart` sent is inside the savepoint: if it cannot be rolled back to, the failure was before
            for statement in (_ROLLBACK, _RELEASE):
                command(conn, statement)
            _sync(conn)
        except psycopg.Error:
            raise failure from None
        refused(failure)


def _sync(conn: Connection[Any]) -> None:
    pipeline = conn._pipeline
    assert pipeline is not None
    pipeline.sync()


def settle(curs: Cursor[Any]) -> None:
    """Where `curs` is a pipelined page's, its `apart` write's outcome known before anything else is sent."""
    if isinstance(curs, PageCursors):
        curs.settle()


@contextmanager
def transaction(datastore: PostgresDatastore) -> Iterator[PageCursors]:
    """A page's transaction with its statements in pipeline mode, committed once every answer is in; a failure is
    raised as the statement's own refusal, not as the pipeline's abort (`refusal`)."""
    with datastore.get_connection() as conn, conn.transaction():
        try:
            with conn.pipeline():
                curs = PageCursors(conn, row_factory=conn.row_factory)
                yield curs
                curs.settle()
        except psycopg.Error as failure:
            refused = refusal(failure)
            if refused is failure:
                raise
            raise refused from None


def reports_apart(
    curs: PageCursors, sql: Mapping[str, Composed], resolution: phase_reports.Resolution, together: bool = False
) -> Callable[[], None]:
    """A pipelined page's reports of a resolution: read now, in a savepoint whose RELEASE needs no sync (the reads were
    answered), before the history's rows are sent; built and written by the function answered, after them, `apart`.
    A reporter's failure or a refused report leaves the page's other rows and is logged, as `phase_reports.record`."""
    if not phase_reports.REPORTERS or resolution.campaign is None:
        return lambda: None
    refused = partial(phase_reports.not_kept, resolution.phase, resolution.campaign.id)
    read = partial(phase_reports.read_first, curs, sql, resolution, together)
    written = curs.apart(read, refused, answered=True)
    return (lambda: None) if written is None else partial(curs.apart, written, refused)
