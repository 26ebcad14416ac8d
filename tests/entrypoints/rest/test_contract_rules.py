"""The contract states the rules the server enforces (issue 12, section 7): for each body or query the fuzzing
found the two disagreeing on, the contract's schema and the server now give the same verdict."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.rest.contract import contract
from tests.entrypoints.graphql.test_seats import enrol
from tests.support.rest_support import API, bearer, conforms, new_campaign

_URI = "urn:intrigue:openapi-rules"


def contract_accepts(schema: dict[str, Any], value: Any) -> bool:
    registry: Registry[Any] = Registry().with_resource(_URI, Resource.from_contents(contract(), DRAFT202012))
    return Draft202012Validator(schema, registry=registry).is_valid(value)


def body_schema(name: str) -> dict[str, Any]:
    return {"$ref": f"{_URI}#/components/schemas/{name}"}


def as_of_schema() -> dict[str, Any]:
    """The query of GET /campaigns/{id}/state, as the contract states it."""
    (at,) = [p for p in contract()["paths"]["/campaigns/{campaign_id}/state"]["get"]["parameters"] if p["name"] == "at"]
    assert at["in"] == "query" and at["required"] and at["style"] == "form" and at["explode"]
    return dict(at["schema"])


CREATE = {"name": "Agreed", "rule_systems": ["factionturn"]}
MOVE = {"action": "Troop Movements", "actor": "Matron", "power": 5, "area_ids": [str(uuid4())]}
HYDRA = {"name": "Hydra", "cr": 5, "hp": 40, "hit_dice": "many"}
# (route under the campaign, or "" for POST /campaigns; the contract's schema; the body; accepted?)
BODIES = [
    ("", "CreateCampaign", {**CREATE, "dice_seed": "  "}, False),
    ("", "CreateCampaign", {**CREATE, "dice_seed": "fixed"}, True),
    ("", "CreateCampaign", {**CREATE, "name": " \t"}, False),
    ("", "CreateCampaign", {**CREATE, "rule_systems": []}, False),
    ("", "CreateCampaign", {**CREATE, "rule_systems": ["poker"]}, False),
    ("", "CreateCampaign", {**CREATE, "regions": [{"name": " ", "q": 5, "r": 5}]}, False),
    ("", "CreateCampaign", {**CREATE, "regions": [{"name": "Swamp", "q": 5, "r": 5, "monster": HYDRA}]}, False),
    ("/rolls", "RollRequest", {"expression": "2d6+1", "purpose": ""}, False),
    ("/rolls", "RollRequest", {"expression": "2d6+1", "purpose": "   "}, False),
    ("/rolls", "RollRequest", {"expression": "0d6", "purpose": "x"}, False),
    ("/rolls", "RollRequest", {"expression": "2d6 x 1,000", "purpose": "loot"}, True),
    ("/seats", "SeatRequest", {"role": "player"}, False),
    ("/seats", "SeatRequest", {"role": "player", "faction_id": "F", "house_id": "H"}, False),
    ("/seats", "SeatRequest", {"role": "observer", "house_id": "H"}, False),
    ("/seats", "SeatRequest", {"role": "observer", "name": " "}, False),
    ("/seats", "SeatRequest", {"role": "player", "house_id": "H"}, True),
    ("/seats", "SeatRequest", {"role": "observer"}, True),
    ("/phases/1/rollback", "RollBackRequest", {"reason": "  "}, False),
    ("/houses/{house}/actions", "HouseOrder", {"action": "Dance", "actor": "Matron"}, False),
    ("/houses/{house}/actions", "HouseOrder", {"action": "Assault", "actor": "Matron", "power": 5}, False),
    ("/houses/{house}/actions", "HouseOrder", {"action": "Vandalism", "actor": "Matron", "area_ids": []}, False),
    ("/houses/{house}/actions", "HouseOrder", {**MOVE, "to_area_id": None}, False),
]


@pytest.mark.parametrize(("route", "schema", "body", "accepted"), BODIES)
def test_the_contract_and_the_server_agree_on_a_body(
    client: TestClient, intrigue: Intrigue, route: str, schema: str, body: dict[str, Any], accepted: bool
) -> None:
    campaign, gm = new_campaign(client, regions=[{"name": "Home", "q": 0, "r": 0}])
    members = {"F": enrol(intrigue, campaign["id"], "faction"), "H": enrol(intrigue, campaign["id"], "house")}
    body = {k: members.get(v, v) if k.endswith("_id") else v for k, v in body.items()}
    path = f"{API}/campaigns" + (f"/{campaign['id']}{route.format(house=members['H'])}" if route else "")
    assert contract_accepts(body_schema(schema), body) is accepted
    answer = conforms(client.post(path, json=body, headers=bearer(gm)))
    assert (answer.status_code < 300) is accepted, answer.text
    if not accepted:
        assert answer.status_code == 422 and answer.json()["code"] == "INVALID_INPUT"


@pytest.mark.parametrize(
    ("query", "accepted"),
    [({"phase": 1, "position": 0}, False), ({}, False), ({"position": 0}, True), ({"phase": 1}, True)],
)
def test_the_contract_and_the_server_agree_that_time_travel_takes_exactly_one_of_phase_or_position(
    client: TestClient, query: dict[str, int], accepted: bool
) -> None:
    campaign, gm = new_campaign(client, regions=[{"name": "Home", "q": 0, "r": 0}])
    base = f"{API}/campaigns/{campaign['id']}"
    conforms(client.post(f"{base}/phases", headers=bearer(gm)))
    conforms(client.post(f"{base}/phases/current/resolve", headers=bearer(gm)))
    assert contract_accepts(as_of_schema(), query) is accepted
    answer = conforms(client.get(f"{base}/state", params=query, headers=bearer(gm)))
    assert (answer.status_code == 200) is accepted, answer.text


def test_a_refused_seat_names_the_rule_it_breaks(client: TestClient) -> None:
    campaign, gm = new_campaign(client)
    refused = client.post(
        f"{API}/campaigns/{campaign['id']}/seats",
        json={"role": "player", "faction_id": str(uuid4()), "house_id": str(uuid4())},
        headers=bearer(gm),
    )
    assert refused.status_code == 422
    assert "exactly one faction or one house" in refused.json()["detail"]
