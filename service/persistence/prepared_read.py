"""One prepared statement run on a pooled connection's libpq, for the read a request pays for most (issue 31, P5).

psycopg's async `execute` walks its cursor, its prepared-statement cache, its query conversion and parameter dumping
and three of its waits in Python; for the standings' one-row-per-member read that was about a third of an uncached
answer's CPU (docs/scaling.md, "Issue 31, P5: the uncached answer's cost (session 19)"). Here the statement is
prepared once per connection under its own name, its parameters are sent as text (PostgreSQL parses them as the
prepared statement's types) and its rows come back in binary, as `ReadPool.rows(binary=True)` reads them: a
bytea as its bytes. The connection is a checked-out one, used by nothing else meanwhile; a read cancelled or failed
half-way leaves it busy, and the pool discards a connection returned in that state.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from psycopg import AsyncConnection, errors, pq

_UNDEFINED_STATEMENT = b"26000"  # invalid_sql_statement_name: not prepared on this connection (yet, or any more)


@dataclass(frozen=True)
class Prepared:
    """A statement with `%s` placeholders, to be prepared under `name` on each connection that runs it."""

    name: str
    statement: str
    text: bytes = field(init=False)

    def __post_init__(self) -> None:
        numbers = iter(range(1, 1 + self.statement.count("%s")))
        object.__setattr__(self, "text", re.sub("%s", lambda _: f"${next(numbers)}", self.statement).encode())


async def rows(
    conn: AsyncConnection[Any], prepared: Prepared, params: list[bytes | None]
) -> list[tuple[bytes | None, ...]]:
    """The statement's rows, each column's value in binary (None for NULL); psycopg's errors as `execute` raises
    them."""
    pgconn, name = conn.pgconn, prepared.name.encode()
    result = await _result(pgconn, lambda: pgconn.send_query_prepared(name, params, result_format=pq.Format.BINARY))
    if _undefined(result):  # prepared here once per connection, on its first read
        _checked(await _result(pgconn, lambda: pgconn.send_prepare(name, prepared.text)), conn)
        result = await _result(pgconn, lambda: pgconn.send_query_prepared(name, params, result_format=pq.Format.BINARY))
    _checked(result, conn)
    columns = range(result.nfields)
    return [tuple(result.get_value(row, column) for column in columns) for row in range(result.ntuples)]


def _undefined(result: pq.abc.PGresult) -> bool:
    code = result.error_field(pq.DiagnosticField.SQLSTATE)
    return result.status == pq.ExecStatus.FATAL_ERROR and code == _UNDEFINED_STATEMENT


def _checked(result: pq.abc.PGresult, conn: AsyncConnection[Any]) -> None:
    if result.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        raise errors.error_from_result(result, encoding=conn.info.encoding)


async def _result(pgconn: pq.abc.PGconn, send: Callable[[], None]) -> pq.abc.PGresult:
    """`send` one query, then its one result, waiting on the loop for the socket as psycopg's `wait_async` does."""
    send()
    loop = asyncio.get_running_loop()
    while pgconn.flush():  # a non-blocking connection sends what the socket takes
        await _ready(loop, pgconn.socket, writing=True)
    pgconn.consume_input()
    while pgconn.is_busy():
        await _ready(loop, pgconn.socket, writing=False)
        pgconn.consume_input()
    result = last = pgconn.get_result()
    while last is not None:  # up to the protocol's end of the query: one statement, one result
        last = pgconn.get_result()
    if result is None:
        raise errors.InternalError("the server sent no result")
    return result


async def _ready(loop: asyncio.AbstractEventLoop, fd: int, writing: bool) -> None:
    ready: asyncio.Future[None] = loop.create_future()
    add, remove = (loop.add_writer, loop.remove_writer) if writing else (loop.add_reader, loop.remove_reader)

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    add(fd, wake)
    try:
        await ready
    finally:
        remove(fd)
