"""REST for the GM's webhooks (issue 32, item 1; docs/webhooks.md), twin of service/entrypoints/graphql/gm/webhooks.py:
list the endpoints with their deliveries, register one, remove one, send one a test, announce when the phase's
orders are due. The campaign's GM's alone."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from domain.enums import NewsKind, WebhookFormat
from domain.errors import InvalidInputError
from service.entrypoints.rest.support import (
    command,
    endpoint,
    gm_campaign,
    intrigue_of,
    json_body,
    json_response,
    path_id,
)
from service.usecases.webhooks import Delivery, Endpoint


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def delivery_shape(found: Delivery) -> dict[str, Any]:
    return {
        "id": str(found.id),
        "kind": found.kind,
        "position": found.position,
        "created_at": _time(found.created_at),
        "attempts": found.attempts,
        "next_attempt_at": _time(found.next_attempt_at),
        "delivered_at": _time(found.delivered_at),
        "gave_up_at": _time(found.gave_up_at),
        "last_status": found.last_status,
        "last_error": found.last_error,
        "state": found.state.value,
    }


def endpoint_shape(found: Endpoint) -> dict[str, Any]:
    return {
        "id": str(found.id),
        "campaign_id": str(found.campaign_id),
        "url": found.url,
        "kinds": [k.value for k in found.kinds],
        "format": found.format.value,
        "created_at": _time(found.created_at),
        "last_error": found.last_error,
        "deliveries": [delivery_shape(d) for d in found.deliveries],
    }


@endpoint
async def list_webhooks(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "list the webhooks")
    found = await run_in_threadpool(intrigue_of(request).webhooks.endpoints, campaign_id)
    return json_response({"webhooks": [endpoint_shape(e) for e in found]})


@command
async def register_webhook(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "register a webhook")
    body = await json_body(request, "WebhookRequest")
    kinds = [NewsKind(k) for k in body["kinds"]]
    found = await run_in_threadpool(
        intrigue_of(request).webhooks.register,
        campaign_id,
        body["url"],
        body["secret"],
        kinds,
        WebhookFormat(body.get("format", "json")),
    )
    return json_response(endpoint_shape(found), 201)


@command
async def remove_webhook(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "remove a webhook")
    endpoint_id = path_id(request, "endpoint_id", "webhook endpoint")
    await run_in_threadpool(intrigue_of(request).webhooks.remove, campaign_id, endpoint_id)
    found = await run_in_threadpool(intrigue_of(request).webhooks.endpoints, campaign_id)
    return json_response({"webhooks": [endpoint_shape(e) for e in found]})


@command
async def send_webhook_test(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "send a webhook a test")
    endpoint_id = path_id(request, "endpoint_id", "webhook endpoint")
    await run_in_threadpool(intrigue_of(request).webhooks.send_test, campaign_id, endpoint_id)
    found = await run_in_threadpool(intrigue_of(request).webhooks.endpoint, campaign_id, endpoint_id)
    return json_response(endpoint_shape(found), 202)


@command
async def announce_orders_due(request: Request) -> Response:
    campaign_id = await gm_campaign(request, "announce when the orders are due")
    body = await json_body(request, "OrdersDueRequest")
    try:
        due_at = datetime.fromisoformat(body["due_at"])
    except ValueError:
        raise InvalidInputError("due_at must be an ISO 8601 time with its time zone") from None
    notice_hours = float(body.get("notice_hours", 24))
    notice_at = await run_in_threadpool(
        intrigue_of(request).webhooks.announce_orders_due, campaign_id, due_at, notice_hours
    )
    return json_response(
        {"campaign_id": str(campaign_id), "due_at": due_at.isoformat(), "notice_at": notice_at.isoformat()}
    )
