"""A POST of plain standings answered without strawberry's request machinery (issue 31, P5; docs/scaling.md, "The
standings' request path, session 13").

strawberry's view builds a request adapter, a context with its loaders, parses the body into its request data and
walks its execution wrapper before `IntrigueGraphQL.execute_single` answers plain standings without any of them
(graphql/standings.py). Here a request that the view would parse into plain standings is answered by the same
steps that matter: the body decoded by the view's own `decode_json`, the seat, the kept answers or the standings
copy (so visibility is the copy's, graphql/standings.py, as before), then the view's own `process_result`,
`get_sub_response` and `create_response`, so the answer's status, headers and bytes are the view's. Anything else
(another media type, a body that is not plain ASCII JSON, a refusal, a document that is not plain standings, or a
copy that gives up) returns None, and the view answers it as it always did. It sits behind the whole middleware
stack: the access line, the limits, CORS, the security headers and the seat cookie hold as for any request.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import Response
from strawberry.http.parse_content_type import parse_content_type
from strawberry.types import ExecutionResult

from domain.errors import DomainError
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.answers import cacheable
from service.entrypoints.graphql.standings import plan_of, standings
from service.entrypoints.shared.graphql_media import answer_media_type
from service.entrypoints.shared.view_as import asking_seat
from service.persistence.queries import ReadModelReads


class _Limits(Protocol):
    @property
    def max_document_chars(self) -> int: ...


class View(Protocol):
    """What of the view (service/entrypoints/http.py `IntrigueGraphQL`) answers plain standings."""

    intrigue: Intrigue
    reads: ReadModelReads

    @property
    def limits(self) -> _Limits: ...  # service/entrypoints/limits.py's

    def decode_json(self, data: str | bytes) -> object: ...
    def streamed(self, accept: str | None) -> bool: ...
    async def kept_or_computed(
        self, seat: Any, query: str, name: str | None, variables: Any, extensions: Any, compute: Any
    ) -> ExecutionResult: ...
    async def process_result(self, request: Any, result: ExecutionResult) -> Any: ...
    async def get_sub_response(self, request: Any) -> Response: ...
    def create_response(self, response_data: Any, sub_response: Any) -> Response: ...


class _Viewed(Exception):
    """The copy gave up (graphql/standings.py answers None): the view answers the request."""


async def standings_answer(view: View, request: Request) -> Response | None:
    """The view's answer to a POST of plain standings, without the view; None when the view must answer."""
    asked = await _plain_standings(view, request)
    if asked is None:
        return None
    query, name, variables, extensions = asked
    try:
        seat = await asking_seat(view.intrigue, view.reads.pool, request.headers, reading=True)
    except DomainError:
        return None  # the view's SeatGuard answers the refusal

    async def compute() -> ExecutionResult:
        data = await standings(view.reads, seat, query, name, variables)
        if data is None:
            raise _Viewed
        return ExecutionResult(data=data, errors=None)

    try:
        result = await view.kept_or_computed(seat, query, name, variables, extensions, compute)
    except _Viewed:
        return None
    answer = await view.process_result(request, result)
    return view.create_response(answer, await view.get_sub_response(request))


async def _plain_standings(view: View, request: Request) -> tuple[str, str | None, Any, Any] | None:
    """The query, operation name, variables and extensions of a body the view would take as plain standings."""
    headers = request.headers
    accept = headers.get("accept")
    if not _json_asked(accept, headers.get("content-type")) or view.streamed(accept):
        return None  # a 406, a 400, or a streaming transport: the view's
    body = await request.body()  # the view reads the same bytes again if it answers (starlette keeps them)
    # ASCII that json reads as UTF-8 decodes alike as bytes here and as strict UTF-8 text in the view (json.loads
    # would take UTF-16 and encoded surrogates, which the view refuses): anything else is left to the view.
    if not body.isascii() or json.detect_encoding(body) != "utf-8":
        return None
    try:
        data = view.decode_json(body)
    except Exception:
        return None
    if not isinstance(data, dict):
        return None
    query, name, variables, extensions = (data.get(k) for k in ("query", "operationName", "variables", "extensions"))
    if not isinstance(query, str) or not isinstance(name, str | None):
        return None
    if not isinstance(variables, dict | None) or not isinstance(extensions, dict | None):
        return None
    if len(query) > view.limits.max_document_chars or plan_of(query, name) is None or not cacheable(query, name):
        return None
    return query, name, variables, extensions


@lru_cache(maxsize=256)  # clients send the same few header values: an email.Message and mimeparse per request saved
def _json_asked(accept: str | None, content_type: str | None) -> bool:
    """A JSON body, answered in a media type the view serves."""
    return answer_media_type(accept) is not None and "application/json" in parse_content_type(content_type or "")[0]
