"""The webhooks' outbox (issue 32, item 1; docs/webhooks.md): deliveries written in the transaction of the events
that cause them, so one is never sent for an event that did not commit and never lost for one that did.

Three tables, each keyed by `campaign_id` and distributed by it on Citus (service/persistence/citus.py), made by
migration step 14: the GM's endpoints, the deliveries (one row per endpoint and piece of news, the outbox), and
the due time of a phase's orders the GM announced ("orders due soon"). The recorder (service/persistence/
recorder.py) calls `enqueue` inside a save whose events include news; a delivery's id is an md5 of its endpoint,
kind and event position, so a save retried after a lost acknowledgement cannot queue it twice.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.campaign import Campaign
from domain.enums import NewsKind
from domain.phase_chronicle import PhaseChronicle

ENDPOINTS, DELIVERIES, ORDERS_DUE = "webhook_endpoints", "webhook_deliveries", "webhook_orders_due"
DDL = [
    f"""CREATE TABLE IF NOT EXISTS {ENDPOINTS} (
        id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        url text NOT NULL,
        secret text NOT NULL,
        kinds text[] NOT NULL,
        format text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz,
        PRIMARY KEY (id, campaign_id))""",
    f"""CREATE TABLE IF NOT EXISTS {DELIVERIES} (
        id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        endpoint_id uuid NOT NULL,
        kind text NOT NULL,
        position bigint,
        detail jsonb NOT NULL DEFAULT jsonb_build_object(),
        body bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        delivered_at timestamptz,
        gave_up_at timestamptz,
        last_status integer,
        last_error text,
        PRIMARY KEY (id, campaign_id))""",
    f"""CREATE INDEX IF NOT EXISTS {DELIVERIES}_due ON {DELIVERIES} (next_attempt_at)
        WHERE delivered_at IS NULL AND gave_up_at IS NULL""",
    f"CREATE INDEX IF NOT EXISTS {DELIVERIES}_endpoint ON {DELIVERIES} (campaign_id, endpoint_id, created_at)",
    f"""CREATE TABLE IF NOT EXISTS {ORDERS_DUE} (
        campaign_id uuid PRIMARY KEY,
        phase integer NOT NULL,
        due_at timestamptz NOT NULL,
        notice_at timestamptz NOT NULL,
        announced_at timestamptz)""",
]
TABLES = (ENDPOINTS, DELIVERIES, ORDERS_DUE)

# The stored topics that are news, and which (visibility.py PHASE_CHANGES: what every seat hears anyway).
_NEWS_EVENTS = (
    (Campaign, "PhaseOpened", NewsKind.PHASE_OPENED),
    (Campaign, "PhaseResolved", NewsKind.PHASE_RESOLVED),
    (Campaign, "PhaseRolledBack", NewsKind.PHASE_ROLLED_BACK),
    (Campaign, "ChroniclePublished", NewsKind.CHRONICLE_PUBLISHED),  # the GMLedger's, on the campaign
    (PhaseChronicle, "ChroniclePublished", NewsKind.CHRONICLE_PUBLISHED),
)
NEWS_TOPICS: dict[str, NewsKind] = {get_topic(getattr(owner, name)): kind for owner, name, kind in _NEWS_EVENTS}
# A phase that opens, resolves or is rolled back ends the announced due time of the phase before.
_CLOCK = {NewsKind.PHASE_OPENED, NewsKind.PHASE_RESOLVED, NewsKind.PHASE_ROLLED_BACK}
_ENQUEUE = f"""INSERT INTO {DELIVERIES} (id, campaign_id, endpoint_id, kind, position)
    SELECT md5(e.id::text || ':' || n.kind || ':' || n.position)::uuid, e.campaign_id, e.id, n.kind, n.position
    FROM unnest(%(kinds)s::text[], %(positions)s::bigint[]) AS n(kind, position)
    JOIN {ENDPOINTS} e ON e.campaign_id = %(campaign)s AND e.removed_at IS NULL AND n.kind = ANY(e.kinds)
    ON CONFLICT DO NOTHING"""
_CLEAR_DUE = f"DELETE FROM {ORDERS_DUE} WHERE campaign_id = %(campaign)s"


def news_in(topics: Sequence[str]) -> bool:
    """Whether a save of events with these topics carries news (and so is saved in a transaction with its outbox)."""
    return any(topic in NEWS_TOPICS for topic in topics)


def enqueue(cursor: Any, campaign: UUID, topics: Sequence[str], positions: Sequence[int]) -> None:
    """Queue a delivery to every endpoint of the campaign that wants each piece of news in these events, in the
    caller's transaction (the save of the events themselves)."""
    found = [(NEWS_TOPICS[t], p) for t, p in zip(topics, positions, strict=True) if t in NEWS_TOPICS]
    if not found:
        return
    params = {"campaign": campaign, "kinds": [k.value for k, _ in found], "positions": [p for _, p in found]}
    cursor.execute(_ENQUEUE, params)
    _QUEUED.flag = True
    if any(kind in _CLOCK for kind, _ in found):
        cursor.execute(_CLEAR_DUE, params)


WAKE = threading.Event()  # set after a save with deliveries commits: this process's delivery worker looks at once


_QUEUED = threading.local()  # this thread's save queued deliveries: wake the worker once it commits


def committed() -> None:
    """After a save committed, wake this process's delivery worker if the save queued deliveries (other processes'
    workers find them by polling)."""
    if getattr(_QUEUED, "flag", False):
        _QUEUED.flag = False
        WAKE.set()
