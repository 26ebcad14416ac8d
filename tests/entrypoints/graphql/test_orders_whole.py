"""Issue 12, finding 6: orders are checked whole when submitted over GraphQL, and a stored order that cannot be
carried out fails that faction's turn (recorded), never `resolvePhase`."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"""
GENERATE = "mutation($c: UUID!) { generateFactions(campaignId: $c, count: 3) { id name homeRegionId } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"


def _campaign(client: TestClient, name: str) -> tuple[str, str, list[dict[str, Any]]]:
    regions = [{"name": f"Town {i}", "q": i, "r": 0, "arcana": 3, "population": "HUNDREDS"} for i in range(4)]
    created = gql(
        client, CREATE, input={"name": name, "ruleSystems": ["FACTION_TURN"], "diceSeed": name, "regions": regions}
    )["data"]["createCampaign"]  # type: ignore[index]
    gm, c = created["gmToken"], created["id"]
    factions = gql_as(client, gm, GENERATE, c=c)["data"]["generateFactions"]  # type: ignore[index]
    assert "errors" not in gql_as(client, gm, OPEN, c=c)
    return gm, c, factions


# The refusals of the JSON orders, now typed: what the input type cannot hold is refused as GraphQL coerces the
# variables (BAD_USER_INPUT, naming the field), what the rules forbid as before; neither writes anything.
@pytest.mark.parametrize(
    ("orders", "code", "field"),
    [
        ({"raiseRatings": ["STRENGTH"]}, "BAD_USER_INPUT", "raiseRatings[0]"),  # no such Attribute
        ({"freeUses": [{"asset": "x"}]}, "BAD_USER_INPUT", "freeUses[0]"),  # no field `asset`, and `assetId` missing
        ({"extras": {"freeUses": [{"asset": "x"}]}}, "BAD_USER_INPUT", "extras"),
        ({"actoin": None}, "BAD_USER_INPUT", "actoin"),
        ({"action": {"action": "None"}}, "BAD_USER_INPUT", "action"),  # the untyped form is no input field
        (
            {
                "action": {
                    "buyAsset": {"typeKey": "thugs", "regionId": str(uuid4())},
                    "sellAsset": {"assetId": str(uuid4())},
                }
            },
            "BAD_USER_INPUT",
            "exactly one",
        ),  # @oneOf
        ({"action": {"sellAsset": {"assetId": "not-an-id"}}}, "BAD_USER_INPUT", "assetId"),
        ({"action": {"buyAsset": {"typeKey": "thugs", "region_id": str(uuid4())}}}, "BAD_USER_INPUT", "region_id"),
        ({"goal": {"goal": "WORLD_DOMINATION"}}, "BAD_USER_INPUT", "goal.goal"),  # no such GoalKey
        ({"permissions": [{"factionId": str(uuid4()), "answer": "IGNORE"}]}, "BAD_USER_INPUT", "answer"),
        ({"raiseRatings": ["FORCE"]}, "RULE_VIOLATION", "orders.raise_ratings[0]"),  # generated factions have no XP
    ],
)
def test_a_malformed_or_impossible_order_is_refused_naming_the_field_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, orders: dict[str, Any], code: str, field: str
) -> None:
    gm, c, factions = _campaign(client, f"whole orders {field} {code}")
    faction_id = UUID(factions[0]["id"])
    before = intrigue.factionturn.store.load(faction_id, Faction).version
    body = gql_as(client, gm, SUBMIT, c=c, f=str(faction_id), o=orders)
    errors = body["errors"]  # type: ignore[index]  # coercion names each wrong field: one error or more
    assert {e["extensions"]["code"] for e in errors} == {code} and any(field in e["message"] for e in errors), errors
    assert body.get("data") is None
    assert intrigue.factionturn.store.load(faction_id, Faction).version == before


def test_a_stored_order_that_cannot_be_carried_out_fails_that_factions_turn_and_the_phase_resolves(
    client: TestClient, intrigue: Intrigue
) -> None:
    gm, c, factions = _campaign(client, "stored bad orders")
    bad = intrigue.factionturn.store.load(UUID(factions[0]["id"]), Faction)
    bad.submit_order(1, {"raise_ratings": ["strength"], "phase": 1})  # as the store held it before the checks
    intrigue.factionturn.store.commit(bad)
    for other in factions[1:]:
        assert "errors" not in gql_as(client, gm, SUBMIT, c=c, f=other["id"], o={"narrative": "It waits."})
    body = gql_as(client, gm, RESOLVE, c=c)
    assert "errors" not in body, body
    assert body["data"] == {"resolvePhase": {"phaseStatus": "RESOLVED"}}
    events = [
        e for e in intrigue.factionturn.store.repository.event_store.get(bad.id) if type(e).__name__ == "ActionFailed"
    ]
    assert [e.action for e in events] == ["Orders"] and "strength" in events[0].reason  # type: ignore[attr-defined]
