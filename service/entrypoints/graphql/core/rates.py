"""The rate limits on GraphQL mutations (service/entrypoints/shared/rates.py), checked before anything runs."""

from __future__ import annotations

from collections.abc import AsyncIterator

from graphql import ExecutionResult, GraphQLError, get_operation_ast
from starlette.responses import Response
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from service.entrypoints.graphql.core.guards import root_fields
from service.entrypoints.shared.errors import RateLimitedError, graphql_extensions, status_of
from service.entrypoints.shared.rates import SCOPE_KEY, RateLimiter, caller_of

CREATE_CAMPAIGN = "createCampaign"


class MutationRates(SchemaExtension):
    """Count each mutation operation against its seat (or, unseated, its client address), and each `createCampaign`
    in it against the address's campaigns; past a limit the operation runs nothing and answers RATE_LIMITED, over
    HTTP with status 429 and Retry-After. Runs after SeatGuard: a refused operation is not counted."""

    async def on_execute(self) -> AsyncIterator[None]:
        ec = self.execution_context
        request = ec.context.get("request")
        limiter: RateLimiter | None = request.scope.get(SCOPE_KEY) if request is not None else None
        if limiter is None or ec.result is not None or ec.operation_type is not OperationType.MUTATION:
            yield
            return
        try:
            await limiter.check(caller_of(request.scope, ec.context.get("seat")), campaigns=self._creations())
        except RateLimitedError as error:
            ec.result = ExecutionResult(
                data=None, errors=[GraphQLError(error.message, extensions=graphql_extensions(error))]
            )
            response = ec.context.get("response")  # the socket itself over a WebSocket: `retryAfter` says it there
            if isinstance(response, Response):
                response.status_code = status_of(error)
                response.headers["Retry-After"] = str(error.retry_after)
        yield

    def _creations(self) -> int:
        """How many times the operation calls createCampaign (aliases and fragments included)."""
        document = self.execution_context.graphql_document
        operation = get_operation_ast(document, self.execution_context.operation_name) if document else None
        if document is None or operation is None:
            return 0
        return sum(1 for node in root_fields(document, operation) if node.name.value == CREATE_CAMPAIGN)
