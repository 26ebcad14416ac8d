"""`intrigue serve` writes an answer's head and body in one call (service/entrypoints/serving.py `OneWrite`), and
the bytes and their order are those uvicorn wrote: pipelined answers, a streamed one, a WebSocket."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse, StreamingResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket
from websockets.sync.client import connect

from service.entrypoints.serving import OneWrite
from tests.support.processes import served

WAIT = 30.0  # what a test waits for an answer at most: generous, never a timing assertion


class Recorded:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.closing = False

    def writelines(self, data: list[bytes]) -> None:
        self.calls.append(("writelines", list(data)))

    def close(self) -> None:
        self.calls.append(("close", None))
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def get_extra_info(self, name: str) -> str:
        return f"the transport's {name}"


def test_writes_in_one_step_leave_in_one_call_and_a_lone_one_on_the_next_turn() -> None:
    async def run() -> list[tuple[str, Any]]:
        recorded = Recorded()
        one = OneWrite(recorded, asyncio.get_running_loop())  # type: ignore[arg-type]
        one.write(b"head")
        one.write(b"body")
        assert recorded.calls == [("writelines", [b"head", b"body"])]
        one.write(b"alone")
        assert len(recorded.calls) == 1  # waits for a next write or the next turn
        await asyncio.sleep(0)
        assert recorded.calls[-1] == ("writelines", [b"alone"])
        one.write(b"last")
        one.close()  # what waits is written first
        assert one.get_extra_info("peername") == "the transport's peername"
        one.write(b"after the peer left")
        await asyncio.sleep(0)
        return recorded.calls

    assert asyncio.run(run())[1:] == [("writelines", [b"alone"]), ("writelines", [b"last"]), ("close", None)]


async def _chunks() -> AsyncIterator[bytes]:
    for n in range(3):
        await asyncio.sleep(0.01)
        yield f"chunk {n};".encode()


async def _echo(websocket: WebSocket) -> None:
    await websocket.accept()
    await websocket.send_text("hello " + await websocket.receive_text())
    await websocket.close()


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    app = Starlette(
        routes=[
            Route("/text/{n}", lambda request: PlainTextResponse("answer " + request.path_params["n"] * 3000)),
            Route("/stream", lambda request: StreamingResponse(_chunks(), media_type="text/plain")),
            WebSocketRoute("/ws", _echo),
        ]
    )
    with served(app, lifespan="off", wait=WAIT) as port:
        yield port


def _read_all(sock: socket.socket) -> bytes:
    sock.settimeout(WAIT)
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


def test_pipelined_answers_come_whole_and_in_order(server: int) -> None:
    asked = b"".join(
        f"GET /text/{n} HTTP/1.1\r\nHost: x\r\n{'Connection: close' if n == 3 else 'X: y'}\r\n\r\n".encode()
        for n in (1, 2, 3)
    )
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        sock.sendall(asked)
        answers = _read_all(sock)
    bodies = [b"answer " + str(n).encode() * 3000 for n in (1, 2, 3)]
    parts = answers.split(b"HTTP/1.1 200 OK\r\n")
    assert parts[0] == b"" and len(parts) == 4
    for part, body in zip(parts[1:], bodies, strict=True):
        head, _, rest = part.partition(b"\r\n\r\n")
        assert f"content-length: {len(body)}".encode() in head.lower()
        assert rest == body


def test_a_streamed_answer_comes_chunk_by_chunk(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT) as sock:
        sock.sendall(b"GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = _read_all(sock)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"transfer-encoding: chunked" in head.lower()
    assert body == b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in (b"chunk 0;", b"chunk 1;", b"chunk 2;")) + (
        b"0\r\n\r\n"
    )


def test_a_websocket_is_served_on_the_transport_itself(server: int) -> None:
    with connect(f"ws://127.0.0.1:{server}/ws", open_timeout=WAIT) as websocket:
        websocket.send("you")
        assert websocket.recv(timeout=WAIT) == "hello you"
