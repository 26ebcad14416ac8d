"""`intrigue serve`'s uvicorn closes connections that send nothing, or headers too slowly, and still serves."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from service.bootstrap import ConfigurationError
from service.entrypoints.serving import uvicorn_options
from tests.support.processes import served

WAIT = 30.0  # what a test waits for an answer at most: generous, never a timing assertion


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setenv("INTRIGUE_HEADER_TIMEOUT", "0.3")
    monkeypatch.setenv("INTRIGUE_KEEP_ALIVE_TIMEOUT", "0.3")
    app = Starlette(routes=[Route("/", lambda request: PlainTextResponse("ok"))])
    with served(app, lifespan="off", wait=WAIT) as port:
        yield port


def _closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(WAIT)
    try:
        while chunk := sock.recv(4096):
            if b"HTTP/1.1" in chunk and b"408" not in chunk:
                return False
        return True
    except TimeoutError:
        return False


def test_a_connection_that_sends_nothing_is_closed(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        assert _closed_by_server(sock)


def test_a_connection_whose_headers_never_finish_is_closed(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        assert _closed_by_server(sock)


def test_a_slow_next_request_on_a_kept_alive_connection_is_closed(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"200 OK" in sock.recv(4096)
        sock.sendall(b"GET / HTT")  # the first bytes of a next request stop uvicorn's keep-alive clock
        assert _closed_by_server(sock)


def test_a_prompt_request_is_served(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        sock.settimeout(WAIT)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")


def test_headers_over_the_limit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INTRIGUE_MAX_HEADER_BYTES", "1024")
    app = Starlette(routes=[Route("/", lambda request: PlainTextResponse("ok"))])
    with served(app, lifespan="off", wait=WAIT) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 2000 + b"\r\n\r\n")
            sock.settimeout(WAIT)
            assert sock.recv(4096).startswith(b"HTTP/1.1 400")
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Small: " + b"a" * 500 + b"\r\nConnection: close\r\n\r\n")
            sock.settimeout(WAIT)
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")


def test_the_servers_settings_are_read_as_the_limits_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INTRIGUE_MAX_BODY_BYTES", "4096")
    monkeypatch.setenv("INTRIGUE_SHUTDOWN_TIMEOUT", "2.5")
    options = uvicorn_options()
    assert (options["ws_max_size"], options["timeout_graceful_shutdown"]) == (4096, 2.5)
    monkeypatch.setenv("INTRIGUE_KEEP_ALIVE_TIMEOUT", "soon")
    with pytest.raises(ConfigurationError, match="INTRIGUE_KEEP_ALIVE_TIMEOUT='soon': not a number"):
        uvicorn_options()
