"""A cursor for a page folded inside a command's pipeline (projections/inline.py): each statement on a cursor of
its own.

In pipeline mode psycopg hands a statement's results to the cursor that sent it when they arrive, and a new
`execute` on a cursor forgets only the results it already holds. A page sends many statements whose answers it
never reads (its rows, `executemany`) and then reads on the same cursor (`standings.refresh`'s `answer_stored`, the
reports' window): when the server's answers to the earlier writes arrive while the read is being sent, psycopg
takes them as the read's, and `fetchone` fails ("the last operation didn't produce records (command status:
INSERT 0 1)"). The inline projection then left the command's events to the runner: in about half of a big
phase's resolutions (docs/scaling.md, "Issue 31, session 18 (lead)"). With a cursor per statement a read's
results can only be its own; the rows are no different, and no round trip is added.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from psycopg import Connection, Cursor, Error
from psycopg.abc import PQGen
from psycopg.errors import PipelineAborted
from psycopg.generators import fetch_many, send
from psycopg.rows import DictRow


class StatementCursors(Cursor[DictRow]):
    """Sends each `execute` and `executemany` on a new cursor of the same connection, and returns it: chain the
    fetch (`curs.execute(...).fetchone()`), never fetch from this one."""

    def execute(  # type: ignore[override]  # returns the statement's own cursor, not this one
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: bool | None = None
    ) -> Cursor[DictRow]:
        own = self.connection.cursor(row_factory=self.row_factory)
        return own.execute(query, params, prepare=prepare, binary=binary)

    def executemany(self, query: Any, params_seq: Iterable[Any], *, returning: bool = False) -> None:
        own = self.connection.cursor(row_factory=self.row_factory)
        own.executemany(query, params_seq, returning=returning)


def statement_cursors(curs: Cursor[DictRow]) -> StatementCursors:
    """A `StatementCursors` on `curs`'s connection, its rows as `curs` makes them."""
    return StatementCursors(curs.connection, row_factory=curs.row_factory)


def flush_request(conn: Connection[Any]) -> None:
    """In pipeline mode, ask the server to send the answers of the statements sent so far (PQsendFlushRequest, queued
    behind them): it otherwise keeps a result's last bytes until a sync or a later flush (issue 31, P6: `answered`)."""
    pipeline = conn._pipeline
    if pipeline is not None:
        pipeline.command_queue.append(conn.pgconn.send_flush_request)
        with conn.lock:
            conn.wait(pipeline._communicate_gen())


def answered(cursor: Cursor[DictRow]) -> Cursor[DictRow]:
    """`cursor` with its statement's results, sent before a `flush_request`: in pipeline mode psycopg's fetch waits for
    the answers of every statement sent, also those sent after it (a page's megabytes of rows), and here the wait ends
    with its own (issue 31, P6). A statement before it that failed raises here, as it would at psycopg's fetch."""
    conn = cursor.connection
    if conn._pipeline is not None and cursor.pgresult is None:
        with conn.lock:
            conn.wait(_answered(conn, cursor))
    return cursor


def _answered(conn: Connection[Any], cursor: Cursor[DictRow]) -> PQGen[None]:
    pipeline, pgconn = conn._pipeline, conn.pgconn
    assert pipeline is not None
    # All that is queued handed to the server first, reading its answers meanwhile (projections/together.py `sent`:
    # a wait for answers alone while a statement is half sent waits forever).
    yield from send(pgconn)
    queue = pipeline.result_queue  # what each answer still to come is for, in order: the cursor's, and those before it
    ahead = next((n for n, queued in enumerate(queue) if queued is not None and queued[0] is cursor), None)
    for _ in range(-1 if ahead is None else ahead + 1):
        results = yield from fetch_many(pgconn)
        if not results:
            break  # nothing more answered: psycopg's own fetch takes it from here
        pipeline._process_results(queue.popleft(), results)


def refusal(error: BaseException) -> BaseException:
    """The failure to report for `error`. Leaving a pipeline, psycopg raises the first failed result it fetched, then
    fetches the rest in a `finally` (`BasePipeline._exit_gen`): where a refused statement's result came in the first
    fetch and the skipped COMMIT's in the second, that one's PipelineAborted replaces the refusal, which stays as its
    `__context__`. Reported as it is, a refused write (a constraint, a conflict: an IntegrityError) would read as a
    lost connection (PipelineAborted is an OperationalError) and be retried as one. Seen on Citus, whose answers
    come later (session 25); which fetch a result falls in is the network's timing."""
    found = error
    while isinstance(found, PipelineAborted) and found.__context__ is not None:
        found = found.__context__
    return found if isinstance(found, Error) and not isinstance(found, PipelineAborted) else error


def command(conn: Connection[Any], statement: bytes) -> None:
    """A transaction's or savepoint's statement, queued in a pipeline as psycopg's own `Transaction` queues them: not
    as a cursor's query, whose "ROLLBACK" answer would make psycopg forget every prepared statement of the connection
    and deallocate them later, after statements prepared since (their next use then fails: "does not exist")."""
    conn.wait(conn._exec_command(statement))
