"""Subscriptions over graphql-transport-ws, fed by LISTEN/NOTIFY: a phase result reaches the seats."""

from __future__ import annotations

import uuid
from contextlib import ExitStack
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence.listener import APPLICATION_NAME

PHASES = "subscription($id: UUID!) { phaseResults(campaignId: $id) { phase status position } }"
EVENTS = "subscription($id: UUID!, $after: Int!) { campaignEvents(campaignId: $id, after: $after) { topic } }"


def subscribe(ws: Any, token: str | None, query: str, **variables: object) -> None:
    ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"} if token else {}})
    assert ws.receive_json()["type"] == "connection_ack"
    ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": variables}})


def new_campaign(intrigue: Intrigue) -> Any:
    command = CreateCampaign(f"s-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
    return intrigue.campaigns.create_campaign(command)


def test_a_seat_receives_the_phase_result_when_the_gm_resolves(intrigue: Intrigue, client: TestClient) -> None:
    campaign = new_campaign(intrigue)
    gm = intrigue.seats.seat_gm(campaign.id).token
    intrigue.campaigns.open_phase(campaign.id)
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, gm, PHASES, id=str(campaign.id))
        intrigue.campaigns.resolve_phase(campaign.id)
        message = ws.receive_json()
        assert message["type"] == "next"
        assert message["payload"]["data"]["phaseResults"]["phase"] == 1
        assert message["payload"]["data"]["phaseResults"]["status"] == "RESOLVED"


def test_the_gm_follows_new_events_live(intrigue: Intrigue, client: TestClient) -> None:
    campaign = new_campaign(intrigue)
    gm = intrigue.seats.seat_gm(campaign.id).token
    last = max(e.position for e in intrigue.audit.events(campaign.id))
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, gm, EVENTS, id=str(campaign.id), after=last)
        intrigue.campaigns.open_phase(campaign.id)
        message = ws.receive_json()
        assert message["payload"]["data"]["campaignEvents"]["topic"].endswith("Campaign.PhaseOpened")


def test_no_seat_hears_nothing(intrigue: Intrigue, client: TestClient) -> None:
    campaign = new_campaign(intrigue)
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, None, EVENTS, id=str(campaign.id), after=0)
        message = ws.receive_json()
        assert message["type"] in ("error", "next")
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "FORBIDDEN"


@pytest.mark.parametrize("role", ["player", "observer"])
def test_only_the_gm_follows_the_audit_trail(intrigue: Intrigue, client: TestClient, role: str) -> None:
    campaign = new_campaign(intrigue)
    region_id = campaign.member_ids("region")[0]
    faction = intrigue.factionturn.found_faction(FoundFaction(campaign.id, "Watchers", 1, 3, 1, region_id))
    bound = {"faction_id": faction.id} if role == "player" else {}
    token = intrigue.seats.create_seat(campaign.id, role, "Someone", **bound).token
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, token, EVENTS, id=str(campaign.id), after=0)
        message = ws.receive_json()
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "FORBIDDEN"


def test_a_player_hears_phase_results_but_a_stranger_does_not(intrigue: Intrigue, client: TestClient) -> None:
    campaign, other = new_campaign(intrigue), new_campaign(intrigue)
    stranger = intrigue.seats.create_seat(other.id, "observer", "Elsewhere").token
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, stranger, PHASES, id=str(campaign.id))
        message = ws.receive_json()
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "FORBIDDEN"


def listeners(intrigue: Intrigue) -> int:
    with psycopg.connect(intrigue.db.conninfo, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND datname = %s",
            (APPLICATION_NAME, intrigue.db.dbname),
        ).fetchone()
    return int(row[0]) if row else 0


def test_many_subscriptions_share_one_listening_connection_which_comes_back_when_killed(intrigue: Intrigue) -> None:
    campaign = new_campaign(intrigue)
    gm = intrigue.seats.seat_gm(campaign.id).token
    last = max(e.position for e in intrigue.audit.events(campaign.id))
    before = listeners(intrigue)
    with TestClient(create_app(intrigue)) as client, ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]))
            for _ in range(5)
        ]
        for ws in sockets:
            subscribe(ws, gm, EVENTS, id=str(campaign.id), after=last)
        intrigue.campaigns.open_phase(campaign.id)
        for ws in sockets:
            assert ws.receive_json()["payload"]["data"]["campaignEvents"]["topic"].endswith("PhaseOpened")
        assert listeners(intrigue) == before + 1
        with psycopg.connect(intrigue.db.conninfo, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s AND datname = %s",
                (APPLICATION_NAME, intrigue.db.dbname),
            )
        intrigue.campaigns.resolve_phase(campaign.id)  # saved while the listener may be reconnecting
        for ws in sockets:
            topics = []
            while not topics or not topics[-1].endswith("PhaseResolved"):
                topics.append(ws.receive_json()["payload"]["data"]["campaignEvents"]["topic"])
            assert topics[0].endswith("PhaseResolutionBegan")


RESULTS = "subscription($id: UUID!, $after: Int!) { phaseResults(campaignId: $id, after: $after) { phase position } }"


def results(client: TestClient, token: str, campaign_id: Any, after: int, count: int) -> list[dict[str, int]]:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, token, RESULTS, id=str(campaign_id), after=after)
        return [ws.receive_json()["payload"]["data"]["phaseResults"] for _ in range(count)]


def test_a_players_result_positions_count_results_not_the_events_between_them(
    intrigue: Intrigue, client: TestClient
) -> None:
    """The gaps between log positions would count the events a player may not know of (a rival's orders, a
    hidden move): a player's cursor is the result's number; the GM's is the log position."""
    campaign = new_campaign(intrigue)
    region_id = campaign.member_ids("region")[0]
    faction = intrigue.factionturn.found_faction(FoundFaction(campaign.id, "Watchers", 1, 3, 1, region_id))
    player = intrigue.seats.create_seat(campaign.id, "player", "Someone", faction_id=faction.id).token
    gm = intrigue.seats.seat_gm(campaign.id).token
    for rolls in (1, 5, 2):  # events no player sees between the results, a different number each phase
        intrigue.campaigns.open_phase(campaign.id)
        for _ in range(rolls):
            intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", "the GM's secret roll"))
        intrigue.campaigns.resolve_phase(campaign.id)
    assert results(client, player, campaign.id, 0, 3) == [{"phase": p, "position": p} for p in (1, 2, 3)]
    assert results(client, player, campaign.id, 2, 1) == [{"phase": 3, "position": 3}]  # resumed after the second
    logged = results(client, gm, campaign.id, 0, 3)
    resolved = intrigue.audit.result_positions(campaign.id, ("Campaign.PhaseResolved",))
    assert [r["position"] for r in logged] == resolved and resolved[2] - resolved[1] != resolved[1] - resolved[0]
    assert results(client, gm, campaign.id, logged[1]["position"], 1) == [logged[2]]
