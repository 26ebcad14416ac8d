"""The media types /graphql answers in, as the GraphQL-over-HTTP specification describes (its section "Accept").

Under `application/graphql-response+json` a request error (the request, its document or its variables refused
before execution) answers a 4xx without a `data` entry; under `application/json`, which `*/*`, `application/*`
and a missing Accept header ask for, it keeps answering 200 with `data: null`, as today's clients expect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mimeparse

JSON = "application/json"
GRAPHQL_RESPONSE = "application/graphql-response+json"
# In increasing preference (python-mimeparse picks the last on a tie): a wildcard answers JSON.
SERVED = [GRAPHQL_RESPONSE, JSON]
# Codes of the errors raised before execution starts, as service/entrypoints/graphql/core/errors.py gives them.
REQUEST_ERROR_CODES = frozenset({"GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT", "BAD_REQUEST"})


def answer_media_type(accept: str | None) -> str | None:
    """The media type to answer in; None when the Accept header names neither that /graphql serves."""
    if accept is None or not accept.strip(" ,\t"):
        return JSON
    try:
        return str(mimeparse.best_match(SERVED, accept)) or None
    except ValueError:  # a header that does not parse is disregarded (RFC 9110, section 12.5.1)
        return JSON


def is_request_error(answer: Mapping[str, Any]) -> bool:
    """No data, and every error one raised before execution (none has a `path` into the data)."""
    errors = answer.get("errors")
    if answer.get("data") is not None or not isinstance(errors, list) or not errors:
        return False
    return all(isinstance(e, dict) and "path" not in e and code_of(e) in REQUEST_ERROR_CODES for e in errors)


def without_data(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The answer of a request error under `application/graphql-response+json`: no `data` entry at all."""
    return {key: value for key, value in answer.items() if key != "data"}


def code_of(error: Any) -> object:
    """A formatted error's `extensions.code`."""
    return (error.get("extensions") or {}).get("code") if isinstance(error, dict) else None
