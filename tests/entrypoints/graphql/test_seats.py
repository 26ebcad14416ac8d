"""Seats and bearer tokens: the creator is the GM, the GM seats players and observers, only the GM commands."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from graphql import OperationType
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.errors import ForbiddenError
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.guards import Access, access_to
from service.usecases.seats import TOKEN_PREFIX, token_campaign
from tests.support.rest_support import API, bearer, conforms, new_campaign
from tests.support.service import gql, gql_as

ME = "{ me { id role name campaignId factionId houseId } }"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase } }"


def enrol(intrigue: Intrigue, campaign_id: str, kind: str) -> str:
    """A faction or house of the campaign (its aggregate is not needed to bind a seat to it)."""
    campaign = intrigue.store.load(UUID(campaign_id), Campaign)
    member = uuid4()
    campaign.enrol(member, kind)
    intrigue.store.commit(campaign)
    return str(member)


def seat(client: TestClient, campaign_id: str, gm: str, **body: Any) -> dict[str, Any]:
    response = conforms(client.post(f"{API}/campaigns/{campaign_id}/seats", json=body, headers=bearer(gm)))
    assert response.status_code == 201, response.text
    issued: dict[str, Any] = response.json()
    return issued


def test_the_creator_of_a_campaign_is_its_gm_and_the_gm_seats_a_player_and_an_observer(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign, gm = new_campaign(client)
    faction = enrol(intrigue, campaign["id"], "faction")
    player = seat(client, campaign["id"], gm, role="player", name="Alice", faction_id=faction)
    observer = seat(client, campaign["id"], gm, role="observer")
    bound = player["seat"]
    assert (bound["role"], bound["faction_id"], bound["house_id"]) == ("player", faction, None)
    assert (observer["seat"]["role"], observer["seat"]["name"]) == ("observer", "Observer")
    listed = conforms(client.get(f"{API}/campaigns/{campaign['id']}/seats", headers=bearer(gm))).json()["seats"]
    assert [(s["role"], s["name"]) for s in listed] == [("gm", "GM"), ("player", "Alice"), ("observer", "Observer")]
    assert all("token" not in s for s in listed)
    me = gql_as(client, player["token"], ME)["data"]["me"]  # type: ignore[index]
    assert me == {
        "id": player["seat"]["id"],
        "role": "PLAYER",
        "name": "Alice",
        "campaignId": campaign["id"],
        "factionId": faction,
        "houseId": None,
    }
    assert gql(client, ME)["data"] == {"me": None}


def test_tokens_are_stored_only_as_their_hashes(client: TestClient, intrigue: Intrigue) -> None:
    campaign, gm = new_campaign(client)
    observer = seat(client, campaign["id"], gm, role="observer")
    with psycopg.connect(intrigue.db.conninfo) as conn:
        rows = conn.execute("SELECT * FROM seats WHERE campaign_id = %s", (campaign["id"],)).fetchall()
        stored = repr(rows)
    assert gm not in stored and observer["token"] not in stored
    hashes = {bytes(row[-2]) for row in rows}
    assert {hashlib.sha256(t.encode()).digest() for t in (gm, observer["token"])} == hashes


@pytest.mark.parametrize("role", ["player", "observer"])
def test_a_player_or_an_observer_may_not_run_the_gms_commands(
    client: TestClient, intrigue: Intrigue, role: str
) -> None:
    campaign, gm = new_campaign(client)
    house = enrol(intrigue, campaign["id"], "house")
    token = seat(client, campaign["id"], gm, role=role, **({"house_id": house} if role == "player" else {}))["token"]
    version = intrigue.store.load(UUID(campaign["id"]), Campaign).version
    base = f"{API}/campaigns/{campaign['id']}"
    for path, body in (
        (f"{base}/phases", None),
        (f"{base}/rolls", {"expression": "1d6", "purpose": "x"}),
        (f"{base}/regions", {"regions": [{"name": "a", "q": 9, "r": 9}]}),
        (f"{base}/seats", {"role": "observer"}),
    ):
        refused = conforms(client.post(path, json=body, headers=bearer(token)))
        assert refused.status_code == 403 and refused.json()["code"] == "FORBIDDEN", path
        assert f"this is a {role} seat" in refused.json()["detail"]
    assert conforms(client.get(f"{base}/events", headers=bearer(token))).status_code == 403
    graphql = gql_as(client, token, OPEN, id=campaign["id"])
    assert graphql["data"] is None and graphql["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    assert intrigue.store.load(UUID(campaign["id"]), Campaign).version == version


def test_the_gm_of_one_campaign_is_not_the_gm_of_another(client: TestClient) -> None:
    mine, _ = new_campaign(client, "mine")
    _, other_gm = new_campaign(client, "theirs")
    refused = conforms(client.post(f"{API}/campaigns/{mine['id']}/phases", headers=bearer(other_gm)))
    assert refused.status_code == 403 and refused.json()["code"] == "FORBIDDEN"
    graphql = gql_as(client, other_gm, OPEN, id=mine["id"])
    assert graphql["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]


def test_graphql_refuses_the_gms_mutations_without_a_token_and_accepts_them_with_it(client: TestClient) -> None:
    campaign, gm = new_campaign(client)
    unseated = gql(client, OPEN, id=campaign["id"])
    assert unseated["data"] is None
    assert unseated["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    assert gql_as(client, gm, OPEN, id=campaign["id"])["data"] == {"openPhase": {"phase": 1}}
    issued = gql_as(
        client,
        gm,
        "mutation($id: UUID!) { createSeat(campaignId: $id, input: {role: OBSERVER}) { token seat { role } } }",
        id=campaign["id"],
    )["data"]
    assert issued["createSeat"]["seat"] == {"role": "OBSERVER"}  # type: ignore[index]
    seats = gql_as(client, gm, "query($id: UUID!) { seats(campaignId: $id) { role } }", id=campaign["id"])
    assert seats["data"] == {"seats": [{"role": "GM"}, {"role": "OBSERVER"}]}


def test_a_token_names_its_campaign_and_one_of_before_still_works(client: TestClient, intrigue: Intrigue) -> None:
    campaign, gm = new_campaign(client)  # the campaign in the token: on Citus, its lookup goes to one shard
    other, _ = new_campaign(client)
    assert token_campaign(gm) == UUID(campaign["id"])
    assert gql_as(client, gm, ME)["data"]["me"]["campaignId"] == campaign["id"]  # type: ignore[index]
    moved = gm.replace(UUID(campaign["id"]).hex, UUID(other["id"]).hex)  # another campaign's: no seat
    assert gql_as(client, moved, ME)["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"  # type: ignore[index]
    old = TOKEN_PREFIX + secrets.token_urlsafe(32)  # issued before tokens named their campaign
    assert token_campaign(old) is None
    with psycopg.connect(intrigue.db.conninfo) as conn:
        conn.execute(
            "UPDATE seats SET token_sha256 = %s WHERE campaign_id = %s AND role = 'gm'",
            (hashlib.sha256(old.encode()).digest(), campaign["id"]),
        )
    assert gql_as(client, old, ME)["data"]["me"]["campaignId"] == campaign["id"]  # type: ignore[index]


def test_a_token_that_names_no_seat_is_refused_over_graphql(client: TestClient) -> None:
    body = gql_as(client, "itg_nobody", ME)
    assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"  # type: ignore[index]


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"role": "player"}, "exactly one faction or one house"),
        ({"role": "player", "faction_id": "F", "house_id": "H"}, "exactly one faction or one house"),
        ({"role": "player", "faction_id": str(uuid4())}, "no faction with id"),
        ({"role": "player", "house_id": "F"}, "no house with id"),  # a faction's id is not a house's
        ({"role": "observer", "house_id": "H"}, "bound to no faction or house"),
        ({"role": "gm"}, "'gm' is not one of ['player', 'observer']"),
        ({"role": "observer", "name": "  "}, "needs a name"),
    ],
)
def test_a_seat_must_be_bound_to_what_its_role_needs(
    client: TestClient, intrigue: Intrigue, body: dict[str, Any], detail: str
) -> None:
    campaign, gm = new_campaign(client)
    members = {"F": enrol(intrigue, campaign["id"], "faction"), "H": enrol(intrigue, campaign["id"], "house")}
    body = {k: members.get(v, v) if k.endswith("_id") else v for k, v in body.items()}
    refused = conforms(client.post(f"{API}/campaigns/{campaign['id']}/seats", json=body, headers=bearer(gm)))
    assert refused.status_code == 422 and detail in refused.json()["detail"]
    assert len(intrigue.seats.seats(UUID(campaign["id"]))) == 1  # the GM's alone


def test_seating_the_gm_of_a_campaign_made_outside_the_api_rotates_its_token(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign, first = new_campaign(client)
    second = intrigue.seats.seat_gm(UUID(campaign["id"])).token
    assert conforms(client.post(f"{API}/campaigns/{campaign['id']}/phases", headers=bearer(first))).status_code == 401
    assert conforms(client.post(f"{API}/campaigns/{campaign['id']}/phases", headers=bearer(second))).status_code == 201


def test_every_mutation_has_a_declared_or_safe_access_policy() -> None:
    assert access_to(OperationType.MUTATION, "createCampaign", {}) is Access.ANYONE
    assert access_to(OperationType.MUTATION, "someNewCommand", {"campaignId": uuid4()}) is Access.GM
    with pytest.raises(ForbiddenError, match="declares no access policy"):
        access_to(OperationType.MUTATION, "someNewCommand", {})
    assert access_to(OperationType.QUERY, "eventLog", {}) is Access.GM
    assert access_to(OperationType.QUERY, "campaigns", {}) is Access.ANYONE


def test_a_fragment_or_an_alias_cannot_hide_a_gm_mutation(client: TestClient, intrigue: Intrigue) -> None:
    campaign, _ = new_campaign(client)
    for query in (
        "mutation($id: UUID!) { ...F } fragment F on Mutation { openPhase(campaignId: $id) { phase } }",
        "mutation($id: UUID!) { ... on Mutation { o: openPhase(campaignId: $id) { phase } } }",
    ):
        body = gql(client, query, id=campaign["id"])
        assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    assert intrigue.store.load(UUID(campaign["id"]), Campaign).phase == 0
