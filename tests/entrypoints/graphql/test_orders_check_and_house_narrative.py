"""Issue 28: whole faction orders judged before they are sent (`factionOrdersCheck`, the submission's own checks,
nothing stored), and a house order's narrative, kept with the order and read back as a faction's is: by the house's
own seat and the GM only."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from tests.entrypoints.graphql.test_order_status import FACTION_ORDERS, ORDER, SUBMIT, code, ok, smear, table
from tests.support.rest_support import API, bearer
from tests.support.service import gql_as

__all__ = ["table"]  # the campaign of test_order_status: five houses, a faction of spies, a phase open
CHECK = """query($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  factionOrdersCheck(campaignId: $c, factionId: $f, orders: $o) { allowed reason rule } }"""
HOUSE_ORDERS = """query($c: UUID!, $h: UUID!) { houseOrders(campaignId: $c, houseId: $h) { action narrative } }"""


def test_the_check_answers_what_the_submission_answers_and_stores_nothing(
    client: TestClient, intrigue: Intrigue, t: dict[str, Any]
) -> None:
    raise_force = {"raiseRatings": ["FORCE"], "narrative": "drills"}  # seed 002: Force 3 costs 4 XP; it has none
    version = intrigue.store.load(t["spies"], Faction).version
    verdict = ok(gql_as(client, t["spy"], CHECK, c=t["c"], f=t["spies"], o=raise_force))["factionOrdersCheck"]
    assert verdict["allowed"] is False and verdict["rule"] and verdict["reason"]
    refused = gql_as(client, t["spy"], SUBMIT, c=t["c"], f=t["spies"], o=raise_force)
    assert refused["errors"][0]["extensions"]["rule"] == verdict["rule"]
    assert verdict["reason"] in refused["errors"][0]["message"]

    fine = {"rerolls": False, "contestExpansions": False, "narrative": "waits"}
    assert ok(gql_as(client, t["spy"], CHECK, c=t["c"], f=t["spies"], o=fine))["factionOrdersCheck"] == {
        "allowed": True,
        "reason": None,
        "rule": None,
    }
    assert intrigue.store.load(t["spies"], Faction).version == version  # judged, never written
    assert ok(gql_as(client, t["spy"], FACTION_ORDERS, c=t["c"], f=t["spies"]))["factionOrders"] is None
    for who in ("baenre", "observer"):  # judged on the faction's secrets: its seat's and the GM's alone
        assert code(gql_as(client, t[who], CHECK, c=t["c"], f=t["spies"], o=fine)) == "FORBIDDEN"


def test_a_house_orders_narrative_is_kept_and_read_back_by_its_seat_and_the_gm_only(
    client: TestClient, t: dict[str, Any]
) -> None:
    baenre = str(t["houses"][0].id)
    said = {**smear(t), "narrative": "Whispers in the Bazaar about Barrison's debts."}
    ok(gql_as(client, t["baenre"], ORDER, c=t["c"], h=baenre, o=said))
    mine = ok(gql_as(client, t["baenre"], HOUSE_ORDERS, c=t["c"], h=baenre))["houseOrders"]
    assert mine == [{"action": "Smear Campaign", "narrative": said["narrative"]}]
    assert ok(gql_as(client, t["gm"], HOUSE_ORDERS, c=t["c"], h=baenre))["houseOrders"] == mine
    assert code(gql_as(client, t["barrison"], HOUSE_ORDERS, c=t["c"], h=baenre)) == "FORBIDDEN"
    listed = client.get(f"{API}/campaigns/{t['c']}/houses", headers=bearer(t["gm"])).json()["houses"]
    assert [p["narrative"] for h in listed if h["id"] == baenre for p in h["pending"]] == [said["narrative"]]

    rest = {"action": "Intelligence Gathering", "actor": "Baenre Matron", "narrative": 3}  # text only, or refused
    answer = client.post(f"{API}/campaigns/{t['c']}/houses/{baenre}/actions", headers=bearer(t["baenre"]), json=rest)
    assert answer.status_code == 422 and "narrative" in answer.text
