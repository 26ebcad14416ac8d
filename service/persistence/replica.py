"""Reads on a streaming replica (`DATABASE_URL_READ`), and on the primary when the replica has not reached the
position the client last saw (issue 27, item 6; docs/scaling.md "Read replicas")."""

from __future__ import annotations

import asyncio
import os
import time
from contextvars import ContextVar
from typing import Any

import psycopg

from service.persistence import outcomes
from service.persistence.database import UnavailableError
from service.persistence.readpool import ReadPool

# How long a read that names a position waits for the replica before it reads the primary instead.
WAIT_SECONDS = float(os.environ.get("INTRIGUE_REPLICA_WAIT") or 0.05)
PAUSE = 0.005  # between looks at the replica's replay position while waiting
# The position the request's client sent in `Intrigue-Position`: set by the HTTP layer, None when it sent none.
WANTED: ContextVar[int | None] = ContextVar("intrigue_wanted_position", default=None)
_PRIMARY_LSN = "SELECT pg_current_wal_lsn()::text AS lsn"
_REPLAYED = "SELECT coalesce(pg_last_wal_replay_lsn() >= %s::pg_lsn, false) AS reached"


def wants_own_writes() -> bool:
    """The client named a position, or this request's command committed: its answer reads what it wrote."""
    outcome = outcomes.current()
    return WANTED.get() is not None or (outcome is not None and outcome.committed)


class ReplicaReads:
    """`rows` as ReadPool's, sent to the replica unless the client named a position the replica lacks.

    A client's position was acknowledged before it sent this request, so everything up to it (its events
    and, the command having waited for them, their read-model rows) is in the primary's WAL before the
    primary's current LSN. The replica has it once it has replayed that far, whatever a position counts
    (the store's notification id now, the campaign's own position once campaigns are lanes).
    """

    def __init__(self, primary: ReadPool, replica: ReadPool, wait: float = WAIT_SECONDS) -> None:
        self.primary, self.replica, self.wait = primary, replica, wait
        self.sent = {"replica": 0, "primary": 0}  # reads by where they went (for metrics and tests)
        # Reads that named a position: found on the replica in time (hit) or sent to the primary (miss), and the
        # seconds spent choosing, the latency the replica adds to them (docs/scaling.md, "Read replicas").
        self.waits = {"hit": 0, "miss": 0}
        self.waited = 0.0

    async def open(self) -> None:
        await self.replica.open()

    async def close(self) -> None:
        await self.replica.close()

    async def rows(self, statement: Any, params: Any = (), binary: bool = False) -> list[dict[str, Any]]:
        pool = await self._choose()
        if pool is self.replica:
            try:
                found = await pool.rows(statement, params, binary)
            except (UnavailableError, psycopg.Error):  # down, or not yet at the schema: the primary answers
                pool = self.primary
            else:
                self.sent["replica"] += 1
                return found
        self.sent["primary"] += 1
        return await pool.rows(statement, params, binary)

    async def _choose(self) -> ReadPool:
        if not wants_own_writes():  # the client asked for no position: any replica state will do
            return self.replica
        began = time.monotonic()
        chosen = await self._wait_for_replica(began + self.wait)
        self.waits["hit" if chosen is self.replica else "miss"] += 1
        self.waited += time.monotonic() - began
        return chosen

    async def _wait_for_replica(self, deadline: float) -> ReadPool:
        (row,) = await self.primary.rows(_PRIMARY_LSN)
        while True:
            try:
                (reached,) = await self.replica.rows(_REPLAYED, (row["lsn"],))
            except (UnavailableError, psycopg.Error):  # a replica that cannot answer: the primary can
                return self.primary
            if reached["reached"]:
                return self.replica
            if time.monotonic() >= deadline:
                return self.primary
            await asyncio.sleep(PAUSE)
