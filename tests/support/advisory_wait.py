"""Waiting for a state, not a time: until some session waits for an advisory lock another one holds."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg

_WAITING = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"


async def until_a_lock_is_awaited(holder: psycopg.AsyncConnection[Any]) -> None:
    """Until a session of `holder`'s database waits for an advisory lock."""
    while True:
        waiting = await (await holder.execute(_WAITING)).fetchone()
        if waiting and waiting[0]:
            return
        await asyncio.sleep(0.01)
