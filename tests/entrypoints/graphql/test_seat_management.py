"""The GM manages seats: lists them, revokes a player's or observer's token, issues a new one (issue 14).

A revoked or rotated token answers UNAUTHENTICATED at once, open subscriptions included (leak 7).
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.seat_watch import SeatWatch
from service.persistence.database import UnavailableError
from tests.entrypoints.graphql.test_subscriptions import EVENTS, PHASES, subscribe
from tests.support.rest_support import API, bearer, conforms
from tests.support.service import gql, gql_as

ME = "{ me { id role } }"
SEATS = "query($c: UUID!) { seats(campaignId: $c) { id role name revoked } }"
REVOKE = "mutation($c: UUID!, $s: UUID!) { revokeSeat(campaignId: $c, seatId: $s) { id revoked } }"
REISSUE = "mutation($c: UUID!, $s: UUID!) { reissueSeatToken(campaignId: $c, seatId: $s) { seat { id } token } }"


def _campaign(intrigue: Intrigue) -> tuple[UUID, str, Any, Any]:
    """A campaign, its GM token, a faction player's issued seat and an observer's."""
    command = CreateCampaign(f"seats-{uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
    campaign = intrigue.campaigns.create_campaign(command)
    gm = intrigue.seats.seat_gm(campaign.id).token
    faction = intrigue.factionturn.found_faction(
        FoundFaction(campaign.id, "Watchers", 1, 3, 1, campaign.member_ids("region")[0])
    )
    player = intrigue.seats.create_seat(campaign.id, "player", "Alice", faction_id=faction.id)
    observer = intrigue.seats.create_seat(campaign.id, "observer", "Bob")
    return campaign.id, gm, player, observer


def _code(body: dict[str, Any]) -> str:
    return str(body["errors"][0]["extensions"]["code"])


def _seat_rows(intrigue: Intrigue, campaign_id: UUID) -> list[tuple[Any, ...]]:
    with psycopg.connect(intrigue.db.conninfo) as conn:
        return conn.execute(
            "SELECT id, token_sha256 FROM seats WHERE campaign_id = %s ORDER BY id", (campaign_id,)
        ).fetchall()


def _closed_unauthenticated(ws: Any) -> None:
    """The subscription ends: a `next` carrying a coded UNAUTHENTICATED error and no data, then `complete`."""
    message = ws.receive_json()
    assert message["type"] == "next" and message["payload"]["data"] is None, message
    assert message["payload"]["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert ws.receive_json() == {"id": "1", "type": "complete"}


def test_a_rotated_gm_tokens_open_subscription_is_closed_and_streams_nothing_more(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign_id, gm, _, _ = _campaign(intrigue)
    last = max(e.position for e in intrigue.audit.events(campaign_id))
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, gm, EVENTS, id=str(campaign_id), after=last)
        intrigue.campaigns.open_phase(campaign_id)
        assert ws.receive_json()["payload"]["data"]["campaignEvents"]["topic"].endswith("PhaseOpened")
        intrigue.seats.seat_gm(campaign_id)  # `intrigue gm-token`: the old token stops working
        intrigue.campaigns.resolve_phase(campaign_id)  # secret events the old token must not hear
        _closed_unauthenticated(ws)


def test_a_revoked_players_subscription_is_closed_at_once_without_waiting_for_an_event(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign_id, gm, player, _ = _campaign(intrigue)
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, player.token, PHASES, id=str(campaign_id))
        revoked = gql_as(client, gm, REVOKE, c=str(campaign_id), s=str(player.seat.id))
        assert revoked["data"] == {"revokeSeat": {"id": str(player.seat.id), "revoked": True}}
        _closed_unauthenticated(ws)


def test_another_seats_change_leaves_a_subscription_streaming(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, _, player, observer = _campaign(intrigue)
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, player.token, PHASES, id=str(campaign_id))
        intrigue.seats.revoke(campaign_id, observer.seat.id)
        intrigue.seats.create_seat(campaign_id, "observer", "Carol")
        intrigue.campaigns.open_phase(campaign_id)
        intrigue.campaigns.resolve_phase(campaign_id)
        assert ws.receive_json()["payload"]["data"]["phaseResults"]["status"] == "RESOLVED"


def test_the_gm_revokes_and_reissues_a_token_through_graphql(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, gm, player, observer = _campaign(intrigue)
    c = str(campaign_id)
    assert gql_as(client, gm, REVOKE, c=c, s=str(observer.seat.id))["data"]["revokeSeat"]["revoked"]  # type: ignore[index]
    assert _code(gql_as(client, observer.token, ME)) == "UNAUTHENTICATED"
    listed = gql_as(client, gm, SEATS, c=c)["data"]["seats"]  # type: ignore[index]
    assert [(s["role"], s["revoked"]) for s in listed] == [("GM", False), ("PLAYER", False), ("OBSERVER", True)]
    reissued = gql_as(client, gm, REISSUE, c=c, s=str(observer.seat.id))["data"]["reissueSeatToken"]  # type: ignore[index]
    assert reissued["token"] != observer.token
    assert gql_as(client, reissued["token"], ME)["data"]["me"] == {"id": str(observer.seat.id), "role": "OBSERVER"}  # type: ignore[index]
    assert _code(gql_as(client, observer.token, ME)) == "UNAUTHENTICATED"
    rotated = gql_as(client, gm, REISSUE, c=c, s=str(player.seat.id))["data"]["reissueSeatToken"]  # type: ignore[index]
    assert _code(gql_as(client, player.token, ME)) == "UNAUTHENTICATED"
    assert gql_as(client, rotated["token"], ME)["data"]["me"]["role"] == "PLAYER"  # type: ignore[index]
    assert not any(s["revoked"] for s in gql_as(client, gm, SEATS, c=c)["data"]["seats"])  # type: ignore[index]


def test_the_gm_revokes_and_reissues_a_token_through_rest(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, gm, player, _ = _campaign(intrigue)
    token_url = f"{API}/campaigns/{campaign_id}/seats/{player.seat.id}/token"
    revoked = conforms(client.delete(token_url, headers=bearer(gm)))
    assert revoked.status_code == 200 and revoked.json()["seat"]["revoked"] is True
    old = conforms(client.get(f"{API}/campaigns/{campaign_id}/factions", headers=bearer(player.token)))
    assert old.status_code == 401 and old.json()["code"] == "UNAUTHENTICATED"
    issued = conforms(client.post(token_url, headers=bearer(gm)))
    assert issued.status_code == 201 and issued.json()["seat"]["id"] == str(player.seat.id)
    fresh = conforms(client.get(f"{API}/campaigns/{campaign_id}/factions", headers=bearer(issued.json()["token"])))
    assert fresh.status_code == 200
    assert client.get(f"{API}/campaigns/{campaign_id}/factions", headers=bearer(player.token)).status_code == 401


def test_refusals_are_coded_and_write_nothing(intrigue: Intrigue, client: TestClient) -> None:
    campaign_id, gm, player, observer = _campaign(intrigue)
    other_id, other_gm, other_player, _ = _campaign(intrigue)
    before = _seat_rows(intrigue, campaign_id) + _seat_rows(intrigue, other_id)
    c, gm_seat = str(campaign_id), str(intrigue.seats.seats(campaign_id)[0].id)
    for token, seat_id, code in (
        (player.token, str(observer.seat.id), "FORBIDDEN"),  # only the GM manages seats
        (observer.token, str(player.seat.id), "FORBIDDEN"),
        (other_gm, str(player.seat.id), "FORBIDDEN"),  # another campaign's GM
        (gm, str(other_player.seat.id), "NOT_FOUND"),  # a seat of another campaign
        (gm, str(uuid4()), "NOT_FOUND"),
    ):
        for mutation in (REVOKE, REISSUE):
            assert _code(gql_as(client, token, mutation, c=c, s=seat_id)) == code, (mutation, code)
    assert _code(gql(client, REVOKE, c=c, s=str(player.seat.id))) == "FORBIDDEN"  # no token
    assert _code(gql_as(client, gm, REVOKE, c=c, s=gm_seat)) == "INVALID_INPUT"  # nobody could run the campaign
    rest = conforms(client.delete(f"{API}/campaigns/{c}/seats/{gm_seat}/token", headers=bearer(gm)))
    assert rest.status_code == 422 and rest.json()["code"] == "INVALID_INPUT"
    by_player = f"{API}/campaigns/{c}/seats/{observer.seat.id}/token"
    stranger = conforms(client.post(by_player, headers=bearer(player.token)))
    assert stranger.status_code == 403
    assert conforms(client.delete(f"{API}/campaigns/{c}/seats/nope/token", headers=bearer(gm))).status_code == 404
    assert _seat_rows(intrigue, campaign_id) + _seat_rows(intrigue, other_id) == before
    assert gql_as(client, gm, ME)["data"]["me"]["role"] == "GM"  # type: ignore[index]


def test_after_a_seat_change_every_open_subscriptions_token_is_checked_in_one_query() -> None:
    asked: list[list[bytes]] = []

    async def held(digests: list[bytes]) -> set[bytes]:
        asked.append(digests)
        if len(asked) == 2:
            raise UnavailableError("down")
        return set(digests) - {b"revoked"}

    async def run() -> list[bool]:
        watch = SeatWatch()
        with watch.watching(b"a"), watch.watching(b"b"), watch.watching(b"revoked"):
            answers = await asyncio.gather(*(watch.holds(1, d, held) for d in (b"a", b"b", b"revoked")))
            with pytest.raises(UnavailableError):
                await watch.holds(2, b"a", held)
            answers.append(await watch.holds(2, b"b", held))  # a failed query is asked again, not answered from
        return list(answers)

    assert asyncio.run(run()) == [True, True, False, True]
    assert asked[0] == [b"a", b"b", b"revoked"] and len(asked) == 3
