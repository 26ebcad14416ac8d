"""The REST API under /api/v1; its contract is `openapi/openapi.yaml`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from domain.errors import NotFoundError
from service.errors import PROBLEM_MEDIA_TYPE
from service.rest import phases, routes, state
from service.rest.support import problem_response

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.queries import ReadModelReads
    from service.readpool import ReadPool

__all__ = ["create_rest_app"]


async def _http_problem(request: Request, exc: Exception) -> Response:
    """Starlette's own 404 and 405 answer as problems too, so every REST error has one shape."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return problem_response(NotFoundError(f"no resource at {request.url.path}"), request.url.path)
    body = {"type": "about:blank", "title": exc.detail, "status": exc.status_code, "detail": exc.detail,
            "code": exc.detail.upper().replace(" ", "_")}  # fmt: skip
    return Response(json.dumps(body), exc.status_code, exc.headers, media_type=PROBLEM_MEDIA_TYPE)


async def _internal_problem(request: Request, exc: Exception) -> Response:
    body = {"type": "about:blank", "title": "Internal server error", "status": 500,
            "detail": "the server failed unexpectedly", "code": "INTERNAL"}  # fmt: skip
    return Response(json.dumps(body), 500, media_type=PROBLEM_MEDIA_TYPE)


def create_rest_app(intrigue: Intrigue, reads: ReadModelReads, claims: ReadPool | None = None) -> Starlette:
    campaign = "/campaigns/{campaign_id}"
    app = Starlette(
        routes=[
            Route("/health", routes.health),
            Route("/openapi.yaml", routes.openapi_yaml),
            Route("/campaigns", routes.list_campaigns, methods=["GET"]),
            Route("/campaigns", routes.create_campaign, methods=["POST"]),
            Route(campaign, routes.get_campaign, methods=["GET"]),
            Route(campaign + "/regions", routes.add_regions, methods=["POST"]),
            Route(campaign + "/phases", routes.open_phase, methods=["POST"]),
            Route(campaign + "/phases/current", phases.current_phase, methods=["GET"]),
            Route(campaign + "/phases/current/resolve", phases.resolve_phase, methods=["POST"]),
            Route(campaign + "/phases/{phase}/rollback", phases.roll_back_phase, methods=["POST"]),
            Route(campaign + "/factions", state.list_factions, methods=["GET"]),
            Route(campaign + "/factions/{faction_id}/orders", phases.submit_faction_orders, methods=["PUT"]),
            Route(campaign + "/houses", state.list_houses, methods=["GET"]),
            Route(campaign + "/houses/{house_id}/actions", phases.order_house_action, methods=["POST"]),
            Route(campaign + "/regions", state.list_regions, methods=["GET"]),
            Route(campaign + "/state", state.state_as_of, methods=["GET"]),
            Route(campaign + "/rolls", routes.roll_dice, methods=["POST"]),
            Route(campaign + "/seats", routes.list_seats, methods=["GET"]),
            Route(campaign + "/seats", routes.create_seat, methods=["POST"]),
            Route(campaign + "/events", routes.export_events, methods=["GET"]),
        ],
        exception_handlers={HTTPException: _http_problem, Exception: _internal_problem},
    )
    app.state.intrigue = intrigue
    app.state.reads = reads
    app.state.claims = claims or reads.pool  # the pool for idempotency keys' locks
    return app
