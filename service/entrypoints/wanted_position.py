"""The `Intrigue-Position` a client sends back: its reads see at least that position (persistence/replica.py)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from service.persistence.replica import WANTED

HEADER = b"intrigue-position"
MAX_DIGITS = 19  # a bigint's


class WantedPosition:
    """ASGI middleware: the request's `Intrigue-Position`, for its reads; a value that is no position is ignored,
    which costs that client nothing but read-your-writes on a replica (the header only ever asks for more)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        value = next((v for k, v in scope["headers"] if k.lower() == HEADER), b"").strip()
        token = WANTED.set(int(value) if value.isdigit() and len(value) <= MAX_DIGITS else None)
        try:
            await self.app(scope, receive, send)
        finally:
            WANTED.reset(token)
