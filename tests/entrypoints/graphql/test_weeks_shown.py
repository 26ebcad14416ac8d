"""A pending action's weeks read as the month and the week within it, in GraphQL and REST alike."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"""
REGISTER = """mutation($c: UUID!, $input: RegisterHouseInput!) {
  registerHouse(campaignId: $c, input: $input) { id } }"""
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }"
ORDER = """mutation($c: UUID!, $h: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $order) { pendingActions { startWeek resolveWeek
    starts { week month weekOfMonth } resolves { week month weekOfMonth } releases { week month weekOfMonth } } } }"""


def test_an_action_ordered_for_week_2_of_month_2_shows_campaign_week_6_as_month_2_week_2(client: TestClient) -> None:
    regions = [{"name": "Ward", "q": 0, "r": 0, "monthlyIncome": 1_000}]
    created: Any = gql(client, CREATE, input={"name": "Weeks", "ruleSystems": ["GAME_OF_BONES"], "regions": regions})
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]

    def ok(query: str, **variables: Any) -> Any:
        body: Any = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    leader = {"name": "Yvonnel", "level": 10, "skills": []}
    h = ok(REGISTER, input={"name": "Baenre", "gold": 10_000, "influence": 30_000, "leader": leader})
    house = h["registerHouse"]["id"]
    ok(OPEN)
    ok(RESOLVE)
    ok(OPEN)
    order = {"action": "INTELLIGENCE_GATHERING", "actor": "Yvonnel", "startWeek": 2}
    [pending] = ok(ORDER, h=house, order=order)["orderHouseAction"]["pendingActions"]
    week6 = {"week": 6, "month": 2, "weekOfMonth": 2}
    assert pending == {"startWeek": 6, "resolveWeek": 6, "starts": week6, "resolves": week6, "releases": week6}
    listed = client.get(f"/api/v1/campaigns/{c}/houses", headers={"Authorization": f"Bearer {gm}"}).json()
    [rest] = listed["houses"][0]["pending"]
    assert rest["resolves"] == {"week": 6, "month": 2, "week_of_month": 2}
