"""The webhooks' delivery worker (issue 32, item 1; docs/webhooks.md): sends the outbox's deliveries, off every
command's path, in a thread of each `serve` process (started with the app, service/entrypoints/http.py) and of each
`intrigue worker` (service/entrypoints/cli.py).

Several processes may run one each: a worker claims a campaign's due deliveries with FOR UPDATE SKIP LOCKED and
leases them (service/persistence/webhooks.py), so no two send the same delivery at once. It starts an attempt only
while its lease has more than an attempt's timeout left, and gives the rest of its claim back, so a lease never
runs out under a delivery being sent by a live worker; one killed while sending leaves its lease to run out and the
delivery to be sent again: at least once, each time with the same id and body. Each attempt is a POST with a
timeout, signed (`signature`); a failure is tried again after an exponential backoff with full jitter, for at least
`give_up` seconds (24 hours by default), then given up and recorded so. Every `purge_every` seconds it deletes the
rows kept past their retention (`keep_delivered`, `keep_given_up`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import httpx
from pydantic import BaseModel, ConfigDict, Field

from service.persistence import outbox
from service.persistence.webhooks import WebhookRows
from service.usecases.news import NewsReader, body

log = logging.getLogger("intrigue.webhooks")
SIGNATURE, DELIVERY, TIMESTAMP, KIND = (
    "X-Intrigue-Signature",
    "X-Intrigue-Delivery",
    "X-Intrigue-Timestamp",
    "X-Intrigue-Kind",
)
BATCH = 20  # deliveries claimed at a time from one campaign


class DeliverySettings(BaseModel):
    """How deliveries are tried (seconds); read from the environment with the other settings (service/bootstrap.py)."""

    model_config = ConfigDict(frozen=True)

    timeout: float = Field(10.0, gt=0, description="one attempt's limit: connect, send and read the answer")
    lease: float = Field(60.0, gt=0, description="how long a claimed delivery is another worker's to leave alone")
    backoff: float = Field(30.0, gt=0, description="the first retry's longest wait; each later one doubles it")
    backoff_max: float = Field(3600.0, gt=0, description="the longest wait between two attempts")
    give_up: float = Field(86400.0 + 3600.0, gt=0, description="retry for at least this long, then give up")
    poll: float = Field(5.0, gt=0, description="how often to look for deliveries queued by other processes")
    keep_delivered: float = Field(30 * 86400.0, gt=0, description="seconds a delivered row is kept, then purged")
    keep_given_up: float = Field(90 * 86400.0, gt=0, description="seconds a given-up row is kept, then purged")
    purge_every: float = Field(3600.0, gt=0, description="seconds between two purges of old rows")


def signature(secret: str, timestamp: str, payload: bytes) -> str:
    """`sha256=` and the hex HMAC-SHA256, keyed by the endpoint's secret, of `timestamp.body` (the timestamp header,
    a dot, the body's bytes): a receiver checks it and refuses an old timestamp, so a captured delivery cannot be
    replayed later (docs/webhooks.md, Verifying a delivery)."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + payload, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


def backoff(attempts: int, settings: DeliverySettings, rand: Callable[[], float] = random.random) -> float:
    """Seconds before the next attempt after `attempts` failed ones: full jitter over an exponential ceiling."""
    ceiling = min(settings.backoff_max, settings.backoff * 2 ** min(attempts - 1, 32))
    return max(0.001, float(ceiling * rand()))


@dataclass
class Attempt:
    """What one POST answered: its status (None when none came) and the error to record (None on success)."""

    status: int | None
    error: str | None


class DeliveryWorker(threading.Thread):
    """Sends due deliveries until stopped; wakes when this process queued one, and every `poll` seconds."""

    def __init__(self, rows: WebhookRows, news: NewsReader, settings: DeliverySettings) -> None:
        super().__init__(name="webhook-deliveries", daemon=True)
        self.rows, self.news, self.settings = rows, news, settings
        self.stopping = threading.Event()
        self.client = httpx.Client(
            timeout=settings.timeout, follow_redirects=False, headers={"User-Agent": "Intrigue-Webhooks"}
        )

    def stop(self) -> None:
        self.stopping.set()
        outbox.WAKE.set()
        self.join(timeout=self.settings.timeout + 5)
        self.client.close()

    def run(self) -> None:
        log.info("webhook delivery worker up")
        purged_at = time.monotonic() - self.settings.purge_every  # the first purge at once
        while not self.stopping.is_set():
            wait = self.settings.poll
            try:
                if time.monotonic() - purged_at >= self.settings.purge_every:
                    purged_at = time.monotonic()
                    self.purge()
                self.round()
                upcoming = self.rows.seconds_to_next()
                if upcoming is not None:
                    wait = min(wait, max(upcoming, 0.01))
            except Exception:
                log.exception("webhook deliveries failed; will try again")
            outbox.WAKE.wait(wait)
            outbox.WAKE.clear()

    def round(self) -> int:
        """Send every delivery due now, campaign by campaign; how many were tried."""
        tried = 0
        for campaign_id in self.rows.campaigns_due():
            if self.stopping.is_set():
                break
            self.rows.announce_orders_due(campaign_id)
            while not self.stopping.is_set():
                lease_end = time.monotonic() + self.settings.lease  # no later than the database's: read after
                claimed = self.rows.claim(campaign_id, BATCH, self.settings.lease)
                if not claimed:
                    break
                tried += self.send(claimed, lease_end)
        return tried

    def send(self, claimed: list[dict[str, Any]], lease_end: float) -> int:
        """Send a claim's rows in order while the lease outlasts an attempt; give the rest back. The first is sent
        whatever the lease (a lease shorter than the timeout is a configuration the docs warn against)."""
        for index, row in enumerate(claimed):
            if index and time.monotonic() + self.settings.timeout >= lease_end:
                rest = [UUID(str(r["id"])) for r in claimed[index:]]
                self.rows.release(UUID(str(row["campaign_id"])), rest, row["lease_end"])
                return index
            self.deliver(row)
        return len(claimed)

    def purge(self) -> int:
        """Delete the rows kept past their retention (docs/webhooks.md, Retention)."""
        purged = self.rows.purge(self.settings.keep_delivered, self.settings.keep_given_up)
        if purged:
            log.info("webhook deliveries purged", extra={"purged": purged})
        return purged

    def deliver(self, row: dict[str, Any]) -> None:
        campaign_id, delivery_id = UUID(str(row["campaign_id"])), UUID(str(row["id"]))
        payload = bytes(row["body"]) if row["body"] is not None else None
        attempt = Attempt(None, "the news could not be read")
        if payload is None:
            try:
                payload = self.body(row, campaign_id, delivery_id)
            except Exception as error:  # its campaign's read model stopped, say: tried again like a failed POST
                log.exception("webhook news could not be read", extra={"delivery": str(delivery_id)})
                attempt = Attempt(None, f"the news could not be read: {type(error).__name__}")
        if payload is not None:
            attempt = self.post(row, delivery_id, payload)
        if attempt.error is None:
            self.rows.delivered(campaign_id, delivery_id, attempt.status or 0)
            log.info("webhook delivered", extra={"delivery": str(delivery_id), "kind": row["kind"]})
            return
        delay = backoff(int(row["attempts"]), self.settings)
        gave_up = self.rows.failed(
            campaign_id, delivery_id, row["lease_end"], attempt.status, attempt.error, delay, self.settings.give_up
        )
        log.warning(
            "webhook delivery failed",
            extra={
                "delivery": str(delivery_id),
                "error": attempt.error,
                "gave_up": gave_up,
                "retry_in": round(delay, 3),
            },
        )

    def body(self, row: dict[str, Any], campaign_id: UUID, delivery_id: UUID) -> bytes:
        """Built at the first attempt from the observer's reads, kept, and sent the same on every later one."""
        detail = row["detail"] if isinstance(row["detail"], dict) else json.loads(row["detail"])
        news = self.news.news(delivery_id, campaign_id, row["kind"], row["position"], detail)
        payload = body(news, row["format"])
        self.rows.keep_body(campaign_id, delivery_id, payload)
        return payload

    def post(self, row: dict[str, Any], delivery_id: UUID, payload: bytes) -> Attempt:
        timestamp = str(int(time.time()))
        headers = {
            "Content-Type": "application/json",
            DELIVERY: str(delivery_id),
            TIMESTAMP: timestamp,
            KIND: str(row["kind"]),
            SIGNATURE: signature(str(row["secret"]), timestamp, payload),
        }
        try:
            response = self.client.post(str(row["url"]), content=payload, headers=headers)
        except httpx.HTTPError as error:
            return Attempt(None, f"{type(error).__name__}: {error}"[:500])
        if 200 <= response.status_code < 300:
            return Attempt(response.status_code, None)
        return Attempt(response.status_code, f"the endpoint answered HTTP {response.status_code}")
