"""Webhooks sent by `intrigue worker` (issue 32, item 1; docs/webhooks.md, Where deliveries are sent): real worker
processes, no `serve` at all, a real local receiver. A worker alone sends every delivery once; two workers with a
slow receiver and a lease shorter than a whole claim's sending still send each one once (a worker starts an
attempt only while its lease outlasts it, and gives the rest of its claim back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import psycopg

from domain.commands import CreateCampaign
from domain.enums import NewsKind
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.support.processes import Process, eventually
from tests.support.webhook_receiver import WAIT, Receiver, receiving

SECRET = "workers-deliver-too-0123456789ab"
QUICK = {"INTRIGUE_WEBHOOK_BACKOFF": "0.05", "INTRIGUE_WEBHOOK_BACKOFF_MAX": "0.2", "INTRIGUE_WEBHOOK_POLL": "0.1"}


def queued_news(db: Database, url: str, phases: int) -> str:
    """A campaign whose endpoint wants each phase's opening and resolution, played `phases` months by a process that
    sends no deliveries (an `Intrigue` alone runs no delivery worker): 2 x `phases` deliveries wait in the outbox."""
    system = Intrigue(db)  # migrates the fresh database
    try:
        started = system.seats.start_campaign(CreateCampaign(f"workers {uuid4().hex[:6]}", ["factionturn"], None, []))
        campaign_id = started.campaign.id
        system.webhooks.register(campaign_id, url, SECRET, [NewsKind.PHASE_OPENED, NewsKind.PHASE_RESOLVED])
        for _ in range(phases):
            system.campaigns.open_phase(campaign_id)
            system.campaigns.resolve_phase(campaign_id)
        return str(campaign_id)
    finally:
        system.close()


def rows(db: Database, campaign_id: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute(
            "SELECT id, attempts, delivered_at IS NOT NULL FROM webhook_deliveries"
            " WHERE campaign_id = %s ORDER BY position",
            (UUID(campaign_id),),
        ).fetchall()


def delivered_once_each(db: Database, campaign_id: str, receiver: Receiver, workers: list[Process]) -> None:
    """Wait until every delivery is acknowledged, stop the workers (each finishes the attempt it is making), then
    check that the receiver got each delivery exactly once, signed, at the first attempt."""
    queued = rows(db, campaign_id)
    try:
        eventually(
            lambda: all(delivered for *_, delivered in rows(db, campaign_id)),
            "every delivery acknowledged",
            *workers,
            limit=WAIT,
        )
    finally:
        stopped = [worker.stop() for worker in workers]  # SIGTERM: each stops its delivery thread and exits
    assert stopped == [0] * len(workers), [worker.output()[-4000:] for worker in workers]
    got = list(receiver.received)
    assert sorted(r.delivery for r in got) == sorted(str(delivery_id) for delivery_id, *_ in queued)  # once each
    assert all(r.verifies(SECRET) for r in got)
    assert [attempts for _, attempts, _ in rows(db, campaign_id)] == [1] * len(queued)


def test_a_worker_process_alone_delivers_every_delivery_once(fresh_db: Database, tmp_path: Path) -> None:
    with receiving() as receiver:
        campaign_id = queued_news(fresh_db, receiver.url, phases=6)
        assert len(rows(fresh_db, campaign_id)) == 12 and receiver.received == []
        delivered_once_each(
            fresh_db, campaign_id, receiver, [Process(fresh_db, tmp_path, "worker", "worker", env=QUICK)]
        )


def test_two_workers_and_a_slow_receiver_send_each_delivery_once(fresh_db: Database, tmp_path: Path) -> None:
    """Each request takes half a second; a claim of 20 would take ten, longer than the lease of eight: a worker that
    sent a whole claim would have its last rows claimed again by the other and sent twice."""
    slow = {**QUICK, "INTRIGUE_WEBHOOK_LEASE": "8", "INTRIGUE_WEBHOOK_TIMEOUT": "5"}
    with receiving() as receiver:
        receiver.delay = 0.5
        campaign_id = queued_news(fresh_db, receiver.url, phases=12)
        workers = [Process(fresh_db, tmp_path, f"worker-{n}", "worker", env=slow) for n in (1, 2)]
        delivered_once_each(fresh_db, campaign_id, receiver, workers)
