"""Seed 002, "A Month in the Life", through GraphQL on the demo campaign: the month's orders, and the outcomes the
text states, checked the same whichever dice resolve it (the server's, scripted; or the table's, entered).

Where the text breaks its own rules the rules win (docs/rules-notes/factionturn-play.md, "The worked example in the
demo"): the Republic cannot Stealth its Calvary, a Military Unit, so the order is refused and it keeps its 4 FacGold;
the Empire Remnants gain 5 FacGold by the formula, not 4, so their workforce leaves them 3, not 2.
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.support.service import gql_as

FACTIONS = """query($c: UUID!) { factions(campaignId: $c) {
  id name force cunning wealth hp maxHp facgold xp tags homeRegionId goal { key target } wild
  assets { id typeKey name regionId hp maxHp stealthed } } }"""
REGIONS = "query($c: UUID!) { campaign(id: $c) { phase phaseStatus regions { id name governingFactionId } } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
PHASE = "mutation($c: UUID!) { %s(campaignId: $c) { phase phaseStatus } }"
BRIBE = """mutation($c: UUID!, $f: UUID!) {
  orderCustomAction(campaignId: $c, factionId: $f, key: "bribe_the_beholder", reason: "A Month in the Life") {
    id } }"""
EVENTS = """query($c: UUID!, $after: String) { eventLog(campaignId: $c, first: 500, after: $after) {
  nodes { position aggregateId topic payload } pageInfo { hasNextPage endCursor } } }"""


class Demo:
    def __init__(self, client: TestClient, token: str, campaign_id: str) -> None:
        self.client, self.token, self.id = client, token, campaign_id

    def gql(self, query: str, **variables: object) -> dict[str, Any]:
        return gql_as(self.client, self.token, query, c=self.id, **variables)

    def factions(self) -> dict[str, dict[str, Any]]:
        return {f["name"]: f for f in self.gql(FACTIONS)["data"]["factions"]}

    def regions(self) -> dict[str, dict[str, Any]]:
        return {r["name"]: r for r in self.gql(REGIONS)["data"]["campaign"]["regions"]}

    def submit(self, faction: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        return self.gql(SUBMIT, f=faction["id"], o={"action": action})

    def positioned_events(self) -> list[tuple[str, int, dict[str, Any]]]:
        """(topic, position, the whole node) of every event of the campaign, read a page at a time."""
        answered: list[dict[str, Any]] = []
        cursor = None
        while True:
            log = self.gql(EVENTS, after=cursor)["data"]["eventLog"]
            answered += log["nodes"]
            if not log["pageInfo"]["hasNextPage"]:
                return [(e["topic"].rsplit(".", 1)[-1], e["position"], e) for e in answered]
            cursor = log["pageInfo"]["endCursor"]

    def events(self, after: int = 0) -> list[tuple[str, str, dict[str, Any]]]:
        """(topic, aggregate id, payload) of the campaign's events after a position."""
        return [(t, e["aggregateId"], e["payload"]) for t, position, e in self.positioned_events() if position > after]


def order_the_month(demo: Demo, factions: dict[str, dict[str, Any]]) -> int:
    """Open phase 1 and give the month's orders as the text gives them; the position the phase opened at."""
    chosen, crows, republic = factions["Remzal's Chosen"], factions["Empresses' Crows"], factions["The Republic"]
    empire, goldbar = factions["Empire Remnants"], factions["Goldbar House"]
    assert demo.gql(PHASE % "openPhase")["data"]["openPhase"] == {"phase": 1, "phaseStatus": "OPEN"}
    opened_at = max(position for _, position, _ in demo.positioned_events())

    # "So we spend the turn Buying Assets, and make the Calvary Stealthed": the rules refuse it and write nothing.
    calvary = next(a for a in republic["assets"] if a["typeKey"] == "calvary")
    refused = demo.submit(
        republic,
        {"buyAsset": {"typeKey": "stealth", "regionId": republic["homeRegionId"], "forAssetId": calvary["id"]}},
    )
    assert refused["errors"][0]["extensions"]["code"] == "RULE_VIOLATION"
    assert "Special Forces" in refused["errors"][0]["message"]
    # "recruit an Indentured Workforce" (the Empire) and "purchase an Indentured Workforce for 2 FacGold" (Goldbar).
    for buyer in (empire, goldbar):
        _accepted(
            demo.submit(buyer, {"buyAsset": {"typeKey": "indentured_workforce", "regionId": buyer["homeRegionId"]}})
        )
    # "They'll take the "Seize region" action, and are unopposed."
    _accepted(demo.submit(chosen, {"seizeRegion": {"regionId": chosen["homeRegionId"]}}))
    # "a special action I just made up "Bribe the Beholder"": the GM orders the demo's custom action.
    assert "errors" not in demo.gql(BRIBE, f=crows["id"])

    return opened_at


def check_the_month(demo: Demo, factions: dict[str, dict[str, Any]], opened_at: int) -> None:
    """The month's outcomes as the text states them (with the rules' two corrections above), initiative die 3."""
    chosen, crows = factions["Remzal's Chosen"], factions["Empresses' Crows"]
    month = demo.events(after=opened_at)
    (initiative,) = [p for t, _, p in month if t == "InitiativeRolled"]
    assert [r["faces"] for r in initiative["rolls"]] == [[3]] and initiative["rolls"][0]["expression"] == "1d6"
    ids = {f["id"]: n for n, f in factions.items()}
    assert [ids[i] for i in initiative["order"]] == [
        "The Republic",
        "Empire Remnants",
        "Goldbar House",
        "The Wild",
        "Remzal's Chosen",
        "Empresses' Crows",
    ]

    after = demo.factions()
    # Income by the formula, no maintenance: Republic 4, Empire 5 (the text says 4), Goldbar 3, Chosen 3, Crows 2.
    gained = {ids[i]: p["amount"] for t, i, p in month if t == "FacGoldGained"}
    assert gained == {
        "The Republic": 4,
        "Empire Remnants": 5,
        "Goldbar House": 3,
        "Remzal's Chosen": 3,
        "Empresses' Crows": 2,
    }
    assert {n: after[n]["facgold"] for n in gained} == {
        "The Republic": 4,
        "Empire Remnants": 3,
        "Goldbar House": 1,
        "Remzal's Chosen": 3,
        "Empresses' Crows": 0,
    }
    for buyer in ("Empire Remnants", "Goldbar House"):
        bought = [a for a in after[buyer]["assets"] if a["typeKey"] == "indentured_workforce"]
        assert [a["regionId"] for a in bought] == [factions[buyer]["homeRegionId"]]
    assert not any(a["stealthed"] for a in after["The Republic"]["assets"])
    # "They remain wild, as always."
    assert after["The Wild"]["assets"] == factions["The Wild"]["assets"]
    assert [p for t, _, p in month if t == "ActionFailed"] == []
    # The Chosen "must now maintain control over the city for three turns": held one, not governing yet.
    under_way = {ids[i]: p["state"] for t, i, p in month if t == "MultiTurnActionSet"}
    assert under_way["Remzal's Chosen"] | {"region_id": None} == {
        "kind": "seize",
        "region_id": None,
        "held": 1,
        "ruler_total": 0,
        "opposed": False,
    }
    assert under_way["Remzal's Chosen"]["region_id"] == chosen["homeRegionId"]
    assert demo.regions()["Remzal's Rest"]["governingFactionId"] is None
    # The Crows spend "2 FacGold each turn", and have one turn of the bribe to go.
    assert [p["amount"] for t, i, p in month if t == "FacGoldSpent" and i == crows["id"]] == [2]
    assert (under_way["Empresses' Crows"]["name"], under_way["Empresses' Crows"]["turns_left"]) == (
        "Bribe the Beholder",
        1,
    )
    assert {n: after[n]["goal"]["key"] for n in gained} == {n: factions[n]["goal"]["key"] for n in gained}
    assert {n: after[n]["xp"] for n in gained} == dict.fromkeys(gained, 0)


def _accepted(answer: dict[str, Any]) -> None:
    errors = answer.get("errors") or []
    assert not errors, errors
