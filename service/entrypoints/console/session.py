"""Seat tokens in HttpOnly cookies (issue 25, item 6; docs/console.md, "Seat tokens"): page script never holds one.

The console exchanges a token once, at sign-in, for a cookie of its campaign's (`POST /session`); the browser then
sends it with every request to this service, and script cannot read it. A request names the campaign whose cookie
answers it, by the `X-Intrigue-Campaign` header (a WebSocket, which takes no header from a browser: by `?campaign=`
on its URL); `SeatCookies` then gives the app that cookie's token as the `Authorization: Bearer` header every entry
point already reads. A request that sends `Authorization` itself is answered as that token, cookies unread.

No server-side state: the cookie holds the token itself, so nothing is kept per browser, and revoking or
reissuing a seat ends its cookie's power as it ends the token's.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit
from uuid import UUID

from starlette.requests import Request, cookie_parser
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from domain.errors import DomainError, InvalidInputError
from domain.seats import Seat
from service.entrypoints.failures import refusal
from service.entrypoints.shared.errors import BadRequestError
from service.usecases.seats import UnauthenticatedError

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.readpool import ReadPool

# __Host-: the browser keeps it only Secure, for Path=/ and this host alone, never a parent domain's (RFC 6265bis).
COOKIE_PREFIX = "__Host-intrigue-seat-"
CAMPAIGN_HEADER = "x-intrigue-campaign"
CAMPAIGN_PARAM = "campaign"
MAX_AGE = 30 * 24 * 3600  # a forgotten browser stays signed in a month at most; signing in again renews it
MAX_COOKIES = 100  # seats read from one request's cookies; a browser holding more is told of the first ones


def cookie_name(campaign_id: UUID) -> str:
    return f"{COOKIE_PREFIX}{campaign_id}"


class SeatCookies:
    """ASGI middleware: the named campaign's seat cookie as `Authorization: Bearer`, when no Authorization is sent."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _cookie_token(scope) if scope["type"] in ("http", "websocket") else None
        if token is not None:
            scope = {**scope, "headers": [*scope["headers"], (b"authorization", f"Bearer {token}".encode("latin-1"))]}
        await self.app(scope, receive, send)


# The headers `_cookie_token` reads, each as Headers.get finds it (its first value, the raw name matched exactly).
_READ = (b"authorization", b"origin", b"host", CAMPAIGN_HEADER.encode(), b"cookie")


def _cookie_token(scope: Scope) -> str | None:
    headers = _first_of(scope["headers"])  # one pass, not a Headers scan per name (docs/scaling.md, session 14)
    if b"authorization" in headers or not _same_origin(headers.get(b"origin"), headers.get(b"host", "")):
        return None
    if scope["type"] == "websocket":
        named = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(CAMPAIGN_PARAM, [None])[0]
    else:
        named = headers.get(CAMPAIGN_HEADER.encode())
    campaign = _campaign_id(named)
    return None if campaign is None else cookie_parser(headers.get(b"cookie", "")).get(cookie_name(campaign))


def _first_of(raw: list[tuple[bytes, bytes]]) -> dict[bytes, str]:
    found: dict[bytes, str] = {}
    for name, value in raw:
        if name in _READ and name not in found:
            found[name] = value.decode("latin-1")
    return found


def _same_origin(origin: str | None, host: str) -> bool:
    """No Origin (a same-origin GET), or this service's own: a page of another origin, even of the same site (another
    port of the host), never has its request answered as the seat, nor a WebSocket it opens (cross-site WebSocket
    hijacking), though the browser sends the cookie with it."""
    return origin is None or urlsplit(origin).netloc.lower() == host.lower()


def _campaign_id(named: str | None) -> UUID | None:
    if not named:
        return None
    try:
        return UUID(named.strip())
    except ValueError:
        return None  # names no campaign, so no cookie: the request is unseated, as without the header


def session_routes(intrigue: Intrigue, pool: ReadPool) -> list[BaseRoute]:
    """`POST /session` (a token for its cookie), `GET /session` (the seats held), `DELETE /session/{campaign}`."""

    async def resolve(token: str) -> Seat:
        seat: Seat | None = await intrigue.seats.resolve_on(pool, f"Bearer {token}")
        if seat is None:
            raise UnauthenticatedError("this bearer token names no seat")
        return seat

    async def sign_in(request: Request) -> Response:
        try:
            token = await _posted_token(request)
            seat = await resolve(token)
        except DomainError as error:
            return refusal(request.scope, error)
        response = JSONResponse(_described(seat))
        _set(response, cookie_name(seat.campaign_id), token, MAX_AGE)
        return response

    async def held(request: Request) -> Response:
        seats, stale = [], []
        for name, token in list(_seat_cookies(request))[:MAX_COOKIES]:
            try:
                seats.append(_described(await resolve(token)))
            except DomainError:
                stale.append(name)  # revoked or reissued: the browser forgets it
        response = JSONResponse({"seats": seats})
        for name in stale:
            _set(response, name, "", 0)
        return response

    async def sign_out(request: Request) -> Response:
        campaign = _campaign_id(request.path_params["campaign_id"])
        if campaign is None:
            return refusal(request.scope, InvalidInputError("the path must name a campaign by its id (a UUID)"))
        response = Response(status_code=204)
        _set(response, cookie_name(campaign), "", 0)
        return response

    return [
        Route("/session", sign_in, methods=["POST"]),
        Route("/session", held, methods=["GET"]),
        Route("/session/{campaign_id}", sign_out, methods=["DELETE"]),
    ]


async def _posted_token(request: Request) -> str:
    """The token of a JSON body `{"token": "itg_…"}`. JSON only: no HTML form on another site can post one."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise BadRequestError('sign in with a JSON body {"token": "…"} (Content-Type: application/json)')
    try:
        body: Any = json.loads(await request.body())
    except ValueError:
        raise BadRequestError("the body is not JSON") from None
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str) or not token.strip():
        raise InvalidInputError("the body must be a JSON object with the seat's `token`")
    return token.strip()


def _seat_cookies(request: Request) -> list[tuple[str, str]]:
    return [(name, value) for name, value in request.cookies.items() if name.startswith(COOKIE_PREFIX) and value]


def _described(seat: Seat) -> dict[str, str]:
    return {
        "campaignId": str(seat.campaign_id),
        "seatId": str(seat.id),
        "role": seat.role.value.upper(),
        "name": seat.name,
    }


def _set(response: Response, name: str, value: str, max_age: int) -> None:
    """HttpOnly (no script reads it), Secure (never over plain HTTP, but from localhost), SameSite=Strict (no
    other site's page sends it), Path=/ (the whole service; __Host- requires it)."""
    response.set_cookie(name, value, max_age=max_age, path="/", secure=True, httponly=True, samesite="strict")
