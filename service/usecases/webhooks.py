"""The GM's webhooks (issue 32, item 1; docs/webhooks.md): register an endpoint for some kinds of news, remove it,
read its deliveries and last errors, send it a test, announce when the phase's orders are due.

An endpoint is no event: like a seat's token it is configuration, kept in its own table (service/persistence/
webhooks.py). The deliveries of news that events carry are queued in the events' own transaction (service/
persistence/outbox.py); the delivery worker (service/operations/deliveries.py) sends them.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit
from uuid import UUID

from domain.campaign import Campaign, PhaseStatus
from domain.enums import DeliveryState, NewsKind, WebhookFormat
from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.inputs import NAME_MAX, check_text
from service.persistence.app import IntrigueStore
from service.persistence.webhooks import WebhookRows

ENDPOINTS_MAX = 10  # a campaign's endpoints: a table's chat channels, not a fan-out service
SECRET_MIN = 16  # characters: a shared secret worth signing with
DELIVERIES_SHOWN = 20  # an endpoint's latest deliveries the GM reads
NOTICE_MAX_HOURS = 24 * 14
RULE_DUE = "docs/webhooks.md, Orders due soon: announced for the open phase"


@dataclass(frozen=True)
class Delivery:
    """One delivery to one endpoint, as the GM reads it."""

    id: UUID
    kind: str
    position: int | None
    created_at: datetime
    attempts: int
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    gave_up_at: datetime | None
    last_status: int | None
    last_error: str | None

    @property
    def state(self) -> DeliveryState:
        if self.delivered_at:
            return DeliveryState.DELIVERED
        return DeliveryState.GIVEN_UP if self.gave_up_at else DeliveryState.PENDING


@dataclass(frozen=True)
class Endpoint:
    """A GM's endpoint, without its secret (never answered once given), with its latest deliveries."""

    id: UUID
    campaign_id: UUID
    url: str
    kinds: list[NewsKind]
    format: WebhookFormat
    created_at: datetime
    deliveries: list[Delivery]

    @property
    def last_error(self) -> str | None:
        """The error of the latest delivery that failed an attempt, if any."""
        return next((d.last_error for d in self.deliveries if d.last_error), None)


class WebhookService:
    """The GM's endpoints and what was delivered to them."""

    def __init__(self, store: IntrigueStore, rows: WebhookRows) -> None:
        self.store, self.rows = store, rows

    def register(
        self,
        campaign_id: UUID,
        url: str,
        secret: str,
        kinds: Sequence[NewsKind],
        format: WebhookFormat = WebhookFormat.JSON,
    ) -> Endpoint:
        check_url(url)
        check_text("secret", secret, NAME_MAX)
        if len(secret) < SECRET_MIN or not secret.isprintable():
            raise InvalidInputError(f"the secret must be at least {SECRET_MIN} printable characters")
        wanted = [kind for kind in NewsKind if kind in set(kinds) and kind != NewsKind.TEST]  # in the enum's order
        if not wanted:
            raise InvalidInputError("name at least one kind of news the endpoint wants")
        self.store.load(campaign_id, Campaign)  # NotFoundError for a campaign that is not stored
        if len(self.rows.endpoints(campaign_id)) >= ENDPOINTS_MAX:
            raise InvalidInputError(f"a campaign has at most {ENDPOINTS_MAX} endpoints: remove one first")
        endpoint_id = uuid.uuid4()
        self.rows.add_endpoint(endpoint_id, campaign_id, url, secret, [k.value for k in wanted], format.value)
        return self.endpoint(campaign_id, endpoint_id)

    def remove(self, campaign_id: UUID, endpoint_id: UUID) -> None:
        """Remove the endpoint; its deliveries still due are given up."""
        if not self.rows.remove_endpoint(campaign_id, endpoint_id):
            raise NotFoundError(f"campaign {campaign_id} has no webhook endpoint {endpoint_id}")

    def endpoints(self, campaign_id: UUID, shown: int = DELIVERIES_SHOWN) -> list[Endpoint]:
        self.store.load(campaign_id, Campaign)
        return [self._endpoint(row, shown) for row in self.rows.endpoints(campaign_id)]

    def endpoint(self, campaign_id: UUID, endpoint_id: UUID) -> Endpoint:
        found = [row for row in self.rows.endpoints(campaign_id) if row["id"] == endpoint_id]
        if not found:
            raise NotFoundError(f"campaign {campaign_id} has no webhook endpoint {endpoint_id}")
        return self._endpoint(found[0], DELIVERIES_SHOWN)

    def send_test(self, campaign_id: UUID, endpoint_id: UUID) -> UUID:
        """Queue a test delivery to the endpoint now; its id, to find it among the endpoint's deliveries."""
        self.endpoint(campaign_id, endpoint_id)
        delivery_id = uuid.uuid4()
        self.rows.queue(delivery_id, campaign_id, endpoint_id, NewsKind.TEST.value, "{}")
        return delivery_id

    def announce_orders_due(self, campaign_id: UUID, due_at: datetime, notice_hours: float) -> datetime:
        """The open phase's orders are due at `due_at`: "orders due soon" goes out `notice_hours` before (at once when
        that is past), unless the phase resolves or is rolled back first. Answers when it goes out."""
        campaign = self.store.load(campaign_id, Campaign)
        if campaign.phase_status != PhaseStatus.OPEN:
            raise RuleViolationError(f"phase {campaign.phase} is {campaign.phase_status}, not open", RULE_DUE)
        if due_at.tzinfo is None:
            raise InvalidInputError("dueAt needs its time zone (an ISO 8601 time with an offset, or Z)")
        if not 0 <= notice_hours <= NOTICE_MAX_HOURS:
            raise InvalidInputError(f"noticeHours must be between 0 and {NOTICE_MAX_HOURS}")
        if due_at <= datetime.now(UTC):
            raise InvalidInputError("dueAt must be in the future")
        notice_at = due_at - timedelta(hours=notice_hours)
        self.rows.set_orders_due(campaign_id, campaign.phase, due_at, notice_at)
        return notice_at

    def _endpoint(self, row: dict[str, Any], shown: int) -> Endpoint:
        deliveries = [_delivery(d) for d in self.rows.deliveries(row["campaign_id"], row["id"], shown)]
        return Endpoint(
            row["id"],
            row["campaign_id"],
            row["url"],
            [NewsKind(k) for k in row["kinds"]],
            WebhookFormat(row["format"]),
            row["created_at"],
            deliveries,
        )


def _delivery(row: dict[str, Any]) -> Delivery:
    pending = row["delivered_at"] is None and row["gave_up_at"] is None
    return Delivery(
        row["id"],
        row["kind"],
        row["position"],
        row["created_at"],
        row["attempts"],
        row["next_attempt_at"] if pending else None,
        row["delivered_at"],
        row["gave_up_at"],
        row["last_status"],
        row["last_error"],
    )


def check_url(url: str) -> None:
    """An absolute http(s) URL with a host, storable and bounded (the input boundary's NAME_MAX)."""
    check_text("url", url, NAME_MAX)
    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
        parts = urlsplit("")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or not port_ok
        or not url.isprintable()
        or " " in url
    ):
        raise InvalidInputError("the url must be an absolute http:// or https:// address with a host")
