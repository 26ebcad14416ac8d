"""Progress of a long command (export, import, replay, simulate, export-analytics): a bar on a terminal, plain lines
elsewhere, and always a final count (issue 32, item 6)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

PLAIN_EVERY = 5.0  # seconds between plain lines: a log file or `kubectl logs` gets one line, not a redraw each step


class Counted:
    """`with Counted("exported", "events") as count: count.advance()`: rich's bar on a terminal, else a line
    every few seconds; on leaving, one line with the final count (`exported 424 events`), terminal or not."""

    def __init__(
        self, done: str, unit: str, total: int | None = None, stream: TextIO | None = None, terminal: bool | None = None
    ) -> None:
        self.done_word, self.unit, self.total, self.count = done, unit, total, 0
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty() if terminal is None else terminal
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._said = time.monotonic()

    def __enter__(self) -> Counted:
        if self.terminal:
            console = Console(file=self.stream, force_terminal=True)
            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(self.unit),
                TimeElapsedColumn(),
            )
            self._bar = Progress(*columns, console=console, transient=True)
            self._bar.start()
            self._task = self._bar.add_task(self.done_word, total=self.total)
        return self

    def set_total(self, total: int) -> None:
        self.total = total
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, total=total)

    def progress(self, done: int, total: int) -> None:
        """A step's callback: `done` of `total` so far."""
        if total != self.total:
            self.set_total(total)
        self.update(done)

    def advance(self, by: int = 1) -> None:
        self.update(self.count + by)

    def update(self, count: int) -> None:
        self.count = count
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=count)
        elif time.monotonic() - self._said >= PLAIN_EVERY:
            self._said = time.monotonic()
            of = f" of {self.total:,}" if self.total is not None else ""
            self.stream.write(f"{self.done_word} {count:,}{of} {self.unit} so far\n")
            self.stream.flush()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._bar is not None:
            self._bar.stop()
        if kind is None:
            self.stream.write(f"{self.done_word} {self.count:,} {self.unit}\n")
            self.stream.flush()
