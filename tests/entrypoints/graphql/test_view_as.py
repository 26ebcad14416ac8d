"""Campaign presets through createCampaign, and the GM's view of a campaign as any of its seats (issue 18)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.support.service import gql, gql_as

CREATE = """
mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken regions { id name q r } } }"""
SEAT = """
mutation($c: UUID!, $input: SeatInput!) { createSeat(campaignId: $c, input: $input) { seat { id } token } }"""
# Every read the console's map and standings make, secrets included where the seat may see them.
READS = """
query($c: UUID!) {
  me { id role factionId houseId }
  factions(campaignId: $c) { id name facgold xp goal { key } assets { id name stealthed regionId } }
  houses(campaignId: $c) { id name rank influence power gold }
  areas(campaignId: $c) { id troops { houseId power } }
}"""
STEALTH = """
mutation($c: UUID!, $f: UUID!, $a: UUID!) {
  resolveAssetAdventure(campaignId: $c, factionId: $f, assetId: $a, outcome: STEALTH, reason: "test") { id }
}"""


def _create(client: TestClient, preset: str, systems: list[str]) -> dict[str, Any]:
    body = gql(client, CREATE, input={"name": f"Preset {preset}", "ruleSystems": systems, "preset": preset})
    assert "errors" not in body, body
    return body["data"]["createCampaign"]  # type: ignore[index,no-any-return]


def _as(client: TestClient, token: str, query: str, view_as: str | None = None, **variables: object) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} | ({"X-Intrigue-View-As": view_as} if view_as else {})
    response = client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def demo(client: TestClient) -> dict[str, Any]:
    """A campaign from the DEMO preset, a rival's asset stealthed, a player seat for a faction, one for a house,
    and an observer."""
    created = _create(client, "DEMO", ["FACTION_TURN", "GAME_OF_BONES"])
    c, gm = created["id"], created["gmToken"]
    data = gql_as(client, gm, READS, c=c)["data"]
    factions = {f["name"]: f for f in data["factions"]}  # type: ignore[index]
    houses = {h["name"]: h for h in data["houses"]}  # type: ignore[index]
    rival = factions["The Republic"]
    gql_as(client, gm, STEALTH, c=c, f=rival["id"], a=rival["assets"][0]["id"])
    player = gql_as(
        client,
        gm,
        SEAT,
        c=c,
        input={"role": "PLAYER", "name": "Crows", "factionId": factions["Empresses' Crows"]["id"]},
    )
    house = gql_as(
        client, gm, SEAT, c=c, input={"role": "PLAYER", "name": "Varn", "houseId": houses["House Varn"]["id"]}
    )
    observer = gql_as(client, gm, SEAT, c=c, input={"role": "OBSERVER", "name": "Watcher"})
    issued = {
        who: body["data"]["createSeat"]
        for who, body in (("player", player), ("house", house), ("observer", observer))  # type: ignore[index]
    }
    return {"id": c, "gm": gm, "rival": rival, "factions": factions, **issued}


def test_the_presets_start_the_worked_example_the_demo_or_an_empty_map(client: TestClient) -> None:
    counts = {}
    for preset, systems in (
        ("DEMO", ["FACTION_TURN", "GAME_OF_BONES"]),
        ("WORKED_EXAMPLE", ["FACTION_TURN"]),
        ("EMPTY_MAP", ["FACTION_TURN", "GAME_OF_BONES"]),
    ):
        created = _create(client, preset, systems)
        assert len(created["regions"]) == 80 and created["gmToken"]  # the worked example's 8x10 map, a GM seated
        data = gql_as(client, created["gmToken"], READS, c=created["id"])["data"]
        counts[preset] = (len(data["factions"]), len(data["houses"]))  # type: ignore[index]
    # Seed 002's five factions and The Wild; the demo adds three houses (seed 000); the empty map has nobody.
    assert counts == {"DEMO": (6, 3), "WORKED_EXAMPLE": (6, 0), "EMPTY_MAP": (0, 0)}


def test_a_preset_refuses_regions_of_its_own_and_a_rule_system_it_lacks(client: TestClient) -> None:
    regions = gql(
        client,
        CREATE,
        input={
            "name": "x",
            "ruleSystems": ["FACTION_TURN"],
            "preset": "EMPTY_MAP",
            "regions": [{"name": "A", "q": 0, "r": 0}],
        },
    )
    assert regions["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]
    lacking = gql(client, CREATE, input={"name": "y", "ruleSystems": ["FACTION_TURN"], "preset": "DEMO"})
    assert "gameofbones" in lacking["errors"][0]["message"]  # type: ignore[index]


@pytest.mark.parametrize("who", ["player", "house", "observer"])
def test_the_gm_viewing_as_a_seat_reads_what_that_seat_reads(
    client: TestClient, demo: dict[str, Any], who: str
) -> None:
    seat = demo[who]
    own = _as(client, seat["token"], READS, c=demo["id"])
    viewed = _as(client, demo["gm"], READS, view_as=seat["seat"]["id"], c=demo["id"])
    assert "errors" not in own and viewed == own
    # and it is that seat's, not the GM's: the rival's stealthed asset and FacGold are not in it
    rival = next(f for f in viewed["data"]["factions"] if f["id"] == demo["rival"]["id"])
    assert rival["facgold"] is None and demo["rival"]["assets"][0]["id"] not in {a["id"] for a in rival["assets"]}
    gm = _as(client, demo["gm"], READS, c=demo["id"])
    assert gm != viewed and gm["data"]["me"]["role"] == "GM"


def test_viewing_as_a_seat_is_refused_to_a_non_gm_and_to_mutations(client: TestClient, demo: dict[str, Any]) -> None:
    player, observer = demo["player"], demo["observer"]
    refused = _as(client, player["token"], READS, view_as=observer["seat"]["id"], c=demo["id"])
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN" and refused.get("data") is None
    unseated = client.post(
        "/graphql",
        json={"query": READS, "variables": {"c": demo["id"]}},
        headers={"X-Intrigue-View-As": player["seat"]["id"]},
    ).json()
    assert unseated["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    # a GM of another campaign may not view this one's seats
    other = _create(client, "EMPTY_MAP", ["FACTION_TURN"])
    foreign = _as(client, other["gmToken"], READS, view_as=player["seat"]["id"], c=demo["id"])
    assert foreign["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    # a mutation under the view-as header is refused, and writes nothing
    opened = _as(
        client,
        demo["gm"],
        "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }",
        view_as=player["seat"]["id"],
        c=demo["id"],
    )
    assert opened["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    status = _as(client, demo["gm"], "query($id: UUID!) { campaign(id: $id) { phaseStatus } }", id=demo["id"])
    assert status["data"]["campaign"]["phaseStatus"] == "SETUP"


def test_viewing_as_a_revoked_seat_or_a_bad_id_is_refused(client: TestClient, demo: dict[str, Any]) -> None:
    extra = gql_as(client, demo["gm"], SEAT, c=demo["id"], input={"role": "OBSERVER", "name": "Gone"})
    seat_id = extra["data"]["createSeat"]["seat"]["id"]  # type: ignore[index]
    gql_as(
        client,
        demo["gm"],
        "mutation($c: UUID!, $s: UUID!) { revokeSeat(campaignId: $c, seatId: $s) { id } }",
        c=demo["id"],
        s=seat_id,
    )
    revoked = _as(client, demo["gm"], READS, view_as=seat_id, c=demo["id"])
    assert revoked["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    bad = _as(client, demo["gm"], READS, view_as="not-a-uuid", c=demo["id"])
    assert bad["errors"][0]["extensions"]["code"] == "INVALID_INPUT"
