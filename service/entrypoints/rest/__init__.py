"""The REST API under /api/v1; its contract is `openapi/openapi.yaml`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.entrypoints.rest import (
    assistant,
    catalog,
    forks,
    interventions,
    mergers,
    orders,
    phases,
    reports,
    routes,
    setup,
    state,
    table_dice,
    webhooks,
)
from service.entrypoints.rest.support import Handler, problem_response
from service.entrypoints.shared.errors import InternalError, http_refusal, unavailable
from service.operations.logs import request_id

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.queries import ReadModelReads
    from service.persistence.readpool import ReadPool

__all__ = ["create_rest_app"]


async def _http_problem(request: Request, exc: Exception) -> Response:
    """Starlette's own 404 and 405 answer as problems too, so every REST error has one shape."""
    assert isinstance(exc, HTTPException)
    reason = f"no resource at {request.url.path}" if exc.status_code == 404 else str(exc.detail)
    response = problem_response(http_refusal(exc.status_code, reason), request.url.path)
    response.headers.update(exc.headers or {})  # 405's Allow
    return response


async def _internal_problem(request: Request, exc: Exception) -> Response:
    """UNAVAILABLE (503, Retry-After) while the database cannot be reached, else INTERNAL with the request id.
    Starlette raises the error on after this answer: service/entrypoints/failures.py `CodedFailures` logs it, once."""
    down = unavailable(exc)
    return problem_response(down or InternalError(request_id()), request.url.path)


def _one_route_per_path(listed: list[BaseRoute]) -> list[BaseRoute]:
    """Routes sharing a path become one, so that a 405 (and its Allow header) names every method the path takes."""
    by_path: dict[str, dict[str, Handler]] = {}
    for route in listed:
        assert isinstance(route, Route)
        for method in route.methods or ("GET",):
            if method != "HEAD":
                by_path.setdefault(route.path, {})[method] = route.endpoint
    return [Route(path, _dispatch(handlers), methods=list(handlers)) for path, handlers in by_path.items()]


def _dispatch(handlers: dict[str, Handler]) -> Handler:
    if len(handlers) == 1:
        return next(iter(handlers.values()))

    async def dispatch(request: Request) -> Response:
        return await handlers["GET" if request.method == "HEAD" else request.method](request)

    return dispatch


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
            Route(campaign + "/regions/sector", forks.import_sector, methods=["POST"]),  # issue 32
            Route(campaign + "/forks", forks.fork_campaign, methods=["POST"]),
            Route(campaign + "/forks", forks.list_forks, methods=["GET"]),
            Route(campaign + "/phases", routes.open_phase, methods=["POST"]),
            Route(campaign + "/phases/current", phases.current_phase, methods=["GET"]),
            Route(campaign + "/phases/current/resolve", phases.resolve_phase, methods=["POST"]),
            Route(campaign + "/dice-source", table_dice.set_dice_source, methods=["PUT"]),
            Route(campaign + "/phases/current/table-dice", table_dice.table_dice_step, methods=["GET"]),
            Route(campaign + "/phases/current/table-dice", table_dice.enter_table_dice, methods=["POST"]),
            Route(campaign + "/phases/current/table-dice", table_dice.abandon_table_dice, methods=["DELETE"]),
            Route(campaign + "/phases/{phase}/rollback", phases.roll_back_phase, methods=["POST"]),
            # Issue 32: the GM's webhooks (docs/webhooks.md).
            Route(campaign + "/webhooks", webhooks.list_webhooks, methods=["GET"]),
            Route(campaign + "/webhooks", webhooks.register_webhook, methods=["POST"]),
            Route(campaign + "/webhooks/{endpoint_id}", webhooks.remove_webhook, methods=["DELETE"]),
            Route(campaign + "/webhooks/{endpoint_id}/tests", webhooks.send_webhook_test, methods=["POST"]),
            Route(campaign + "/phases/current/orders-due", webhooks.announce_orders_due, methods=["PUT"]),
            Route(campaign + "/phases/{phase}/report", reports.phase_report, methods=["GET"]),
            Route(campaign + "/factions", state.list_factions, methods=["GET"]),
            Route(campaign + "/factions/{faction_id}/orders", phases.submit_faction_orders, methods=["PUT"]),
            Route(campaign + "/houses", state.list_houses, methods=["GET"]),
            Route(campaign + "/houses/{house_id}/actions", phases.order_house_action, methods=["POST"]),
            Route(campaign + "/orders", orders.order_status, methods=["GET"]),
            Route(campaign + "/factions/{faction_id}/orders", orders.faction_orders, methods=["GET"]),
            Route(campaign + "/factions/{faction_id}/orders", orders.withdraw_faction_orders, methods=["DELETE"]),
            Route(campaign + "/houses/{house_id}/actions", orders.house_orders, methods=["GET"]),
            Route(
                campaign + "/houses/{house_id}/actions/{action_id}", orders.withdraw_house_action, methods=["DELETE"]
            ),
            Route(campaign + "/houses/{house_id}/actions/{action_id}", orders.amend_house_action, methods=["PUT"]),
            Route(campaign + "/houses/{house_id}/areas/{area_id}/repair", phases.repair_house_area, methods=["POST"]),
            Route(campaign + "/factions/{faction_id}/merger-consent", mergers.consent_to_merger, methods=["POST"]),
            Route(campaign + "/mergers", mergers.merge_factions, methods=["POST"]),
            Route(campaign + "/regions", state.list_regions, methods=["GET"]),
            Route(campaign + "/state", state.state_as_of, methods=["GET"]),
            Route(campaign + "/rolls", routes.roll_dice, methods=["POST"]),
            Route(campaign + "/seats", routes.list_seats, methods=["GET"]),
            Route(campaign + "/seats", routes.create_seat, methods=["POST"]),
            Route(campaign + "/seats/{seat_id}/token", routes.revoke_seat, methods=["DELETE"]),
            Route(campaign + "/seats/{seat_id}/token", routes.reissue_seat_token, methods=["POST"]),
            Route(campaign + "/events", routes.export_events, methods=["GET"]),
            Route(campaign + "/factions", setup.found_faction, methods=["POST"]),
            Route(campaign + "/factions/examples", setup.found_example_faction, methods=["POST"]),
            Route(campaign + "/factions/generated", setup.generate_factions, methods=["POST"]),
            Route(campaign + "/factions/the-wild", setup.populate_the_wild, methods=["POST"]),
            Route(campaign + "/houses", setup.register_house, methods=["POST"]),
            *interventions.routes(campaign),
            # Issue 17: the seeds' tables, and what a faction or house can do now.
            Route("/catalog/asset-types", catalog.asset_types, methods=["GET"]),
            *[Route(f"/catalog/{name}", catalog.table, methods=["GET"]) for name in catalog.TABLES],
            Route("/catalog/gaining-tables", catalog.gaining_tables, methods=["GET"]),
            Route(campaign + "/asset-types", catalog.campaign_asset_types, methods=["GET"]),
            Route(campaign + "/factions/{faction_id}/preview", catalog.faction_preview, methods=["GET"]),
            Route(campaign + "/houses/{house_id}/preview", catalog.house_preview, methods=["GET"]),
            # Issue 19: the GM's assistant.
            *[Route(path, handler, methods=[method]) for path, handler, method in assistant.routes_under(campaign)],
        ],
        exception_handlers={HTTPException: _http_problem, Exception: _internal_problem},
    )
    app.router.routes = list(_one_route_per_path(app.router.routes))
    app.state.intrigue = intrigue
    app.state.reads = reads
    app.state.claims = claims or reads.pool  # the pool for idempotency keys' locks
    return app
