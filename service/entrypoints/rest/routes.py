"""REST routes: parse, authorise with `domain.seats`, call one application method, shape the answer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from domain.commands import AddRegions, CreateCampaign, MapRegion, RollDice
from domain.errors import NotFoundError
from domain.seats import Seat
from service.entrypoints.rest.contract import contract_text
from service.entrypoints.rest.support import (
    campaign_id_of,
    command,
    endpoint,
    gm_campaign,
    int_param,
    intrigue_of,
    json_body,
    json_response,
    reads_of,
    seat_of,
)
from service.entrypoints.shared import campaign_list
from service.persistence import database

CAMPAIGN_FIELDS = ("id", "name", "rule_systems", "seeded", "phase", "phase_status", "created_at")
REGION_FIELDS = (
    "id",
    "campaign_id",
    "name",
    "q",
    "r",
    "arcana",
    "population",
    "tags",
    "terrain_difficulty",
    "wild",
    "governing_faction_id",
    "monthly_income",
    "controlling_house_id",
)


def campaign_shape(row: dict[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in CAMPAIGN_FIELDS}


def region_shape(row: dict[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in REGION_FIELDS}


def seat_shape(seat: Seat, revoked: bool = False) -> dict[str, Any]:
    return {
        "id": seat.id,
        "campaign_id": seat.campaign_id,
        "role": seat.role.value,
        "name": seat.name,
        "faction_id": seat.faction_id,
        "house_id": seat.house_id,
        "revoked": revoked,
    }


def map_region(body: dict[str, Any]) -> MapRegion:
    return MapRegion(
        body["name"],
        body["q"],
        body["r"],
        body.get("arcana", 0),
        body.get("population", "Hundreds"),
        list(body.get("tags", [])),
        body.get("terrain_difficulty", 0),
        body.get("wild", False),
        body.get("monthly_income", 0),
        body.get("monster"),
    )


async def _detail(request: Request, campaign_id: UUID) -> dict[str, Any]:
    row = await reads_of(request).campaign(campaign_id)
    regions = await reads_of(request).regions(campaign_id)
    return {**campaign_shape(row), "regions": [region_shape(r) for r in regions]}


async def health(request: Request) -> Response:
    ok = await run_in_threadpool(database.ping, intrigue_of(request).db)
    return json_response({"status": "ok" if ok else "unavailable", "database": ok}, 200 if ok else 503)


async def openapi_yaml(request: Request) -> Response:
    return Response(contract_text(), media_type="application/yaml")


@endpoint
async def list_campaigns(request: Request) -> Response:
    found = await seat_of(request)  # a token that names no seat is refused everywhere
    limit = int_param(request, "limit", 50, 1, 200)
    offset = int_param(request, "offset", 0, 0, 1_000_000)
    only = campaign_list.listed_for(intrigue_of(request).db, found)
    if only is not None:  # a closed list: the seat's own campaign, on the first page
        rows = [await reads_of(request).campaign(only)] if offset == 0 else []
    else:
        rows = await reads_of(request).campaigns(limit, offset)
    return json_response({"campaigns": [campaign_shape(r) for r in rows], "limit": limit, "offset": offset})


@endpoint
async def get_campaign(request: Request) -> Response:
    await seat_of(request)
    return json_response(await _detail(request, campaign_id_of(request)))


@command
async def create_campaign(request: Request) -> Response:
    body = await json_body(request, "CreateCampaign")
    regions = [map_region(r) for r in body.get("regions", [])]
    started = await run_in_threadpool(
        intrigue_of(request).seats.start_campaign,
        CreateCampaign(body["name"], list(body["rule_systems"]), body.get("dice_seed"), regions),
    )
    campaign_id = started.campaign.id
    answer = {
        "campaign": await _detail(request, campaign_id),
        "seat": seat_shape(started.gm.seat),
        "token": started.gm.token,
    }
    return json_response(answer, 201, {"Location": f"{request.url.path.rstrip('/')}/{campaign_id}"})


@command
async def add_regions(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "map regions")
    body = await json_body(request, "AddRegions")
    app = intrigue_of(request)
    added = await run_in_threadpool(
        app.campaigns.add_regions, AddRegions(campaign_id, [map_region(r) for r in body["regions"]])
    )
    ids = {r.id for r in added}
    rows = await reads_of(request).regions(campaign_id)
    return json_response({"regions": [region_shape(r) for r in rows if r["id"] in ids]}, 201)


@command
async def open_phase(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "open a phase")
    app = intrigue_of(request)
    await run_in_threadpool(app.campaigns.open_phase, campaign_id)
    return json_response(campaign_shape(await reads_of(request).campaign(campaign_id)), 201)


@command
async def roll_dice(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "roll for the campaign")
    body = await json_body(request, "RollRequest")
    command_ = RollDice(campaign_id, body["expression"], body["purpose"])
    roll = await run_in_threadpool(intrigue_of(request).campaigns.roll_dice, command_)
    return json_response(roll.to_dict(), 201)


@command
async def create_seat(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "seat players and observers")
    body = await json_body(request, "SeatRequest")
    faction_id, house_id = (UUID(body[k]) if k in body else None for k in ("faction_id", "house_id"))
    issued = await run_in_threadpool(
        intrigue_of(request).seats.create_seat,
        campaign_id,
        body["role"],
        body.get("name", body["role"].title()),
        faction_id,
        house_id,
    )
    return json_response({"seat": seat_shape(issued.seat), "token": issued.token}, 201)


@endpoint
async def list_seats(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "list the seats")
    seats = await run_in_threadpool(intrigue_of(request).seats.listed, campaign_id)
    return json_response({"seats": [seat_shape(s, revoked) for s, revoked in seats]})


def _seat_id(request: Request) -> UUID:
    raw = request.path_params["seat_id"]
    try:
        return UUID(raw)
    except ValueError:
        raise NotFoundError(f"no seat with id {raw!r}") from None


@command
async def revoke_seat(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "revoke a seat's token")
    seat = await run_in_threadpool(intrigue_of(request).seats.revoke, campaign_id, _seat_id(request))
    return json_response({"seat": seat_shape(seat, revoked=True)})


@command
async def reissue_seat_token(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "reissue a seat's token")
    issued = await run_in_threadpool(intrigue_of(request).seats.reissue, campaign_id, _seat_id(request))
    return json_response({"seat": seat_shape(issued.seat), "token": issued.token}, 201)


@endpoint
async def export_events(request: Request) -> Response:
    """The audit trail as NDJSON, streamed from a server-side cursor in log order."""
    campaign_id = await gm_campaign(request, "export the audit trail")
    after = int_param(request, "after", 0, 0, 2**63 - 1)
    entries = intrigue_of(request).audit.events(campaign_id, after)

    def lines() -> Iterator[str]:
        for entry in entries:
            yield entry.to_json() + "\n"

    return StreamingResponse(lines(), media_type="application/x-ndjson")
