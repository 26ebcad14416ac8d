"""What every REST route shares: JSON in and out, problems, the seat asking, and idempotent commands."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from datetime import datetime
from functools import wraps
from typing import TYPE_CHECKING, Any
from uuid import UUID

from starlette.requests import Request
from starlette.responses import Response

from domain.errors import DomainError, InvalidInputError, NotFoundError
from domain.inputs import check_json
from domain.seats import Seat, check_gm
from service.entrypoints.rest.contract import check_against
from service.entrypoints.shared.errors import (
    PROBLEM_MEDIA_TYPE,
    UnsupportedMediaTypeError,
    problem,
    problem_headers,
)
from service.entrypoints.shared.seat_checks import check_gm_or_owner
from service.persistence import idempotency, outcomes
from service.persistence.idempotency import fingerprint
from service.persistence.outcomes import Outcome
from service.usecases.interventions import By

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.queries import ReadModelReads
    from service.persistence.readpool import ReadPool

Handler = Callable[[Request], Awaitable[Response]]
REPLAYED_HEADER = "Idempotent-Replayed"
LAG_HEADER = "Intrigue-Reads-May-Lag"  # the command committed; the read models had not caught up when it answered
POSITION_HEADER = "Intrigue-Position"  # the campaign position of the last event the command committed
log = logging.getLogger("intrigue.rest")


def _encode(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    content = json.dumps(body, default=_encode, ensure_ascii=False)
    return Response(content, status, headers, media_type="application/json")


def problem_response(error: DomainError, instance: str | None = None) -> Response:
    body = problem(error, instance)
    return Response(json.dumps(body), body["status"], problem_headers(error), media_type=PROBLEM_MEDIA_TYPE)


def intrigue_of(request: Request) -> Intrigue:
    return request.app.state.intrigue  # type: ignore[no-any-return]


def reads_of(request: Request) -> ReadModelReads:
    """The read models on the app's async pool."""
    return request.app.state.reads  # type: ignore[no-any-return]


async def seat_of(request: Request) -> Seat | None:
    """The seat the request's bearer token names (None without a token), resolved once per request."""
    if "seat" not in request.scope:
        authorization = request.headers.get("authorization")
        request.scope["seat"] = await intrigue_of(request).seats.resolve_on(reads_of(request).pool, authorization)
    seat: Seat | None = request.scope["seat"]
    return seat


def campaign_id_of(request: Request) -> UUID:
    return path_id(request, "campaign_id", "campaign")


async def gm_campaign(request: Request, doing: str) -> UUID:
    """The campaign the path names, once the caller is shown to be its GM (ForbiddenError otherwise)."""
    campaign_id = campaign_id_of(request)
    check_gm(await seat_of(request), campaign_id, doing)
    return campaign_id


async def by_caller(request: Request, campaign_id: UUID, reason: str) -> By:
    """Who acts (the caller's seat; none without a token) in `campaign_id`, and why: what an intervention records."""
    seat = await seat_of(request)
    return By(campaign_id, str(seat.id) if seat else "", reason)


async def owned_by_caller(request: Request, kind: str, doing: str) -> tuple[UUID, UUID]:
    """The campaign and its `kind` ("faction", "house") the path names, once the caller is shown to be the GM or
    that member's own seat (ForbiddenError otherwise): the rule GraphQL's POLICY applies."""
    campaign_id = campaign_id_of(request)
    owned = path_id(request, f"{kind}_id", kind)
    check_gm_or_owner(await seat_of(request), {"campaignId": campaign_id, f"{kind}Id": owned}, doing)
    return campaign_id, owned


def path_id(request: Request, name: str, kind: str) -> UUID:
    """A path parameter that names a campaign's member: one that is not a UUID names nothing (404)."""
    raw = request.path_params[name]
    try:
        return UUID(raw)
    except ValueError:
        raise NotFoundError(f"no {kind} with id {raw!r}") from None


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInputError(f"{name} must be an integer, not {raw!r}") from None
    if not low <= value <= high:
        raise InvalidInputError(f"{name} must be {low}-{high}, not {value}")
    return value


async def json_body(request: Request, schema_name: str) -> dict[str, Any]:
    """The request body, checked against the contract before anything runs (a malformed one writes nothing)."""
    raw = await request.body()
    try:
        body = json.loads(raw, parse_float=_number)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidInputError(f"the body is not valid JSON: {error}") from None
    check_against(schema_name, body)
    check_json("", body)  # the one input boundary (domain/inputs.py), as GraphQL's
    assert isinstance(body, dict)  # the contract's schemas for bodies are objects
    return body


async def _check_json_media(request: Request) -> None:
    """A body sent with POST, PUT or PATCH is JSON (`application/json`, or a `+json` type, RFC 6839), or it is
    refused (415) before anything reads it: the contract's bodies are JSON only, and a form or text body that
    happens to parse must not run a command its sender did not mean."""
    if request.method not in ("POST", "PUT", "PATCH") or not await request.body():
        return
    given = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    kind, _, subtype = given.partition("/")
    if kind != "application" or not (subtype == "json" or subtype.endswith("+json")):
        raise UnsupportedMediaTypeError(f"a request body is JSON, sent as application/json, not {given or 'untyped'}")


def _number(text: str) -> float | int:
    # JSON Schema counts 2.0 as an integer (2020-12, section 6.1.1), so the contract lets it through;
    # it must reach the domain as the int it stands for, or PostgreSQL refuses it deep in a write.
    value = float(text)
    return int(value) if value.is_integer() else value


def endpoint(handler: Handler) -> Handler:
    """Domain errors become RFC 9457 problems."""

    @wraps(handler)
    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except DomainError as error:
            return problem_response(error, request.url.path)

    return answer


def command(handler: Handler) -> Handler:
    """An endpoint that runs a command: a committed command answers success, with headers saying when reads may lag;
    it honours `Idempotency-Key`, so a retry answers the first result and never writes twice."""
    inner = endpoint(handler)

    @wraps(handler)
    async def answer(request: Request) -> Response:
        key = request.headers.get("idempotency-key")
        try:
            await _check_json_media(request)  # before the key is claimed: a retry with the right type runs
            if key is None:
                return await _tracked(inner, request, outcomes.tracking())
            seat = await seat_of(request)
            scope = idempotency.scope_of(seat.id if seat else None, key)  # an unseated key too guessable: refused
            print_ = fingerprint(request.method, request.url.path, request.url.query, await request.body())
            claims = intrigue_of(request).idempotency.claim(claims_of(request), scope, key, print_, _named(request))
            async with claims as claim:
                if claim.stored is not None:
                    return _replay(claim.stored)
                if claim.unanswered:
                    return committed_response(claim.committed_at, {REPLAYED_HEADER: "true"})
                response = await _tracked(inner, request, claim.running())
                if claim.outcome.committed or _worth_keeping(response):  # a committed answer is always kept
                    await claim.save(_snapshot(response))
                return response
        except DomainError as error:
            return problem_response(error, request.url.path)

    return answer


def _named(request: Request) -> UUID | None:
    """The campaign a command's path names (`/campaigns/{campaign_id}/...`), where its command writes, and so its
    idempotency claim (service/persistence/idempotency.py); None for a path that names none (creating one), or
    that makes a campaign of the one it names (a fork: its claim is in the fork)."""
    if request.method == "POST" and request.url.path.endswith("/forks"):
        return None
    try:
        return UUID(str(request.path_params["campaign_id"]))
    except (KeyError, ValueError):
        return None


def claims_of(request: Request) -> ReadPool:
    """The pool whose connections hold idempotency keys' locks."""
    return request.app.state.claims  # type: ignore[no-any-return]


async def _tracked(inner: Handler, request: Request, tracking: AbstractContextManager[Outcome]) -> Response:
    with tracking as outcome:
        try:
            response = await inner(request)
        except Exception:
            if not outcome.committed:
                raise
            log.exception("a committed command's answer could not be shaped", extra={"position": outcome.position})
            return committed_response(outcome.position)
    if outcome.committed and outcome.lagging and response.status_code >= 400:  # its reads found the model behind
        return committed_response(outcome.position)
    if outcome.lagging:
        response.headers.update(_lag_headers(outcome.position))
    return response


def _lag_headers(position: int | None) -> dict[str, str]:
    return {LAG_HEADER: "true", **({POSITION_HEADER: str(position)} if position is not None else {})}


def committed_response(position: int | None, headers: dict[str, str] | None = None) -> Response:
    """202: the command is committed (at `position`), but its usual answer could not be built or was not kept."""
    body = {
        "committed": True,
        "position": position,
        "reads_may_lag": True,
        "detail": f"the command was committed at position {position}; read the state it changed",
    }
    return json_response(body, 202, {**_lag_headers(position), **(headers or {})})


def _worth_keeping(response: Response) -> bool:
    """Keep every answer but a transient one: a lost race (CONFLICT) or a server error may succeed on retry."""
    if response.status_code >= 500:
        return False
    if response.status_code == 409:
        return bool(json.loads(bytes(response.body)).get("code") != "CONFLICT")
    return True


def _snapshot(response: Response) -> dict[str, Any]:
    kept = ("content-type", "location", "www-authenticate", LAG_HEADER.lower(), POSITION_HEADER.lower())
    headers = {k: v for k, v in response.headers.items() if k in kept}
    return {"status": response.status_code, "headers": headers, "body": bytes(response.body).decode()}


def _replay(stored: dict[str, Any]) -> Response:
    return Response(stored["body"], stored["status"], {**stored["headers"], REPLAYED_HEADER: "true"})
