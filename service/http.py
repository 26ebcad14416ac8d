"""The ASGI app: /healthz, /graphql (with GraphiQL), and the REST routes."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from strawberry.asgi import GraphQL
from strawberry.dataloader import DataLoader

from service import database
from service.bootstrap import Intrigue
from service.graphql.schema import schema
from service.logs import RequestObserver
from service.ops import ops_routes
from service.rest import create_rest_app


class IntrigueGraphQL(GraphQL):  # type: ignore[type-arg]
    def __init__(self, intrigue: Intrigue) -> None:
        super().__init__(schema, graphql_ide="graphiql")
        self.intrigue = intrigue

    async def get_context(self, request: Any, response: Any = None) -> dict[str, Any]:
        catalog = self.intrigue.catalog

        async def regions_of(campaign_ids: list[UUID]) -> list[list[dict[str, Any]]]:
            return await run_in_threadpool(catalog.regions_of, campaign_ids)

        # One loader per request: nested lists cost one query per level, not one per parent.
        return {"request": request, "response": response, "intrigue": self.intrigue,
                "regions": DataLoader(load_fn=regions_of)}  # fmt: skip


def create_app(intrigue: Intrigue) -> Starlette:
    async def healthz(request: Request) -> Response:
        ok = await run_in_threadpool(database.ping, intrigue.db)
        return JSONResponse({"status": "ok" if ok else "unavailable", "database": ok}, status_code=200 if ok else 503)

    graphql = IntrigueGraphQL(intrigue)
    return Starlette(
        routes=[
            Route("/healthz", healthz),
            *ops_routes(intrigue),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            Mount("/graphql", graphql),
            Mount("/api/v1", create_rest_app(intrigue)),
        ],
        middleware=[Middleware(RequestObserver)],
    )
