"""The request path's per-request code as it was before session 14 (main at b30c87a; docs/scaling.md, "The
standings' request path, session 14"), kept to show that the cheaper code answers alike (test_standings_http.py)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import cookie_parser

from service.bootstrap import Intrigue
from service.entrypoints import access_log, http, limits
from service.entrypoints.console import headers, session
from service.entrypoints.graphql import standings
from service.entrypoints.shared.errors import RequestTimeoutError
from service.operations import metrics
from service.operations.logs import _request


class SecurityHeadersBefore(headers.SecurityHeaders):
    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Any) -> None:
            if message["type"] == "http.response.start":
                found = MutableHeaders(scope=message)
                for name, value in headers.SECURITY_HEADERS.items():
                    found.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, secured)


def cookie_token_before(scope: Any) -> str | None:
    found = Headers(scope=scope)
    if "authorization" in found or not same_origin_before(found):
        return None
    if scope["type"] == "websocket":
        query = scope.get("query_string", b"").decode("latin-1")
        named = parse_qs(query).get(session.CAMPAIGN_PARAM, [None])[0]
    else:
        named = found.get(session.CAMPAIGN_HEADER)
    campaign = session._campaign_id(named)
    return None if campaign is None else cookie_parser(found.get("cookie", "")).get(session.cookie_name(campaign))


def same_origin_before(found: Headers) -> bool:
    origin = found.get("origin")
    return origin is None or urlsplit(origin).netloc.lower() == found.get("host", "").lower()


class SeatCookiesBefore(session.SeatCookies):
    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        token = cookie_token_before(scope) if scope["type"] in ("http", "websocket") else None
        if token is not None:
            scope = {**scope, "headers": [*scope["headers"], (b"authorization", f"Bearer {token}".encode("latin-1"))]}
        await self.app(scope, receive, send)


def request_id_before(raw: list[tuple[bytes, bytes]]) -> str | None:
    """The client's id as RequestObserver took it; None where it made a new one."""
    found = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw}
    given = found.get("x-request-id", "")
    return given if access_log._REQUEST_ID.match(given) else None


class RequestObserverBefore(access_log.RequestObserver):
    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = request_id_before(scope["headers"]) or access_log._new_request_id()
        found = access_log._CAMPAIGN_IN_PATH.search(scope["path"])
        campaign = found.group(1) if found else None
        status = 500

        async def send_with_id(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        root_path = scope.get("root_path", "")
        context = {"request_id": request_id, **({"campaign_id": campaign} if campaign else {})}
        started = time.perf_counter()
        previous = _request.set(context)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = access_log.route_template(scope, root_path)
            operation = context.get("operation", "")
            method = scope["method"] if scope["method"] in access_log._METHODS else "other"
            metrics.HTTP_LATENCY.labels(method, route, operation, str(status)).observe(elapsed)
            level = logging.DEBUG if route in access_log._QUIET_ROUTES and status < 500 else logging.INFO
            if self.log.isEnabledFor(level):
                fields = {
                    "method": scope["method"],
                    "route": route,
                    "operation": operation or None,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 1),
                }
                self.log.log(level, "request", extra=fields)
            _request.reset(previous)


class RequestLimitsBefore(limits.RequestLimits):
    def _bounded(self, receive: Any) -> Any:
        bounds, received, done = self.limits, 0, False

        async def bounded() -> Any:
            nonlocal received, done
            if done:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), bounds.body_timeout)
            except TimeoutError:
                raise RequestTimeoutError(f"the body did not arrive within {bounds.body_timeout:g} s") from None
            received += len(message.get("body", b""))
            if received > bounds.max_body_bytes:
                raise self._too_large()
            done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return bounded


def json_depth_before(value: Any, stop_above: int) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > stop_above:
                return deepest
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def app_before(intrigue: Intrigue) -> Starlette:
    """The app with the stack as it was: its middlewares' code, and the routes in their order."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(http, "RequestObserver", RequestObserverBefore)
        patched.setattr(http, "SecurityHeaders", SecurityHeadersBefore)
        patched.setattr(http, "SeatCookies", SeatCookiesBefore)
        patched.setattr(http, "RequestLimits", RequestLimitsBefore)
        app = http.create_app(intrigue)
    graphql = [r for r in app.router.routes if getattr(r, "path", None) == "/graphql"]
    assert len(graphql) == 3  # the route, the WebSocket's and the mount, first now
    rest = [r for r in app.router.routes if r not in graphql]
    app.router.routes[:] = [*rest[:3], *graphql, *rest[3:]]  # after /healthz, /readyz and /metrics, as they were
    return app


@contextmanager
def code_before() -> Iterator[None]:
    """The functions the stack calls per request as they were: json_depth, graphql-core's coercion every time."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(limits, "json_depth", json_depth_before)
        patched.setattr(standings, "_campaign_id", standings._coerced_campaign_id)
        yield
