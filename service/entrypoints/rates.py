"""ASGI middleware counting REST writes before they run, and handing the app's limiter to GraphQL.

A REST write is any POST, PUT, PATCH or DELETE under /api/v1 (every such route runs a command); POST /api/v1/campaigns
creates a campaign. GraphQL mutations are counted by service/entrypoints/graphql/core/rates.py once the operation is
parsed, with the limiter this middleware puts in the scope. Past a limit the answer is 429, code RATE_LIMITED, with
Retry-After, and nothing runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.datastructures import Headers

from domain.errors import DomainError
from domain.seats import Seat
from service.entrypoints.failures import ASGIApp, Receive, Scope, Send, refusal
from service.entrypoints.shared.errors import RateLimitedError
from service.entrypoints.shared.rates import SCOPE_KEY, RateLimiter, Rates, caller_of

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.readpool import ReadPool

REST = "/api/v1/"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CAMPAIGNS = "/api/v1/campaigns"
__all__ = ["RateLimits", "Rates"]


class RateLimits:
    """ASGI middleware: the app's limiter in every HTTP and WebSocket scope; a REST write counted before it runs."""

    def __init__(self, app: ASGIApp, intrigue: Intrigue, pool: ReadPool, rates: Rates | None = None) -> None:
        self.app, self.intrigue, self.pool = app, intrigue, pool
        self.limiter = RateLimiter(rates)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope[SCOPE_KEY] = self.limiter
        if scope["type"] == "http" and scope["method"] in WRITES and str(scope["path"]).startswith(REST):
            creating = scope["method"] == "POST" and str(scope["path"]).rstrip("/") == CAMPAIGNS
            try:
                await self.limiter.check(caller_of(scope, await self._seat(scope)), campaigns=int(creating))
            except RateLimitedError as error:
                await refusal(scope, error)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _seat(self, scope: Scope) -> Seat | None:
        """The bearer token's seat, kept where the REST routes look for it first (rest/support.py `seat_of`); None
        for a token that names no seat, which the route refuses or ignores (counted by the client address)."""
        try:
            seat = await self.intrigue.seats.resolve_on(self.pool, Headers(scope=scope).get("authorization"))
        except DomainError:
            return None
        scope["seat"] = seat
        return seat
