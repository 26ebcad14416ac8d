"""Requests that find the list of stopped campaigns stale at once read it once between them, and each still sees a
list read after it asked (service/persistence/queries.py `ReadModelReads._check`)."""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import uuid4

from domain.errors import DomainError
from projections.failures import CURRENT
from service.persistence.queries import ReadModelReads
from service.persistence.replica import WANTED


class _Reads:
    """A read pool that answers the failures' list after the test lets it, counting the reads."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows_given, self.reads, self.answer = rows, 0, asyncio.Event()

    async def rows(self, statement: Any, params: Any = (), binary: bool = False) -> list[dict[str, Any]]:
        assert statement == CURRENT
        self.reads += 1
        await self.answer.wait()
        return self.rows_given


def _failure_of(campaign_id: Any) -> dict[str, Any]:
    return {"campaign_id": campaign_id, "position": 7, "topic": "t", "aggregate_id": uuid4(), "error": "e"}


async def _checks(reads: ReadModelReads, pool: _Reads, count: int) -> list[Any]:
    waiting = [asyncio.ensure_future(reads._check(uuid4())) for _ in range(count)]
    await asyncio.sleep(0)  # every check has asked; one read is in flight
    pool.answer.set()
    return await asyncio.gather(*waiting, return_exceptions=True)


def test_fifty_requests_that_find_the_list_stale_read_it_once() -> None:
    pool = _Reads([])
    reads = ReadModelReads(pool)  # type: ignore[arg-type]
    results = asyncio.run(_checks(reads, pool, 50))
    assert pool.reads == 1
    assert all(r is reads.stopped for r in results)


def test_the_shared_read_still_stops_a_stopped_campaign() -> None:
    stopped = uuid4()
    pool = _Reads([_failure_of(stopped)])
    reads = ReadModelReads(pool)  # type: ignore[arg-type]

    async def both() -> list[Any]:
        waiting = [asyncio.ensure_future(reads._check(stopped)), asyncio.ensure_future(reads._check(uuid4()))]
        await asyncio.sleep(0)
        pool.answer.set()
        return await asyncio.gather(*waiting, return_exceptions=True)

    first, second = asyncio.run(both())
    assert isinstance(first, DomainError) and second is reads.stopped
    assert pool.reads == 1


def test_requests_that_want_their_own_writes_read_the_list_each_for_itself() -> None:
    pool = _Reads([])
    reads = ReadModelReads(pool)  # type: ignore[arg-type]

    async def own() -> list[Any]:
        token = WANTED.set(3)  # the tasks below copy this context
        try:
            return await _checks(reads, pool, 2)
        finally:
            WANTED.reset(token)

    asyncio.run(own())
    assert pool.reads == 2
