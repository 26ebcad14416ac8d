"""Issue 17 item 2: a whole Faction Turn phase played through GraphQL with typed orders only, every action kind
of seed 002's Faction Actions among them (with goal choice, rating raises, defences and permissions), each read
back typed before the phase resolves."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.errors import InvalidInputError
from domain.factionturn.forms.order_form import orders_from_dict
from domain.gameofbones.aggregate.house import House
from service.bootstrap import Intrigue
from service.entrypoints.rest.contract import check_against
from tests.support.service import gql, gql_as

CREATE = """mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id gmToken regions { id name } } }"""
FOUND = """mutation($c: UUID!, $input: FoundFactionInput!) {
  foundFaction(campaignId: $c, input: $input) { id name assets { id typeKey regionId } } }"""
BASE = """mutation($c: UUID!, $f: UUID!, $r: UUID!) {
  setBaseOfInfluence(campaignId: $c, factionId: $f, regionId: $r, hp: 2, reason: "an adventure's gift") { id } }"""
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
READ = """query($c: UUID!, $f: UUID!) { factionOrders(campaignId: $c, factionId: $f) {
  phase goal { goal } raiseRatings action { __typename } } }"""
FACTION = "query($f: UUID!) { faction(id: $f) { homeRegionId cunning hp assets { typeKey regionId } } }"


def _setup(client: TestClient) -> tuple[str, str, list[str]]:
    regions = [{"name": f"Town {i}", "q": i, "r": 0, "arcana": 3, "population": "HUNDREDS"} for i in range(6)]
    created = gql(
        client,
        CREATE,
        input={
            "name": f"typed {uuid4().hex[:6]}",
            "ruleSystems": ["FACTION_TURN"],
            "diceSeed": "typed",
            "regions": regions,
        },
    )
    assert "errors" not in created, created
    campaign: dict[str, Any] = created["data"]["createCampaign"]  # type: ignore[index]
    return campaign["gmToken"], campaign["id"], [r["id"] for r in campaign["regions"]]


def test_a_whole_faction_turn_phase_is_played_with_typed_orders_of_every_action_kind(
    client: TestClient, intrigue: Intrigue
) -> None:
    gm, c, town = _setup(client)

    def ok(query: str, **variables: Any) -> Any:
        body = gql_as(client, gm, query, c=c, **variables)
        assert "errors" not in body, body
        return body["data"]

    def found(name: str, home: int, assets: list[tuple[str, int]], **numbers: int) -> dict[str, Any]:
        ratings = {"force": 4, "cunning": 4, "wealth": 4, "facgold": 20, "xp": 0} | numbers
        made = ok(
            FOUND,
            input={
                "name": name,
                "homeRegionId": town[home],
                **ratings,
                "assets": [{"typeKey": k, "regionId": town[r]} for k, r in assets],
            },
        )
        faction: dict[str, Any] = made["foundFaction"]
        faction["of"] = {a["typeKey"]: a["id"] for a in faction["assets"]}
        return faction

    red = found("Red", 0, [("zealots", 1), ("guardsmen", 0)], xp=20)
    blue = found("Blue", 1, [("guardsmen", 1)])
    green = found("Green", 2, [])
    gold = found("Gold", 3, [("franchise", 4)])
    grey = found("Grey", 2, [("guardsmen", 2)])
    white = found("White", 3, [], hp=5)
    black = found("Black", 4, [("thugs", 4)])
    violet = found("Violet", 5, [("guardsmen", 5)])
    orange = found("Orange", 4, [("heavy_transports", 4), ("militia_unit", 4)])
    teal = found("Teal", 5, [])
    ok(BASE, f=green["id"], r=town[3])  # Change Home needs a Base of Influence where it goes
    ok("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")

    orders = {
        red["id"]: {
            "action": {
                "attack": {
                    "strikes": [
                        {
                            "attackerId": red["of"]["zealots"],
                            "targetFactionId": blue["id"],
                            "targetAssetId": blue["of"]["guardsmen"],
                        }
                    ]
                }
            },
            "goal": {"goal": "MILITARY_CONQUEST"},
            "raiseRatings": ["CUNNING"],
            "defences": [{"regionId": town[0], "defenderId": red["of"]["guardsmen"]}],
        },
        blue["id"]: {
            "action": {"buyAsset": {"typeKey": "thugs", "regionId": town[1]}},
            "permissions": [{"factionId": red["id"], "answer": "DENY"}],
            "bookOfSecrets": "OWN",
        },
        green["id"]: {"action": {"changeHome": {"regionId": town[3]}}},
        gold["id"]: {"action": {"expandInfluence": {"regionId": town[4], "hp": 2}}, "contestExpansions": False},
        grey["id"]: {"action": {"refitAsset": {"assetId": grey["of"]["guardsmen"], "typeKey": "mob"}}},
        white["id"]: {"action": {"repairAsset": {"faction": True}}, "narrative": "White licks its wounds."},
        black["id"]: {"action": {"sellAsset": {"assetId": black["of"]["thugs"]}}, "allowSeizure": [violet["id"]]},
        violet["id"]: {"action": {"seizeRegion": {"regionId": town[5]}}},
        orange["id"]: {
            "action": {
                "useAssetAbility": {
                    "uses": [
                        {
                            "assetId": orange["of"]["heavy_transports"],
                            "regionId": town[3],
                            "carriedIds": [orange["of"]["militia_unit"]],
                        }
                    ]
                }
            }
        },
        teal["id"]: {
            "action": {"customAction": {"name": "Bribe the Beholder", "turns": 1, "costPerTurn": 1}},
            "rerolls": False,
        },
    }
    for faction_id, order in orders.items():
        ok(SUBMIT, f=faction_id, o=order)
    read = {f: ok(READ, f=f)["factionOrders"] for f in orders}
    assert [r["action"]["__typename"] for r in read.values()] == [
        "AttackOrder",
        "BuyAssetOrder",
        "ChangeHomeOrder",
        "ExpandInfluenceOrder",
        "RefitAssetOrder",
        "RepairAssetOrder",
        "SellAssetOrder",
        "SeizeRegionOrder",
        "UseAssetAbilityOrder",
        "CustomActionOrder",
    ]
    assert read[red["id"]] | {"action": None} == {
        "phase": 1,
        "goal": {"goal": "MILITARY_CONQUEST"},
        "raiseRatings": ["CUNNING"],
        "action": None,
    }

    ok("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }")
    for faction_id in orders:  # every order was carried out: none failed its turn
        events = intrigue.factionturn.store.repository.event_store.get(UUID(faction_id))
        failed = [e for e in events if type(e).__name__ == "ActionFailed"]
        assert not failed, (faction_id, failed)
    seen = {f: ok(FACTION, f=f)["faction"] for f in orders}
    assert seen[green["id"]]["homeRegionId"] == town[2]  # seed 002, Change Home: one turn plus one per hex
    assert seen[red["id"]]["cunning"] == 5
    assert {"typeKey": "thugs", "regionId": town[1]} in seen[blue["id"]]["assets"]
    assert {"typeKey": "mob", "regionId": town[2]} in seen[grey["id"]]["assets"]
    assert {"typeKey": "base_of_influence", "regionId": town[4]} in seen[gold["id"]]["assets"]
    assert {"typeKey": "militia_unit", "regionId": town[3]} in seen[orange["id"]]["assets"]
    assert "thugs" not in [a["typeKey"] for a in seen[black["id"]]["assets"]]
    assert seen[white["id"]]["hp"] > 5
    # The next phase, with no orders: Green's move (one hex) is done.
    ok("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }")
    ok("mutation($c: UUID!) { resolvePhase(campaignId: $c) { phaseStatus } }")
    assert ok(FACTION, f=green["id"])["faction"]["homeRegionId"] == town[3]


HOUSE = """mutation($c: UUID!, $input: RegisterHouseInput!) { registerHouse(campaignId: $c, input: $input) { id } }"""
HOUSE_ORDER = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { pendingActions { id } } }"""


def test_a_house_order_the_input_type_cannot_hold_is_refused_before_anything_runs(
    client: TestClient, intrigue: Intrigue
) -> None:
    created = gql(
        client,
        CREATE,
        input={
            "name": f"typed bones {uuid4().hex[:6]}",
            "ruleSystems": ["GAME_OF_BONES"],
            "regions": [{"name": "Ward", "q": 0, "r": 0}],
        },
    )
    campaign: dict[str, Any] = created["data"]["createCampaign"]  # type: ignore[index]
    gm, c = campaign["gmToken"], campaign["id"]
    house = gql_as(client, gm, HOUSE, c=c, input={"name": "Baenre", "leader": {"name": "Matron", "level": 12}})
    h = house["data"]["registerHouse"]["id"]  # type: ignore[index]
    assert "errors" not in gql_as(client, gm, "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", c=c)
    for order, field in [
        ({"action": "DANCE", "actor": "Matron"}, "action"),
        ({"action": "Smear Campaign", "actor": "Matron"}, "action"),  # the seed's spelling is REST's
        ({"action": "COVER_UP", "actor": "Matron", "coveredActionId": "x"}, "coveredActionId"),
        ({"action": "SMEAR_CAMPAIGN", "actor": "Matron", "target_house_id": h}, "target_house_id"),
    ]:
        body = gql_as(client, gm, HOUSE_ORDER, c=c, h=h, o=order)
        errors = body["errors"]  # type: ignore[index]
        assert {e["extensions"]["code"] for e in errors} == {"BAD_USER_INPUT"}, errors
        assert any(field in e["message"] for e in errors) and body.get("data") is None, errors
    assert intrigue.gameofbones.store.load(UUID(h), House).pending == {}


REGION = str(uuid4())  # a well-formed id: what is refused is the field, not the id


@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        ({"action": "Sell Asset"}, "'asset_id' is a required property"),
        ({"action": "Buy Asset", "type_key": "thugs", "region_id": REGION, "hp": 2}, "'hp' is not a field here"),
        ({"action": "None", "region_id": REGION}, "'region_id' is not a field here"),
        ({"action": "Expand Influence", "region_id": REGION}, "'hp' is a required property"),
    ],
)
def test_rests_contract_holds_each_action_to_its_own_fields(action: dict[str, Any], refusal: str) -> None:
    """REST keeps its JSON body, snake_case and the seed's action names; its contract is as strict as the form."""
    with pytest.raises(InvalidInputError, match=refusal):
        check_against("FactionOrders", {"action": action})
    with pytest.raises(InvalidInputError):
        orders_from_dict({"action": action})  # the domain's reading agrees
    check_against(
        "FactionOrders",
        {
            "action": {"action": "Buy Asset", "type_key": "thugs", "region_id": REGION},
            "goal": {"goal": "legendary_wealth"},
            "raise_ratings": ["force"],
        },
    )
