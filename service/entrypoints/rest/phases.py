"""REST for the phase clock and the orders of a phase: resolve, read, submit orders, order house actions, roll back.

Each route authorises with the same rule its GraphQL twin uses and calls the same application method.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.errors import NotFoundError
from domain.gameofbones.face import dated, decode_order
from service.entrypoints.rest.routes import campaign_shape
from service.entrypoints.rest.state import faction_shape, house_shape
from service.entrypoints.rest.support import (
    campaign_id_of,
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    owned_by_caller,
    path_id,
    reads_of,
    seat_of,
)
from service.entrypoints.shared.seat_checks import check_gm_or_owner
from service.usecases.rewind import RollBackPhase


def _phase_number(request: Request) -> int:
    raw = request.path_params["phase"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        raise NotFoundError(f"no phase {raw!r}")
    return int(raw)


async def _campaign(request: Request, campaign_id: UUID) -> dict[str, Any]:
    return campaign_shape(await reads_of(request).campaign(campaign_id))


@endpoint
async def current_phase(request: Request) -> Response:
    await seat_of(request)
    campaign = await _campaign(request, campaign_id_of(request))
    return json_response(
        {"campaign_id": campaign["id"], "phase": campaign["phase"], "status": campaign["phase_status"]}
    )


@command
async def resolve_phase(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "resolve the phase")
    await run_in_threadpool(intrigue_of(request).campaigns.resolve_phase, campaign_id)
    return json_response(await _campaign(request, campaign_id))


@command
async def roll_back_phase(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "roll back a phase")
    phase = _phase_number(request)
    body = await json_body(request, "RollBackRequest")
    await run_in_threadpool(intrigue_of(request).rewind.roll_back, RollBackPhase(campaign_id, phase, body["reason"]))
    return json_response(await _campaign(request, campaign_id))


@command
async def submit_faction_orders(request: Request) -> Response:
    """Seed 002: a faction's orders come from the GM or the faction's own player seat (as in GraphQL)."""
    campaign_id, faction_id = await owned_by_caller(request, "faction", "submit faction orders")
    orders = await json_body(request, "FactionOrders")
    app = intrigue_of(request)
    await run_in_threadpool(app.factionturn.submit_orders, campaign_id, faction_id, orders)
    state = await reads_of(request).one(faction_id, "faction")
    return json_response(faction_shape(state, await seat_of(request)))


@command
async def repair_house_area(request: Request) -> Response:
    """Seed 000, Vandalism: the controlling house pays a wrecked area's repair bill (the GM or its own seat)."""
    campaign_id = path_id(request, "campaign_id", "campaign")
    house_id = path_id(request, "house_id", "house")
    area_id = path_id(request, "area_id", "area")
    check_gm_or_owner(await seat_of(request), {"campaignId": campaign_id, "houseId": house_id}, "repair areas")
    await run_in_threadpool(intrigue_of(request).gameofbones.repair_area, campaign_id, house_id, area_id)
    state = await reads_of(request).one(house_id, "house")
    campaign = await _campaign(request, campaign_id)
    return json_response({"house": house_shape(state, await seat_of(request), max(1, campaign["phase"]))})


@command
async def order_house_action(request: Request) -> Response:
    """Seed 000: one of the fifteen actions for the open phase, from the GM or the house's own seat."""
    # Seed 000: a house's own player gives its orders; the GM may too (as GraphQL's POLICY says).
    campaign_id, house_id = await owned_by_caller(request, "house", "order house actions")
    order = decode_order(await json_body(request, "HouseOrder"))
    app = intrigue_of(request)
    pending = await run_in_threadpool(app.gameofbones.order_action, campaign_id, house_id, order)
    state = await reads_of(request).one(house_id, "house")
    campaign = await _campaign(request, campaign_id)
    house = house_shape(state, await seat_of(request), max(1, campaign["phase"]))
    return json_response({"action": dated(pending.to_dict()), "house": house}, 201)
