"""Reads on psycopg's async pool: a read never blocks the event loop and takes no worker thread."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Generic, TypeVar

import psycopg
from psycopg import AsyncConnection
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from service.persistence import prepared_read
from service.persistence.database import UnavailableError
from service.persistence.prepared_read import Prepared

MIN_SIZE, MAX_SIZE = 4, 10
# How long a read waits for a connection before it answers UNAVAILABLE (psycopg_pool's own default is 30 s).
WAIT_SECONDS = float(os.environ.get("INTRIGUE_READ_POOL_TIMEOUT") or 5.0)
T = TypeVar("T")


class ReadPool:
    """Connections for reads, opened in the ASGI app's lifespan, on the loop the app serves from."""

    def __init__(
        self,
        conninfo: str,
        min_size: int = MIN_SIZE,
        max_size: int = MAX_SIZE,
        timeout: float = WAIT_SECONDS,
        name: str = "reads",
    ) -> None:
        self.conninfo = conninfo
        # Autocommit: a lone SELECT needs no COMMIT round trip when its connection goes back to the pool.
        self.pool = AsyncConnectionPool(
            conninfo,
            connection_class=AsyncConnection[DictRow],
            min_size=min_size,
            max_size=max_size,
            open=False,
            name=name,
            timeout=timeout,
            kwargs={"autocommit": True, "row_factory": dict_row},
        )
        self.opened = False
        self._turns = asyncio.Semaphore(max_size)

    async def open(self) -> None:
        await self.pool.open(wait=True)
        self._turns = asyncio.Semaphore(self.pool.max_size)  # made on the loop the pool serves from
        self.opened = True

    async def close(self) -> None:
        self.opened = False
        await self.pool.close()

    async def rows(self, statement: Any, params: Any = (), binary: bool = False) -> list[dict[str, Any]]:
        """The statement's rows; UNAVAILABLE when the database cannot answer (service/entrypoints/shared/errors.py).
        `binary` asks for the binary format: a bytea as its bytes, not their hex text twice their size."""
        return await self._retried(lambda: self._rows(statement, params, binary))

    async def prepared_rows(self, prepared: Prepared, params: list[bytes | None]) -> list[tuple[bytes | None, ...]]:
        """`prepared`'s rows, its parameters given as text and its columns read in binary, without psycopg's cursor
        (service/persistence/prepared_read.py); unavailable as `rows` is."""
        return await self._retried(lambda: self._prepared(prepared, params))

    async def _retried(self, read: Callable[[], Awaitable[T]]) -> T:
        try:
            return await read()
        except PoolTimeout as error:  # no connection came in time: waiting again would only double the wait
            raise UnavailableError("the database is unavailable; try again shortly") from error
        except (psycopg.OperationalError, psycopg.InterfaceError):
            pass  # a connection the server closed (a restart) is dropped by the pool: a read can simply run again
        try:
            return await read()
        except (psycopg.OperationalError, psycopg.InterfaceError) as error:
            raise UnavailableError("the database is unavailable; try again shortly") from error

    async def _rows(self, statement: Any, params: Any, binary: bool) -> list[dict[str, Any]]:
        async with self._connection() as conn:
            cursor = await conn.execute(statement, params, binary=binary)
            return await cursor.fetchall()

    async def _prepared(self, prepared: Prepared, params: list[bytes | None]) -> list[tuple[bytes | None, ...]]:
        if not self.opened:
            async with self._connection() as conn:
                return await prepared_read.rows(conn, prepared, params)
        # The prepared reads take turns here, at most as many at once as the pool has connections, so each finds one
        # ready rather than queueing in psycopg_pool, whose waiter costs a task, a condition and their loop rounds:
        # 6-11 % of an uncached standings answer's server CPU at 50 clients (docs/scaling.md, "Issue 31, P5: the
        # serving process's CPU per answer (session 22)"). The wait for a turn and a connection is bounded by the
        # pool's timeout.
        timeout = self.pool.timeout
        started = time.monotonic()
        await self._turn(timeout)
        try:
            # Checked out and back without the connection's own context (its commit, under autocommit a no-op behind
            # the connection's lock): a read cancelled or failed half-way returns it busy, and the pool closes it.
            conn = await self.pool.getconn(timeout - (time.monotonic() - started))
            try:
                return await prepared_read.rows(conn, prepared, params)
            finally:
                await self.pool.putconn(conn)
        finally:
            self._turns.release()

    async def _turn(self, timeout: float) -> None:
        if not self._turns.locked():
            await self._turns.acquire()  # at once: no wait, no timer
            return
        try:
            async with asyncio.timeout(timeout):
                await self._turns.acquire()
        except TimeoutError:
            raise PoolTimeout(f"couldn't get a connection after {timeout:.2f} sec") from None

    def connection(self) -> AbstractAsyncContextManager[AsyncConnection[DictRow]]:
        """A connection of the pool (autocommit, dict rows) for the length of a block."""
        return self._connection()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[AsyncConnection[DictRow]]:
        if self.opened:
            async with self.pool.connection() as conn:
                yield conn
            return
        # Served without a lifespan (an ASGI transport in a test), the app has no pool on this loop: one connection.
        async with await AsyncConnection.connect(self.conninfo, autocommit=True, row_factory=dict_row) as conn:
            yield conn


class SharedRead(Generic[T]):
    """One read shared by every caller that asked before it was sent, so a burst of callers costs one query.

    A caller never gets the result of a read already sent when it asked: it waits for the next one, which
    therefore sees every commit made before the caller asked (read-your-writes holds as for a read of its own).
    """

    def __init__(self, read: Callable[[], Awaitable[T]]) -> None:
        self._read = read
        self._waiting: asyncio.Future[T] | None = None  # the callers of the next read, not yet sent
        self._reader: asyncio.Task[None] | None = None

    async def __call__(self) -> T:
        loop = asyncio.get_running_loop()
        if self._reader is not None and self._reader.get_loop() is not loop:
            return await self._read()  # an app served on several loops (no lifespan, in a test): no sharing
        if self._waiting is None:
            self._waiting = loop.create_future()
        waiting = self._waiting
        if self._reader is None or self._reader.done():
            self._reader = loop.create_task(self._serve())
        return await asyncio.shield(waiting)

    async def _serve(self) -> None:
        while self._waiting is not None:
            waiting, self._waiting = self._waiting, None  # later callers wait for the next read
            try:
                waiting.set_result(await self._read())
            except asyncio.CancelledError:
                waiting.cancel()
                raise
            except Exception as error:  # every caller of this read gets its error
                waiting.set_exception(error)
