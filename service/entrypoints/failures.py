"""What a request answers when it fails: a coded GraphQL error on /graphql, an RFC 9457 problem elsewhere.

No answer carries Python, SQL or driver text. A failure that is no refusal answers UNAVAILABLE while the database
cannot be reached, else INTERNAL naming the request id under which the log line holds the traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.datastructures import Headers
from starlette.responses import Response

from domain.errors import DomainError
from service.entrypoints.shared.errors import (
    PROBLEM_MEDIA_TYPE,
    InternalError,
    graphql_extensions,
    problem,
    problem_headers,
    status_of,
    unavailable,
)
from service.entrypoints.shared.graphql_media import GRAPHQL_RESPONSE, JSON, answer_media_type, without_data
from service.operations.logs import request_id

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
log = logging.getLogger("intrigue.http")


def is_graphql(scope: Scope) -> bool:
    return str(scope.get("path", "")).rstrip("/") == "/graphql"


def refusal(scope: Scope, error: DomainError) -> Response:
    """The error in the shape the endpoint answers in: a GraphQL error on /graphql (without `data` under
    `application/graphql-response+json`, service/entrypoints/shared/graphql_media.py), a problem elsewhere."""
    status, headers = status_of(error), problem_headers(error)
    if is_graphql(scope):
        body = {"data": None, "errors": [{"message": error.message, "extensions": graphql_extensions(error)}]}
        media = answer_media_type(Headers(scope=scope).get("accept")) or JSON
        return Response(
            json.dumps(without_data(body) if media == GRAPHQL_RESPONSE else body), status, headers, media_type=media
        )
    return Response(json.dumps(problem(error, scope.get("path"))), status, headers, media_type=PROBLEM_MEDIA_TYPE)


def unexpected(error: BaseException) -> DomainError:
    """UNAVAILABLE when the database cannot be reached (logged as a warning), else INTERNAL (logged with its
    traceback under the request id)."""
    down = unavailable(error)
    if down is not None:
        log.warning("database unavailable: %s", type(error).__name__)
        return down
    log.error("unexpected error", exc_info=error)
    return InternalError(request_id())


class CodedFailures:
    """ASGI middleware: an exception no endpoint handled answers `refusal(unexpected(…))`, never Starlette's
    plain-text 500. (A mounted app's own error handler may have answered already: then it is only logged.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as error:  # every failure is answered in shape; the log keeps the rest
            answer = unexpected(error)
            if not started:
                await refusal(scope, answer)(scope, receive, send)
