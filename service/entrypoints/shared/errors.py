"""Domain errors mapped, in this one place, to GraphQL error codes and RFC 9457 problem types."""

from __future__ import annotations

from typing import Any

import psycopg
from eventsourcing import persistence

from domain.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RuleViolationError,
)
from projections.failures import ReadModelStoppedError
from service.persistence.database import UnavailableError
from service.usecases.seats import UnauthenticatedError


class BadRequestError(DomainError):
    """A request the transport cannot read: a body that is not a JSON object, a GraphQL request without a query."""

    code = "BAD_REQUEST"


class MethodNotAllowedError(DomainError):
    """A method the resource does not answer; the answer's Allow header lists those it does."""

    code = "METHOD_NOT_ALLOWED"


class NotAcceptableError(DomainError):
    """An Accept header naming no media type the endpoint answers in (a GraphQL subscription asked for as events)."""

    code = "NOT_ACCEPTABLE"


class UnsupportedMediaTypeError(DomainError):
    """A body in a media type or content coding the server does not read (RFC 9110, section 15.5.16): REST bodies
    are `application/json` only; gzip and deflate codings are decoded (`accept_encoding` names them)."""

    code = "UNSUPPORTED_MEDIA_TYPE"

    def __init__(self, message: str, accept_encoding: str | None = None) -> None:
        super().__init__(message)
        self.accept_encoding = accept_encoding


class PayloadTooLargeError(DomainError):
    """A request body over the configured limit (service/entrypoints/limits.py)."""

    code = "PAYLOAD_TOO_LARGE"


class RequestTimeoutError(DomainError):
    """A request body that did not arrive within the configured time."""

    code = "REQUEST_TIMEOUT"


class RateLimitedError(DomainError):
    """Past a caller's rate limit (service/entrypoints/shared/rates.py): nothing ran; retry after `retry_after` s."""

    code = "RATE_LIMITED"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class InternalError(DomainError):
    """An unexpected failure: the answer names only the request id, which the log line of the failure carries."""

    code = "INTERNAL"

    def __init__(self, request_id: str | None) -> None:
        super().__init__(f"internal error; the server log has it under request id {request_id or 'unknown'}")
        self.request_id = request_id


HTTP_STATUS: dict[type[DomainError], int] = {
    UnauthenticatedError: 401,
    UnavailableError: 503,
    ReadModelStoppedError: 503,  # an operator's retry (docs/operations.md) brings the campaign's reads back
    BadRequestError: 400,
    MethodNotAllowedError: 405,
    NotAcceptableError: 406,
    UnsupportedMediaTypeError: 415,
    PayloadTooLargeError: 413,
    RequestTimeoutError: 408,
    RateLimitedError: 429,
    InternalError: 500,
    InvalidInputError: 422,
    RuleViolationError: 409,
    NotFoundError: 404,
    ConflictError: 409,
    ForbiddenError: 403,
}

PROBLEM_BASE = "https://intrigue.dev/problems/"
PROBLEM_MEDIA_TYPE = "application/problem+json"  # RFC 9457, section 3
RETRY_AFTER_SECONDS = 2  # sent with every UNAVAILABLE answer (RFC 9110, section 10.2.3)
MAX_DETAIL_CHARS = 1000  # an error's message is cut to this, so that a huge input is never echoed back whole
# What the drivers raise when the server is down, restarting, refusing connections or the pool cannot serve in time.
_UNAVAILABLE = (
    psycopg.OperationalError,
    psycopg.InterfaceError,
    persistence.OperationalError,
    persistence.InterfaceError,
)


def http_refusal(status: int, reason: str) -> DomainError:
    """The error a framework's HTTP refusal (404, 405, 400) stands for."""
    if status == 404:
        return NotFoundError(reason)
    if status == 405:
        return MethodNotAllowedError(reason)
    if status == 406:
        return NotAcceptableError(reason)
    return BadRequestError(reason)


def unavailable(error: BaseException) -> UnavailableError | None:
    """The error as UNAVAILABLE when it, or an error it was raised from, says the database cannot be reached."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, UnavailableError):
            return cause
        if isinstance(cause, _UNAVAILABLE):
            return UnavailableError("the database is unavailable; try again shortly")
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def bounded(text: str, limit: int = MAX_DETAIL_CHARS) -> str:
    """The text, cut to `limit` characters with a note of how much was left out."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"


def status_of(error: DomainError) -> int:
    for kind, status in HTTP_STATUS.items():
        if isinstance(error, kind):
            return status
    return 400


def graphql_extensions(error: DomainError) -> dict[str, Any]:
    extensions: dict[str, Any] = {"code": error.code}
    if isinstance(error, RuleViolationError):
        extensions["rule"] = error.rule
    if isinstance(error, InternalError):
        extensions["requestId"] = error.request_id
    if isinstance(error, RateLimitedError):  # a WebSocket's answer has no Retry-After header to carry it
        extensions["retryAfter"] = error.retry_after
    return extensions


def problem(error: DomainError, instance: str | None = None) -> dict[str, Any]:
    """An RFC 9457 problem document."""
    body: dict[str, Any] = {
        "type": PROBLEM_BASE + error.code.lower().replace("_", "-"),
        "title": error.code.replace("_", " ").capitalize(),
        "status": status_of(error),
        "detail": bounded(error.message),
        "code": error.code,
    }
    if isinstance(error, RuleViolationError):
        body["rule"] = error.rule
    if isinstance(error, InternalError):
        body["request_id"] = error.request_id
    if instance:
        body["instance"] = bounded(instance, 200)
    return body


def problem_headers(error: DomainError) -> dict[str, str]:
    """The headers a problem is sent with: a bearer challenge for 401 (RFC 6750, section 3), Retry-After for 503
    and 429 (RFC 9110, section 10.2.3; RFC 6585, section 4), the codings the server decodes for 415 (RFC 9110,
    section 12.5.3)."""
    if isinstance(error, UnsupportedMediaTypeError) and error.accept_encoding:
        return {"Accept-Encoding": error.accept_encoding}
    if isinstance(error, UnauthenticatedError):
        return {"WWW-Authenticate": 'Bearer error="invalid_token"'}
    if isinstance(error, UnavailableError):
        return {"Retry-After": str(RETRY_AFTER_SECONDS)}
    if isinstance(error, RateLimitedError):
        return {"Retry-After": str(error.retry_after)}
    return {}
