"""Orders of the open phase: the GM sees who has submitted, a seat reads back its own orders and no rival's,
and a house's order withdrawn or amended gives back everything dedicated for it."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from domain.gameofbones.aggregate.house import House
from service.bootstrap import Intrigue
from tests.support.gameofbones_world import register_five
from tests.support.rest_support import API, bearer, conforms
from tests.support.service import gql_as

STATUS = "query($c: UUID!) { orderStatus(campaignId: $c) { phase status members { id kind name submitted orders } } }"
FACTION_ORDERS = """query($c: UUID!, $f: UUID!) { factionOrders(campaignId: $c, factionId: $f) {
  phase narrative action { __typename ... on SeizeRegionOrder { regionId } } } }"""
HOUSE_ORDERS = """query($c: UUID!, $h: UUID!) { houseOrders(campaignId: $c, houseId: $h) {
  action actor targetHouseId starts { month week } } }"""
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
WITHDRAW_FACTION = "mutation($c: UUID!, $f: UUID!) { withdrawFactionOrders(campaignId: $c, factionId: $f) { name } }"
ORDER = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { pendingActions { id action } } }"""
WITHDRAW = """mutation($c: UUID!, $h: UUID!, $a: UUID!) {
  withdrawHouseAction(campaignId: $c, houseId: $h, actionId: $a) { influence gold pendingActions { id } } }"""
AMEND = """mutation($c: UUID!, $h: UUID!, $a: UUID!, $o: HouseOrderInput!) {
  amendHouseAction(campaignId: $c, houseId: $h, actionId: $a, order: $o) { pendingActions { id action actor } } }"""


@pytest.fixture(name="t")
def table(intrigue: Intrigue) -> dict[str, Any]:
    regions = [MapRegion(f"Ward {i + 1}", i % 4, i // 4, monthly_income=2_000) for i in range(8)]
    command = CreateCampaign(f"orders-{uuid.uuid4().hex[:6]}", ["factionturn", "gameofbones"], "seed", regions)
    campaign = intrigue.campaigns.create_campaign(command)
    houses = register_five(intrigue, campaign)
    region = campaign.member_ids("region")[0]
    spies = intrigue.factionturn.found_faction(FoundFaction(campaign.id, "Spies", 2, 5, 2, region, facgold=7))
    intrigue.campaigns.open_phase(campaign.id)
    seats = intrigue.seats
    return {
        "c": str(campaign.id),
        "houses": houses,
        "spies": str(spies.id),
        "gm": seats.seat_gm(campaign.id).token,
        "baenre": seats.create_seat(campaign.id, "player", "Ana", house_id=houses[0].id).token,
        "barrison": seats.create_seat(campaign.id, "player", "Bo", house_id=houses[1].id).token,
        "spy": seats.create_seat(campaign.id, "player", "Cy", faction_id=spies.id).token,
        "observer": seats.create_seat(campaign.id, "observer", "Di").token,
    }


def ok(body: dict[str, Any]) -> dict[str, Any]:
    assert body.get("errors") is None, body
    data: dict[str, Any] = body["data"]
    return data


def code(body: dict[str, Any]) -> str:
    return str(body["errors"][0]["extensions"]["code"])


def submitted(client: TestClient, t: dict[str, Any]) -> dict[str, tuple[bool, int]]:
    members = ok(gql_as(client, t["gm"], STATUS, c=t["c"]))["orderStatus"]["members"]
    return {m["name"]: (m["submitted"], m["orders"]) for m in members}


def smear(t: dict[str, Any], actor: str = "Baenre Matron") -> dict[str, Any]:
    return {"action": "SMEAR_CAMPAIGN", "actor": actor, "targetHouseId": str(t["houses"][1].id)}


def test_the_gm_sees_the_submitted_set_change_as_orders_land(client: TestClient, t: dict[str, Any]) -> None:
    before = submitted(client, t)
    assert before["Spies"] == (False, 0) and before["Baenre"] == (False, 0) and len(before) == 6
    baenre = str(t["houses"][0].id)
    ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=smear(t)))
    assert submitted(client, t)["Baenre"] == (True, 1)
    ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
    after = submitted(client, t)
    assert after["Spies"] == (True, 1) and after["Barrison"] == (False, 0)
    ok(gql_as(client, t["spy"], WITHDRAW_FACTION, c=t["c"], f=t["spies"]))
    assert submitted(client, t)["Spies"] == (False, 0)


@pytest.mark.parametrize("who", ["baenre", "spy", "observer"])
def test_only_the_gm_sees_the_order_status(client: TestClient, t: dict[str, Any], who: str) -> None:
    assert code(gql_as(client, t[who], STATUS, c=t["c"])) == "FORBIDDEN"


def test_a_player_reads_back_its_own_orders_and_cannot_read_a_rivals(client: TestClient, t: dict[str, Any]) -> None:
    baenre, barrison = (str(h.id) for h in t["houses"][:2])
    ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=smear(t)))
    ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "lies low"}))
    mine = ok(gql_as(client, t["baenre"], HOUSE_ORDERS, c=t["c"], h=baenre))["houseOrders"]
    assert [(o["action"], o["actor"], o["targetHouseId"]) for o in mine] == [
        ("Smear Campaign", "Baenre Matron", barrison)
    ]
    spies = ok(gql_as(client, t["spy"], FACTION_ORDERS, c=t["c"], f=t["spies"]))["factionOrders"]
    assert spies == {"phase": 1, "narrative": "lies low", "action": None}
    assert ok(gql_as(client, t["gm"], HOUSE_ORDERS, c=t["c"], h=baenre))["houseOrders"] == mine
    for who in ("barrison", "spy", "observer"):
        assert code(gql_as(client, t[who], HOUSE_ORDERS, c=t["c"], h=baenre)) == "FORBIDDEN"
    for who in ("baenre", "observer"):
        assert code(gql_as(client, t[who], FACTION_ORDERS, c=t["c"], f=t["spies"])) == "FORBIDDEN"


def test_a_faction_resubmitting_replaces_its_orders(client: TestClient, t: dict[str, Any]) -> None:
    ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "first"}))
    ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "second"}))
    read = ok(gql_as(client, t["spy"], FACTION_ORDERS, c=t["c"], f=t["spies"]))["factionOrders"]
    assert read["narrative"] == "second"
    ok(gql_as(client, t["spy"], WITHDRAW_FACTION, c=t["c"], f=t["spies"]))
    assert ok(gql_as(client, t["spy"], FACTION_ORDERS, c=t["c"], f=t["spies"]))["factionOrders"] is None
    assert code(gql_as(client, t["spy"], WITHDRAW_FACTION, c=t["c"], f=t["spies"])) == "NOT_FOUND"


def standing(intrigue: Intrigue, house_id: UUID) -> tuple[int, int, int, int, int]:
    h = intrigue.store.load(house_id, House)
    return h.influence, h.power, h.gold, h.available_influence(1), h.available_power


def test_a_withdrawn_house_order_gives_back_its_influence_power_and_gold_exactly(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    baenre = t["houses"][0].id
    before = standing(intrigue, baenre)
    petition = {"action": "DIVINE_PETITION", "actor": "Baenre Matron"}
    pending = ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=str(baenre), o=petition))
    action_id = pending["orderHouseAction"]["pendingActions"][0]["id"]
    ordered = standing(intrigue, baenre)
    assert ordered[2] < before[2] and ordered[3] < before[3]  # gold spent, influence dedicated
    assert code(gql_as(client, t["barrison"], WITHDRAW, c=t["c"], h=str(baenre), a=action_id)) == "FORBIDDEN"
    left = ok(gql_as(client, t["baenre"], WITHDRAW, c=t["c"], h=str(baenre), a=action_id))["withdrawHouseAction"]
    assert left["pendingActions"] == [] and left["gold"] == before[2]
    assert standing(intrigue, baenre) == before
    assert code(gql_as(client, t["baenre"], WITHDRAW, c=t["c"], h=str(baenre), a=action_id)) == "NOT_FOUND"


def test_an_amended_order_replaces_the_old_and_a_refused_amendment_writes_nothing(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    baenre = t["houses"][0].id
    first = ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=str(baenre), o=smear(t)))
    action_id = first["orderHouseAction"]["pendingActions"][0]["id"]
    version = intrigue.store.load(baenre, House).version
    refused = gql_as(client, t["baenre"], AMEND, c=t["c"], h=str(baenre), a=action_id, o=smear(t, "Nobody"))
    assert code(refused) == "NOT_FOUND" and intrigue.store.load(baenre, House).version == version
    amended = ok(gql_as(client, t["baenre"], AMEND, c=t["c"], h=str(baenre), a=action_id, o=smear(t, "Baenre Blade")))[
        "amendHouseAction"
    ]["pendingActions"]
    assert [(a["action"], a["actor"]) for a in amended] == [("Smear Campaign", "Baenre Blade")]
    assert amended[0]["id"] != action_id


def test_orders_cannot_be_withdrawn_once_the_phase_has_resolved(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    baenre = str(t["houses"][0].id)
    action_id = ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=smear(t)))["orderHouseAction"][
        "pendingActions"
    ][0]["id"]
    ok(gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o={"narrative": "waits"}))
    intrigue.campaigns.resolve_phase(UUID(t["c"]))
    assert code(gql_as(client, t["baenre"], WITHDRAW, c=t["c"], h=baenre, a=action_id)) == "RULE_VIOLATION"
    assert code(gql_as(client, t["spy"], WITHDRAW_FACTION, c=t["c"], f=t["spies"])) == "RULE_VIOLATION"


def rest(client: TestClient, method: str, path: str, token: str, **kwargs: Any) -> Any:
    return conforms(client.request(method, f"{API}{path}", headers=bearer(token), **kwargs))


def test_over_rest_the_gm_sees_the_status_and_a_house_reads_withdraws_and_amends_its_orders(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    base, baenre = f"/campaigns/{t['c']}", t["houses"][0].id
    before = standing(intrigue, baenre)
    body = {"action": "Divine Petition", "actor": "Baenre Matron"}
    action_id = rest(client, "POST", f"{base}/houses/{baenre}/actions", t["baenre"], json=body).json()["action"]["id"]
    status = rest(client, "GET", f"{base}/orders", t["gm"]).json()
    assert {m["name"]: m["submitted"] for m in status["members"]}["Baenre"] is True
    assert rest(client, "GET", f"{base}/orders", t["baenre"]).status_code == 403
    given = rest(client, "GET", f"{base}/houses/{baenre}/actions", t["baenre"]).json()["actions"]
    assert [a["id"] for a in given] == [action_id]
    assert rest(client, "GET", f"{base}/houses/{baenre}/actions", t["barrison"]).status_code == 403
    rest_smear = {"action": "Smear Campaign", "actor": "Baenre Matron", "target_house_id": str(t["houses"][1].id)}
    amended = rest(client, "PUT", f"{base}/houses/{baenre}/actions/{action_id}", t["baenre"], json=rest_smear)
    assert amended.status_code == 200 and amended.json()["action"]["action"] == "Smear Campaign"
    new_id = amended.json()["action"]["id"]
    assert rest(client, "DELETE", f"{base}/houses/{baenre}/actions/{new_id}", t["baenre"]).status_code == 200
    assert standing(intrigue, baenre) == before
    assert rest(client, "DELETE", f"{base}/houses/{baenre}/actions/{new_id}", t["baenre"]).status_code == 404


def test_over_rest_a_faction_reads_back_and_withdraws_its_orders(client: TestClient, t: dict[str, Any]) -> None:
    path = f"/campaigns/{t['c']}/factions/{t['spies']}/orders"
    assert rest(client, "PUT", path, t["spy"], json={"narrative": "waits"}).status_code == 200
    assert rest(client, "GET", path, t["spy"]).json()["orders"]["narrative"] == "waits"
    assert rest(client, "GET", path, t["baenre"]).status_code == 403
    assert rest(client, "DELETE", path, t["spy"]).status_code == 200
    assert rest(client, "GET", path, t["gm"]).json() == {"faction_id": t["spies"], "orders": None}
