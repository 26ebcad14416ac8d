"""Issue 12, finding 6: orders are checked whole when submitted over GraphQL, and a stored order that cannot be
carried out fails that faction's turn (recorded), never `resolvePhase`."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from domain.factionturn.faction import Faction
from service.bootstrap import Intrigue
from tests.service.conftest import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"""
GENERATE = "mutation($c: UUID!) { generateFactions(campaignId: $c, count: 3) { id name homeRegionId } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: JSON!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"


def _campaign(client: TestClient, name: str) -> tuple[str, str, list[dict[str, Any]]]:
    regions = [{"name": f"Town {i}", "q": i, "r": 0, "arcana": 3, "population": "HUNDREDS"} for i in range(4)]
    created = gql(client, CREATE, input={"name": name, "ruleSystems": ["FACTION_TURN"], "diceSeed": name,
                                         "regions": regions})["data"]["createCampaign"]  # type: ignore[index]  # fmt: skip
    gm, c = created["gmToken"], created["id"]
    factions = gql_as(client, gm, GENERATE, c=c)["data"]["generateFactions"]  # type: ignore[index]
    assert "errors" not in gql_as(client, gm, OPEN, c=c)
    return gm, c, factions


@pytest.mark.parametrize(("orders", "code", "field"), [
    ({"raise_ratings": ["strength"]}, "INVALID_INPUT", "orders.raise_ratings[0]"),
    ({"free_uses": [{"asset": "x"}]}, "INVALID_INPUT", "orders.free_uses[0].asset"),
    ({"extras": {"free_uses": [{"asset": "x"}]}}, "INVALID_INPUT", "orders.extras"),
    ({"actoin": {"action": "None"}}, "INVALID_INPUT", "orders.actoin"),
    ({"goal": {"goal": "world_domination"}}, "INVALID_INPUT", "orders.goal.goal"),
    ({"raise_ratings": ["force"]}, "RULE_VIOLATION", "orders.raise_ratings[0]"),  # generated factions have no XP
])  # fmt: skip
def test_a_malformed_or_impossible_order_is_refused_naming_the_field_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, orders: dict[str, Any], code: str, field: str
) -> None:
    gm, c, factions = _campaign(client, f"whole orders {field} {code}")
    faction_id = UUID(factions[0]["id"])
    before = intrigue.factionturn.store.load(faction_id, Faction).version
    body = gql_as(client, gm, SUBMIT, c=c, f=str(faction_id), o=orders)
    [error] = body["errors"]  # type: ignore[misc]
    assert error["extensions"]["code"] == code and field in error["message"], error
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
    events = [e for e in intrigue.factionturn.store.repository.event_store.get(bad.id)
              if type(e).__name__ == "ActionFailed"]
    assert [e.action for e in events] == ["Orders"] and "strength" in events[0].reason  # type: ignore[attr-defined]
