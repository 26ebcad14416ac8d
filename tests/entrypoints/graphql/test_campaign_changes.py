"""Issue 18, Live: `campaignChanges` over graphql-transport-ws tells each seat what changed, and no secret: a
player hears the phase clock and its own orders, never that a rival ordered a plot; the GM hears every order."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from starlette.testclient import TestClient

from service.usecases.visibility import change_seen_by, sees_everything
from tests.entrypoints.graphql.test_order_status import ORDER, SUBMIT, ok, smear, table  # noqa: F401 (the fixture `t`)
from tests.entrypoints.graphql.test_subscriptions import subscribe
from tests.support.service import gql_as

CHANGES = "subscription($id: UUID!, $after: Int) { campaignChanges(campaignId: $id, after: $after) { kind position } }"
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }"
ROLL_BACK = """mutation($c: UUID!, $p: Int!, $r: String!) {
  rollBackPhase(campaignId: $c, phase: $p, reason: $r) { phase } }"""


def now(intrigue: Any, campaign_id: str) -> int:
    """The campaign's last position before the test acts: a subscription given it as `after` hears everything
    after it, however late the server starts following (with `after` null it follows from whenever the
    subscription begins, which may be after a mutation the test sent right after subscribing)."""
    positions = intrigue.audit.positions(UUID(campaign_id))
    return int(positions[-1]) if positions else 0


def cursor(intrigue: Any, campaign_id: str, token: str) -> int:
    """Where a seat's `after` stands before the test acts: the GM's last log position; any other seat's count of
    the changes it may know of so far (its positions count them, as `phaseResults`' do)."""
    seat, campaign = intrigue.seats.resolve(f"Bearer {token}"), UUID(campaign_id)
    if sees_everything(seat, campaign):
        return now(intrigue, campaign_id)
    logged = intrigue.audit.topics(campaign)
    return sum(change_seen_by(seat, campaign, topic, stream) is not None for _, stream, topic in logged)


def kinds_until(ws: Any, last: str) -> list[str]:
    """The kinds received, up to and including the first `last`."""
    kinds: list[str] = []
    while not kinds or kinds[-1] != last:
        message = ws.receive_json()
        assert message["type"] == "next", message
        kinds.append(message["payload"]["data"]["campaignChanges"]["kind"])
    return kinds


def test_a_player_hears_its_own_orders_and_the_phase_but_not_a_rivals_plot(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    baenre = str(t["houses"][0].id)
    with (
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as rival,
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as own,
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as gm,
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as observer,
    ):
        for ws, token in ((rival, t["barrison"]), (own, t["baenre"]), (gm, t["gm"]), (observer, t["observer"])):
            subscribe(ws, token, CHANGES, id=t["c"], after=cursor(intrigue, t["c"], token))
        ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=smear(t)))  # a secret plot against Barrison
        ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))
        assert kinds_until(own, "PHASE_RESOLVED")[0] == "ORDERS"
        assert "ORDERS" in kinds_until(gm, "PHASE_RESOLVED")
        heard = kinds_until(rival, "PHASE_RESOLVED")  # then its own house's changes as the month resolves
        assert heard[0] == "PHASE_RESOLVING" and "ORDERS" not in heard  # the plot's existence never reached it
        assert kinds_until(observer, "PHASE_RESOLVED") == ["PHASE_RESOLVING", "PHASE_RESOLVED"]


def test_a_faction_player_hears_its_own_orders_land_and_a_rollback(
    client: TestClient, t: dict[str, Any], intrigue: Any
) -> None:
    with (
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws,
        client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as gm,
    ):
        start = cursor(intrigue, t["c"], t["spy"])
        subscribe(ws, t["spy"], CHANGES, id=t["c"], after=start)
        subscribe(gm, t["gm"], CHANGES, id=t["c"], after=now(intrigue, t["c"]))
        ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
        first = ws.receive_json()["payload"]["data"]["campaignChanges"]
        assert first == {"kind": "ORDERS", "position": start + 1}  # its own count: log gaps would count hidden events
        gm_first = gm.receive_json()["payload"]["data"]["campaignChanges"]
        assert gm_first["kind"] == "ORDERS" and isinstance(gm_first["position"], int)
        ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))
        kinds_until(ws, "PHASE_RESOLVED")
        ok(gql_as(client, t["gm"], ROLL_BACK, c=t["c"], p=1, r="a misread order"))
        assert kinds_until(ws, "PHASE_ROLLED_BACK")[-1] == "PHASE_ROLLED_BACK"
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:  # the GM resumes
        subscribe(ws, t["gm"], CHANGES, id=t["c"], after=gm_first["position"])
        phases = [k for k in kinds_until(ws, "PHASE_ROLLED_BACK") if k.startswith("PHASE")]
        assert phases == ["PHASE_RESOLVING", "PHASE_RESOLVED", "PHASE_ROLLED_BACK"]


def test_a_seat_of_another_campaign_is_refused(client: TestClient, t: dict[str, Any], intrigue: Any) -> None:
    from tests.entrypoints.graphql.test_subscriptions import new_campaign

    stranger = intrigue.seats.seat_gm(new_campaign(intrigue).id).token
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, stranger, CHANGES, id=t["c"])
        message = ws.receive_json()
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "FORBIDDEN"


def test_a_player_resumes_after_the_last_change_it_heard_and_misses_nothing(
    client: TestClient, t: dict[str, Any]
) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, t["spy"], CHANGES, id=t["c"], after=0)  # every change it may know of, from the beginning
        ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
        heard = [ws.receive_json()["payload"]["data"]["campaignChanges"]]
        while heard[-1]["kind"] != "ORDERS":
            heard.append(ws.receive_json()["payload"]["data"]["campaignChanges"])
    assert [c["position"] for c in heard] == list(range(1, len(heard) + 1))  # its own count, 1 for the first
    ok(gql_as(client, t["gm"], RESOLVE, c=t["c"]))  # heard by no one: the player is away
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, t["spy"], CHANGES, id=t["c"], after=heard[-1]["position"])
        missed = [ws.receive_json()["payload"]["data"]["campaignChanges"] for _ in range(2)]
    assert missed[0] == {"kind": "PHASE_RESOLVING", "position": len(heard) + 1}
    assert missed[1]["position"] == len(heard) + 2
