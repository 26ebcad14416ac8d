"""REST for the orders of the open phase: who has submitted (GM), orders read back by their own seat, and
withdrawing or amending them. Each route authorises as its GraphQL twin does (graphql/core/guards.py POLICY)."""

from __future__ import annotations

from dataclasses import asdict
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.gameofbones.face import dated, decode_order
from service.entrypoints.rest.state import faction_shape, house_shape
from service.entrypoints.rest.support import (
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    owned_by_caller,
    reads_of,
    seat_of,
)
from service.usecases.visibility import order_view, pending_view


@endpoint
async def order_status(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "see who has submitted orders")
    status = await run_in_threadpool(intrigue_of(request).orders.status, campaign_id)
    return json_response(asdict(status))


@endpoint
async def faction_orders(request: Request) -> Response:
    campaign_id, faction_id = await owned_by_caller(request, "faction", "read a faction's orders")
    orders = await run_in_threadpool(intrigue_of(request).orders.faction_orders, campaign_id, faction_id)
    seen = None if orders is None else order_view(orders, await seat_of(request), campaign_id)
    return json_response({"faction_id": str(faction_id), "orders": seen})


@command
async def withdraw_faction_orders(request: Request) -> Response:
    campaign_id, faction_id = await owned_by_caller(request, "faction", "withdraw a faction's orders")
    await run_in_threadpool(intrigue_of(request).orders.withdraw_faction_orders, campaign_id, faction_id)
    state = await reads_of(request).one(faction_id, "faction")
    return json_response(faction_shape(state, await seat_of(request)))


@endpoint
async def house_orders(request: Request) -> Response:
    campaign_id, house_id = await owned_by_caller(request, "house", "read a house's orders")
    given = await run_in_threadpool(intrigue_of(request).orders.house_orders, campaign_id, house_id)
    seat = await seat_of(request)
    return json_response(
        {"house_id": str(house_id), "actions": [dated(pending_view(p.to_dict(), seat, campaign_id)) for p in given]}
    )


async def _house(request: Request, campaign_id: UUID, house_id: UUID) -> dict[str, object]:
    state = await reads_of(request).one(house_id, "house")
    campaign = await reads_of(request).campaign(campaign_id)
    return house_shape(state, await seat_of(request), max(1, int(campaign["phase"])))


@command
async def withdraw_house_action(request: Request) -> Response:
    campaign_id, house_id = await owned_by_caller(request, "house", "withdraw a house's order")
    action_id = request.path_params["action_id"]
    await run_in_threadpool(intrigue_of(request).orders.withdraw_house_action, campaign_id, house_id, action_id)
    return json_response(await _house(request, campaign_id, house_id))


@command
async def amend_house_action(request: Request) -> Response:
    campaign_id, house_id = await owned_by_caller(request, "house", "amend a house's order")
    order = decode_order(await json_body(request, "HouseOrder"))
    app = intrigue_of(request)
    pending = await run_in_threadpool(
        app.orders.amend_house_action, campaign_id, house_id, request.path_params["action_id"], order
    )
    house = await _house(request, campaign_id, house_id)
    return json_response({"action": dated(pending.to_dict()), "house": house})
