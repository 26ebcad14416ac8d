"""One LISTEN connection per app for every live subscription: a NOTIFY on the events table, whose payload names the
campaign written (service/persistence/notifier.py; with the position folded inline after it, projections/notices.py),
wakes the subscriptions of that campaign (issue 26).

A subscription reads its campaign's events after its last position, then waits for the count of
notifications that concern it (its campaign's, and those that concern every campaign) to move past the count
it saw *before* that read, so an event saved during the read is never missed. A lost connection is opened
again (with a growing pause) and counts as a notification for every campaign, since events may have been
saved while nobody listened; so does a slow poll (`POLL`), for a notification lost with the process that
wrote (it notifies after its commit).

A change of any seat's token (service/usecases/seats.py) notifies the same channel with the payload
`SEATS_CHANGED`; it wakes every subscription too and moves `seat_changes`, so a subscription checks its seat
again only when some seat changed (or the connection was lost, when a change may have gone unheard).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg
from psycopg.sql import SQL, Identifier

from projections import notices

log = logging.getLogger("intrigue.listener")
MAX_PAUSE = 5.0  # seconds between attempts to reconnect, at most
APPLICATION_NAME = "intrigue-subscriptions"  # how its connection shows in pg_stat_activity
SEATS_CHANGED = "seats"  # the NOTIFY payload of a seat's token issued, rotated or revoked
POLL = 10.0  # seconds: every subscription reads again at least this often


class Listener:
    def __init__(self, conninfo: str, channel: str) -> None:
        self.conninfo, self.channel = conninfo, channel
        self.heard = 0  # notifications for every campaign (reconnections, polls, seat changes) since the app started
        self.heard_of: dict[str, int] = {}  # notifications naming each campaign
        self.seat_changes = 0  # seat notifications (and reconnections): a subscription's seat may have changed
        self._task: asyncio.Task[None] | None = None
        self._poller: asyncio.Task[None] | None = None
        self._changed: asyncio.Condition | None = None
        self._ready: asyncio.Event | None = None

    async def mark(self, campaign_id: object = None) -> int:
        """Start listening if nobody did yet; the count to wait past after reading the campaign's events."""
        if self._task is None:
            self._changed, self._ready = asyncio.Condition(), asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._listen(), name="intrigue-listener")
            self._poller = asyncio.get_running_loop().create_task(self._poll(), name="intrigue-listener-poll")
        assert self._ready is not None
        await self._ready.wait()
        return self._count(campaign_id)

    def _count(self, campaign_id: object) -> int:
        return self.heard + (self.heard_of.get(str(campaign_id), 0) if campaign_id is not None else 0)

    async def wait_past(self, mark: int, campaign_id: object = None) -> None:
        assert self._changed is not None
        async with self._changed:
            await self._changed.wait_for(lambda: self._count(campaign_id) > mark)

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            await self._bump()

    async def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _listen(self) -> None:
        pause = 0.1
        while True:
            try:
                connect = psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, application_name=APPLICATION_NAME
                )
                async with await connect as conn:
                    await conn.execute(SQL("LISTEN {}").format(Identifier(self.channel)))
                    await self._bump(seats=True)  # (again) listening: whatever changed meanwhile must be read
                    assert self._ready is not None
                    self._ready.set()
                    pause = 0.1
                    async for notify in conn.notifies():
                        if notify.payload in ("", SEATS_CHANGED):
                            await self._bump(seats=notify.payload == SEATS_CHANGED)
                        else:
                            await self._bump_campaign(notices.campaign_of(notify.payload))
            except psycopg.Error as error:
                log.warning("listening for new events failed; again in %.1f s: %s", pause, error)
                await asyncio.sleep(pause)
                pause = min(pause * 2, MAX_PAUSE)

    async def _bump_campaign(self, campaign_id: str) -> None:
        assert self._changed is not None
        async with self._changed:
            self.heard_of[campaign_id] = self.heard_of.get(campaign_id, 0) + 1
            self._changed.notify_all()

    async def _bump(self, seats: bool = False) -> None:
        assert self._changed is not None
        async with self._changed:
            self.heard += 1
            self.seat_changes += seats
            self._changed.notify_all()
