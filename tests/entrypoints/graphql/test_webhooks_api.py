"""Webhooks through the API (issue 32, item 1): the GM's GraphQL and REST, refused to other seats; a slow receiver
never slows a command; "orders due soon" goes out once at its notice time, and not after the phase resolved."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.operations.deliveries import DeliverySettings, DeliveryWorker
from tests.support.rest_support import API, bearer, conforms, new_campaign
from tests.support.service import gql_as
from tests.support.webhook_receiver import WAIT, receiving

SECRET = "the-table-shares-this-0123456789"
FAST = DeliverySettings(timeout=WAIT, lease=WAIT * 2, backoff=0.05, backoff_max=0.2, give_up=3600.0, poll=0.05)
REGISTER = """mutation($id: UUID!, $url: String!, $secret: String!) {
  registerWebhook(campaignId: $id, url: $url, secret: $secret, kinds: [PHASE_OPENED, PHASE_RESOLVED, ORDERS_DUE_SOON])
  { id url kinds format deliveries { id } } }"""
LIST = """query($id: UUID!) { webhooks(campaignId: $id) { id url kinds format lastError
  deliveries { id kind position attempts deliveredAt gaveUpAt lastStatus lastError state } } }"""
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase phaseStatus } }"
RESOLVE = "mutation($id: UUID!) { resolvePhase(campaignId: $id) { phase phaseStatus } }"


@pytest.fixture
def worker(intrigue: Intrigue) -> Iterator[DeliveryWorker]:
    started = DeliveryWorker(intrigue.webhook_rows, intrigue.news, FAST)
    started.start()
    yield started
    started.stop()


@pytest.fixture
def campaign(client: TestClient) -> tuple[str, str, str]:
    """A campaign, its GM's token and an observer's."""
    created, gm = new_campaign(client, "hooks over the API")
    observer = conforms(
        client.post(
            f"{API}/campaigns/{created['id']}/seats", json={"role": "observer", "name": "watcher"}, headers=bearer(gm)
        )
    )
    return str(created["id"]), gm, str(observer.json()["token"])


def data(body: dict[str, object]) -> dict[str, Any]:
    assert "errors" not in body, body
    found: dict[str, Any] = body["data"]  # type: ignore[assignment]
    return found


def test_the_gm_registers_lists_tests_and_removes_an_endpoint_over_graphql(
    client: TestClient, campaign: tuple[str, str, str], worker: DeliveryWorker
) -> None:
    campaign_id, gm, _ = campaign
    with receiving() as receiver:
        registered = data(gql_as(client, gm, REGISTER, id=campaign_id, url=receiver.url, secret=SECRET))
        endpoint = registered["registerWebhook"]
        assert endpoint["kinds"] == ["PHASE_OPENED", "PHASE_RESOLVED", "ORDERS_DUE_SOON"]
        assert endpoint["format"] == "JSON" and endpoint["deliveries"] == []
        tested = data(
            gql_as(
                client,
                gm,
                "mutation($id: UUID!, $e: UUID!) { sendWebhookTest(campaignId: $id, "
                "endpointId: $e) { deliveries { id kind } } }",
                id=campaign_id,
                e=endpoint["id"],
            )
        )
        test_id = tested["sendWebhookTest"]["deliveries"][0]["id"]
        got = receiver.wait_for(lambda r: any(x.delivery == test_id for x in r), "the test")
        assert got[0].verifies(SECRET) and got[0].json["kind"] == "test"
    listed = data(gql_as(client, gm, LIST, id=campaign_id))["webhooks"]
    assert [e["id"] for e in listed] == [endpoint["id"]]
    assert "secret" not in str(listed)
    removed = data(
        gql_as(
            client,
            gm,
            "mutation($id: UUID!, $e: UUID!) { removeWebhook(campaignId: $id, endpointId: $e) { id } }",
            id=campaign_id,
            e=endpoint["id"],
        )
    )
    assert removed["removeWebhook"] == []


def test_no_seat_but_the_gm_may_see_or_touch_the_webhooks(client: TestClient, campaign: tuple[str, str, str]) -> None:
    campaign_id, gm, observer = campaign
    data(gql_as(client, gm, REGISTER, id=campaign_id, url="https://example.org/hook", secret=SECRET))
    for token in (observer, "no-such-token"):
        for query in (LIST, REGISTER):
            body = gql_as(client, token, query, id=campaign_id, url="https://example.org/x", secret=SECRET)
            assert body.get("errors"), body
            assert body["errors"][0]["extensions"]["code"] in ("FORBIDDEN", "UNAUTHENTICATED")  # type: ignore[index]
    refused = client.get(f"{API}/campaigns/{campaign_id}/webhooks", headers=bearer(observer))
    assert conforms(refused).status_code == 403


def test_a_slow_receiver_never_slows_a_command(
    client: TestClient, campaign: tuple[str, str, str], worker: DeliveryWorker, intrigue: Intrigue
) -> None:
    campaign_id, gm, _ = campaign
    with receiving() as receiver:
        receiver.release.clear()  # every request is held until the test lets it go
        data(gql_as(client, gm, REGISTER, id=campaign_id, url=receiver.url, secret=SECRET))
        assert data(gql_as(client, gm, OPEN, id=campaign_id))["openPhase"]["phaseStatus"] == "OPEN"
        assert receiver.entered.wait(WAIT), "the phase's opening was never sent"
        # The receiver holds the opening's delivery; the next command runs and answers all the same.
        assert data(gql_as(client, gm, RESOLVE, id=campaign_id))["resolvePhase"]["phaseStatus"] == "RESOLVED"
        assert not receiver.release.is_set() and receiver.received == []  # still held: nothing answered yet
        pending = data(gql_as(client, gm, LIST, id=campaign_id))["webhooks"][0]["deliveries"]
        assert {d["state"] for d in pending} == {"PENDING"}
        receiver.release.set()
        got = receiver.wait_for(lambda r: len(r) >= 2, "both deliveries once let go")
    assert [r.json["kind"] for r in got] == ["phase_opened", "phase_resolved"]


def test_the_gm_manages_endpoints_over_rest(
    client: TestClient, campaign: tuple[str, str, str], worker: DeliveryWorker
) -> None:
    campaign_id, gm, _ = campaign
    base = f"{API}/campaigns/{campaign_id}/webhooks"
    with receiving() as receiver:
        body = {"url": receiver.url, "secret": SECRET, "kinds": ["phase_opened"], "format": "slack"}
        created = conforms(client.post(base, json=body, headers=bearer(gm)))
        assert created.status_code == 201 and created.json()["format"] == "slack"
        endpoint_id = created.json()["id"]
        tested = conforms(client.post(f"{base}/{endpoint_id}/tests", headers=bearer(gm)))
        assert tested.status_code == 202
        got = receiver.wait_for(lambda r: len(r) >= 1, "the test")
        assert set(got[0].json) == {"text"} and got[0].verifies(SECRET)
    listed = conforms(client.get(base, headers=bearer(gm)))
    assert [e["id"] for e in listed.json()["webhooks"]] == [endpoint_id]
    bad = conforms(client.post(base, json={**body, "url": "ftp://x"}, headers=bearer(gm)))
    assert bad.status_code == 422
    removed = conforms(client.delete(f"{base}/{endpoint_id}", headers=bearer(gm)))
    assert removed.status_code == 200 and removed.json() == {"webhooks": []}
    gone = conforms(client.delete(f"{base}/{endpoint_id}", headers=bearer(gm)))
    assert gone.status_code == 404


def test_orders_due_soon_goes_out_once_at_its_notice_time(
    client: TestClient, campaign: tuple[str, str, str], worker: DeliveryWorker
) -> None:
    campaign_id, gm, _ = campaign
    with receiving() as receiver:
        data(gql_as(client, gm, REGISTER, id=campaign_id, url=receiver.url, secret=SECRET))
        data(gql_as(client, gm, OPEN, id=campaign_id))
        due = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
        announced = conforms(
            client.put(
                f"{API}/campaigns/{campaign_id}/phases/current/orders-due",
                json={"due_at": due, "notice_hours": 2},
                headers=bearer(gm),
            )
        )
        assert announced.status_code == 200, announced.text
        got = receiver.wait_for(lambda r: any(x.json["kind"] == "orders_due_soon" for x in r), "orders due soon")
        news = next(x.json for x in got if x.json["kind"] == "orders_due_soon")
        assert news["phase"] == 1 and datetime.fromisoformat(news["due_at"]) == datetime.fromisoformat(due)
        data(gql_as(client, gm, RESOLVE, id=campaign_id))
        receiver.wait_for(lambda r: any(x.json["kind"] == "phase_resolved" for x in r), "the resolution")
    assert [x.json["kind"] for x in receiver.received].count("orders_due_soon") == 1


def test_a_phase_that_resolves_before_the_notice_cancels_it(
    client: TestClient, campaign: tuple[str, str, str], intrigue: Intrigue
) -> None:
    campaign_id, gm, _ = campaign
    data(gql_as(client, gm, OPEN, id=campaign_id))
    due = datetime.now(UTC) + timedelta(days=3)
    notice_at = intrigue.webhooks.announce_orders_due(UUID(campaign_id), due, 24)
    assert notice_at == due - timedelta(hours=24)
    assert intrigue.webhook_rows.orders_due(UUID(campaign_id)) is not None
    data(gql_as(client, gm, RESOLVE, id=campaign_id))
    assert intrigue.webhook_rows.orders_due(UUID(campaign_id)) is None  # cleared in the resolution's commit
    late = conforms(
        client.put(
            f"{API}/campaigns/{campaign_id}/phases/current/orders-due",
            json={"due_at": due.isoformat()},
            headers=bearer(gm),
        )
    )
    assert late.status_code == 409  # no open phase


def test_a_registration_sent_again_with_its_idempotency_key_registers_once(
    client: TestClient, campaign: tuple[str, str, str]
) -> None:
    campaign_id, gm, _ = campaign
    payload = {"query": REGISTER, "variables": {"id": campaign_id, "url": "https://example.org/once", "secret": SECRET}}
    headers = {**bearer(gm), "Idempotency-Key": str(uuid4())}
    first = client.post("/graphql", json=payload, headers=headers).json()
    again = client.post("/graphql", json=payload, headers=headers).json()
    assert data(again)["registerWebhook"]["id"] == data(first)["registerWebhook"]["id"]
    assert len(data(gql_as(client, gm, LIST, id=campaign_id))["webhooks"]) == 1
