"""The log thread writes what was logged, in order, in batches, waking once per batch
(service/operations/log_thread.py)."""

from __future__ import annotations

import io
import logging
import threading

from service.operations.log_thread import LogThread


class _HeldStream(io.StringIO):
    """A stream whose first write waits until the test lets it go, so records gather meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []
        self.entered, self.release = threading.Event(), threading.Event()

    def write(self, text: str) -> int:
        if not self.writes:
            self.entered.set()
            assert self.release.wait(60)
        self.writes.append(text)
        return super().write(text)


class _CountedEvent(threading.Event):
    def __init__(self) -> None:
        super().__init__()
        self.sets = 0

    def set(self) -> None:
        self.sets += 1
        super().set()


def _record(n: int) -> logging.LogRecord:
    return logging.LogRecord("intrigue.test", logging.INFO, __file__, 1, "line %d", (n,), None)


def _thread(stream: io.StringIO, limit: int = 1000, linger: float = 0.0) -> LogThread:
    writer = logging.StreamHandler(stream)
    writer.setFormatter(logging.Formatter("%(message)s"))
    thread = LogThread(writer, limit, linger)
    thread._wake = _CountedEvent()
    thread.start()
    return thread


def _put_while_writing(stream: _HeldStream, count: int, limit: int = 1000) -> LogThread:
    """A thread whose first record's write is held while `count` more are put; then released and stopped."""
    thread = _thread(stream, limit=limit)
    thread.put(_record(0))
    assert stream.entered.wait(60)
    for n in range(1, count + 1):
        thread.put(_record(n))
    stream.release.set()
    thread.stop()
    return thread


def test_records_logged_while_a_batch_is_written_are_written_next_in_one_write_in_order() -> None:
    stream = _HeldStream()
    _put_while_writing(stream, 50)
    assert stream.writes == ["line 0\n", "".join(f"line {n}\n" for n in range(1, 51))]


def test_a_batch_wakes_the_thread_once_however_many_records_it_holds() -> None:
    stream = _HeldStream()
    thread = _thread(stream)
    thread.put(_record(0))
    assert stream.entered.wait(60)
    woken = thread._wake.sets  # type: ignore[attr-defined]
    for n in range(1, 51):
        thread.put(_record(n))
    assert thread._wake.sets == woken + 1  # type: ignore[attr-defined]
    stream.release.set()
    thread.stop()


def test_past_the_limit_a_record_is_dropped_and_counted_never_waited_for() -> None:
    stream = _HeldStream()
    thread = _put_while_writing(stream, 15, limit=10)
    assert thread.dropped == 5
    assert stream.getvalue().splitlines() == [f"line {n}" for n in range(11)]


def test_a_stop_writes_every_record_put_before_it_without_waiting_out_the_linger() -> None:
    stream = io.StringIO()
    thread = _thread(stream, linger=3600)
    for n in range(3):
        thread.put(_record(n))
    thread.stop()
    assert stream.getvalue().splitlines() == ["line 0", "line 1", "line 2"]


def test_a_record_that_cannot_be_rendered_is_reported_and_the_others_are_written() -> None:
    stream, reported = io.StringIO(), []
    thread = _thread(stream)
    thread.writer.handleError = reported.append  # type: ignore[method-assign]
    bad = logging.LogRecord("intrigue.test", logging.INFO, __file__, 1, "%d", ("x",), None)
    thread.put(_record(0))
    thread.put(bad)
    thread.put(_record(2))
    thread.stop()
    assert reported == [bad]
    assert stream.getvalue().splitlines() == ["line 0", "line 2"]
