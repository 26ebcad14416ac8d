"""strawberry's ASGI view, answering as the GraphQL-over-HTTP specification describes (docs/operations.md, "Limits
and error answers"): the media type the Accept header asks for, UTF-8 bodies only, subscriptions over a WebSocket
only."""

from __future__ import annotations

from typing import Any, cast

from cross_web import HTTPException
from starlette.responses import Response
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse
from strawberry.schema.exceptions import InvalidOperationTypeError
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType

from service.entrypoints.shared.graphql_media import (
    GRAPHQL_RESPONSE,
    JSON,
    SERVED,
    answer_media_type,
    is_request_error,
    without_data,
)

SUBSCRIBE = "a subscription is served over a WebSocket at /graphql (graphql-transport-ws), not over"


class GraphQLOverHTTP(GraphQL):
    """The view's HTTP side: media type negotiation, request errors as 4xx under graphql-response+json."""

    async def get_sub_response(self, request: Any) -> Response:
        sub_response = await super().get_sub_response(request)
        sub_response.media_type = answer_media_type(request.headers.get("accept")) or JSON
        return sub_response

    async def parse_http_body(self, request: Any) -> Any:
        # Here, after the view chose not to render GraphiQL, which a browser's page request asks for as text/html.
        if answer_media_type(request.headers.get("accept")) is None:
            served = " or ".join(SERVED)
            raise HTTPException(406, f"/graphql answers in {served}; subscriptions come over a WebSocket")
        return await super().parse_http_body(request)

    def decode_json(self, data: str | bytes) -> object:
        if isinstance(data, bytes):
            try:  # strictly: json.loads would also take UTF-16 or UTF-32, and encoded surrogates
                data = data.decode("utf-8")
            except UnicodeDecodeError:
                raise HTTPException(400, "the body is not UTF-8 text") from None
        return super().decode_json(data)

    async def execute_single(
        self, request: Any, request_adapter: Any, sub_response: Any, context: Any, root_value: Any, request_data: Any
    ) -> ExecutionResult:
        try:
            return await super().execute_single(
                request, request_adapter, sub_response, context, root_value, request_data
            )
        except HTTPException as error:
            wrong = error.__cause__
            if not isinstance(wrong, InvalidOperationTypeError):
                raise
            if wrong.operation_type is OperationType.MUTATION:  # the specification's MUST: 405 for GET
                raise HTTPException(405, "a mutation is sent with POST, not GET") from None
            raise HTTPException(400, f"{SUBSCRIBE} {request_adapter.method}") from None

    def encode_http(self, data: object) -> bytes:
        """An HTTP answer's body; a WebSocket's messages are text, from `encode_json`."""
        encoded = self.encode_json(data)
        return encoded.encode() if isinstance(encoded, str) else encoded

    def create_response(self, response_data: Any, sub_response: Response) -> Response:
        request_error = (
            sub_response.media_type == GRAPHQL_RESPONSE
            and isinstance(response_data, dict)
            and is_request_error(response_data)
        )
        answer = cast(GraphQLHTTPResponse, without_data(response_data)) if request_error else response_data
        response = self._response(answer, sub_response)
        if sub_response.media_type != GRAPHQL_RESPONSE:
            return response
        response.headers["content-type"] = GRAPHQL_RESPONSE
        if request_error:
            response.status_code = 400
        return response

    def _response(self, response_data: Any, sub_response: Response) -> Response:
        """strawberry's own (strawberry/asgi), with the body encoded once as bytes: a standings answer of 400 KB is
        not decoded to text and encoded back (docs/scaling.md, "The standings' request path")."""
        response = Response(self.encode_http(response_data), status_code=200, media_type="application/json")
        response.headers.raw.extend(sub_response.headers.raw)
        if sub_response.background:
            response.background = sub_response.background
        if sub_response.status_code:
            response.status_code = sub_response.status_code
        return response
