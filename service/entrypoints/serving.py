"""How `intrigue serve` runs uvicorn: connection and header timeouts, header size, all set by the environment.

uvicorn times out an idle connection only once it has answered a request on it, and a byte of a next request
stops that clock: a connection that never completes its headers was held for ever. `TimedHttpToolsProtocol` closes
it after `INTRIGUE_HEADER_TIMEOUT` seconds, and answers 400 to headers over `INTRIGUE_MAX_HEADER_BYTES`. Slow bodies
are bounded by service/entrypoints/limits.py (`INTRIGUE_BODY_TIMEOUT`).

The protocol is uvicorn's httptools one (llhttp, in C) and the loop uvloop's: uvicorn's h11 protocol parsed each
request in pure Python, about 0.4 ms of a 25 KB standings answer's 2 ms of CPU (docs/scaling.md, "The standings'
request path, session 12").
"""

from __future__ import annotations

import asyncio
from typing import Any, NoReturn, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.entrypoints.limits import Limits, env_number


class HeadersTooLargeError(Exception):
    """Raised in the parser's callback: httptools reports it as a parser error, which uvicorn answers with a 400."""


class OneWrite:
    """A connection's transport whose writes in one step of the event loop leave in one call: an answer's head and
    body in one writev, not two sends, each waking the client (docs/scaling.md, "The standings' request path,
    session 14"). A write waits for the next write or for the loop's next turn, whichever comes first, so the bytes
    and their order are as written; closing writes what waits first. Anything else is the transport's."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.transport, self.loop = transport, loop
        self.held: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.held.append(data)
        if len(self.held) > 1:
            self.flush()
        else:
            self.loop.call_soon(self.flush)

    def flush(self) -> None:
        if not self.held:
            return
        held, self.held = self.held, []
        if not self.transport.is_closing():  # the peer is gone: as uvicorn writes nothing once disconnected
            self.transport.writelines(held)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class TimedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request headers do not arrive in `header_timeout`
    (from the connection's opening, or from a request's first byte) and refusing headers over `max_header_bytes`."""

    header_timeout = 10.0
    max_header_bytes = 16 * 1024
    _header_timer: asyncio.TimerHandle | None = None
    _header_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)  # flow control stays on the transport itself
        self.transport = cast(asyncio.Transport, OneWrite(transport, self.loop))
        self._await_headers()

    def handle_websocket_upgrade(self) -> None:
        """A WebSocket is handed the transport itself, once what waits is written."""
        if isinstance(self.transport, OneWrite):
            self.transport.flush()
            self.transport = self.transport.transport
        super().handle_websocket_upgrade()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        self._await_headers()  # the first byte of a next request stops uvicorn's keep-alive clock; ours starts

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)  # ": " and CRLF, as the bytes on the wire
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._stop_header_timer()  # the headers are in: the request is the app's to time
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def _count(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > self.max_header_bytes:
            raise HeadersTooLargeError(f"request headers over {self.max_header_bytes} bytes")

    def _await_headers(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.logger.info("closing a connection whose request headers did not arrive in %gs", self.header_timeout)
            self.transport.close()


def uvicorn_options() -> dict[str, Any]:
    """The uvicorn settings `intrigue serve` passes, from the environment (docs/operations.md, Limits)."""
    protocol = type(
        "TimedHttpToolsProtocol",
        (TimedHttpToolsProtocol,),
        {
            "header_timeout": env_number("INTRIGUE_HEADER_TIMEOUT", 10.0),
            "max_header_bytes": int(env_number("INTRIGUE_MAX_HEADER_BYTES", 16 * 1024)),
        },
    )
    concurrency = int(env_number("INTRIGUE_LIMIT_CONCURRENCY", 0)) or None
    return {
        "http": protocol,
        "loop": "uvloop",
        "timeout_keep_alive": env_number("INTRIGUE_KEEP_ALIVE_TIMEOUT", 5.0),
        "limit_concurrency": concurrency,
        "timeout_graceful_shutdown": env_number("INTRIGUE_SHUTDOWN_TIMEOUT", 10.0),
        "ws_max_size": Limits().max_body_bytes,  # a WebSocket message, as an HTTP body
        "log_config": None,
        "access_log": False,
    }


def terminated(signum: int, frame: object) -> NoReturn:
    """Every `serve` process's SIGTERM handler, installed before uvicorn's server takes the signals: uvicorn shuts
    down gracefully, then raises the signal again with the handler it found; Python's default for SIGTERM ended the
    process there, before its own shutdown (`Intrigue.close`, the log thread's last lines, the embedded server's
    release). This one ends it as Ctrl-C does, with the status a shell gives a process ended by the signal."""
    raise SystemExit(128 + signum)
