"""The GM records Throwing Rank around through GraphQL: a circumstance with its source and span; players cannot."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"""
REGISTER = """mutation($c: UUID!, $input: RegisterHouseInput!) {
  registerHouse(campaignId: $c, input: $input) { id } }"""
SEAT = """mutation($c: UUID!, $h: UUID!) {
  createSeat(campaignId: $c, input: {role: PLAYER, houseId: $h}) { token } }"""
IMPOSE = """mutation($c: UUID!, $h: UUID!, $v: Int!) { imposeHouseCircumstance(campaignId: $c, houseId: $h,
  hook: THROWING_RANK, value: $v, applies: EFFECTIVE_RANK, months: 2,
  reason: "three rank checks in a month") { circumstances { source value fromPhase untilPhase } } }"""
EVENTS = """query($c: UUID!) { eventLog(campaignId: $c, first: 500) { nodes { topic payload } } }"""


def test_the_gm_records_throwing_rank_around_and_a_player_cannot(client: TestClient) -> None:
    created: Any = gql(client, CREATE, input={"name": "Hooks", "ruleSystems": ["GAME_OF_BONES"], "regions": []})
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]
    leader = {"name": "Yvonnel", "level": 10, "skills": []}
    body: Any = gql_as(client, gm, REGISTER, c=c, input={"name": "Baenre", "influence": 30_000, "leader": leader})
    house = body["data"]["registerHouse"]["id"]
    player: Any = gql_as(client, gm, SEAT, c=c, h=house)
    refused: Any = gql_as(client, player["data"]["createSeat"]["token"], IMPOSE, c=c, h=house, v=-1)
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    wrong: Any = gql_as(client, gm, IMPOSE, c=c, h=house, v=1)
    assert wrong["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"
    done: Any = gql_as(client, gm, IMPOSE, c=c, h=house, v=-1)
    assert "errors" not in done, done["errors"]
    [held] = done["data"]["imposeHouseCircumstance"]["circumstances"]
    assert (held["value"], held["fromPhase"], held["untilPhase"]) == (-1, 1, 2)
    assert held["source"].startswith("Throwing Rank around (GM ") and held["source"].endswith(
        ": three rank checks in a month)"
    )
    events: Any = gql_as(client, gm, EVENTS, c=c)
    gained = [e for e in events["data"]["eventLog"]["nodes"] if e["topic"].endswith("House.CircumstanceGained")]
    assert [e["payload"]["circumstance"]["source"] for e in gained] == [held["source"]]
