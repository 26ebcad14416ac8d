"""Seed 000, Vandalism: a wrecked area's repair bill, paid through GraphQL and REST, seen by the GM and its house."""

from __future__ import annotations

import uuid
from typing import Any

from starlette.testclient import TestClient

from domain.gameofbones.aggregate.house import House
from domain.gameofbones.tables.records import AreaDamage
from service.bootstrap import Intrigue
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id } } }"""
REGISTER = """mutation($c: UUID!, $input: RegisterHouseInput!) {
  registerHouse(campaignId: $c, input: $input) { id } }"""
SEAT = """mutation($c: UUID!, $h: UUID!) {
  createSeat(campaignId: $c, input: {role: PLAYER, houseId: $h}) { token } }"""
REPAIR = """mutation($c: UUID!, $h: UUID!, $a: UUID!) { repairArea(campaignId: $c, houseId: $h, areaId: $a) {
  gold areaDamage { areaId darkWeeks halfWeeks repairCost incomePercent } } }"""
HOUSES = "query($c: UUID!) { houses(campaignId: $c) { id areaDamage { areaId repairCost } } }"


def house_input(name: str, area_id: str) -> dict[str, Any]:
    leader = {"name": f"{name} Matron", "level": 10, "skills": []}
    return {"name": name, "gold": 10_000, "influence": 30_000, "leader": leader, "areas": [{"areaId": area_id}]}


def wreck(intrigue: Intrigue, house_id: str, area_id: str, repairs: int) -> None:
    """As a Vandalism won by 10 leaves it: three dark weeks and a repair bill (resolution is tested elsewhere)."""
    house = intrigue.store.load(uuid.UUID(house_id), House)
    house.record_area_damage(AreaDamage(area_id, 3, 0, repairs), "vandalised")
    intrigue.gameofbones._save(house)


def test_the_controlling_house_pays_for_repairs_and_only_it_and_the_gm_see_the_damage(
    intrigue: Intrigue, client: TestClient
) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 1_000} for i in range(2)]
    created: Any = gql(client, CREATE, input={"name": "Repairs", "ruleSystems": ["GAME_OF_BONES"], "regions": regions})
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]
    ward = [r["id"] for r in created["data"]["createCampaign"]["regions"]]

    def ok(token: str, query: str, **variables: Any) -> Any:
        body: Any = gql_as(client, token, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    baenre = ok(gm, REGISTER, input=house_input("Baenre", ward[0]))["registerHouse"]["id"]
    rival = ok(gm, REGISTER, input=house_input("Xorlarrin", ward[1]))["registerHouse"]["id"]
    owner, other = (ok(gm, SEAT, h=h)["createSeat"]["token"] for h in (baenre, rival))
    wreck(intrigue, baenre, ward[0], 4_000)

    seen = {h["id"]: h["areaDamage"] for h in ok(gm, HOUSES)["houses"]}
    assert seen[baenre] == [{"areaId": ward[0], "repairCost": 4_000}]
    assert {h["id"]: h["areaDamage"] for h in ok(other, HOUSES)["houses"]}[baenre] == []
    refused: Any = gql_as(client, other, REPAIR, c=c, h=baenre, a=ward[0])
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"

    repaired = ok(owner, REPAIR, h=baenre, a=ward[0])["repairArea"]
    assert repaired == {
        "gold": 6_000,
        "areaDamage": [{"areaId": ward[0], "darkWeeks": 3, "halfWeeks": 0, "repairCost": 0, "incomePercent": 0}],
    }
    again: Any = gql_as(client, owner, REPAIR, c=c, h=baenre, a=ward[0])
    assert again["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"


def test_a_repair_through_rest_clears_the_bill_and_shows_it_to_the_house(
    intrigue: Intrigue, client: TestClient
) -> None:
    regions = [{"name": "Ward", "q": 0, "r": 0, "monthlyIncome": 1_000}]
    created: Any = gql(
        client, CREATE, input={"name": "Repairs REST", "ruleSystems": ["GAME_OF_BONES"], "regions": regions}
    )
    gm, c = created["data"]["createCampaign"]["gmToken"], created["data"]["createCampaign"]["id"]
    ward = created["data"]["createCampaign"]["regions"][0]["id"]
    body: Any = gql_as(client, gm, REGISTER, c=c, input=house_input("Baenre", ward))
    baenre = body["data"]["registerHouse"]["id"]
    wreck(intrigue, baenre, ward, 2_000)
    auth = {"Authorization": f"Bearer {gm}"}
    answer = client.get(f"/api/v1/campaigns/{c}/houses", headers=auth)
    assert answer.status_code == 200, answer.text
    listed = answer.json()["houses"]
    assert listed[0]["area_damage"] == [{"area_id": ward, "dark_weeks": 3, "half_weeks": 0, "repair_cost": 2_000}]
    response = client.post(f"/api/v1/campaigns/{c}/houses/{baenre}/areas/{ward}/repair", headers=auth)
    assert response.status_code == 200, response.text
    house = response.json()["house"]
    assert (house["gold"], house["area_damage"][0]["repair_cost"]) == (8_000, 0)
    again = client.post(f"/api/v1/campaigns/{c}/houses/{baenre}/areas/{ward}/repair", headers=auth)
    assert (again.status_code, again.json()["code"]) == (409, "RULE_VIOLATION")  # nothing left to repair
