"""Issue 14, leaks 3-6: a refusal, the house's members, aggregate versions and asset ids tell no seat a secret."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from starlette.testclient import TestClient

from domain.factionturn.aggregate.faction import Faction
from domain.region import Region
from service.bootstrap import Intrigue
from tests.support.rest_support import API
from tests.support.service import campaign_with_hidden_spies, gql, gql_as


@pytest.fixture(scope="module")
def court(intrigue: Intrigue) -> dict[str, Any]:
    from tests.support.gameofbones_world import city, register_five

    campaign = intrigue.campaigns.create_campaign(city(f"leaks-{uuid.uuid4().hex[:6]}"))
    houses = register_five(intrigue, campaign)
    intrigue.campaigns.open_phase(campaign.id)
    mine, rival = houses[0], houses[1]
    seats = intrigue.seats
    return {
        "campaign": campaign.id,
        "mine": mine,
        "rival": rival,
        "gm": seats.seat_gm(campaign.id).token,
        "owner": seats.create_seat(campaign.id, "player", "Dee", house_id=mine.id).token,
        "rival_player": seats.create_seat(campaign.id, "player", "Eve", house_id=rival.id).token,
        "observer": seats.create_seat(campaign.id, "observer", "Fay").token,
    }


def ask(client: TestClient, court: dict[str, Any], who: str | None, query: str, **variables: object) -> dict[str, Any]:
    body = gql_as(client, court[who], query, **variables) if who else gql(client, query, **variables)
    return body


# ---- leak 3: a refusal of Wrest Control told the aggressor where a rival's hidden troops stand -----------------
WREST = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { pendingActions { action resolved } } }"""


def test_wresting_control_of_a_guarded_area_is_not_refused_for_the_troops_it_cannot_see(
    intrigue: Intrigue, client: TestClient, court: dict[str, Any]
) -> None:
    mine, rival = court["mine"], court["rival"]
    guarded = next(a for a in rival.area_ids if intrigue.store.load(uuid.UUID(a), Region).troops.get(str(rival.id)))
    order = {"action": "WREST_CONTROL", "actor": mine.leader.name, "targetHouseId": str(rival.id), "areaIds": [guarded]}
    seen = ask(
        client,
        court,
        "owner",
        "query($id: UUID!) { areas(campaignId: $id) { id troops { houseId } } }",
        id=str(court["campaign"]),
    )
    area = next(a for a in seen["data"]["areas"] if a["id"] == guarded)
    assert area["troops"] == [], "the aggressor's seat does not see the rival's troops there"
    body = ask(client, court, "owner", WREST, c=str(court["campaign"]), h=str(mine.id), o=order)
    assert "errors" not in body, body  # refused, it said "... has power in Ward 2: assault it first"
    assert {"action": "Wrest Control", "resolved": False} in body["data"]["orderHouseAction"]["pendingActions"]


# ---- leak 4: GraphQL House.members, from which the Gaining Power table gives the secret Power -----------------
MEMBERS = """query($id: UUID!) { houses(campaignId: $id) {
  id members { name classes { characterClass level } } priests { name level } } }"""


def people_seen_by(client: TestClient, court: dict[str, Any], who: str | None) -> dict[str, Any]:
    body = ask(client, court, who, MEMBERS, id=str(court["campaign"]))
    assert "errors" not in body, body
    return next(h for h in body["data"]["houses"] if h["id"] == str(court["mine"].id))  # type: ignore[no-any-return]


@pytest.mark.parametrize("who", ["gm", "owner"])
def test_the_gm_and_the_house_see_its_members_and_priests(client: TestClient, court: dict[str, Any], who: str) -> None:
    house = people_seen_by(client, court, who)
    assert (len(house["members"]), house["priests"]) == (10, [{"name": "Priestess", "level": 3}])


@pytest.mark.parametrize("who", ["rival_player", "observer", None])
def test_rivals_observers_and_strangers_see_no_members(
    client: TestClient, court: dict[str, Any], who: str | None
) -> None:
    assert people_seen_by(client, court, who)["members"] == []


@pytest.mark.parametrize("who", ["rival_player", "observer", None])
def test_nor_priests_whose_levels_give_influence(client: TestClient, court: dict[str, Any], who: str | None) -> None:
    # Seed 000, Gaining Influence: 100 influence a priest level, 500 for a priestess of the Fatespinner.
    headers = {"Authorization": f"Bearer {court[who]}"} if who else {}
    rest = client.get(f"{API}/campaigns/{court['campaign']}/houses", headers=headers).json()["houses"]
    assert "priests" not in next(h for h in rest if h["id"] == str(court["mine"].id))
    assert people_seen_by(client, court, who)["priests"] == []


# ---- leak 5: an aggregate's version rises with every secret order, spend and thing learned --------------------
@pytest.mark.parametrize(
    ("who", "sees"), [("gm", True), ("owner", True), ("rival_player", False), ("observer", False), (None, False)]
)
def test_a_houses_version_shows_only_to_the_gm_and_the_house(
    client: TestClient, court: dict[str, Any], who: str | None, sees: bool
) -> None:
    headers = {"Authorization": f"Bearer {court[who]}"} if who else {}
    response = client.get(f"{API}/campaigns/{court['campaign']}/houses", headers=headers)
    assert response.status_code == 200, response.text
    house = next(h for h in response.json()["houses"] if h["id"] == str(court["mine"].id))
    assert ("version" in house) is sees, house


@pytest.fixture(scope="module")
def spies(intrigue: Intrigue) -> dict[str, Any]:
    campaign_id, _, spies_id = campaign_with_hidden_spies(intrigue, "leaks")
    seats = intrigue.seats
    return {
        "campaign": campaign_id,
        "spies": spies_id,
        "gm": seats.seat_gm(campaign_id).token,
        "owner": seats.create_seat(campaign_id, "player", "Ana", faction_id=spies_id).token,
        "observer": seats.create_seat(campaign_id, "observer", "Cy").token,
    }


@pytest.mark.parametrize(("who", "sees"), [("gm", True), ("owner", True), ("observer", False), (None, False)])
def test_a_factions_version_shows_only_to_the_gm_and_the_faction(
    client: TestClient, spies: dict[str, Any], who: str | None, sees: bool
) -> None:
    headers = {"Authorization": f"Bearer {spies[who]}"} if who else {}
    response = client.get(f"{API}/campaigns/{spies['campaign']}/factions", headers=headers)
    assert response.status_code == 200, response.text
    faction = next(f for f in response.json()["factions"] if f["id"] == str(spies["spies"]))
    assert ("version" in faction) is sees, faction


# ---- leak 6: asset ids were uuid5(faction, "asset:N"): the missing numbers were the stealthed assets ----------
def test_asset_ids_are_not_a_series_an_observer_can_count(intrigue: Intrigue, spies: dict[str, Any]) -> None:
    faction = intrigue.store.load(spies["spies"], Faction)
    series = {str(uuid.uuid5(faction.id, f"asset:{n}")) for n in range(1, 50)}
    assert len(faction.assets) == 2
    assert not set(faction.assets) & series


def test_a_faction_founded_before_the_secret_keeps_its_asset_ids_on_replay() -> None:
    old = Faction(uuid.uuid4(), "Old Guard", 2, 2, 2, "home", [], 0, 0, 5, False)  # as a Founded event without one
    assert list(old.assets) == [str(uuid.uuid5(old.id, "asset:1"))]
    assert old.next_asset_id() == str(uuid.uuid5(old.id, "asset:2"))


def test_over_rest_too_the_order_is_taken_not_answered_409(
    intrigue: Intrigue, client: TestClient, court: dict[str, Any]
) -> None:
    mine, rival = court["mine"], court["rival"]
    guarded = next(a for a in mine.area_ids if intrigue.store.load(uuid.UUID(a), Region).troops.get(str(mine.id)))
    order = {
        "action": "Wrest Control",
        "actor": rival.leader.name,
        "target_house_id": str(mine.id),
        "area_ids": [guarded],
    }
    response = client.post(
        f"{API}/campaigns/{court['campaign']}/houses/{rival.id}/actions",
        json=order,
        headers={"Authorization": f"Bearer {court['rival_player']}"},
    )
    assert response.status_code == 201, response.text  # it was 409: "Baenre has power in Ward 1: assault it first"


# ---- one place decides: GraphQL and REST show each seat the same parts of each house ------------------------
BOTH = "query($id: UUID!) { houses(campaignId: $id) { id influence gold members { name } pendingActions { id } } }"


@pytest.mark.parametrize("who", ["gm", "owner", "rival_player", "observer", None])
def test_graphql_and_rest_show_each_seat_the_same_parts_of_each_house(
    client: TestClient, court: dict[str, Any], who: str | None
) -> None:
    headers = {"Authorization": f"Bearer {court[who]}"} if who else {}
    rest = {
        h["id"]: h for h in client.get(f"{API}/campaigns/{court['campaign']}/houses", headers=headers).json()["houses"]
    }
    graphql = ask(client, court, who, BOTH, id=str(court["campaign"]))["data"]["houses"]
    assert len(graphql) == len(rest) == 5
    for house in graphql:
        shaped = rest[house["id"]]
        assert (house["influence"], house["gold"]) == (shaped.get("influence"), shaped.get("gold"))
        assert [m["name"] for m in house["members"]] == [m["name"] for m in shaped.get("members", [])]
        assert [p["id"] for p in house["pendingActions"]] == [p["id"] for p in shaped.get("pending", [])]
