"""Who may see what, for factions: every secret tried as the GM, the owner, another player, an observer, no seat."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.commands import FoundFaction
from service.bootstrap import Intrigue
from tests.support.service import campaign_with_hidden_spies, gql, gql_as

FACTIONS = """query($id: UUID!) { factions(campaignId: $id) {
  id name facgold xp goal { key } assets { typeKey stealthed } } }"""


@pytest.fixture(scope="module")
def table(intrigue: Intrigue) -> dict[str, Any]:
    campaign_id, region_id, spies_id = campaign_with_hidden_spies(intrigue, "v")
    guards = intrigue.factionturn.found_faction(FoundFaction(campaign_id, "Guards", 5, 2, 2, region_id, facgold=3))
    seats = intrigue.seats
    return {
        "campaign": campaign_id,
        "spies": spies_id,
        "guards": guards.id,
        "gm": seats.seat_gm(campaign_id).token,
        "spies_player": seats.create_seat(campaign_id, "player", "Ana", faction_id=spies_id).token,
        "guards_player": seats.create_seat(campaign_id, "player", "Bo", faction_id=guards.id).token,
        "observer": seats.create_seat(campaign_id, "observer", "Cy").token,
    }


def spies_seen_by(client: TestClient, table: dict[str, Any], who: str | None) -> dict[str, Any]:
    body = (
        gql_as(client, table[who], FACTIONS, id=str(table["campaign"]))
        if who
        else gql(client, FACTIONS, id=str(table["campaign"]))
    )
    assert "errors" not in body, body
    return next(f for f in body["data"]["factions"] if f["name"] == "Spies")  # type: ignore[index]


@pytest.mark.parametrize("who", ["gm", "spies_player"])
def test_the_gm_and_the_owner_see_the_stealthed_asset_and_the_purse(
    client: TestClient, table: dict[str, Any], who: str
) -> None:
    spies = spies_seen_by(client, table, who)
    assert {"typeKey": "master_assassin", "stealthed": True} in spies["assets"]
    assert spies["facgold"] == 7
    assert spies["xp"] == 0


@pytest.mark.parametrize("who", ["guards_player", "observer", None])
def test_anyone_else_sees_neither(client: TestClient, table: dict[str, Any], who: str | None) -> None:
    spies = spies_seen_by(client, table, who)
    assert all(not a["stealthed"] for a in spies["assets"])
    assert [a["typeKey"] for a in spies["assets"]] == ["base_of_influence"]
    assert (spies["facgold"], spies["xp"], spies["goal"]) == (None, None, None)


SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { name } }"""


@pytest.mark.parametrize(
    ("who", "faction", "allowed"),
    [
        ("gm", "guards", True),
        ("guards_player", "guards", True),
        ("spies_player", "guards", False),
        ("observer", "guards", False),
        (None, "guards", False),
    ],
)
def test_only_the_gm_or_the_factions_own_seat_submits_its_orders(
    intrigue: Intrigue, client: TestClient, table: dict[str, Any], who: str | None, faction: str, allowed: bool
) -> None:
    campaign = intrigue.store.load(table["campaign"], Campaign)
    if campaign.phase_status != "open":
        intrigue.campaigns.open_phase(campaign.id)
    variables = {"c": str(table["campaign"]), "f": str(table[faction]), "o": {"narrative": "waits"}}
    body = gql_as(client, table[who], SUBMIT, **variables) if who else gql(client, SUBMIT, **variables)
    if allowed:
        assert body.get("errors") is None, body
    else:
        assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]


HOUSES = """query($id: UUID!) { houses(campaignId: $id) {
  id name rank influence gold pendingActions { action } knowledge { id } } }"""


@pytest.fixture(scope="module")
def court(intrigue: Intrigue) -> dict[str, Any]:
    from tests.support.gameofbones_world import city, give_orders, register_five

    campaign = intrigue.campaigns.create_campaign(city(f"vis-{uuid.uuid4().hex[:6]}"))
    houses = register_five(intrigue, campaign)
    intrigue.campaigns.open_phase(campaign.id)
    give_orders(intrigue, campaign.id)
    mine, other = houses[0], houses[1]
    return {
        "campaign": campaign.id,
        "mine": mine.id,
        "gm": intrigue.seats.seat_gm(campaign.id).token,
        "owner": intrigue.seats.create_seat(campaign.id, "player", "Dee", house_id=mine.id).token,
        "rival": intrigue.seats.create_seat(campaign.id, "player", "Eve", house_id=other.id).token,
        "observer": intrigue.seats.create_seat(campaign.id, "observer", "Fay").token,
    }


def house_seen_by(client: TestClient, court: dict[str, Any], who: str | None) -> dict[str, Any]:
    body = (
        gql_as(client, court[who], HOUSES, id=str(court["campaign"]))
        if who
        else gql(client, HOUSES, id=str(court["campaign"]))
    )
    assert "errors" not in body, body
    return next(h for h in body["data"]["houses"] if h["id"] == str(court["mine"]))  # type: ignore[index]


@pytest.mark.parametrize("who", ["gm", "owner"])
def test_the_gm_and_the_house_itself_see_its_pending_orders_and_purse(
    client: TestClient, court: dict[str, Any], who: str
) -> None:
    house = house_seen_by(client, court, who)
    assert house["influence"] is not None and house["gold"] is not None
    assert house["pendingActions"], "the house ordered at least one action this phase"


@pytest.mark.parametrize("who", ["rival", "observer", None])
def test_rivals_observers_and_strangers_see_only_its_rank(
    client: TestClient, court: dict[str, Any], who: str | None
) -> None:
    house = house_seen_by(client, court, who)
    assert house["rank"] >= 1
    assert (house["influence"], house["gold"], house["pendingActions"], house["knowledge"]) == (None, None, [], [])


AREAS = "query($id: UUID!) { areas(campaignId: $id) { id troops { houseId power } } }"


@pytest.mark.parametrize(
    ("who", "sees"), [("gm", "all"), ("owner", "own"), ("rival", "own"), ("observer", "none"), (None, "none")]
)
def test_troops_show_to_the_gm_and_to_their_own_house_only(
    intrigue: Intrigue, client: TestClient, court: dict[str, Any], who: str | None, sees: str
) -> None:
    body = (
        gql_as(client, court[who], AREAS, id=str(court["campaign"]))
        if who
        else gql(client, AREAS, id=str(court["campaign"]))
    )
    shown = {t["houseId"] for area in body["data"]["areas"] for t in area["troops"]}  # type: ignore[index]
    every = {h for r in intrigue.state.of_kind(court["campaign"], "region") for h in r["troops"]}
    assert len(every) > 1
    seat = intrigue.seats.resolve(f"Bearer {court[who]}") if who else None
    expected = {"all": every, "none": set(), "own": {str(seat.house_id)} & every if seat else set()}[sees]
    assert shown == expected
