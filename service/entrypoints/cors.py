"""CORS for browsers on other origins (docs/operations.md, "Browsers on other origins"): the origins
`INTRIGUE_CORS_ORIGINS` names may call GraphQL and REST; to any other origin the app answers as if CORS did not
exist."""

from __future__ import annotations

import os

from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.types import Message, Receive, Scope, Send

CORS_ORIGINS = "INTRIGUE_CORS_ORIGINS"  # comma-separated origins a browser may call from; unset: same origin only
# What a browser page on another origin may send and read (docs/operations.md, "Browsers on other origins"):
# the seat's bearer token, a JSON body, a command's idempotency key, the GM's view-as seat (the console's toggle,
# shared/view_as.py) and the position a client last read (a read replica's wait, docs/scaling.md); the headers REST
# answers with.
CORS_REQUEST_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "Intrigue-Position",
    "X-Intrigue-View-As",
    "X-Request-ID",
)
CORS_EXPOSED_HEADERS = ("Idempotent-Replayed", "Location", "Retry-After", "WWW-Authenticate", "X-Request-ID")
CORS_METHODS = ("GET", "POST", "PUT", "DELETE")


def cors_origins(raw: str | None = None) -> list[str]:
    """The origins `INTRIGUE_CORS_ORIGINS` names (`https://console.example.org,http://localhost:5173`)."""
    raw = os.environ.get(CORS_ORIGINS, "") if raw is None else raw
    return [origin.strip().rstrip("/") for origin in raw.split(",") if origin.strip()]


class ConfiguredCORS(CORSMiddleware):
    """starlette's CORS for the configured origins; to any other origin the app answers as if CORS did not exist.

    starlette answers another origin's preflight a plain-text 400 and adds its exposed headers to every answer;
    here that origin's preflight reaches the app (its 405, as without CORS) and its answers carry no
    CORS header, only `Vary: Origin` so a cache never hands one origin's answer to another.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = Headers(scope=scope).get("origin") if scope["type"] == "http" else None
        if origin is None or self.is_allowed_origin(origin):
            await super().__call__(scope, receive, send)
            return

        async def vary(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Vary"] = ", ".join([*headers.getlist("Vary"), "Origin"])
            await send(message)

        await self.app(scope, receive, vary)


def cors(origins: list[str]) -> list[Middleware]:
    """No middleware at all without configured origins: the same-origin app, as before CORS existed."""
    if not origins:
        return []
    return [
        Middleware(
            ConfiguredCORS,
            allow_origins=origins,
            allow_methods=CORS_METHODS,
            allow_headers=CORS_REQUEST_HEADERS,
            expose_headers=CORS_EXPOSED_HEADERS,
        )
    ]
