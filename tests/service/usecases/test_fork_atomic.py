"""A fork is all or nothing, and once (issue 32, item 2; docs/architecture.md, Forking a campaign): a source of more
than one batch of events (the demo after six months: 578 events, batches of 500), forked with a failure after the
first batch through the test-only fault hooks of service/persistence/whole_saves.py (a real lost connection; a
real SIGKILL of `intrigue serve`). Nothing of the fork is left (no event, no head, no seat, no idempotency claim)
and a retry forks once; with the same `Idempotency-Key`, a later retry answers the same fork."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import psycopg
import pytest
from eventsourcing.persistence import OperationalError

from domain.campaign import Campaign, CampaignPreset
from service.bootstrap import Intrigue
from service.persistence.database import Database
from service.persistence.recorder import FAULT
from service.usecases.forks import ForkCampaign
from service.usecases.presets import start_from_preset
from service.usecases.transfer import BATCH
from tests.entrypoints.graphql.test_forks_api import FORK, FORKS
from tests.service.usecases.test_forks import SYSTEMS, played_demo
from tests.support.processes import Api, eventually

PHASES = 6  # the demo after six months holds 578 events: more than one batch
WITH_PROJECTIONS = {"INTRIGUE_RUN_PROJECTIONS": "1"}


def stored(db: Database) -> dict[str, int]:
    """What a fork writes, counted over the whole database."""
    with psycopg.connect(db.conninfo) as conn:
        return {
            table: int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])  # type: ignore[index]
            for table in ("intrigue_events", "campaign_heads", "seats", "idempotency_keys")
        }


def copied(intrigue: Intrigue, source: UUID) -> int:
    """The events a fork at the last phase holds: the source's up to that phase's end, and its `Forked`."""
    events = intrigue.history.phase_end(source, PHASES) - 1
    assert events > BATCH, f"the source must take more than one batch, it has {events} events"
    return events + 1


def test_a_fork_that_loses_its_connection_after_the_first_batch_leaves_nothing_and_forks_once_again(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = played_demo(intrigue, PHASES)
    events = copied(intrigue, source)
    before = stored(intrigue.db)
    monkeypatch.setenv(FAULT, "lose-connection-mid-import")  # the server ends the fork's connection after batch 1
    with pytest.raises(OperationalError):
        intrigue.forks.fork(ForkCampaign(source, PHASES, "What if, lost"))
    assert stored(intrigue.db) == before  # not one event, head or seat of the fork
    monkeypatch.delenv(FAULT)
    started = intrigue.forks.fork(ForkCampaign(source, PHASES, "What if, lost"))
    assert stored(intrigue.db) == {
        **before,
        "intrigue_events": before["intrigue_events"] + events,
        "campaign_heads": before["campaign_heads"] + 1,
        "seats": before["seats"] + 1,
    }
    fork = intrigue.store.load(started.campaign.id, Campaign)
    assert (fork.name, fork.phase, intrigue.history.event_count(fork.id)) == ("What if, lost", PHASES, events)
    assert intrigue.seats.resolve(f"Bearer {started.gm.token}").campaign_id == fork.id


def fork_request(api: Api, source: str, token: str, key: str) -> httpx.Response:
    body = {"query": FORK, "variables": {"id": source, "phase": PHASES, "name": "What if, killed"}}
    return httpx.post(
        f"{api.base}/graphql",
        json=body,
        timeout=60,
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
    )


def test_serve_killed_mid_fork_leaves_nothing_and_the_retry_with_its_key_forks_once(
    fresh_db: Database, tmp_path: Path
) -> None:
    system = Intrigue(fresh_db)  # migrates the fresh database
    try:
        made = start_from_preset(system, CampaignPreset.DEMO, f"demo-{uuid4().hex[:6]}", SYSTEMS, "fork")
        for _ in range(PHASES):
            system.campaigns.open_phase(made.campaign.id)
            system.campaigns.resolve_phase(made.campaign.id)
        events = copied(system, made.campaign.id)
    finally:
        system.close()
    source, token, key = str(made.campaign.id), made.gm.token, str(uuid4())
    before = stored(fresh_db)
    first = Api(fresh_db, tmp_path, "api-killed", "--no-migrate", env={**WITH_PROJECTIONS, FAULT: "exit-mid-import"})
    try:
        eventually(first.ready, "the server to be killed", first)
        with contextlib.suppress(httpx.HTTPError):  # the process dies after the fork's first batch, unanswered
            fork_request(first, source, token, key)
        eventually(lambda: first.popen.poll() is not None, "the server's death")
    finally:
        first.stop()
    assert stored(fresh_db) == before  # no partial fork, and no claim: the key is free for the retry
    second = Api(fresh_db, tmp_path, "api-again", "--no-migrate", env=WITH_PROJECTIONS)
    try:
        eventually(second.ready, "the second server", second)
        answers: list[Any] = [fork_request(second, source, token, key).json() for _ in range(2)]
        listed: Any = second.gql(FORKS, token, id=source)
    finally:
        second.stop()
    assert "errors" not in answers[0], answers[0]
    fork = answers[0]["data"]["forkCampaign"]
    assert answers[1]["data"]["forkCampaign"] == fork  # the second retry answers the fork it made
    assert [f["id"] for f in listed["data"]["forks"]] == [fork["id"]]  # forked once
    assert stored(fresh_db) == {
        "intrigue_events": before["intrigue_events"] + events,
        "seats": before["seats"] + 1,
        "campaign_heads": before["campaign_heads"] + 1,
        "idempotency_keys": before["idempotency_keys"] + 1,
    }
