"""Issue 15 item 1 through GraphQL: "A Month in the Life"'s first-turn orders, entered by factions that start with
no FacGold, are checked as each faction will stand when its action comes (this turn's income gained); and issue
16 item 3: submitting them loads only the aggregates the orders name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.enums import Population
from domain.factionturn.aggregate.faction import Faction
from domain.factionturn.rules.worked_example import WORKED_FACTIONS
from service.bootstrap import Intrigue
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id gmToken regions { id name } } }"""
FOUND = """mutation($c: UUID!, $input: FoundFactionInput!) {
  foundFaction(campaignId: $c, input: $input) { id name assets { id typeKey } } }"""
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }"
HOMES = {
    "Remzal's Chosen": ("City of the Burning Wheel", 7, 0, 5, "Thousands"),
    "Empresses' Crows": ("Crows' Village", 0, 4, 4, "Multiple Dozens"),
    "The Republic": ("Fort-City", 5, 8, 4, "Hundreds"),
    "Empire Remnants": ("Imperial Capital", 2, 4, 2, "Tens of Thousands"),
    "Goldbar House": ("Coastal Caverns", -3, 9, 4, "Outpost"),
}


@pytest.fixture
def month(client: TestClient) -> tuple[str, str, dict[str, str], dict[str, dict[str, Any]]]:
    """The worked example's five factions, each at home with its starting assets and no FacGold; phase 1 open."""
    regions = [
        {"name": n, "q": q, "r": r, "arcana": a, "population": Population(p).name} for n, q, r, a, p in HOMES.values()
    ]
    created = gql(
        client,
        CREATE,
        input={
            "name": f"A Month in the Life {uuid4().hex[:8]}",
            "ruleSystems": ["FACTION_TURN"],
            "diceSeed": "month",
            "regions": regions,
        },
    )
    campaign: dict[str, Any] = created["data"]["createCampaign"]  # type: ignore[index]
    gm, c = campaign["gmToken"], campaign["id"]
    region_ids = {r["name"]: r["id"] for r in campaign["regions"]}
    homes = {name: region_ids[home[0]] for name, home in HOMES.items()}
    factions = {}
    for worked in WORKED_FACTIONS:
        found = gql_as(
            client,
            gm,
            FOUND,
            c=c,
            input={
                "name": worked.name,
                "force": worked.force,
                "cunning": worked.cunning,
                "wealth": worked.wealth,
                "homeRegionId": homes[worked.name],
                "tags": [t for t in worked.tags if t != "regional_government"],
                "assets": [{"typeKey": k} for k in worked.assets],
            },
        )
        assert "errors" not in found, found
        factions[worked.name] = found["data"]["foundFaction"]  # type: ignore[index]
    assert "errors" not in gql_as(client, gm, OPEN, c=c)
    return gm, c, homes, factions


def _buy(type_key: str, region_id: str) -> dict[str, Any]:
    return {"action": {"buyAsset": {"typeKey": type_key, "regionId": region_id}}}


def test_the_worked_examples_first_turn_orders_are_accepted_from_no_facgold_and_resolve(
    client: TestClient, intrigue: Intrigue, month: tuple[str, str, dict[str, str], dict[str, dict[str, Any]]]
) -> None:
    gm, c, homes, factions = month
    orders = {
        "Empire Remnants": _buy("indentured_workforce", homes["Empire Remnants"]),  # 0 + 5 income, costs 2
        "Goldbar House": _buy("indentured_workforce", homes["Goldbar House"]),  # 0 + 3 income, costs 2
        "Remzal's Chosen": {"action": {"seizeRegion": {"regionId": homes["Remzal's Chosen"]}}},
        # 0 + 2 income pays the first turn's 2
        "Empresses' Crows": {"action": {"customAction": {"name": "Bribe the Beholder", "turns": 2, "costPerTurn": 2}}},
    }
    for name, order in orders.items():
        body = gql_as(client, gm, SUBMIT, c=c, f=factions[name]["id"], o=order)
        assert "errors" not in body, (name, body)
    assert "errors" not in gql_as(client, gm, RESOLVE, c=c)
    for name, left in (("Empire Remnants", 5 - 2), ("Goldbar House", 3 - 2)):
        held = intrigue.factionturn.store.load(UUID(factions[name]["id"]), Faction)
        assert held.facgold == left and "indentured_workforce" in [a.type_key for a in held.assets.values()]


def test_a_purchase_this_turns_income_does_not_cover_is_refused_naming_the_figures(
    client: TestClient, intrigue: Intrigue, month: tuple[str, str, dict[str, str], dict[str, dict[str, Any]]]
) -> None:
    gm, c, homes, factions = month
    goldbar = UUID(factions["Goldbar House"]["id"])
    before = intrigue.factionturn.store.load(goldbar, Faction).version
    body = gql_as(client, gm, SUBMIT, c=c, f=str(goldbar), o=_buy("monopoly", homes["Goldbar House"]))
    [error] = body["errors"]  # type: ignore[misc]
    assert error["extensions"]["code"] == "RULE_VIOLATION"
    assert (
        "Goldbar House will have 3 FacGold when its action comes (0 now + 3 income − 0 maintenance) and "
        "Monopoly costs 8" in error["message"]
    ), error
    assert intrigue.factionturn.store.load(goldbar, Faction).version == before


def test_the_republics_stealth_for_its_calvary_is_still_refused_by_the_rules(
    client: TestClient, month: tuple[str, str, dict[str, str], dict[str, dict[str, Any]]]
) -> None:
    gm, c, homes, factions = month
    republic = factions["The Republic"]
    calvary = next(a["id"] for a in republic["assets"] if a["typeKey"] == "calvary")
    order = {"action": {"buyAsset": {"typeKey": "stealth", "regionId": homes["The Republic"], "forAssetId": calvary}}}
    [error] = gql_as(client, gm, SUBMIT, c=c, f=republic["id"], o=order)["errors"]  # type: ignore[misc]
    assert "Special Forces" in error["message"], error


@pytest.fixture
def loaded_factions(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[UUID]]:
    """The ids of every Faction the store loads from its events while the test runs."""
    store, seen = intrigue.factionturn.store, []
    load = store._load

    def counting(aggregate_id: UUID, kind: type[Any], version: int | None = None) -> Any:
        if kind is Faction:
            seen.append(aggregate_id)
        return load(aggregate_id, kind, version)

    monkeypatch.setattr(store, "_load", counting)
    yield seen


def test_submitting_orders_loads_only_the_factions_they_name_and_those_present_where_they_act(
    client: TestClient, month: tuple[str, str, dict[str, str], dict[str, dict[str, Any]]], loaded_factions: list[UUID]
) -> None:
    gm, c, homes, factions = month
    empire, republic = factions["Empire Remnants"]["id"], factions["The Republic"]["id"]
    seize = {"action": {"seizeRegion": {"regionId": homes["Empire Remnants"]}}}
    assert "errors" not in gql_as(client, gm, SUBMIT, c=c, f=empire, o=seize)
    assert loaded_factions == [UUID(empire)]  # alone in its capital: none of the other four is loaded
    loaded_factions.clear()
    assert "errors" not in gql_as(
        client, gm, SUBMIT, c=c, f=empire, o=seize | {"permissions": [{"factionId": republic, "answer": "DENY"}]}
    )
    assert sorted(loaded_factions) == sorted([UUID(empire), UUID(republic)])  # and the faction it names


def test_a_rival_with_an_asset_where_the_orders_act_is_loaded_and_counted_in_the_check(
    client: TestClient, month: tuple[str, str, dict[str, str], dict[str, dict[str, Any]]], loaded_factions: list[UUID]
) -> None:
    gm, c, homes, factions = month
    capital = homes["Empire Remnants"]
    found = gql_as(
        client,
        gm,
        FOUND,
        c=c,
        input={
            "name": "Merchants",
            "force": 1,
            "cunning": 1,
            "wealth": 4,
            "homeRegionId": homes["Goldbar House"],
            "assets": [{"typeKey": "local_investments", "regionId": capital}],
        },
    )
    merchants = found["data"]["foundFaction"]["id"]  # type: ignore[index]
    loaded_factions.clear()
    empire = factions["Empire Remnants"]["id"]
    assert "errors" not in gql_as(client, gm, SUBMIT, c=c, f=empire, o=_buy("indentured_workforce", capital))
    assert sorted(loaded_factions) == sorted([UUID(empire), UUID(merchants)])
    # Seed 002, Local Investments: a rival's investments there add 1 FacGold, so the 5 its income brings fall short.
    [error] = gql_as(client, gm, SUBMIT, c=c, f=empire, o=_buy("cunning_trap", capital))["errors"]  # type: ignore[misc]
    assert (
        "Empire Remnants will have 5 FacGold when its action comes (0 now + 5 income − 0 maintenance) and "
        "Cunning Trap costs 6" in error["message"]
    ), error
