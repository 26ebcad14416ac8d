"""The audit trail a page at a time, and one phase's log between its marks."""

from __future__ import annotations

import uuid

from starlette.testclient import TestClient

from domain.commands import CreateCampaign, MapRegion, RollDice
from service.bootstrap import Intrigue
from tests.support.service import gql, gql_as

LOG = """query($id: UUID!, $first: Int!, $after: String) {
  eventLog(campaignId: $id, first: $first, after: $after) {
    edges { cursor node { position topic } } pageInfo { hasNextPage endCursor } } }"""
PHASE = """query($id: UUID!, $phase: Int!) {
  phaseLog(campaignId: $id, phase: $phase) { edges { node { topic payload } } pageInfo { hasNextPage } } }"""


def test_paging_through_the_event_log_visits_every_event_once(intrigue: Intrigue, client: TestClient) -> None:
    command = CreateCampaign(
        f"p-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion(f"R{i}", i, 0) for i in range(5)]
    )
    campaign = intrigue.campaigns.create_campaign(command)
    gm = intrigue.seats.seat_gm(campaign.id).token
    seen: list[int] = []
    after = None
    while True:
        body = gql_as(client, gm, LOG, id=str(campaign.id), first=4, after=after)
        log = body["data"]["eventLog"]  # type: ignore[index]
        seen += [edge["node"]["position"] for edge in log["edges"]]
        if not log["pageInfo"]["hasNextPage"]:
            break
        after = log["pageInfo"]["endCursor"]
    assert seen == [e.position for e in intrigue.audit.events(campaign.id)]
    assert len(seen) == 11  # Created, five MemberEnrolled, five Mapped
    assert gql(client, LOG, id=str(campaign.id), first=4)["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    bad = gql_as(client, gm, LOG, id=str(campaign.id), first=4, after="not-a-cursor")
    assert bad["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]


def test_the_phase_log_holds_what_happened_while_the_phase_resolved(intrigue: Intrigue, client: TestClient) -> None:
    campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"l-{uuid.uuid4().hex[:6]}", ["factionturn"]))
    gm = intrigue.seats.seat_gm(campaign.id).token
    intrigue.campaigns.open_phase(campaign.id)
    intrigue.campaigns.roll_dice(RollDice(campaign.id, "1d6", "before resolution"))
    intrigue.campaigns.resolve_phase(campaign.id)
    body = gql_as(client, gm, PHASE, id=str(campaign.id), phase=1)
    topics = [edge["node"]["topic"].rsplit(".", 1)[-1] for edge in body["data"]["phaseLog"]["edges"]]  # type: ignore[index]
    assert topics == ["PhaseResolutionBegan", "PhaseResolved"]


BACK = """query($id: UUID!, $last: Int, $before: String) {
  eventLog(campaignId: $id, last: $last, before: $before) { totalCount nodes { position }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }"""


def test_paging_backwards_from_the_end_visits_every_event_once_with_complete_page_info(
    intrigue: Intrigue, client: TestClient
) -> None:
    command = CreateCampaign(
        f"b-{uuid.uuid4().hex[:6]}", ["factionturn"], None, [MapRegion(f"R{i}", i, 0) for i in range(3)]
    )
    campaign = intrigue.campaigns.create_campaign(command)
    gm = intrigue.seats.seat_gm(campaign.id).token
    everything = [e.position for e in intrigue.audit.events(campaign.id)]
    seen: list[int] = []
    before = None
    pages = []
    while True:
        log = gql_as(client, gm, BACK, id=str(campaign.id), last=3, before=before)["data"]["eventLog"]  # type: ignore[index]
        pages.append(log["pageInfo"])
        assert log["totalCount"] == len(everything) == 7  # Created, three MemberEnrolled, three Mapped
        seen = [n["position"] for n in log["nodes"]] + seen
        if not log["pageInfo"]["hasPreviousPage"]:
            break
        before = log["pageInfo"]["startCursor"]
    assert seen == everything
    assert [(p["hasPreviousPage"], p["hasNextPage"]) for p in pages] == [(True, False), (True, True), (False, True)]
    last_page = gql_as(client, gm, LOG, id=str(campaign.id), first=7, after=None)["data"]["eventLog"]  # type: ignore[index]
    assert last_page["pageInfo"]["hasNextPage"] is False
    both = gql_as(
        client,
        gm,
        "query($id: UUID!) { eventLog(campaignId: $id, first: 1, last: 1) { totalCount } }",
        id=str(campaign.id),
    )
    assert both["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]


def test_a_cursor_of_another_list_is_refused(intrigue: Intrigue, client: TestClient) -> None:
    campaign = intrigue.campaigns.create_campaign(CreateCampaign(f"c-{uuid.uuid4().hex[:6]}", ["factionturn"]))
    gm = intrigue.seats.seat_gm(campaign.id).token
    listed = gql_as(client, gm, "{ campaigns(first: 1) { edges { cursor } } }")["data"]["campaigns"]  # type: ignore[index]
    bad = gql_as(client, gm, LOG, id=str(campaign.id), first=4, after=listed["edges"][0]["cursor"])
    assert bad["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]
