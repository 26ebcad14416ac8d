"""A kill of the service loses no webhook delivery (issue 32, item 1): real `intrigue serve` processes, a real local
receiver, a real SIGKILL. Killed mid-delivery, the next process sends the same delivery again (same id, same
body); killed right after a command's commit, before any delivery was tried, the next process sends it."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import psycopg

from domain.commands import CreateCampaign
from domain.enums import NewsKind
from service.bootstrap import Intrigue
from service.persistence.database import Database
from tests.support.processes import Api, eventually
from tests.support.webhook_receiver import WAIT, receiving

SECRET = "kill-me-softly-0123456789abcdef"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase } }"
# Quick retries; the lease is what a killed process's claim waits out before another process sends it again.
FAST = {
    "INTRIGUE_RUN_PROJECTIONS": "1",
    "INTRIGUE_WEBHOOK_BACKOFF": "0.05",
    "INTRIGUE_WEBHOOK_BACKOFF_MAX": "0.2",
    "INTRIGUE_WEBHOOK_LEASE": "1",
    "INTRIGUE_WEBHOOK_POLL": "0.1",
    "INTRIGUE_WEBHOOK_TIMEOUT": str(WAIT),
}


def a_campaign_with_an_endpoint(db: Database, url: str) -> tuple[str, str]:
    system = Intrigue(db)  # migrates the fresh database
    try:
        started = system.seats.start_campaign(CreateCampaign(f"kills {uuid4().hex[:6]}", ["factionturn"], None, []))
        system.webhooks.register(started.campaign.id, url, SECRET, [NewsKind.PHASE_OPENED])
        return str(started.campaign.id), started.gm.token
    finally:
        system.close()


def rows(db: Database, campaign_id: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(db.conninfo) as conn:
        return conn.execute(
            "SELECT id, attempts, delivered_at IS NOT NULL FROM webhook_deliveries WHERE campaign_id = %s",
            (UUID(campaign_id),),
        ).fetchall()


def open_phase(api: Api, campaign_id: str, token: str, **headers: str) -> httpx.Response:
    return httpx.post(
        f"{api.base}/graphql",
        json={"query": OPEN, "variables": {"id": campaign_id}},
        headers={"Authorization": f"Bearer {token}", **headers},
        timeout=WAIT,
    )


def test_a_kill_mid_delivery_loses_nothing(fresh_db: Database, tmp_path: Path) -> None:
    with receiving() as receiver:
        campaign_id, token = a_campaign_with_an_endpoint(fresh_db, receiver.url)
        receiver.release.clear()  # the first delivery is held: the process is killed while it waits for the answer
        first = Api(fresh_db, tmp_path, "api-killed", "--no-migrate", env=FAST)
        try:
            eventually(first.ready, "the first server", first)
            assert open_phase(first, campaign_id, token).json()["data"]["openPhase"]["phase"] == 1
            assert receiver.entered.wait(WAIT), "the delivery was never sent"
            first.kill()
        finally:
            first.stop()
        [(delivery_id, attempts, delivered)] = rows(fresh_db, campaign_id)
        assert (attempts, delivered) == (1, False)  # sent, never acknowledged
        receiver.release.set()  # the held request ends (its answer goes to a dead socket)
        receiver.wait_for(lambda r: len(r) == 1, "the held request")
        second = Api(fresh_db, tmp_path, "api-again", "--no-migrate", env=FAST)
        try:
            eventually(second.ready, "the second server", second)
            eventually(lambda: rows(fresh_db, campaign_id)[0][2], "the delivery acknowledged", second)
        finally:
            second.stop()
        got = receiver.wait_for(lambda r: len(r) >= 2, "the delivery sent again")
    assert {r.delivery for r in got} == {str(delivery_id)}
    assert got[0].body == got[1].body and all(r.verifies(SECRET) for r in got)  # the same body, signed each time


def test_a_kill_right_after_the_commit_loses_nothing(fresh_db: Database, tmp_path: Path) -> None:
    with receiving() as receiver:
        campaign_id, token = a_campaign_with_an_endpoint(fresh_db, receiver.url)
        # The test-only hook: SIGKILL right after a keyed command's commit, before it answers or sends anything.
        first = Api(
            fresh_db, tmp_path, "api-faulty", "--no-migrate", env={**FAST, "INTRIGUE_FAULT": "exit-after-commit"}
        )
        try:
            eventually(first.ready, "the faulty server", first)
            with contextlib.suppress(httpx.HTTPError):  # the process dies before it answers
                open_phase(first, campaign_id, token, **{"Idempotency-Key": str(uuid4())})
            eventually(lambda: first.popen.poll() is not None, "the server's death")
        finally:
            first.stop()
        assert [(attempts, delivered) for _, attempts, delivered in rows(fresh_db, campaign_id)] == [(0, False)]
        second = Api(fresh_db, tmp_path, "api-healthy", "--no-migrate", env=FAST)
        try:
            eventually(second.ready, "the second server", second)
            got = receiver.wait_for(lambda r: len(r) >= 1, "the phase's opening")
            eventually(lambda: rows(fresh_db, campaign_id)[0][2], "the delivery acknowledged", second)
        finally:
            second.stop()
    assert got[0].json["kind"] == "phase_opened" and got[0].json["phase"] == 1 and got[0].verifies(SECRET)
