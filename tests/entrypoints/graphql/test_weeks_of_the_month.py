"""Every week a client can read of the Game of Bones also reads as the month and the week within it (issue 15):
a campaign played over months, on fixed dice, with a Smear Campaign and an Intelligence Gathering ordered for week 3
of month 2 (campaign week 7); the Smear Campaign, one month long, resolves in week 2 of month 3 (week 10)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from domain.dice import FixedDice
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence.database import Database
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"""
REGISTER = """mutation($c: UUID!, $input: RegisterHouseInput!) {
  registerHouse(campaignId: $c, input: $input) { id } }"""
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }"
WEEK = "{ week month weekOfMonth }"
ORDER = f"""mutation($c: UUID!, $h: UUID!, $order: HouseOrderInput!) {{
  orderHouseAction(campaignId: $c, houseId: $h, order: $order) {{ pendingActions {{ action
    starts {WEEK} resolves {WEEK} }} }} }}"""
ORDERS = f"""query($c: UUID!, $h: UUID!) {{
  houseOrders(campaignId: $c, houseId: $h) {{ starts {WEEK} resolves {WEEK} }} }}"""
KNOWLEDGE = """query($id: UUID!) { house(id: $id) {
  knowledge { kind week expectedWeek when { week month weekOfMonth } expected { week month weekOfMonth } } } }"""
REPORT = f"""query($c: UUID!, $p: Int!, $h: UUID!) {{ phaseReport(campaignId: $c, phase: $p, houseId: $h) {{
  orders {{ action outcome week when {WEEK} }} learned {{ kind week expectedWeek when {WEEK} expected {WEEK} }} }} }}"""
LOG = "query($c: UUID!) { eventLog(campaignId: $c, first: 500) { edges { node { topic payload } } } }"


def week(week: int, month: int, within: int) -> dict[str, int]:
    return {"week": week, "month": month, "weekOfMonth": within}


def rest_week(week: int, month: int, within: int) -> dict[str, int]:
    return {"week": week, "month": month, "week_of_month": within}


W7, W10 = week(7, 2, 3), week(10, 3, 2)  # month 2 week 3; month 3 week 2


@pytest.fixture()
def fixed_client(db: Database) -> Iterator[TestClient]:
    """Every resolution rolls 1s: the Gather Information +30 still finds the plot (d20 + 30 against DC 20)."""
    intrigue = Intrigue(db, dice=lambda campaign, stream: FixedDice([1] * 200))
    try:
        with TestClient(create_app(intrigue)) as client:
            yield client
    finally:
        intrigue.close()


def test_pending_actions_knowledge_reports_and_summaries_read_month_2_week_3(fixed_client: TestClient) -> None:
    client = fixed_client
    regions = [{"name": "Ward", "q": 0, "r": 0, "monthlyIncome": 1_000}]
    created: Any = gql(client, CREATE, input={"name": "Months", "ruleSystems": ["GAME_OF_BONES"], "regions": regions})
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]

    def ok(query: str, **variables: Any) -> Any:
        body: Any = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    def house(name: str, leader: str, skill: str) -> str:
        lead = {"name": leader, "level": 12, "skills": [{"skill": skill, "modifier": 30}]}
        given = {"name": name, "gold": 50_000, "influence": 40_000, "leader": lead}
        return str(ok(REGISTER, input=given)["registerHouse"]["id"])

    baenre, xorlarrin = house("Baenre", "Yvonnel", "Gather Information"), house("Xorlarrin", "Zeerith", "Innuendo")
    ok(OPEN)
    ok(RESOLVE)  # month 1
    ok(OPEN)
    smear = {"action": "SMEAR_CAMPAIGN", "actor": "Zeerith", "startWeek": 3, "targetHouseId": baenre}
    [plot] = ok(ORDER, h=xorlarrin, order=smear)["orderHouseAction"]["pendingActions"]
    assert (plot["starts"], plot["resolves"]) == (W7, W10)
    [given] = ok(ORDERS, h=xorlarrin)["houseOrders"]
    assert (given["starts"], given["resolves"]) == (W7, W10)
    headers = {"Authorization": f"Bearer {gm}"}
    gathering = {"action": "Intelligence Gathering", "actor": "Yvonnel", "start_week": 3}
    actions = f"/api/v1/campaigns/{c}/houses/{baenre}/actions"
    look = client.post(actions, json=gathering, headers=headers).json()["action"]
    assert (look["start_week"], look["starts"], look["resolves"]) == (7, rest_week(7, 2, 3), rest_week(7, 2, 3))
    [listed_order] = client.get(actions, headers=headers).json()["actions"]
    assert listed_order["starts"] == rest_week(7, 2, 3)
    ok(RESOLVE)  # month 2: the gathering finds the smear, due in week 10

    [found] = [k for k in ok(KNOWLEDGE, id=baenre)["house"]["knowledge"] if k["kind"] == "plot"]
    assert (found["week"], found["expectedWeek"]) == (7, 10)
    assert (found["when"], found["expected"]) == (W7, W10)
    listed = client.get(f"/api/v1/campaigns/{c}/houses", headers=headers).json()["houses"]
    rest_baenre = next(h for h in listed if h["id"] == baenre)
    [rest_found] = [k for k in rest_baenre["knowledge"] if k["kind"] == "plot"]
    assert (rest_found["week"], rest_found["expected_week"]) == (7, 10)
    assert (rest_found["when"], rest_found["expected"]) == (rest_week(7, 2, 3), rest_week(10, 3, 2))

    report = ok(REPORT, p=2, h=baenre)["phaseReport"]
    assert report["orders"] == [
        {"action": "Intelligence Gathering", "outcome": "1 plot(s) discovered", "week": 7, "when": W7}
    ]
    assert report["learned"] == [{"kind": "plot", "week": 7, "expectedWeek": 10, "when": W7, "expected": W10}]
    rest = client.get(f"/api/v1/campaigns/{c}/phases/2/report", params={"member_id": baenre}, headers=headers).json()
    assert rest["orders"][0]["when"] == rest_week(7, 2, 3)
    assert (rest["learned"][0]["when"], rest["learned"][0]["expected"]) == (rest_week(7, 2, 3), rest_week(10, 3, 2))
    running = ok(REPORT, p=2, h=xorlarrin)["phaseReport"]["orders"]
    assert running == [{"action": "Smear Campaign", "outcome": None, "week": 10, "when": W10}]

    ok(OPEN)
    ok(RESOLVE)  # month 3: the smear resolves in its week 2
    [smeared] = ok(REPORT, p=3, h=xorlarrin)["phaseReport"]["orders"]
    assert (smeared["action"], smeared["week"], smeared["when"]) == ("Smear Campaign", 10, W10)
    assert smeared["outcome"]
    rest = client.get(f"/api/v1/campaigns/{c}/phases/3/report", params={"member_id": xorlarrin}, headers=headers).json()
    assert rest["orders"][0]["when"] == rest_week(10, 3, 2)

    edges = ok(LOG)["eventLog"]["edges"]
    summaries = {
        e["node"]["payload"]["phase"]: e["node"]["payload"]["summary"]["gameofbones"]["outcomes"]
        for e in edges
        if e["node"]["topic"].endswith("Campaign.PhaseResolved")
    }
    assert [(o["action"], o["when"]) for o in summaries[2]] == [("Intelligence Gathering", rest_week(7, 2, 3))]
    assert [(o["action"], o["when"]) for o in summaries[3]] == [("Smear Campaign", rest_week(10, 3, 2))]
