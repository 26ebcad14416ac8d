"""REST for the GM's assistant (issue 19), the twin of service/entrypoints/graphql/assistant/drafts.py: GM-run powers,
drafts with their reasons and odds, accepting (as drafted or edited) or rejecting them, and a downtime. The GM's."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.assistant import Choice, FactionDraft, HouseDraft
from domain.factionturn.face import action_name
from domain.gameofbones.face import decode_order
from service.entrypoints.rest.support import (
    by_caller,
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    path_id,
)
from service.usecases.assistant import Power
from service.usecases.interventions import By


async def _gm(request: Request, doing: str) -> By:
    return await by_caller(request, await gm_campaign(request, doing), "")


def _power(power: Power) -> dict[str, Any]:
    return {
        "member_id": power.member_id,
        "kind": power.kind,
        "name": power.name,
        "temperament": power.temperament.value,
        "set_by_gm": power.set_by_gm,
    }


def _choice(choice: Choice) -> dict[str, Any]:
    return {
        "summary": choice.summary,
        "reasons": list(choice.reasons),
        "odds": list(choice.odds),
        "score": round(choice.score, 3),
        "line": choice.line(),
    }


def draft_shape(draft: FactionDraft | HouseDraft) -> dict[str, Any]:
    if isinstance(draft, FactionDraft):
        member, kind = draft.faction_id, "faction"
        actions = [action_name(draft.orders.action)] if draft.orders.action is not None else []
    else:
        member, kind, actions = draft.house_id, "house", [o.action.value for o in draft.orders]
    return {
        "member_id": member,
        "kind": kind,
        "temperament": draft.temperament,
        "drafted_actions": actions,
        "chosen": [_choice(c) for c in draft.chosen],
        "passed_over": [_choice(c) for c in draft.passed_over],
    }


@endpoint
async def gm_run_powers(request: Request) -> Response:
    by = await _gm(request, "see the powers the GM runs")
    powers = await run_in_threadpool(intrigue_of(request).assistant.powers, by.campaign_id)
    return json_response({"powers": [_power(p) for p in powers]})


@command
async def mark_gm_run(request: Request) -> Response:
    by = await _gm(request, "mark a power as run by the GM")
    member = path_id(request, "member_id", "faction or house")
    body = await json_body(request, "MarkGmRun")
    app = intrigue_of(request).assistant
    await run_in_threadpool(
        app.mark_gm_run,
        By(by.campaign_id, by.seat, body["reason"]),
        member,
        body["gm_run"],
        body.get("temperament") or "",
    )
    powers = await run_in_threadpool(app.powers, by.campaign_id)
    return json_response({"powers": [_power(p) for p in powers]})


@endpoint
async def draft_orders(request: Request) -> Response:
    by = await _gm(request, "draft orders for the powers the GM runs")
    drafts = await run_in_threadpool(intrigue_of(request).assistant.drafts, by.campaign_id)
    return json_response({"drafts": [draft_shape(d) for d in drafts]})


@command
async def accept_all_drafts(request: Request) -> Response:
    by = await _gm(request, "accept the assistant's drafts")
    body = await json_body(request, "DraftDecisionRequest")
    accepted = await run_in_threadpool(
        intrigue_of(request).assistant.accept_all, By(by.campaign_id, by.seat, body["reason"])
    )
    return json_response({"accepted": accepted})


@command
async def accept_draft(request: Request) -> Response:
    by = await _gm(request, "accept a draft")
    member = path_id(request, "member_id", "faction or house")
    body = await json_body(request, "AcceptDraft")
    edited: Any = body.get("faction_orders")
    if "house_orders" in body:
        edited = [decode_order(o, f"house_orders[{i}]") for i, o in enumerate(body["house_orders"])]
    decided = await run_in_threadpool(
        intrigue_of(request).assistant.accept, By(by.campaign_id, by.seat, body["reason"]), member, edited
    )
    return json_response({"member_id": str(member), "decision": decided})


@command
async def reject_draft(request: Request) -> Response:
    by = await _gm(request, "reject a draft")
    member = path_id(request, "member_id", "faction or house")
    body = await json_body(request, "DraftDecisionRequest")
    await run_in_threadpool(intrigue_of(request).assistant.reject, By(by.campaign_id, by.seat, body["reason"]), member)
    return json_response({"member_id": str(member), "decision": "rejected"})


@command
async def play_downtime(request: Request) -> Response:
    by = await _gm(request, "let the assistant play a downtime")
    body = await json_body(request, "PlayDowntime")
    played = await run_in_threadpool(
        intrigue_of(request).assistant.play_downtime, By(by.campaign_id, by.seat, body["reason"]), body["phases"]
    )
    return json_response(
        {
            "first_phase": played.first_phase,
            "phases": played.phases,
            "rollback_phase": played.rollback_phase,
            "drafts_given": played.drafts,
        }
    )


def routes_under(campaign: str) -> list[tuple[str, Any, str]]:
    """(path, handler, method) for the assistant's routes under the campaign's path."""
    base = campaign + "/assistant"
    return [
        (base + "/powers", gm_run_powers, "GET"),
        (base + "/powers/{member_id}", mark_gm_run, "PUT"),
        (base + "/drafts", draft_orders, "GET"),
        (base + "/drafts/accepted", accept_all_drafts, "POST"),
        (base + "/drafts/{member_id}/accepted", accept_draft, "POST"),
        (base + "/drafts/{member_id}/rejected", reject_draft, "POST"),
        (base + "/downtime", play_downtime, "POST"),
    ]
