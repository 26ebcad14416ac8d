"""Issue 31, item 4: `campaignChanges(acknowledge: true)` first says the server holds the subscription, so a client
that reads again on that message misses no change, with no fixed wait (the console did re-read 750 ms later)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.entrypoints.graphql.test_campaign_changes import cursor, now
from tests.entrypoints.graphql.test_order_status import SUBMIT, ok, table  # noqa: F401 (the fixture `t`)
from tests.entrypoints.graphql.test_subscriptions import new_campaign, subscribe
from tests.support.service import gql_as

ACKNOWLEDGED = """subscription($id: UUID!, $after: Int, $ack: Boolean!) {
  campaignChanges(campaignId: $id, after: $after, acknowledge: $ack) { kind position acknowledgement } }"""


def change(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "next", message
    found: dict[str, Any] = message["payload"]["data"]["campaignChanges"]
    return found


def test_the_gm_is_told_first_that_the_subscription_is_held_then_a_change_made_right_after(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        held = now(intrigue, t["c"])
        subscribe(ws, t["gm"], ACKNOWLEDGED, id=t["c"], after=None, ack=True)  # from now on: no past change
        assert change(ws) == {"kind": "OTHER", "position": held, "acknowledgement": True}
        ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
        told = change(ws)
        assert told["kind"] == "ORDERS" and told["position"] > held and told["acknowledgement"] is False


def test_a_player_is_acknowledged_at_its_own_count_and_told_its_next_change(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    counted = cursor(intrigue, t["c"], t["spy"])
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, t["spy"], ACKNOWLEDGED, id=t["c"], after=None, ack=True)
        assert change(ws) == {"kind": "OTHER", "position": counted, "acknowledgement": True}
        ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
        assert change(ws) == {"kind": "ORDERS", "position": counted + 1, "acknowledgement": False}


def test_without_acknowledge_the_first_message_is_the_first_change(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, t["gm"], ACKNOWLEDGED, id=t["c"], after=now(intrigue, t["c"]), ack=False)
        ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
        first = change(ws)
        assert first["kind"] == "ORDERS" and first["acknowledgement"] is False


def test_a_seat_of_another_campaign_is_refused_and_never_acknowledged(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    stranger = intrigue.seats.seat_gm(new_campaign(intrigue).id).token
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, stranger, ACKNOWLEDGED, id=t["c"], after=None, ack=True)
        message = ws.receive_json()
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert message["type"] == "error" or not message["payload"].get("data"), message  # no acknowledgement
        assert errors[0]["extensions"]["code"] == "FORBIDDEN"
