"""The Game of Bones through GraphQL alone: houses registered, a month's orders given and resolved by mutations."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

HOUSE_FIELDS = """id name influence power gold rank effectiveRank actionBonuses influenceDefence powerDefence
  dedicatedInfluence dedicatedPower enteredGame leader { name level skills { skill modifier } }
  lieutenants { name level status } members { name classes { characterClass level } } priests { name level }
  areas { name monthlyIncome controllingHouseId troops { houseId power } }
  pendingActions { action actor resolveWeek dedicatedInfluence } knowledge { kind }"""
REGISTER = f"""mutation($c: UUID!, $input: RegisterHouseInput!) {{
  registerHouse(campaignId: $c, input: $input) {{ {HOUSE_FIELDS} }} }}"""
ORDER = """mutation($c: UUID!, $h: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $order) { pendingActions { id action actor } } }"""


def house_input(name: str, influence: int, fighters: int, area_id: str) -> dict[str, Any]:
    skills = [{"skill": s, "modifier": 8} for s in ("Innuendo", "Gather Information", "Sense Motive")]
    return {
        "name": name,
        "gold": 50_000,
        "influence": influence,
        "leader": {"name": f"{name} Matron", "level": 12, "skills": skills},
        "lieutenants": [{"name": f"{name} Blade", "level": 7, "skills": skills}],
        "members": [
            {"name": f"Guard {i}", "classes": [{"characterClass": "fighter", "level": 10}]} for i in range(fighters)
        ],
        "priests": [{"name": "Priestess", "level": 2}],
        "areas": [{"areaId": area_id, "troops": 2_000}],
    }


def test_a_phase_of_the_game_of_bones_is_played_through_graphql_mutations_only(client: TestClient) -> None:
    regions = [{"name": f"Ward {i}", "q": i, "r": 0, "monthlyIncome": 4_000} for i in range(3)]
    created = gql(
        client,
        """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) {
        id gmToken regions { id name } } }""",
        input={"name": "Bones via GraphQL", "ruleSystems": ["GAME_OF_BONES"], "regions": regions},
    )["data"]["createCampaign"]  # type: ignore[index]
    gm, c = created["gmToken"], created["id"]
    ward = [r["id"] for r in created["regions"]]

    def play(query: str, **variables: Any) -> Any:
        body = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    baenre = play(REGISTER, input=house_input("Baenre", 30_000, 6, ward[0]))["registerHouse"]
    assert (baenre["rank"], baenre["effectiveRank"], baenre["actionBonuses"]) == (6, 6, [6, 1])
    assert (baenre["influence"], baenre["power"], baenre["influenceDefence"], baenre["powerDefence"]) == (
        30_200,
        6_000,
        5,
        2,
    )
    assert baenre["areas"] == [
        {
            "name": "Ward 0",
            "monthlyIncome": 4_000,
            "controllingHouseId": baenre["id"],
            "troops": [{"houseId": baenre["id"], "power": 2_000}],
        }
    ]
    xorlarrin = play(REGISTER, input=house_input("Xorlarrin", 5_000, 3, ward[1]))["registerHouse"]
    b, x = baenre["id"], xorlarrin["id"]
    play(
        """mutation($c: UUID!, $h: UUID!) { appointLieutenant(campaignId: $c, houseId: $h,
           lieutenant: {name: "Dab", level: 9}) { lieutenants { name } } }""",
        h=b,
    )
    play(
        """mutation($c: UUID!, $h: UUID!) { enlistMember(campaignId: $c, houseId: $h, name: "Mage",
           classes: [{characterClass: "wizard", level: 5}]) { power } }""",
        h=x,
    )
    play(
        "mutation($c: UUID!, $h: UUID!, $a: UUID!) { assignArea(campaignId: $c, houseId: $h, areaId: $a) { name } }",
        h=x,
        a=ward[2],
    )
    play(
        """mutation($c: UUID!, $h: UUID!, $a: UUID!) { stationTroops(campaignId: $c, houseId: $h, areaId: $a,
           power: 1000) { troops { power } } }""",
        h=x,
        a=ward[2],
    )

    play("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
    play(ORDER, h=b, order={"action": "SMEAR_CAMPAIGN", "actor": "Baenre Matron", "targetHouseId": x})
    play(ORDER, h=b, order={"action": "INTELLIGENCE_GATHERING", "actor": "Dab"})
    ordered = play(ORDER, h=x, order={"action": "COUNTERINTELLIGENCE", "actor": "Xorlarrin Matron"})
    assert [p["action"] for p in ordered["orderHouseAction"]["pendingActions"]] == ["Counterintelligence"]
    play(
        """mutation($c: UUID!, $h: UUID!, $f: UUID!, $t: UUID!) { moveTroops(campaignId: $c, houseId: $h,
           fromAreaId: $f, toAreaId: $t, power: 500) { name } }""",
        h=b,
        f=ward[0],
        t=ward[2],
    )
    refused = gql_as(
        client, gm, ORDER, c=c, h=x, order={"action": "FRAME_UP", "actor": "Xorlarrin Blade", "targetHouseId": b}
    )
    assert refused["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"  # type: ignore[index]
    before = {
        h["name"]: h for h in play(f"query($c: UUID!) {{ houses(campaignId: $c) {{ {HOUSE_FIELDS} }} }}")["houses"]
    }
    assert (before["Xorlarrin"]["rank"], before["Baenre"]["dedicatedInfluence"]) == (3, 4_000)  # Smear 1,000 × 3
    assert len(before["Baenre"]["pendingActions"]) == 3  # the open move counts as no action, but is in flight

    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {gm}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        results = "subscription($c: UUID!) { phaseResults(campaignId: $c) { phase status } }"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": results, "variables": {"c": c}}})
        resolved = play("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase phaseStatus } }")
        assert ws.receive_json()["payload"]["data"]["phaseResults"] == {"phase": 1, "status": "RESOLVED"}
    assert resolved["resolvePhase"] == {"phase": 1, "phaseStatus": "RESOLVED"}
    after = {
        h["name"]: h for h in play(f"query($c: UUID!) {{ houses(campaignId: $c) {{ {HOUSE_FIELDS} }} }}")["houses"]
    }
    assert all(h["pendingActions"] == [] and h["dedicatedInfluence"] == 0 for h in after.values())
    assert after["Baenre"]["gold"] == 50_000 - 6_000 - 500 + 4_000  # Smear and gathering paid; Ward 0's income
    assert after["Xorlarrin"]["knowledge"], "every house sees an open troop movement"
    ward2 = play("query($c: UUID!) { areas(campaignId: $c) { name troops { houseId power } } }")["areas"][2]
    assert sorted((t["houseId"], t["power"]) for t in ward2["troops"]) == sorted([(b, 500), (x, 1_000)])
    one = gql(client, "query($h: UUID!) { house(id: $h) { name campaignId } }", h=b)["data"]
    assert one == {"house": {"name": "Baenre", "campaignId": c}}
