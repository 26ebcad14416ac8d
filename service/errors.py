"""Domain errors mapped, in this one place, to GraphQL error codes and RFC 9457 problem types."""

from __future__ import annotations

from typing import Any

from domain.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RuleViolationError,
)


class UnauthenticatedError(DomainError):
    """A bearer token that names no seat. (A missing token is no error: the request is simply unseated.)"""

    code = "UNAUTHENTICATED"


HTTP_STATUS: dict[type[DomainError], int] = {
    UnauthenticatedError: 401,
    InvalidInputError: 422,
    RuleViolationError: 409,
    NotFoundError: 404,
    ConflictError: 409,
    ForbiddenError: 403,
}

PROBLEM_BASE = "https://intrigue.dev/problems/"
PROBLEM_MEDIA_TYPE = "application/problem+json"  # RFC 9457, section 3


def status_of(error: DomainError) -> int:
    for kind, status in HTTP_STATUS.items():
        if isinstance(error, kind):
            return status
    return 400


def graphql_extensions(error: DomainError) -> dict[str, Any]:
    extensions: dict[str, Any] = {"code": error.code}
    if isinstance(error, RuleViolationError):
        extensions["rule"] = error.rule
    return extensions


def problem(error: DomainError, instance: str | None = None) -> dict[str, Any]:
    """An RFC 9457 problem document."""
    body: dict[str, Any] = {
        "type": PROBLEM_BASE + error.code.lower().replace("_", "-"),
        "title": error.code.replace("_", " ").capitalize(),
        "status": status_of(error),
        "detail": error.message,
        "code": error.code,
    }
    if isinstance(error, RuleViolationError):
        body["rule"] = error.rule
    if instance:
        body["instance"] = instance
    return body
