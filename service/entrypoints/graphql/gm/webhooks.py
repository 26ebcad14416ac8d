"""GraphQL for the GM's webhooks (issue 32, item 1; docs/webhooks.md): register an endpoint, remove it, read its
deliveries and last errors, send it a test, announce when the phase's orders are due. Every field takes
`campaignId` and is the campaign's GM's alone (guards.POLICY); the use case is service/usecases/webhooks.py."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from uuid import UUID

import strawberry
from strawberry.types import Info

from domain.enums import DeliveryState, NewsKind, WebhookFormat
from service.entrypoints.graphql.core.context import intrigue, off_loop
from service.usecases import webhooks as use

CAMPAIGN = "The campaign the endpoint belongs to."
ENDPOINT = Annotated[UUID, strawberry.argument(description="The endpoint's id, as `registerWebhook` answered it.")]


@strawberry.type(description="One piece of news sent, or still to be sent, to one endpoint.")
class WebhookDelivery:
    id: UUID = strawberry.field(description="The delivery's id: the X-Intrigue-Delivery header of every attempt.")
    kind: NewsKind = strawberry.field(description="The kind of news it carries.")
    position: int | None = strawberry.field(
        description="The campaign position of the event it tells of; null for a test or an orders-due announcement."
    )
    created_at: datetime = strawberry.field(description="When it was queued: with its event, in the same commit.")
    attempts: int = strawberry.field(description="How many times it was sent so far (0 before the first).")
    next_attempt_at: datetime | None = strawberry.field(
        description="When it is sent next; null once delivered or given up."
    )
    delivered_at: datetime | None = strawberry.field(description="When the endpoint answered it with a 2xx status.")
    gave_up_at: datetime | None = strawberry.field(
        description="When retrying stopped, at least a day after it was queued; null while delivered or still tried."
    )
    last_status: int | None = strawberry.field(
        description="The HTTP status the endpoint last answered; null when no answer came (refused, timed out)."
    )
    last_error: str | None = strawberry.field(
        description="Why its last attempt failed; null when it succeeded or was never tried."
    )
    state: DeliveryState = strawberry.field(description="Whether it is pending, delivered or given up.")

    @classmethod
    def of(cls, found: use.Delivery) -> WebhookDelivery:
        return cls(
            id=found.id,
            kind=NewsKind(found.kind),
            position=found.position,
            created_at=found.created_at,
            attempts=found.attempts,
            next_attempt_at=found.next_attempt_at,
            delivered_at=found.delivered_at,
            gave_up_at=found.gave_up_at,
            last_status=found.last_status,
            last_error=found.last_error,
            state=found.state,
        )


@strawberry.type(
    description="An address the GM registered to hear a campaign's news; its secret is never answered back."
)
class WebhookEndpoint:
    id: UUID = strawberry.field(description="The endpoint's id, made when it was registered.")
    campaign_id: UUID = strawberry.field(description=CAMPAIGN)
    url: str = strawberry.field(description="The http(s) address every delivery is POSTed to.")
    kinds: list[NewsKind] = strawberry.field(description="The kinds of news it hears; the others are not sent.")
    format: WebhookFormat = strawberry.field(
        description="How each body is shaped: Intrigue's JSON, Discord's or Slack's incoming webhook message."
    )
    created_at: datetime = strawberry.field(description="When the GM registered it.")
    last_error: str | None = strawberry.field(
        description="The error of its latest delivery that failed an attempt; null when none failed."
    )
    deliveries: list[WebhookDelivery] = strawberry.field(description="Its latest twenty deliveries, newest first.")

    @classmethod
    def of(cls, found: use.Endpoint) -> WebhookEndpoint:
        return cls(
            id=found.id,
            campaign_id=found.campaign_id,
            url=found.url,
            kinds=list(found.kinds),
            format=found.format,
            created_at=found.created_at,
            last_error=found.last_error,
            deliveries=[WebhookDelivery.of(d) for d in found.deliveries],
        )


@strawberry.type(description="When the open phase's orders are due, and when its endpoints hear that they soon are.")
class OrdersDue:
    campaign_id: UUID = strawberry.field(description="The campaign whose phase it is.")
    due_at: datetime = strawberry.field(description="When the GM said the phase's orders are due.")
    notice_at: datetime = strawberry.field(
        description="When `ORDERS_DUE_SOON` is sent, unless the phase resolves or is rolled back first."
    )


@strawberry.type
class WebhookQuery:
    @strawberry.field(
        description="The campaign's webhook endpoints, each with its latest deliveries and last error (GM only)."
    )
    async def webhooks(self, info: Info, campaign_id: UUID) -> list[WebhookEndpoint]:
        return [WebhookEndpoint.of(e) for e in await off_loop(intrigue(info).webhooks.endpoints, campaign_id)]


@strawberry.type
class WebhookMutation:
    @strawberry.mutation(
        description="Register an endpoint to hear some kinds of the campaign's news, each POST "
        "signed with its secret (GM only; docs/webhooks.md)."
    )
    async def register_webhook(
        self,
        info: Info,
        campaign_id: UUID,
        url: Annotated[str, strawberry.argument(description="An absolute http:// or https:// address.")],
        secret: Annotated[
            str,
            strawberry.argument(
                description="At least 16 characters the receiver also knows: the "
                "key of every delivery's HMAC-SHA256 signature."
            ),
        ],
        kinds: Annotated[
            list[NewsKind],
            strawberry.argument(
                description="The kinds of news it hears (at least one; "
                "a test is always sent when asked). A rollback's news "
                "carries the reason the GM gave it."
            ),
        ],
        format: Annotated[
            WebhookFormat, strawberry.argument(description="How each body is shaped (default Intrigue's JSON).")
        ] = WebhookFormat.JSON,
    ) -> WebhookEndpoint:
        found = await off_loop(intrigue(info).webhooks.register, campaign_id, url, secret, kinds, format)
        return WebhookEndpoint.of(found)

    @strawberry.mutation(
        description="Remove an endpoint; its deliveries not yet sent are given up. Answers the "
        "endpoints left (GM only)."
    )
    async def remove_webhook(self, info: Info, campaign_id: UUID, endpoint_id: ENDPOINT) -> list[WebhookEndpoint]:
        await off_loop(intrigue(info).webhooks.remove, campaign_id, endpoint_id)
        return [WebhookEndpoint.of(e) for e in await off_loop(intrigue(info).webhooks.endpoints, campaign_id)]

    @strawberry.mutation(
        description="Queue a test delivery to an endpoint now; answers the endpoint, the test first "
        "among its deliveries (GM only)."
    )
    async def send_webhook_test(self, info: Info, campaign_id: UUID, endpoint_id: ENDPOINT) -> WebhookEndpoint:
        await off_loop(intrigue(info).webhooks.send_test, campaign_id, endpoint_id)
        return WebhookEndpoint.of(await off_loop(intrigue(info).webhooks.endpoint, campaign_id, endpoint_id))

    @strawberry.mutation(
        description="Say when the open phase's orders are due: endpoints that hear `ORDERS_DUE_SOON` "
        "are told `noticeHours` before (GM only; replaces an earlier time)."
    )
    async def announce_orders_due(
        self,
        info: Info,
        campaign_id: UUID,
        due_at: Annotated[datetime, strawberry.argument(description="When the orders are due, with its time zone.")],
        notice_hours: Annotated[
            float,
            strawberry.argument(
                description="How many hours before `dueAt` the news goes out (0 to 336; at once when that is past)."
            ),
        ] = 24.0,
    ) -> OrdersDue:
        notice_at = await off_loop(intrigue(info).webhooks.announce_orders_due, campaign_id, due_at, notice_hours)
        return OrdersDue(campaign_id=campaign_id, due_at=due_at, notice_at=notice_at)
