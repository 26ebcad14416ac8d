"""A phase report names the orders that were played: an amended house action is the new one only (its first
version's gold comes back in the ledger), and a faction's orders submitted again are the last ones only."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.entrypoints.graphql.test_phase_report_house import AREAS, CREATE, ORDER, REGISTER, SEAT, character, ok
from tests.support.service import gql, gql_as

HOUSE_REPORT = """query($c: UUID!) { phaseReport(campaignId: $c, phase: 1) { orders { action actor outcome }
  ledger { amount reason } } }"""
GIVEN = "query($c: UUID!, $h: UUID!) { houseOrders(campaignId: $c, houseId: $h) { id action } }"
AMEND = """mutation($c: UUID!, $h: UUID!, $a: UUID!, $o: HouseOrderInput!) { amendHouseAction(campaignId: $c,
  houseId: $h, actionId: $a, order: $o) { name } }"""


def test_an_amended_house_action_is_reported_as_amended_only(client: TestClient) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 2_000} for i in range(2)]
    created = ok(
        gql(
            client,
            CREATE,
            input={
                "name": "Amended report",
                "ruleSystems": ["GAME_OF_BONES"],
                "diceSeed": "amended",
                "regions": regions,
            },
        )
    )["createCampaign"]
    gm, c = created["gmToken"], created["id"]
    wards = ok(gql_as(client, gm, AREAS, c=c))["areas"]
    fighters = [{"name": f"Guard {i}", "classes": [{"characterClass": "fighter", "level": 10}]} for i in range(6)]
    houses: dict[str, Any] = {}
    for i, (name, leader) in enumerate((("Baenre", "Yvonnel"), ("Xorlarrin", "Zeerith"))):
        house = {
            "name": name,
            "leader": character(leader, 14, innuendo=13),
            "gold": 100_000,
            "members": fighters,
            "influence": 30_000,
            "areas": [{"areaId": wards[i]["id"], "troops": 2_000}],
        }
        houses[name] = ok(gql_as(client, gm, REGISTER, c=c, i=house))["registerHouse"]["id"]
    baenre, xorlarrin = houses["Baenre"], houses["Xorlarrin"]
    player = ok(gql_as(client, gm, SEAT, c=c, h=baenre))["createSeat"]["token"]
    ok(gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c))

    smear = {"action": "SMEAR_CAMPAIGN", "actor": "Yvonnel", "targetHouseId": xorlarrin}
    ok(gql_as(client, player, ORDER, c=c, h=baenre, o=smear))
    (given,) = ok(gql_as(client, player, GIVEN, c=c, h=baenre))["houseOrders"]
    ok(
        gql_as(
            client,
            player,
            AMEND,
            c=c,
            h=baenre,
            a=given["id"],
            o={"action": "INTELLIGENCE_GATHERING", "actor": "Yvonnel"},
        )
    )
    ok(gql_as(client, gm, "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }", c=c))

    report = ok(gql_as(client, player, HOUSE_REPORT, c=c))["phaseReport"]
    assert [o["action"] for o in report["orders"]] == ["Intelligence Gathering"]
    assert report["orders"][0]["outcome"]
    paid = [m["amount"] for m in report["ledger"] if m["reason"].startswith("Smear Campaign") and m["amount"] < 0]
    returned = [m["amount"] for m in report["ledger"] if m["reason"] == "Smear Campaign withdrawn: its gold back"]
    assert sum(paid) == -sum(returned) != 0  # the smear's gold, paid when ordered, came back when it was withdrawn
