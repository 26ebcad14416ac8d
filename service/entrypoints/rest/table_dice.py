"""REST for the table's own dice (issue 28, item 3), twin of service/entrypoints/graphql/gm/table_dice.py: set whose
dice resolve a phase, read the next roll wanted, enter its faces, abandon. The campaign's GM's alone."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.dice import RollRequest
from service.entrypoints.rest.support import (
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    seat_of,
)
from service.usecases.table_dice import TableDiceStep


def _roll(step: TableDiceStep, request: RollRequest, faces: tuple[int, ...] | None) -> dict[str, Any]:
    return {
        "expression": request.expression,
        "count": request.count,
        "sides": request.sides,
        "keeps_highest": request.keeps_highest,
        "purpose": request.purpose,
        "rule": request.rule,
        "roller_id": _text(step.member_of(request.actor)),
        "roller": step.who(request.actor),
        "modifiers": [{"source": m.source, "value": m.value} for m in request.modifiers],
        "faces": None if faces is None else list(faces),
    }


def _text(value: UUID | None) -> str | None:
    return None if value is None else str(value)


def step_shape(step: TableDiceStep) -> dict[str, Any]:
    return {
        "campaign_id": str(step.campaign_id),
        "phase": step.phase,
        "resolved": step.resolved,
        "entered": [_roll(step, e.request, e.faces) for e in step.entered],
        "next": None if step.next is None else _roll(step, step.next, None),
    }


@command
async def set_dice_source(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "set whose dice resolve a phase")
    body = await json_body(request, "DiceSourceRequest")
    seat = await seat_of(request)
    campaign = await run_in_threadpool(
        intrigue_of(request).table_dice.set_dice_source,
        campaign_id,
        body["source"],
        body.get("phase"),
        str(seat.id) if seat else "",
    )
    at = campaign.phase if body.get("phase") is None else int(body["phase"])
    return json_response({"campaign_id": str(campaign_id), "phase": at, "source": campaign.dice_source(at).value})


@endpoint
async def table_dice_step(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "read the table's dice")
    return json_response(step_shape(await run_in_threadpool(intrigue_of(request).table_dice.step, campaign_id)))


@command
async def enter_table_dice(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "enter the table's dice")
    body = await json_body(request, "TableDiceFaces")
    step = await run_in_threadpool(intrigue_of(request).table_dice.enter, campaign_id, body["faces"])
    return json_response(step_shape(step))


@command
async def abandon_table_dice(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "abandon the table's dice")
    return json_response(step_shape(await run_in_threadpool(intrigue_of(request).table_dice.abandon, campaign_id)))
