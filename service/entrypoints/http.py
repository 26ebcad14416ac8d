"""The ASGI app: /healthz, /graphql (with GraphiQL, its assets under /graphiql), the REST routes, and CORS (cors.py)."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, cast

from cross_web import HTTPException as GraphQLHTTPException
from graphql import GraphQLError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from strawberry.dataloader import DataLoader
from strawberry.http import GraphQLHTTPResponse
from strawberry.types import ExecutionResult

from domain.errors import DomainError
from service.bootstrap import Intrigue
from service.entrypoints.access_log import RequestObserver, observe_graphql
from service.entrypoints.console import console_routes
from service.entrypoints.console.headers import SecurityHeaders
from service.entrypoints.console.session import SeatCookies
from service.entrypoints.cors import cors, cors_origins
from service.entrypoints.failures import CodedFailures, refusal
from service.entrypoints.graphql.core.answer_scope import campaigns_of
from service.entrypoints.graphql.core.answers import Answers, cacheable, encode, key_of
from service.entrypoints.graphql.core.errors import coded
from service.entrypoints.graphql.core.guards import RESOLVED_SEAT
from service.entrypoints.graphql.core.over_http import GraphQLOverHTTP
from service.entrypoints.graphql.ide import ASSETS_PATH, graphiql_assets, graphiql_html
from service.entrypoints.graphql.precomputed import precompute_standings
from service.entrypoints.graphql.schema import schema
from service.entrypoints.graphql.standings import standings
from service.entrypoints.graphql.standings_http import standings_answer
from service.entrypoints.limits import Limits, RequestLimits
from service.entrypoints.ops import ops_routes
from service.entrypoints.rates import RateLimits, Rates
from service.entrypoints.rest import create_rest_app
from service.entrypoints.shared.errors import RETRY_AFTER_SECONDS, http_refusal
from service.entrypoints.shared.graphql_media import code_of
from service.entrypoints.shared.view_as import asking_seat
from service.entrypoints.wanted_position import WantedPosition
from service.persistence import database, readpool
from service.persistence.fresh import FreshReads
from service.persistence.listener import Listener
from service.persistence.queries import ReadModelReads
from service.persistence.readpool import ReadPool
from service.persistence.replica import ReplicaReads

CLAIM_CONNECTIONS = 10  # keyed commands in flight at once; waiters for a key hold none


class IntrigueGraphQL(GraphQLOverHTTP):
    def __init__(
        self, intrigue: Intrigue, reads: ReadModelReads, listener: Listener, limits: Limits, claims: ReadPool
    ) -> None:
        super().__init__(schema, graphql_ide="graphiql")
        self.intrigue, self.reads, self.listener, self.limits = intrigue, reads, listener, limits
        self.claims = claims
        self.answers = Answers()

    @property
    def graphql_ide_html(self) -> str:
        return graphiql_html()  # its scripts from this process (/graphiql), not strawberry's CDN links

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Whatever fails outside execution still answers a GraphQL error with a code (strawberry's is plain text)."""
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        request = Request(scope, receive)
        try:
            plain = await standings_answer(self, request) if scope["method"] == "POST" else None
            response = plain if plain is not None else await self.run(request)
        except GraphQLHTTPException as error:
            response = refusal(scope, http_refusal(error.status_code, error.reason))
            if error.status_code == 405:
                response.headers["Allow"] = "GET, POST"
        except DomainError as error:  # a body over the limits, read as the view parses it
            response = refusal(scope, error)
        await response(scope, receive, send)

    def decode_json(self, data: str | bytes) -> object:
        decoded = super().decode_json(data)
        if not isinstance(decoded, dict | list):  # `null`, `123`, `"str"` (a list is a batch: strawberry refuses it)
            raise GraphQLHTTPException(400, "the body must be a JSON object with a `query`")
        return decoded

    def create_response(self, response_data: Any, sub_response: Any) -> Response:
        """503 with Retry-After when nothing could be answered because the database is unavailable."""
        response = super().create_response(response_data, sub_response)
        errors = response_data.get("errors") if isinstance(response_data, dict) else None
        if errors and response_data.get("data") is None and all(code_of(e) == "UNAVAILABLE" for e in errors):
            response.status_code = 503
            response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response

    async def process_result(self, request: Any, result: ExecutionResult) -> GraphQLHTTPResponse:
        processed = await super().process_result(request, result)
        if processed.get("errors"):
            processed["errors"] = [coded(e) for e in processed.get("errors") or []]
        return processed

    async def get_context(self, request: Any, response: Any = None) -> dict[str, Any]:  # type: ignore[override]
        # One loader per request: nested lists cost one query per level, not one per parent.
        return {
            "request": request,
            "response": response,
            "intrigue": self.intrigue,
            "reads": self.reads,
            "listener": self.listener,
            "claims": self.claims,
            "regions": DataLoader(load_fn=self.reads.regions_of),
        }

    async def execute_single(
        self, request: Any, request_adapter: Any, sub_response: Any, context: Any, root_value: Any, request_data: Any
    ) -> ExecutionResult:
        """A kept answer when the query is cacheable and the read models have not moved since it was computed."""
        run = super().execute_single
        args = (request, request_adapter, sub_response, context, root_value, request_data)
        query, name, variables = request_data.query, request_data.operation_name, request_data.variables
        if isinstance(query, str) and len(query) > self.limits.max_document_chars:
            message = f"the document is longer than {self.limits.max_document_chars} characters"
            return ExecutionResult(None, [GraphQLError(message, extensions={"code": "GRAPHQL_PARSE_FAILED"})])
        if not isinstance(name, str | None):
            raise GraphQLHTTPException(400, "operationName must be a string")
        if not isinstance(query, str) or not _cacheable(query, name):
            return await run(*args)
        try:
            seat = await asking_seat(self.intrigue, self.reads.pool, request.headers, reading=True)
        except DomainError:
            return await run(*args)  # SeatGuard answers the refusal
        context[RESOLVED_SEAT] = seat
        compute = lambda: self._compute(seat, request_data, run, args)  # noqa: E731
        return await self.kept_or_computed(seat, query, name, variables, request_data.extensions, compute)

    async def kept_or_computed(
        self, seat: Any, query: str, name: str | None, variables: Any, extensions: Any, compute: Any
    ) -> ExecutionResult:
        """The kept answer of a cacheable query if the read models have not moved since, else `compute`'s."""
        if extensions:  # never answered from kept answers: computed as a miss is (the bench's cache off)
            return cast(ExecutionResult, await compute())
        key = key_of(seat, query, name, variables)
        position = await self.reads.position_of(campaigns_of(query, name, variables))  # position first
        kept = await self.answers.answer(key, position, compute)
        return cast(ExecutionResult, kept)

    def streamed(self, accept: str | None) -> bool:
        """Whether an Accept header asks strawberry for a streaming transport (multipart, server-sent events)."""
        return self._get_stream_transport_from_headers({"accept": accept or ""}) is not None

    async def _compute(self, seat: Any, request_data: Any, run: Any, args: tuple[Any, ...]) -> ExecutionResult:
        """Plain standings without graphql-core's execution (graphql/standings.py), anything else with it."""
        data = await standings(
            self.reads, seat, request_data.query, request_data.operation_name, request_data.variables
        )
        return cast(ExecutionResult, await run(*args)) if data is None else ExecutionResult(data=data, errors=None)

    def encode_http(self, data: object) -> bytes:
        return encode(data)  # a precomputed answer's bytes (`orjson.Fragment`) copied once, never decoded

    def encode_json(self, data: object) -> str:
        # Text, not bytes: the view sends bytes to a WebSocket as binary frames, which graphql-transport-ws refuses.
        return encode(data).decode()


def _cacheable(query: str, name: str | None) -> bool:
    try:
        return cacheable(query, name)
    except RecursionError:  # nested too deep to parse: execution reports it as a parse failure
        return False


async def _http_error(request: Request, error: Exception) -> Response:
    """The app's own 404 and 405 (outside the REST mount, which has its own) answer as problems too."""
    assert isinstance(error, HTTPException)
    reason = f"nothing at {request.url.path}" if error.status_code == 404 else str(error.detail)
    response = refusal(request.scope, http_refusal(error.status_code, reason))
    response.headers.update(error.headers or {})
    return response


def create_app(
    intrigue: Intrigue,
    limits: Limits | None = None,
    rates: Rates | None = None,
    read_connections: int = readpool.MAX_SIZE,
    claim_connections: int = CLAIM_CONNECTIONS,
) -> Starlette:
    """The app; `read_connections` and `claim_connections` size its read and idempotency pools (a bench serving from
    several processes divides one process's among them: bench/http_apps.py)."""
    precompute_standings()  # this process's projection writers keep the standings as sent (docs/scaling.md)
    # The pool belongs to this app and opens on the loop it serves from; several apps may share one Intrigue.
    pool = ReadPool(intrigue.db.conninfo, min_size=min(readpool.MIN_SIZE, read_connections), max_size=read_connections)
    # With DATABASE_URL_READ, the read models' rows come from a streaming replica (docs/scaling.md).
    replica = ReplicaReads(pool, ReadPool(intrigue.read_db.conninfo, name="replica")) if intrigue.read_db else None
    reads = ReadModelReads(pool, FreshReads(intrigue.store), replica)
    # Idempotency keys' advisory locks, on a pool of their own: a request waiting for a key never takes a
    # connection its command needs for reads (service/persistence/idempotency.py).
    claims = ReadPool(intrigue.db.conninfo, min_size=1, max_size=claim_connections, name="idempotency")
    channel = intrigue.store.recorder.channel_name  # type: ignore[attr-defined]
    listener = Listener(intrigue.db.conninfo, channel)  # every subscription's

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.open()
        await claims.open()
        if replica is not None:
            await replica.open()
        # What exists at start (schema, libraries, the store) lives as long as the process. Frozen, it is no
        # longer walked by every full collection, each of which stalled all requests in flight for 50-100 ms.
        gc.collect()
        gc.freeze()
        # Issue 32: the webhooks' delivery worker, off every command's path (service/operations/deliveries.py).
        worker = intrigue.delivery_worker()
        if worker is not None:
            worker.start()
        try:
            yield
        finally:
            if worker is not None:
                await run_in_threadpool(worker.stop)
            await listener.close()
            if replica is not None:
                await replica.close()
            await claims.close()
            await pool.close()

    async def healthz(request: Request) -> Response:
        ok = await run_in_threadpool(database.ping, intrigue.db)
        return JSONResponse({"status": "ok" if ok else "unavailable", "database": ok}, status_code=200 if ok else 503)

    limits = limits or Limits()
    graphql = IntrigueGraphQL(intrigue, reads, listener, limits, claims)
    return Starlette(
        routes=[
            # First: the router tries routes in turn, and no other route's path is /graphql (docs/scaling.md,
            # session 14: the most asked path matched first).
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Mount("/graphql", graphql),
            Route("/healthz", healthz),
            *ops_routes(intrigue),
            Mount(ASSETS_PATH, graphiql_assets()),
            Mount("/api/v1", create_rest_app(intrigue, reads, claims)),
            *console_routes(intrigue, pool),  # last: the console's pages never shadow the API
        ],
        middleware=[
            Middleware(RequestObserver),
            Middleware(SecurityHeaders),  # on every answer, refusals included (docs/console.md)
            Middleware(SeatCookies),  # a console's seat cookie as the bearer token, before anything reads one
            *cors(cors_origins()),  # outside limits and failures: a refusal a browser reads carries CORS headers
            Middleware(CodedFailures),
            Middleware(RequestLimits, limits=limits, observe=observe_graphql),
            Middleware(RateLimits, intrigue=intrigue, pool=pool, rates=rates),  # writes counted before they run
            Middleware(WantedPosition),
        ],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )
