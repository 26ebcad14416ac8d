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

HTTP_STATUS: dict[type[DomainError], int] = {
    InvalidInputError: 422,
    RuleViolationError: 409,
    NotFoundError: 404,
    ConflictError: 409,
    ForbiddenError: 403,
}

PROBLEM_BASE = "https://intrigue.dev/problems/"


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
