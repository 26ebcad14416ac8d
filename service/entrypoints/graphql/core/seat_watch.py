"""Whether open subscriptions' tokens still hold, asked in one query for all of them after each seat change.

A token's digest names one seat for as long as it is stored: a rotation or a revocation replaces the digest,
and a seat's campaign and role never change. So after a change (`Listener.seat_changes` moved), it is enough to
ask which of the open subscriptions' digests are still stored; the first subscription to ask for a generation
runs the query for every digest open then, and the others wait for that answer.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from weakref import WeakKeyDictionary

Held = Callable[[list[bytes]], Awaitable[set[bytes]]]


class SeatWatch:
    def __init__(self) -> None:
        self._open: Counter[bytes] = Counter()
        self._asked: tuple[int, frozenset[bytes], asyncio.Future[set[bytes]]] | None = None

    @contextmanager
    def watching(self, digest: bytes) -> Iterator[None]:
        """Count the digest as an open subscription's while the block runs."""
        self._open[digest] += 1
        try:
            yield
        finally:
            self._open[digest] -= 1
            if not self._open[digest]:
                del self._open[digest]

    async def holds(self, generation: int, digest: bytes, held: Held) -> bool:
        """Whether the digest still names a seat as of seat-change `generation` (one query per generation)."""
        asked = self._asked
        if asked is None or asked[0] != generation or digest not in asked[1] or _failed(asked[2]):
            digests = frozenset(self._open) | {digest}
            asked = (generation, digests, asyncio.ensure_future(held(sorted(digests))))
            self._asked = asked
        return digest in await asyncio.shield(asked[2])


def _failed(task: asyncio.Future[set[bytes]]) -> bool:
    """A query that failed (the database was down) is asked again, not answered from."""
    return task.done() and (task.cancelled() or task.exception() is not None)


_WATCHES: WeakKeyDictionary[object, SeatWatch] = WeakKeyDictionary()


def watch_of(listener: object) -> SeatWatch:
    """The app's one watch, beside its one listener."""
    watch = _WATCHES.get(listener)
    if watch is None:
        watch = _WATCHES[listener] = SeatWatch()
    return watch
