"""The log thread of a serving process: records handed over where they are logged, rendered and written in batches.

`logging.handlers.QueueListener` woke its thread for every record (a lock and a notify on the event loop's thread,
then the log thread taking the GIL to render one line and a write with a flush for it): with one access line per
request, about a third of a small standings answer's CPU (docs/scaling.md, "Issue 31, P5: the uncached answer's
cost (session 19)"). Here the first record after a quiet spell wakes the thread, which lets the records of the next
`LINGER` seconds gather, then renders them all and writes them with one write and one flush, in the order they were
logged. No record is rendered on the event loop, and none is ever waited for: past `limit` waiting, one is dropped.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any

LINGER = 0.02  # seconds a batch gathers after its first record: a line is written at most this much later


class LogThread:
    """Writes the records `put` to it through `writer` (its filters, formatter, stream and terminator)."""

    def __init__(self, writer: logging.StreamHandler[Any], limit: int, linger: float = LINGER) -> None:
        self.writer, self.limit, self.linger = writer, limit, linger
        self.dropped = 0
        self._records: deque[logging.LogRecord] = deque()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="intrigue-log", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def put(self, record: logging.LogRecord) -> None:
        """From any thread; never blocks. Wakes the log thread only when it is waiting for a first record."""
        if len(self._records) >= self.limit:
            self.dropped += 1
            return
        self._records.append(record)
        if not self._wake.is_set():
            self._wake.set()

    def stop(self) -> None:
        """Write every record put before this call, then end the thread."""
        self._stopping.set()
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._stopping.wait(self.linger)  # the batch gathers (no `put` wakes the thread meanwhile); a stop ends it
            # Cleared before the records are taken: one put after this wakes the next round, one put before it is
            # taken now, so none waits for a later record to be written.
            self._wake.clear()
            self._write(self._taken())
            if self._stopping.is_set() and not self._records:
                return

    def _taken(self) -> list[logging.LogRecord]:
        taken = []
        while self._records:
            taken.append(self._records.popleft())
        return taken

    def _write(self, records: list[logging.LogRecord]) -> None:
        writer, lines = self.writer, []
        for record in records:
            try:
                if writer.filter(record):
                    lines.append(writer.format(record) + writer.terminator)
            except Exception:  # as StreamHandler.emit: a record that cannot be rendered is reported, not fatal
                writer.handleError(record)
        if not lines:
            return
        try:
            writer.stream.write("".join(lines))
            writer.flush()
        except Exception:
            writer.handleError(records[-1])
