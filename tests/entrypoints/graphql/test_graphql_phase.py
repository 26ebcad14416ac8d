"""A GM's client plays Faction Turn phases through GraphQL mutations only, reads the standings after each, and
hears each phase result on a subscription. (The Game of Bones counterpart is in test_gameofbones_play.py.)"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"""
GENERATE = "mutation($c: UUID!) { generateFactions(campaignId: $c, count: 3) { id name homeRegionId } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
STANDINGS = "query($c: UUID!) { factions(campaignId: $c) { id name hp maxHp facgold assets { typeKey } } }"
RESULTS = "subscription($c: UUID!) { phaseResults(campaignId: $c) { phase status } }"


def test_two_faction_turn_phases_through_graphql_with_results_on_a_subscription(client: TestClient) -> None:
    regions = [{"name": f"Town {i}", "q": i, "r": 0, "arcana": 3, "population": "HUNDREDS"} for i in range(4)]
    created = gql(
        client,
        CREATE,
        input={"name": "Graphql phases", "ruleSystems": ["FACTION_TURN"], "diceSeed": "gql", "regions": regions},
    )["data"]["createCampaign"]  # type: ignore[index]
    gm, c = created["gmToken"], created["id"]

    def play(query: str, **variables: Any) -> Any:
        body = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body["errors"]
        return body["data"]

    factions = play(GENERATE)["generateFactions"]
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"Authorization": f"Bearer {gm}"}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "results", "type": "subscribe", "payload": {"query": RESULTS, "variables": {"c": c}}})

        # Phase 1: every faction waits and gathers its income.
        play("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
        for faction in factions:
            play(SUBMIT, f=faction["id"], o={"narrative": f"{faction['name']} gathers strength."})
        assert play("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }")["resolvePhase"] == {
            "phaseStatus": "RESOLVED"
        }
        heard = ws.receive_json()
        assert heard["payload"]["data"]["phaseResults"] == {"phase": 1, "status": "RESOLVED"}
        after_one = {f["id"]: f for f in play(STANDINGS)["factions"]}
        assert all(after_one[f["id"]]["facgold"] > 0 for f in factions)  # seed 002: income every turn

        # Phase 2: each buys Guardsmen (Force 1, cost 2) at home.
        play("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
        for faction in factions:
            order = {"action": {"buyAsset": {"typeKey": "guardsmen", "regionId": faction["homeRegionId"]}}}
            play(SUBMIT, f=faction["id"], o=order)
        play("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }")
        assert ws.receive_json()["payload"]["data"]["phaseResults"] == {"phase": 2, "status": "RESOLVED"}
    after_two = {f["id"]: f for f in play(STANDINGS)["factions"]}
    for faction in factions:
        bought = [a["typeKey"] for a in after_two[faction["id"]]["assets"]].count("guardsmen")
        before = [a["typeKey"] for a in after_one[faction["id"]]["assets"]].count("guardsmen")
        assert bought == before + 1
