"""The GM's positions are the campaign's own (issue 26, item 5; docs/architecture.md, Persistence: positions):
two campaigns written alternately each show their GM 1, 2, 3… in the audit, its subscriptions and a command's
committed position, never the store's interleaved notification ids."""

from __future__ import annotations

import base64
import json
import uuid
from typing import Any

from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from service.persistence import outcomes
from tests.entrypoints.graphql.test_subscriptions import subscribe
from tests.support.rest_support import API, bearer
from tests.support.service import gql_as

LOG = """query($id: UUID!) { eventLog(campaignId: $id, first: 500) { nodes { position } } }"""
LOG_AFTER = """query($id: UUID!, $after: String) { eventLog(campaignId: $id, first: 5, after: $after) {
  nodes { position } } }"""
EVENTS = "subscription($id: UUID!) { campaignEvents(campaignId: $id, after: 0) { position } }"
RESULTS = "subscription($id: UUID!) { phaseResults(campaignId: $id, after: 0) { position } }"
CHANGES = "subscription($id: UUID!) { campaignChanges(campaignId: $id, after: 0) { position } }"
ROUNDS = 3


def two_campaigns_written_alternately(intrigue: Intrigue) -> tuple[list[Campaign], list[int]]:
    """Two campaigns whose commands take turns; and the position each of the last round's rolls committed at."""
    campaigns = [
        intrigue.campaigns.create_campaign(
            CreateCampaign(f"alt-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion("A", 0, 0)])
        )
        for _ in range(2)
    ]
    committed = [0, 0]
    for turn in range(ROUNDS):
        for n, campaign in enumerate(campaigns):
            with outcomes.tracking() as outcome:
                intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", f"round {turn}"))
            committed[n] = outcome.position or 0
    for campaign in campaigns:
        intrigue.campaigns.open_phase(campaign.id)
    for campaign in campaigns:
        intrigue.campaigns.resolve_phase(campaign.id)
    return campaigns, committed


def received(client: TestClient, token: str, query: str, field: str, campaign: Campaign, count: int) -> list[Any]:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        subscribe(ws, token, query, id=str(campaign.id))
        return [ws.receive_json()["payload"]["data"][field]["position"] for _ in range(count)]


def test_two_campaigns_written_alternately_each_number_their_events_from_one(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaigns, committed = two_campaigns_written_alternately(intrigue)
    for campaign, at in zip(campaigns, committed, strict=True):
        gm = intrigue.seats.seat_gm(campaign.id).token
        logged = gql_as(client, gm, LOG, id=str(campaign.id))["data"]["eventLog"]["nodes"]  # type: ignore[index]
        positions = [node["position"] for node in logged]
        count = len(positions)
        assert positions == list(range(1, count + 1))
        assert [e.position for e in intrigue.audit.events(campaign.id)] == positions
        assert received(client, gm, EVENTS, "campaignEvents", campaign, count) == positions
        resolved = [e.position for e in intrigue.audit.events(campaign.id) if e.topic.endswith("PhaseResolved")]
        assert received(client, gm, RESULTS, "phaseResults", campaign, 1) == resolved == [count]
        changes = received(client, gm, CHANGES, "campaignChanges", campaign, count)
        assert changes == positions  # the GM may know of every change
        exported = client.get(f"{API}/campaigns/{campaign.id}/events", params={"after": 2}, headers=bearer(gm))
        assert [json.loads(line)["position"] for line in exported.text.splitlines()] == positions[2:]
        # The last roll committed at its own place in the campaign's log (Intrigue-Position, `extensions`).
        rolls = [e.position for e in intrigue.audit.events(campaign.id) if e.topic.endswith("DiceRolled")]
        assert at == rolls[-1] < count


def test_an_event_log_cursor_of_the_notification_ids_shown_before_is_refused(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaigns, _ = two_campaigns_written_alternately(intrigue)
    gm = intrigue.seats.seat_gm(campaigns[1].id).token
    old = base64.urlsafe_b64encode(b"event:3").decode()  # a cursor of kind `event`: a notification id
    body = gql_as(client, gm, LOG_AFTER, id=str(campaigns[1].id), after=old)
    assert body["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]
    assert body["data"] is None
