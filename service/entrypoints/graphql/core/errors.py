"""Every GraphQL error leaves with `extensions.code` and without internal text; each is logged once, at its level.

Codes: `GRAPHQL_PARSE_FAILED` (the document does not parse), `GRAPHQL_VALIDATION_FAILED` (it does not fit the
schema or a limit), `BAD_USER_INPUT` (a variable that does not coerce to its type), `BAD_REQUEST` (a request the
transport cannot read), our domain codes (service/entrypoints/shared/errors.py), `UNAVAILABLE` (the database, for now)
and
`INTERNAL`, whose message names only the request id under which the log holds the traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import strawberry
from graphql import GraphQLError, GraphQLSyntaxError
from strawberry.schema.schema import DEFAULT_ALLOWED_OPERATION_TYPES
from strawberry.types import ExecutionContext, ExecutionResult
from strawberry.types.graphql import OperationType

from domain.errors import DomainError
from service.entrypoints.graphql.core import enums as _enums  # noqa: F401 - the domain's enums, named for GraphQL
from service.entrypoints.shared.errors import InternalError, bounded, graphql_extensions, unavailable
from service.operations.logs import request_id

log = logging.getLogger("intrigue.graphql")
CLIENT_CODES = frozenset({"GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT", "BAD_REQUEST"})


def code_error(error: GraphQLError, executing: bool) -> str:
    """Give the error its code, and replace an unexpected failure's text by INTERNAL's; return the code."""
    original = error.original_error
    code = (error.extensions or {}).get("code")
    if isinstance(code, str):
        pass
    elif isinstance(original, DomainError):
        code = _recode(error, original)
    elif isinstance(error, GraphQLSyntaxError):
        code = "GRAPHQL_PARSE_FAILED"
    elif isinstance(original, RecursionError) and not executing:
        code = _recode(error, None, "GRAPHQL_PARSE_FAILED", "the document nests too deeply to be parsed")
    elif (original is None and error.path is None) or isinstance(original, GraphQLError):
        # Before execution, graphql-core validates the document; as execution starts, it coerces the variables
        # (strawberry's scalars raise a GraphQLError of their own when a value does not coerce).
        code = "BAD_USER_INPUT" if executing else "GRAPHQL_VALIDATION_FAILED"
    elif original is not None and (down := unavailable(original)) is not None:
        code = _recode(error, down)
    else:  # a resolver failed unexpectedly, or returned what its type does not allow
        code = _recode(error, InternalError(request_id()))
    error.extensions = {**(error.extensions or {}), "code": code}
    error.message = bounded(error.message)
    return code


def _recode(error: GraphQLError, as_: DomainError | None, code: str = "", message: str = "") -> str:
    extensions = graphql_extensions(as_) if as_ is not None else {"code": code}
    error.extensions = {**(error.extensions or {}), **extensions}
    error.message = as_.message if as_ is not None else message
    return str(extensions["code"])


def log_error(error: GraphQLError, code: str, original: BaseException | None) -> None:
    """Refusals at info and without a traceback; UNAVAILABLE at warning; anything else at error, with one."""
    if code == "INTERNAL":
        log.error(
            "graphql error: %s",
            type(original).__name__ if original else error.message,
            exc_info=original if original is not None else None,
        )
    elif code == "UNAVAILABLE":
        log.warning("graphql unavailable: %s", type(original).__name__ if original else "database")
    else:
        log.info("graphql refused: %s %s", code, bounded(error.message, 200))


class IntrigueSchema(strawberry.Schema):
    """The schema, coding and logging its errors (`code_error`) in the one hook every execution passes."""

    async def execute(
        self,
        query: str | None,
        variable_values: dict[str, Any] | None = None,
        context_value: Any | None = None,
        root_value: Any | None = None,
        operation_name: str | None = None,
        allowed_operation_types: Iterable[OperationType] | None = None,
        operation_extensions: dict[str, Any] | None = None,
    ) -> ExecutionResult:
        """No subscription: it streams over a WebSocket (`stream`); run once, over HTTP, it ended in INTERNAL."""
        allowed = set(allowed_operation_types or DEFAULT_ALLOWED_OPERATION_TYPES) - {OperationType.SUBSCRIPTION}
        return await super().execute(
            query, variable_values, context_value, root_value, operation_name, allowed, operation_extensions
        )

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        # strawberry processes execution errors once the result is set; parse and validation errors before.
        executing = execution_context is not None and execution_context.result is not None
        for error in errors:
            original = error.original_error
            log_error(error, code_error(error, executing), original)


def coded(formatted: Any) -> Any:
    """A formatted error that somehow left without a code answers INTERNAL, its text withheld."""
    if not isinstance(formatted, dict):
        return formatted
    if isinstance((formatted.get("extensions") or {}).get("code"), str):
        return {**formatted, "message": bounded(str(formatted.get("message", "")))}
    internal = InternalError(request_id())
    log.error("graphql error without a code: %s", bounded(str(formatted.get("message")), 200))
    return {**formatted, "message": internal.message, "extensions": graphql_extensions(internal)}
