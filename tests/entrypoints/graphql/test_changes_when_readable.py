"""Issue 18, Live, when the runner (not the command) folds a change: `campaignChanges` tells it once the read
models show it, so a console that re-reads on a change reads it, and a seat that subscribes "from now on" while
a committed change is not yet folded still hears of it once it is. (A phase resolved under load may be left to
the runner: the command answers `readsMayLag`, and nothing else would tell a seat that opened its page meanwhile.)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from service import bootstrap
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence.database import Database
from tests.entrypoints.graphql.test_subscriptions import subscribe
from tests.service.operations.test_committed_answers import a_campaign
from tests.support.websocket import received

CHANGES = "subscription($id: UUID!) { campaignChanges(campaignId: $id, acknowledge: true) { kind acknowledgement } }"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase } }"
PHASE = "query($id: UUID!) { campaign(id: $id) { phase phaseStatus } }"


@pytest.fixture
def unfolded(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Intrigue]:
    """A server whose commands fold nothing (no runner, no inline fold): every change is left to a runner that a
    test starts when it chooses."""
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)  # the commands' own wait; the subscription's is longer
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")
    system = Intrigue(fresh_db, run_projections=False)
    yield system
    system.close()


def post(client: TestClient, query: str, token: str | None = None, **variables: object) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer: dict[str, Any] = client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    ).json()
    assert "errors" not in answer, answer
    return answer


def runner_later(db: Database, started: list[Intrigue], ready: threading.Event) -> threading.Thread:
    """A second process's runner, started once the test says so: it folds what the commands left."""

    def run() -> None:
        ready.wait(timeout=60)
        started.append(Intrigue(db, run_projections=True, migrate=False))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_change_is_told_once_readable_and_a_late_subscriber_hears_what_is_not_yet(
    unfolded: Intrigue, fresh_db: Database
) -> None:
    started: list[Intrigue] = []
    go = threading.Event()
    try:
        with TestClient(create_app(unfolded)) as client:
            campaign, gm = a_campaign(fresh_db)  # made and folded by a server with a runner, now gone
            opened = post(client, OPEN, gm, id=campaign)
            assert opened["extensions"]["readsMayLag"] is True  # committed, and no read shows it yet
            assert post(client, PHASE, gm, id=campaign)["data"]["campaign"]["phase"] == 0
            with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
                subscribe(ws, gm, CHANGES, id=campaign)  # from now on: after the opening, which no read shows
                # Held before the runner starts: "now" is what the reads showed when the subscription was made, so a
                # runner that folded the opening first would leave nothing to tell (a race this test once lost).
                held = received(ws, "the subscription's acknowledgement")
                assert held["payload"]["data"]["campaignChanges"]["acknowledgement"] is True, held
                thread = runner_later(fresh_db, started, go)
                go.set()
                message = received(ws, "the opening, once a runner folds it")
                assert message["type"] == "next", message
                told = message["payload"]["data"]["campaignChanges"]
                assert (told["kind"], told["acknowledgement"]) == ("PHASE_OPENED", False), told
                read = post(client, PHASE, gm, id=campaign)["data"]["campaign"]
                assert (read["phase"], read["phaseStatus"]) == (1, "OPEN")  # told once the reads show it
            thread.join(timeout=60)
    finally:
        for system in started:
            system.close()
