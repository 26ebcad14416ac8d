"""Answers that match what was committed (issue 12, finding 3): a committed command answers success, lagging
reads are said so, a retry after a crash never writes twice, and no answer is replayed to another client."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID, uuid4

import httpx
import psycopg
import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign
from service import bootstrap
from service.bootstrap import Intrigue
from service.entrypoints import http
from service.entrypoints.http import create_app
from service.persistence import idempotency
from service.persistence.database import Database
from tests.support.processes import Api, eventually
from tests.support.rest_support import API, bearer

CREATE = """mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id name phase gmToken regions { name q r } } }"""
LAG_HEADER, POSITION_HEADER, REPLAYED_HEADER = "Intrigue-Reads-May-Lag", "Intrigue-Position", "Idempotent-Replayed"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { id phase phaseStatus } }"


def events_of(db: Database, campaign_id: str) -> list[tuple[int, str]]:
    with psycopg.connect(db.conninfo) as conn:
        rows = conn.execute(
            "SELECT campaign_position, topic FROM intrigue_events WHERE originator_id = %s ORDER BY campaign_position",
            (UUID(campaign_id),),
        ).fetchall()
    return [(int(r[0]), str(r[1])) for r in rows]


def projected(db: Database) -> int:
    with psycopg.connect(db.conninfo) as conn:
        row = conn.execute("SELECT count(*) FROM aggregate_state").fetchone()
    return int(row[0]) if row else 0


@pytest.fixture
def stalled(fresh_db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Intrigue]:
    """An Intrigue whose read models never move: nobody runs the projections and commands fold nothing inline (a
    new campaign's lane would be at its head), so every command's wait times out."""
    monkeypatch.setattr(bootstrap, "PROJECTION_TIMEOUT", 0.2)
    monkeypatch.setenv("INTRIGUE_INLINE_PROJECTION", "0")
    system = Intrigue(fresh_db, run_projections=False)
    yield system
    system.close()


def test_a_committed_command_answers_graphql_success_when_the_read_models_lag(
    stalled: Intrigue, fresh_db: Database
) -> None:
    with TestClient(create_app(stalled)) as client:
        variables = {
            "input": {"name": "Lagging", "ruleSystems": ["FACTION_TURN"], "regions": [{"name": "Fort", "q": 0, "r": 0}]}
        }
        created = client.post("/graphql", json={"query": CREATE, "variables": variables}).json()
        assert "errors" not in created, created
        campaign = created["data"]["createCampaign"]
        assert (campaign["name"], campaign["phase"], campaign["regions"]) == (
            "Lagging",
            0,
            [{"name": "Fort", "q": 0, "r": 0}],
        )
        head = events_of(fresh_db, campaign["id"])[-1][0]
        assert created["extensions"]["readsMayLag"] is True and created["extensions"]["position"] >= head
        opened = client.post(
            "/graphql", json={"query": OPEN, "variables": {"id": campaign["id"]}}, headers=bearer(campaign["gmToken"])
        ).json()
        assert "errors" not in opened, opened
        assert opened["data"]["openPhase"]["phase"] == 1 and opened["extensions"]["readsMayLag"] is True
    assert projected(fresh_db) == 0  # the answers were built while the read models held nothing


def test_a_committed_command_answers_rest_success_when_the_read_models_lag(
    stalled: Intrigue, fresh_db: Database
) -> None:
    with TestClient(create_app(stalled)) as client:
        body = {"name": "Lagging REST", "rule_systems": ["factionturn"], "regions": [{"name": "Fort", "q": 0, "r": 0}]}
        created = client.post(f"{API}/campaigns", json=body)
        assert created.status_code == 201, created.text
        assert created.json()["campaign"]["name"] == "Lagging REST" and created.json()["token"]
        assert created.headers[LAG_HEADER] == "true" and int(created.headers[POSITION_HEADER]) > 0
        campaign_id, token = created.json()["campaign"]["id"], created.json()["token"]
        rolled = client.post(
            f"{API}/campaigns/{campaign_id}/rolls", json={"expression": "2d6", "purpose": "omen"}, headers=bearer(token)
        )
        assert rolled.status_code == 201 and rolled.headers[LAG_HEADER] == "true", rolled.text
        assert int(rolled.headers[POSITION_HEADER]) == events_of(fresh_db, campaign_id)[-1][0]
        assert "nothing" not in rolled.text
    assert projected(fresh_db) == 0


def test_a_command_answers_success_when_the_projection_stopped(
    stalled: Intrigue, fresh_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(notification_id: int, timeout: float) -> None:
        raise RuntimeError(f"projection 'state' stopped before event {notification_id}")

    monkeypatch.setattr(stalled.read_side, "wait", stopped)
    with TestClient(create_app(stalled)) as client:
        created = client.post(f"{API}/campaigns", json={"name": "Stopped", "rule_systems": ["gameofbones"]})
        assert created.status_code == 201 and created.headers[LAG_HEADER] == "true", created.text
        campaign_id = created.json()["campaign"]["id"]
        opened = client.post(
            "/graphql", json={"query": OPEN, "variables": {"id": campaign_id}}, headers=bearer(created.json()["token"])
        ).json()
        assert "errors" not in opened and opened["data"]["openPhase"]["phase"] == 1, opened
        assert opened["extensions"] == {"readsMayLag": True, "position": events_of(fresh_db, campaign_id)[-1][0]}


INLINE = "INTRIGUE_INLINE_PROJECTION"  # "0": a command's own events are not projected in its transaction


def a_campaign(db: Database) -> tuple[str, str]:
    """Migrate `db` and create one campaign in it, projected; return its id and GM token."""
    system = Intrigue(db)
    try:
        started = system.seats.start_campaign(CreateCampaign(f"killed {uuid4().hex[:6]}", ["factionturn"], None, []))
        return str(started.campaign.id), started.gm.token
    finally:
        system.close()


def send_until_killed(api: Api, db: Database, campaign_id: str, send: Any) -> None:
    """Send a command on a thread; SIGKILL the server once its events are committed, before it answers.

    Nobody projects `db` (the server runs no projections, not even inline: `INLINE` is off), so the server
    waits for its read models after the commit: the kill lands between the commit and the answer (or the
    server's own fault hook gets there first)."""
    before = len(events_of(db, campaign_id))
    answered: list[object] = []
    thread = threading.Thread(target=lambda: answered.append(_attempt(send)), daemon=True)
    thread.start()
    eventually(lambda: len(events_of(db, campaign_id)) > before or api.popen.poll() is not None, "the commit", api)
    api.kill()
    thread.join(timeout=60)
    assert answered and isinstance(answered[0], httpx.HTTPError), f"the server answered before it died: {answered}"


def _attempt(send: Any) -> object:
    try:
        return send()
    except httpx.HTTPError as error:
        return error


def test_a_rest_retry_after_a_kill_between_commit_and_answer_never_writes_twice(
    fresh_db: Database, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, token = a_campaign(fresh_db)
    key = {"Idempotency-Key": str(uuid4()), **bearer(token)}
    url, roll = f"{API}/campaigns/{campaign_id}/rolls", {"expression": "3d6", "purpose": "omen"}
    monkeypatch.setenv(INLINE, "0")
    first = Api(fresh_db, tmp_path, "api-killed", "--no-projections", "--no-migrate")
    monkeypatch.delenv(INLINE)
    try:
        eventually(first.ready, "the first server", first)
        send_until_killed(
            first, fresh_db, campaign_id, lambda: httpx.post(first.base + url, json=roll, headers=key, timeout=60)
        )
    finally:
        first.stop()
    committed = events_of(fresh_db, campaign_id)
    assert [t for _, t in committed].count("domain.campaign:Campaign.DiceRolled") == 1
    second = Api(fresh_db, tmp_path, "api-again", "--no-projections", "--no-migrate")
    try:
        eventually(second.ready, "the second server", second)
        retried = httpx.post(second.base + url, json=roll, headers=key, timeout=60)
    finally:
        second.stop()
    assert events_of(fresh_db, campaign_id) == committed  # not run again
    assert retried.status_code == 202 and retried.headers[REPLAYED_HEADER] == "true", retried.text
    assert retried.json()["committed"] is True and retried.json()["position"] == committed[-1][0]


def test_a_graphql_retry_after_the_server_dies_right_after_commit_never_writes_twice(
    fresh_db: Database, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id, token = a_campaign(fresh_db)
    headers = {"Idempotency-Key": str(uuid4()), **bearer(token)}
    payload = {"query": OPEN, "variables": {"id": campaign_id}}
    monkeypatch.setenv("INTRIGUE_FAULT", "exit-after-commit")  # test-only hook: SIGKILL right after the commit
    monkeypatch.setenv(INLINE, "0")
    first = Api(fresh_db, tmp_path, "api-faulty", "--no-projections", "--no-migrate")
    monkeypatch.delenv("INTRIGUE_FAULT")
    monkeypatch.delenv(INLINE)
    try:
        eventually(first.ready, "the faulty server", first)
        send_until_killed(
            first,
            fresh_db,
            campaign_id,
            lambda: httpx.post(first.base + "/graphql", json=payload, headers=headers, timeout=60),
        )
    finally:
        first.stop()
    committed = events_of(fresh_db, campaign_id)
    assert committed[-1][1] == "domain.campaign:Campaign.PhaseOpened"
    second = Api(fresh_db, tmp_path, "api-healthy", "--no-projections", "--no-migrate")
    try:
        eventually(second.ready, "the second server", second)
        retried = httpx.post(second.base + "/graphql", json=payload, headers=headers, timeout=60).json()
    finally:
        second.stop()
    assert events_of(fresh_db, campaign_id) == committed  # the phase was opened once
    assert "errors" not in retried, retried
    assert retried["extensions"]["committed"] is True and retried["extensions"]["position"] == committed[-1][0]


def test_keyed_requests_open_no_connection_of_their_own(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []
    original = psycopg.AsyncConnection.connect

    async def counted(*args: Any, **kwargs: Any) -> Any:
        opened.append(args)
        return await original(*args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "connect", counted)
    for _ in range(5):
        created = client.post(
            f"{API}/campaigns",
            json={"name": f"pooled {uuid4()}", "rule_systems": ["factionturn"]},
            headers={"Idempotency-Key": str(uuid4())},
        )
        assert created.status_code == 201, created.text
    assert opened == []  # the app's idempotency pool was opened with the app; requests borrow from it


def seats_of(intrigue: Intrigue, campaign_id: str) -> int:
    return len(intrigue.seats.seats(UUID(campaign_id)))


def test_a_seat_whose_answer_was_lost_is_not_made_twice_and_its_token_is_not_shown_again(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def lost(self: object, response: dict[str, Any]) -> None:
        raise RuntimeError("the server stopped before the answer was kept")

    with TestClient(create_app(intrigue), raise_server_exceptions=False) as client:
        created = client.post(f"{API}/campaigns", json={"name": f"seats {uuid4()}", "rule_systems": ["factionturn"]})
        campaign_id, token = created.json()["campaign"]["id"], created.json()["token"]
        url, headers = f"{API}/campaigns/{campaign_id}/seats", {"Idempotency-Key": str(uuid4()), **bearer(token)}
        monkeypatch.setattr(idempotency.Claim, "save", lost)
        first = client.post(url, json={"role": "observer", "name": "Watcher"}, headers=headers)
        assert first.status_code == 500 and seats_of(intrigue, campaign_id) == 2  # the GM and the observer
        monkeypatch.undo()
        retried = client.post(url, json={"role": "observer", "name": "Watcher"}, headers=headers)
    assert retried.status_code == 202 and retried.json()["committed"] is True, retried.text
    assert seats_of(intrigue, campaign_id) == 2 and "itg_" not in retried.text


def test_racers_with_one_key_wait_without_starving_a_small_idempotency_pool(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(http, "CLAIM_CONNECTIONS", 2)  # fewer connections than racers
    body, key = {"name": f"raced {uuid4()}", "rule_systems": ["factionturn"]}, {"Idempotency-Key": str(uuid4())}
    with TestClient(create_app(intrigue)) as client, ThreadPoolExecutor(max_workers=6) as racers:
        answers = list(racers.map(lambda _: client.post(f"{API}/campaigns", json=body, headers=key), range(6)))
    assert {a.status_code for a in answers} == {201}, [a.text for a in answers]
    assert len({a.json()["campaign"]["id"] for a in answers}) == 1
    assert sum(REPLAYED_HEADER not in a.headers for a in answers) == 1
