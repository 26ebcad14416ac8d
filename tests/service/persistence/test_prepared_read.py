"""A statement read through the connection's libpq (service/persistence/prepared_read.py) answers what psycopg's
`execute` answers, prepares itself on each connection once, again when the server forgot it, raises psycopg's errors,
and a read cancelled half-way leaves no busy connection in the pool."""

from __future__ import annotations

import asyncio
from uuid import uuid4

import psycopg
import pytest

from service.persistence.database import Database
from service.persistence.prepared_read import Prepared
from service.persistence.readpool import ReadPool
from tests.support.advisory_wait import until_a_lock_is_awaited

STATEMENT = Prepared(
    "intrigue_test_read",
    "SELECT %s::uuid = ANY(%s::uuid[]) AS owned, CASE WHEN %s THEN 'gm'::bytea END AS element, %s AS root,"
    " g AS n FROM generate_series(1, 3) AS g ORDER BY g",
)
_PREPARED = "SELECT count(*) FROM pg_prepared_statements WHERE name = 'intrigue_test_read'"


def _params(member: object, owned: list[object], gm: bool) -> list[bytes | None]:
    return [str(member).encode(), f"{{{','.join(map(str, owned))}}}".encode(), b"t" if gm else b"f", b"factions"]


async def _both(pool: ReadPool, member: object, owned: list[object], gm: bool) -> tuple[list, list]:  # type: ignore[type-arg]
    ours = await pool.prepared_rows(STATEMENT, _params(member, owned, gm))
    theirs = await pool.rows(STATEMENT.statement, (member, owned, gm, "factions"), binary=True)
    return ours, [tuple(row.values()) for row in theirs]


def test_the_rows_are_psycopgs_in_binary_and_the_statement_is_prepared_once(fresh_db: Database) -> None:
    member = uuid4()

    async def reads() -> list[tuple[list, list]]:  # type: ignore[type-arg]
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1)
        await pool.open()
        try:
            found = [await _both(pool, member, owned, gm) for owned, gm in (([], True), ([member, uuid4()], False))]
            async with pool.connection() as conn:
                prepared = await (await conn.execute(_PREPARED)).fetchone()
            assert prepared == {"count": 1}  # one connection, two reads: prepared once
            return found
        finally:
            await pool.close()

    for ours, theirs in asyncio.run(reads()):
        # Binary as sent: a boolean's byte, a bytea's bytes, text's bytes, an int4's four bytes (psycopg decodes them).
        assert [(o == b"\x01", e, r, int.from_bytes(n or b"", "big")) for o, e, r, n in ours] == [
            (owned, element, root.encode(), n) for owned, element, root, n in theirs
        ]
        assert len(ours) == 3


def test_a_statement_the_server_forgot_is_prepared_again(fresh_db: Database) -> None:
    async def reads() -> list[tuple[bytes | None, ...]]:
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1)
        await pool.open()
        try:
            await pool.prepared_rows(STATEMENT, _params(uuid4(), [], True))
            async with pool.connection() as conn:
                await conn.execute("DEALLOCATE intrigue_test_read")
            return await pool.prepared_rows(STATEMENT, _params(uuid4(), [], True))
        finally:
            await pool.close()

    assert [row[1] for row in asyncio.run(reads())] == [b"gm"] * 3


def test_a_failed_statement_raises_psycopgs_error_and_the_connection_reads_on(fresh_db: Database) -> None:
    async def reads() -> list[tuple[bytes | None, ...]]:
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1)
        await pool.open()
        try:
            with pytest.raises(psycopg.errors.InvalidTextRepresentation):
                await pool.prepared_rows(STATEMENT, [b"not a uuid", b"{}", b"t", b"factions"])
            return await pool.prepared_rows(STATEMENT, _params(uuid4(), [], False))
        finally:
            await pool.close()

    assert [row[1] for row in asyncio.run(reads())] == [None] * 3


def test_a_read_cancelled_half_way_leaves_no_busy_connection_in_the_pool(fresh_db: Database) -> None:
    """The read waits on a lock another connection holds; cancelled there, its connection goes back busy and the pool
    closes it, so the next read (the pool's only connection) answers."""
    blocking = Prepared("intrigue_test_blocked", "SELECT pg_advisory_lock(%s::bigint) IS NULL AS locked")

    async def reads() -> list[tuple[bytes | None, ...]]:
        pool = ReadPool(fresh_db.conninfo, min_size=1, max_size=1)
        await pool.open()
        holder = await psycopg.AsyncConnection.connect(fresh_db.conninfo, autocommit=True)
        try:
            await holder.execute("SELECT pg_advisory_lock(4242)")
            read = asyncio.ensure_future(pool.prepared_rows(blocking, [b"4242"]))
            await until_a_lock_is_awaited(holder)  # the read waits for the lock
            read.cancel()
            with pytest.raises(asyncio.CancelledError):
                await read
            await holder.execute("SELECT pg_advisory_unlock(4242)")
            return await pool.prepared_rows(STATEMENT, _params(uuid4(), [], True))
        finally:
            await holder.close()
            await pool.close()

    assert [row[1] for row in asyncio.run(reads())] == [b"gm"] * 3
