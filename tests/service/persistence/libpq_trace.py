"""Every connection the event store's datastore lends, traced by libpq (its messages, both ways), for tests that
count what a command costs the database: round trips and transactions."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from psycopg import pq

from service.bootstrap import Intrigue


@contextmanager
def traced_connections(intrigue: Intrigue, trace: Path) -> Iterator[None]:
    """Within this block, each connection `get_connection` lends to this thread (not the runner's) is traced into
    `trace` while it is lent."""
    datastore = intrigue.store.recorder.datastore  # type: ignore[attr-defined]
    connection, here = datastore.get_connection, threading.get_ident()

    @contextmanager
    def traced() -> Iterator[Any]:
        if threading.get_ident() != here:
            with connection() as conn:
                yield conn
            return
        with trace.open("a") as out, connection() as conn:
            conn.pgconn.trace(out.fileno())
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
            try:
                yield conn
            finally:
                conn.pgconn.untrace()

    datastore.get_connection = traced
    try:
        yield
    finally:
        del datastore.get_connection  # the class's again


def messages(trace: Path) -> list[list[str]]:
    """The traced messages: side (F from the client, B from the server), length, type and the rest."""
    return [line.split("\t") for line in trace.read_text().splitlines()]


def round_trips(trace: Path) -> int:
    """Each time the client, having sent, reads the server's answer."""
    sides = [side for side, *_ in messages(trace)]
    return sum(1 for n in range(1, len(sides)) if sides[n - 1] == "F" and sides[n] == "B")


def begun(trace: Path) -> int:
    """How many transactions the client began."""
    return sum(1 for m in messages(trace) if m[0] == "F" and any('"BEGIN"' in part for part in m[2:]))
