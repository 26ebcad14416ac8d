"""How `intrigue serve` runs uvicorn: connection and header timeouts, header size, all set by the environment.

uvicorn times out an idle connection only once it has answered a request on it, and a byte of a next request
stops that clock: a connection that never completes its headers was held for ever. `TimedH11Protocol` closes
it after `INTRIGUE_HEADER_TIMEOUT` seconds. Slow bodies are bounded by
service/entrypoints/limits.py (`INTRIGUE_BODY_TIMEOUT`).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from service.bootstrap import ConfigurationError


def _env(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    try:
        return float(raw) if raw else default
    except ValueError:  # refused by name, not with a traceback (issue 32, item 5)
        raise ConfigurationError(f"{name}={raw!r}: not a number") from None


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers do not arrive in `header_timeout`."""

    header_timeout = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_headers()

    def data_received(self, data: bytes) -> None:
        self._await_headers()  # the first byte of a next request stops uvicorn's keep-alive clock; ours starts
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the headers are in: the request is the app's to time
            self._stop_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def _await_headers(self) -> None:
        if self._header_timer is None and self.conn.their_state is h11.IDLE:
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.logger.info("closing a connection whose request headers did not arrive in %gs", self.header_timeout)
            self.transport.close()


def uvicorn_options() -> dict[str, Any]:
    """The uvicorn settings `intrigue serve` passes, from the environment (docs/operations.md, Limits)."""
    protocol = type("TimedH11Protocol", (TimedH11Protocol,), {"header_timeout": _env("INTRIGUE_HEADER_TIMEOUT", 10.0)})
    concurrency = int(_env("INTRIGUE_LIMIT_CONCURRENCY", 0)) or None
    return {
        "http": protocol,
        "timeout_keep_alive": _env("INTRIGUE_KEEP_ALIVE_TIMEOUT", 5.0),
        "h11_max_incomplete_event_size": int(_env("INTRIGUE_MAX_HEADER_BYTES", 16 * 1024)),
        "limit_concurrency": concurrency,
        "timeout_graceful_shutdown": _env("INTRIGUE_SHUTDOWN_TIMEOUT", 10.0),
        "ws_max_size": int(_env("INTRIGUE_MAX_BODY_BYTES", 2**20)),  # a WebSocket message, as an HTTP body
        "log_config": None,
        "access_log": False,
    }
