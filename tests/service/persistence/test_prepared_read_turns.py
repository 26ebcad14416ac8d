"""Prepared reads take turns in the read pool (service/persistence/readpool.py `_turn`): no more at once than the pool
has connections, so none queues in psycopg_pool; a turn waited for past the pool's timeout answers UNAVAILABLE as
the pool's own wait did; a read cancelled while it waits gives back no turn it never had."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
import pytest

from service.persistence.database import Database, UnavailableError
from service.persistence.prepared_read import Prepared
from service.persistence.readpool import ReadPool
from tests.support.advisory_wait import until_a_lock_is_awaited

ROWS = Prepared("intrigue_test_turns", "SELECT g FROM generate_series(1, %s::int) AS g")
BLOCKED = Prepared("intrigue_test_turn_held", "SELECT pg_advisory_lock(%s::bigint) IS NULL AS locked")
LOCK = b"4343"


def _queued(pool: ReadPool) -> int:
    return int(pool.pool.get_stats().get("requests_queued", 0))


async def _with_lock_held(db: Database, pool: ReadPool, then: Callable[[], Awaitable[Any]]) -> Any:
    """A prepared read holds the pool's one turn, waiting on an advisory lock another connection holds, while `then`
    runs; the lock is released after it."""
    holder = await psycopg.AsyncConnection.connect(db.conninfo, autocommit=True)
    try:
        await holder.execute("SELECT pg_advisory_lock(4343)")
        held = asyncio.ensure_future(pool.prepared_rows(BLOCKED, [LOCK]))
        await until_a_lock_is_awaited(holder)  # the read waits for the lock
        try:
            return await then()
        finally:
            await holder.execute("SELECT pg_advisory_unlock(4343)")
            await held
    finally:
        await holder.close()


def test_more_prepared_reads_than_connections_wait_their_turn_not_in_the_pools_queue(fresh_db: Database) -> None:
    async def reads() -> tuple[list[int], int]:
        pool = ReadPool(fresh_db.conninfo, min_size=2, max_size=2)
        await pool.open()
        try:
            found = await asyncio.gather(*(pool.prepared_rows(ROWS, [str(n).encode()]) for n in range(1, 21)))
            return [len(rows) for rows in found], _queued(pool)
        finally:
            await pool.close()

    counts, queued = asyncio.run(reads())
    assert counts == list(range(1, 21))
    assert queued == 0


def test_a_turn_waited_for_past_the_pools_timeout_answers_unavailable(fresh_db: Database) -> None:
    async def reads() -> None:
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1, timeout=0.2)
        await pool.open()
        try:

            async def second() -> None:
                with pytest.raises(UnavailableError):
                    await asyncio.wait_for(pool.prepared_rows(ROWS, [b"1"]), 10)

            await _with_lock_held(fresh_db, pool, second)
            assert len(await pool.prepared_rows(ROWS, [b"2"])) == 2  # the turn came back with the held read's end
        finally:
            await pool.close()

    asyncio.run(reads())


def test_a_read_cancelled_while_it_waits_its_turn_gives_back_none(fresh_db: Database) -> None:
    async def reads() -> int:
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1)
        await pool.open()
        try:

            async def cancelled() -> None:
                waiting = asyncio.ensure_future(pool.prepared_rows(ROWS, [b"1"]))

                async def its_turn_awaited() -> None:
                    while not pool._turns._waiters:  # until it waits for its turn (a state, not a time)
                        await asyncio.sleep(0.01)

                await asyncio.wait_for(its_turn_awaited(), 10)
                waiting.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await waiting

            await _with_lock_held(fresh_db, pool, cancelled)
            before = _queued(pool)
            await asyncio.gather(*(pool.prepared_rows(ROWS, [b"3"]) for _ in range(5)))
            return _queued(pool) - before  # one turn for one connection: nobody queued in the pool
        finally:
            await pool.close()

    assert asyncio.run(reads()) == 0
