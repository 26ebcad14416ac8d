"""A seat's token traded for an HttpOnly cookie (issue 25, item 6; docs/console.md, "Seat tokens"): the API answers
the cookie's seat beside `Authorization: Bearer`, only when the request names its campaign and comes from this
service's own origin, on HTTP and on the subscriptions' WebSocket."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from domain.commands import CreateCampaign, MapRegion
from service.bootstrap import Intrigue
from service.entrypoints.console.session import cookie_name
from tests.entrypoints.graphql.test_subscriptions import EVENTS, subscribe

ME = "{ me { id campaignId role name } }"
OWN = "http://testserver"  # TestClient's origin: its Host header is `testserver`


def seated(intrigue: Intrigue) -> tuple[Any, str]:
    command = CreateCampaign(f"cookie-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
    started = intrigue.seats.start_campaign(command)
    return started.campaign, started.gm.token


def sign_in(client: TestClient, token: str) -> Any:
    answer = client.post("/session", json={"token": token})
    client.cookies.clear()  # the session's client is shared: later requests send only the cookies a test names
    return answer


def me(client: TestClient, headers: dict[str, str]) -> Any:
    body = client.post("/graphql", json={"query": ME}, headers=headers).json()
    return body["data"]["me"] if body.get("data") else body["errors"][0]["extensions"]["code"]


def cookie_of(campaign_id: Any, token: str, **extra: str) -> dict[str, str]:
    return {"Cookie": f"{cookie_name(campaign_id)}={token}", **extra}


def test_signing_in_sets_a_secure_httponly_strict_cookie_for_the_whole_service(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign, token = seated(intrigue)
    answer = sign_in(client, token)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "campaignId": str(campaign.id),
        "seatId": answer.json()["seatId"],
        "role": "GM",
        "name": "GM",
    }
    (set_cookie,) = answer.headers.get_list("set-cookie")
    name, _, rest = set_cookie.partition("=")
    attributes = {part.strip().split("=")[0].lower(): part.strip() for part in rest.split(";")[1:]}
    assert name == f"__Host-intrigue-seat-{campaign.id}" and rest.startswith(f"{token};")
    assert {"httponly", "secure", "samesite", "path", "max-age"} <= attributes.keys()
    assert attributes["samesite"].lower() == "samesite=strict" and attributes["path"] == "Path=/"
    assert "domain" not in attributes  # the host alone, never a parent domain's pages
    assert token not in answer.text  # the answer names the seat, never its token


def test_the_api_answers_the_cookies_seat_for_the_campaign_the_request_names(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign, token = seated(intrigue)
    named = {"X-Intrigue-Campaign": str(campaign.id)}
    assert me(client, cookie_of(campaign.id, token, **named))["campaignId"] == str(campaign.id)
    assert me(client, cookie_of(campaign.id, token, **named, Origin=OWN))["role"] == "GM"
    assert me(client, cookie_of(campaign.id, token)) is None  # no campaign named: the cookie is not read
    other, _ = seated(intrigue)
    assert me(client, cookie_of(campaign.id, token, **{"X-Intrigue-Campaign": str(other.id)})) is None
    # A page of another origin, even of the same site (another port), is never answered as the seat (CSRF).
    assert me(client, cookie_of(campaign.id, token, **named, Origin="http://testserver:8081")) is None
    # The Authorization header, when sent, is the credential: a refused token is not rescued by a cookie.
    headers = cookie_of(campaign.id, token, **named, Authorization="Bearer itg_not-a-seat")
    assert me(client, headers) == "UNAUTHENTICATED"


def test_rest_answers_the_cookies_seat_too(intrigue: Intrigue, client: TestClient) -> None:
    campaign, token = seated(intrigue)
    path = f"/api/v1/campaigns/{campaign.id}/seats"
    assert client.get(path, headers=cookie_of(campaign.id, token)).status_code == 403  # unseated
    named = cookie_of(campaign.id, token, **{"X-Intrigue-Campaign": str(campaign.id)})
    assert client.get(path, headers=named).status_code == 200


def test_a_token_that_names_no_seat_or_a_form_post_sets_no_cookie(intrigue: Intrigue, client: TestClient) -> None:
    refused = sign_in(client, "itg_nothing")
    assert refused.status_code == 401 and refused.json()["code"] == "UNAUTHENTICATED"
    _, token = seated(intrigue)
    form = client.post("/session", data={"token": token})  # what another site's HTML form could send
    assert form.status_code == 400 and form.json()["code"] == "BAD_REQUEST"
    empty = client.post("/session", json={"token": 7})
    assert empty.status_code == 422
    assert not [r for r in (refused, form, empty) if r.headers.get("set-cookie")]


def test_the_session_lists_the_seats_held_and_drops_a_revoked_ones_cookie(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign, gm = seated(intrigue)
    other, other_gm = seated(intrigue)
    observer = intrigue.seats.create_seat(other.id, "observer", "Watcher")
    cookies = f"{cookie_name(campaign.id)}={gm}; {cookie_name(other.id)}={observer.token}; unrelated=1"
    held = client.get("/session", headers={"Cookie": cookies})
    assert sorted((s["campaignId"], s["role"]) for s in held.json()["seats"]) == sorted(
        [(str(campaign.id), "GM"), (str(other.id), "OBSERVER")]
    )
    assert not held.headers.get("set-cookie")
    intrigue.seats.revoke(other.id, observer.seat.id)
    after = client.get("/session", headers={"Cookie": cookies})
    assert [s["campaignId"] for s in after.json()["seats"]] == [str(campaign.id)]
    (expired,) = after.headers.get_list("set-cookie")
    assert expired.startswith(f"{cookie_name(other.id)}=") and "Max-Age=0" in expired
    assert other_gm not in after.text and gm not in after.text


def test_signing_out_clears_the_campaigns_cookie(client: TestClient) -> None:
    campaign_id = uuid.uuid4()
    answer = client.delete(f"/session/{campaign_id}")
    assert answer.status_code == 204
    (cleared,) = answer.headers.get_list("set-cookie")
    assert cleared.startswith(f'{cookie_name(campaign_id)}=""') or cleared.startswith(f"{cookie_name(campaign_id)}=;")
    assert "Max-Age=0" in cleared and "Secure" in cleared and "Path=/" in cleared
    assert client.delete("/session/not-a-campaign").status_code == 422


def follow(client: TestClient, campaign_id: Any, headers: dict[str, str]) -> dict[str, Any]:
    """The first message of the GM-only event feed, over a WebSocket that names the campaign in its URL."""
    url = f"/graphql?campaign={campaign_id}"
    with client.websocket_connect(url, subprotocols=["graphql-transport-ws"], headers=headers) as ws:
        subscribe(ws, None, EVENTS, id=str(campaign_id), after=0)
        message: dict[str, Any] = ws.receive_json()
        return message


def test_a_subscription_is_the_cookies_seat_only_from_this_services_own_origin(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign, token = seated(intrigue)
    own = follow(client, campaign.id, cookie_of(campaign.id, token, Origin=OWN))
    assert own["type"] == "next" and own["payload"]["data"]["campaignEvents"]["topic"], own
    unnamed = follow(client, campaign.id, {"Cookie": f"{cookie_name(uuid.uuid4())}={token}", "Origin": OWN})
    assert unnamed["payload"]["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # not the campaign's cookie
    # Cross-site WebSocket hijacking: a page elsewhere opens the socket, and the browser sends the cookie with it;
    # the handshake is refused (policy violation), as strawberry refuses any origin but the host's.
    with pytest.raises(WebSocketDisconnect) as refused:
        follow(client, campaign.id, cookie_of(campaign.id, token, Origin="http://127.0.0.1:9999"))
    assert refused.value.code == 1008
