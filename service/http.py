"""The ASGI app: /healthz, /graphql (with GraphiQL), and the REST routes."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from graphql import ExecutionResult
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from strawberry.asgi import GraphQL
from strawberry.dataloader import DataLoader

from domain.errors import DomainError
from service import database
from service.bootstrap import Intrigue
from service.fresh import FreshReads
from service.graphql.answers import Answers, cacheable, encode, key_of
from service.graphql.guards import RESOLVED_SEAT
from service.graphql.schema import schema
from service.listener import Listener
from service.logs import RequestObserver
from service.ops import ops_routes
from service.queries import ReadModelReads
from service.readpool import ReadPool
from service.rest import create_rest_app

CLAIM_CONNECTIONS = 10  # keyed commands in flight at once; waiters for a key hold none


class IntrigueGraphQL(GraphQL):  # type: ignore[type-arg]
    def __init__(self, intrigue: Intrigue, reads: ReadModelReads, listener: Listener, claims: ReadPool) -> None:
        super().__init__(schema, graphql_ide="graphiql")
        self.intrigue, self.reads, self.listener, self.claims = intrigue, reads, listener, claims
        self.answers = Answers()

    async def get_context(self, request: Any, response: Any = None) -> dict[str, Any]:
        # One loader per request: nested lists cost one query per level, not one per parent.
        return {"request": request, "response": response, "intrigue": self.intrigue, "reads": self.reads,
                "listener": self.listener, "claims": self.claims,
                "regions": DataLoader(load_fn=self.reads.regions_of)}  # fmt: skip

    async def execute_single(self, request: Any, request_adapter: Any, sub_response: Any, context: Any,
                             root_value: Any, request_data: Any) -> ExecutionResult:  # fmt: skip
        """A kept answer when the query is cacheable and the read models have not moved since it was computed."""
        run = super().execute_single
        args = (request, request_adapter, sub_response, context, root_value, request_data)
        query, name, variables = request_data.query, request_data.operation_name, request_data.variables
        if not isinstance(query, str) or request_data.extensions or not cacheable(query, name):
            return await run(*args)
        try:
            seat = await self.intrigue.seats.resolve_on(self.reads.pool, request.headers.get("authorization"))
        except DomainError:
            return await run(*args)  # SeatGuard answers the refusal
        context[RESOLVED_SEAT] = seat
        key, position = key_of(seat, query, name, variables), await self.reads.position()  # position first
        return await self.answers.answer(key, position, lambda: run(*args))

    def encode_json(self, data: object) -> str:
        # Text, not bytes: the view sends bytes to a WebSocket as binary frames, which graphql-transport-ws refuses.
        return encode(data).decode()


def create_app(intrigue: Intrigue) -> Starlette:
    # The pool belongs to this app and opens on the loop it serves from; several apps may share one Intrigue.
    pool = ReadPool(intrigue.db.conninfo)
    reads = ReadModelReads(pool, FreshReads(intrigue.store))
    # Idempotency keys' advisory locks, on a pool of their own: a request waiting for a key never takes a
    # connection its command needs for reads (service/idempotency.py).
    claims = ReadPool(intrigue.db.conninfo, min_size=1, max_size=CLAIM_CONNECTIONS, name="idempotency")
    listener = Listener(intrigue.db.conninfo, intrigue.store.recorder.channel_name)  # every subscription's

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.open()
        await claims.open()
        # What exists at start (schema, libraries, the store) lives as long as the process. Frozen, it is no
        # longer walked by every full collection, each of which stalled all requests in flight for 50-100 ms.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await listener.close()
            await claims.close()
            await pool.close()

    async def healthz(request: Request) -> Response:
        ok = await run_in_threadpool(database.ping, intrigue.db)
        return JSONResponse({"status": "ok" if ok else "unavailable", "database": ok}, status_code=200 if ok else 503)

    graphql = IntrigueGraphQL(intrigue, reads, listener, claims)
    return Starlette(
        routes=[
            Route("/healthz", healthz),
            *ops_routes(intrigue),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Mount("/graphql", graphql),
            Mount("/api/v1", create_rest_app(intrigue, reads, claims)),
        ],
        middleware=[Middleware(RequestObserver)],
        lifespan=lifespan,
    )
