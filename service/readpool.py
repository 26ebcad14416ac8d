"""Reads on psycopg's async pool: a read never blocks the event loop and takes no worker thread."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool

MIN_SIZE, MAX_SIZE = 4, 10


class ReadPool:
    """Connections for reads, opened in the ASGI app's lifespan, on the loop the app serves from."""

    def __init__(self, conninfo: str, min_size: int = MIN_SIZE, max_size: int = MAX_SIZE) -> None:
        self.conninfo = conninfo
        # Autocommit: a lone SELECT needs no COMMIT round trip when its connection goes back to the pool.
        self.pool = AsyncConnectionPool(conninfo, connection_class=AsyncConnection[DictRow], min_size=min_size,
                                        max_size=max_size, open=False, name="reads",
                                        kwargs={"autocommit": True, "row_factory": dict_row})  # fmt: skip
        self.opened = False

    async def open(self) -> None:
        await self.pool.open(wait=True)
        self.opened = True

    async def close(self) -> None:
        self.opened = False
        await self.pool.close()

    async def rows(self, statement: Any, params: Any = ()) -> list[dict[str, Any]]:
        async with self._connection() as conn:
            cursor = await conn.execute(statement, params)
            return await cursor.fetchall()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[AsyncConnection[DictRow]]:
        if self.opened:
            async with self.pool.connection() as conn:
                yield conn
            return
        # Served without a lifespan (an ASGI transport in a test), the app has no pool on this loop: one connection.
        async with await AsyncConnection.connect(self.conninfo, autocommit=True, row_factory=dict_row) as conn:
            yield conn
