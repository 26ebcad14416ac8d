"""Issue 28, item 5: the GM's "view as" applies to live updates too. A subscription names the seat it is viewed as
by the `X-Intrigue-View-As` key of its `connection_init` payload (a browser's WebSocket takes no header) or by the
header itself, and is then told only what that seat would be told; only the campaign's GM may ask it."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from service.usecases.seats import IssuedSeat
from tests.entrypoints.graphql.test_campaign_changes import CHANGES, RESOLVE, kinds_until, now
from tests.entrypoints.graphql.test_order_status import ORDER, ok, smear, table  # noqa: F401 (the fixture `t`)
from tests.support.service import gql_as

WS = {"subprotocols": ["graphql-transport-ws"]}


def _rival(intrigue: Any, t: dict[str, Any]) -> IssuedSeat:
    """A second seat for House Barrison, whose id the GM names (the fixture answers tokens alone)."""
    seat: IssuedSeat = intrigue.seats.create_seat(UUID(t["c"]), "player", "Bo's twin", house_id=t["houses"][1].id)
    return seat


def _subscribe(ws: Any, payload: dict[str, str], **variables: object) -> None:
    ws.send_json({"type": "connection_init", "payload": payload})
    assert ws.receive_json()["type"] == "connection_ack"
    ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": CHANGES, "variables": variables}})


def test_the_gm_viewing_as_a_rival_hears_what_the_rival_hears_and_not_the_plot(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    rival = _rival(intrigue, t)
    gm = f"Bearer {t['gm']}"
    with (
        client.websocket_connect("/graphql", **WS) as viewed,
        client.websocket_connect("/graphql", headers={"X-Intrigue-View-As": str(rival.seat.id)}, **WS) as by_header,
        client.websocket_connect("/graphql", **WS) as own,
    ):
        # The rival's cursor counts the changes it may know of: from now on (null) is the same for every seat.
        _subscribe(viewed, {"Authorization": gm, "X-Intrigue-View-As": str(rival.seat.id)}, id=t["c"], after=None)
        _subscribe(by_header, {"Authorization": gm}, id=t["c"], after=None)
        _subscribe(own, {"Authorization": gm}, id=t["c"], after=now(intrigue, t["c"]))
        ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=str(t["houses"][0].id), o=smear(t)))  # a secret plot
        ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))
        assert kinds_until(own, "PHASE_RESOLVED")[0] == "ORDERS"  # the control: the GM's own view hears the order
        for ws in (viewed, by_header):
            heard = kinds_until(ws, "PHASE_RESOLVED")
            assert heard[0] == "PHASE_RESOLVING" and "ORDERS" not in heard, heard


def test_only_the_gm_may_view_a_subscription_as_another_seat(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    rival = _rival(intrigue, t)
    with client.websocket_connect("/graphql", **WS) as ws:
        _subscribe(
            ws,
            {"Authorization": f"Bearer {t['baenre']}", "X-Intrigue-View-As": str(rival.seat.id)},
            id=t["c"],
            after=None,
        )
        message = ws.receive_json()
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "FORBIDDEN", message
    with client.websocket_connect("/graphql", **WS) as ws:
        _subscribe(ws, {"Authorization": f"Bearer {t['gm']}", "X-Intrigue-View-As": "not-a-seat"}, id=t["c"])
        message = ws.receive_json()
    errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
    assert errors[0]["extensions"]["code"] == "INVALID_INPUT", message
