"""The load: `CLIENTS` HTTP/1.1 clients on asyncio streams, one keep-alive connection each, in a closed loop."""

from __future__ import annotations

import asyncio
import dataclasses
import time

CLIENTS = 50


@dataclasses.dataclass(frozen=True)
class Load:
    label: str
    requests: int
    seconds: float
    latencies: list[float]
    refused: list[str] = dataclasses.field(default_factory=list)  # with `tolerate`: answers not 200 or in error

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


class Connection:
    """One keep-alive HTTP/1.1 connection on asyncio streams. It costs the client far less per request than
    httpx (whose AsyncClient spent about 6 ms of CPU per 26 kB answer here), so the load measures the server."""

    def __init__(self, port: int, request: bytes) -> None:
        self.port, self.request = port, request

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()

    async def ask(self, request: bytes | None = None) -> tuple[int, bytes]:
        """Send `request` (else the connection's own) and read its answer."""
        self.writer.write(request or self.request)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:])}
        return int(head[0].split()[1]), await self.reader.readexactly(int(headers["content-length"]))


def http_request(method: str, path: str, body: bytes = b"", token: str | None = None) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    head += f"Authorization: Bearer {token}\r\n" if token else ""
    return (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body


async def drive(label: str, port: int, request: bytes, total: int, max_seconds: float, tolerate: bool = False) -> Load:
    """`CLIENTS` clients, each on its own keep-alive connection, in a closed loop: bounded count and time. An
    answer that is not a 200 without errors stops the load, or with `tolerate` is counted in `refused`."""
    latencies: list[float] = []
    refused: list[str] = []
    issued = 0
    connections = [Connection(port, request) for _ in range(CLIENTS)]
    try:
        for connection in connections:
            await connection.open()
        await asyncio.gather(*(c.ask() for c in connections))  # warm the server up
        deadline = time.perf_counter() + max_seconds

        async def one_client(connection: Connection) -> None:
            nonlocal issued
            while issued < total and time.perf_counter() < deadline:
                issued += 1
                started = time.perf_counter()
                status, body = await connection.ask()
                latencies.append(time.perf_counter() - started)
                if status != 200 or b'"errors"' in body:
                    if not tolerate:
                        raise RuntimeError(f"{label}: {status} {body[:300]!r}")
                    refused.append(f"{status} {body[:200]!r}")

        started = time.perf_counter()
        await asyncio.gather(*(one_client(c) for c in connections))
        elapsed = time.perf_counter() - started
    finally:
        for connection in connections:
            await connection.close()
    return Load(label, len(latencies), elapsed, latencies, refused)
