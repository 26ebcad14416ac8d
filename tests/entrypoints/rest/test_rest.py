"""End to end through the ASGI app: the REST API, every answer checked against openapi/openapi.yaml."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.entrypoints.rest.contract import CONTRACT_PATH
from tests.support.rest_support import API, audit_line_conforms, bearer, conforms, new_campaign

FORT = {"name": "Fort", "q": 0, "r": 0, "arcana": 4, "tags": ["fortress"]}
SWAMP = {"name": "Swamp", "q": 1, "r": 0, "wild": True, "terrain_difficulty": 2}


def campaign_count(intrigue: Intrigue) -> int:
    return len(intrigue.catalog.campaigns(limit=10_000))


def test_health_answers_with_the_database_state(client: TestClient) -> None:
    assert conforms(client.get(f"{API}/health")).json() == {"status": "ok", "database": True}


def test_the_contract_is_served_as_checked_in(client: TestClient) -> None:
    response = conforms(client.get(f"{API}/openapi.yaml"))
    assert response.text == CONTRACT_PATH.read_text(encoding="utf-8")


def test_a_created_campaign_has_a_location_and_can_be_read_back_and_listed(client: TestClient) -> None:
    response = conforms(
        client.post(
            f"{API}/campaigns", json={"name": "Rest", "rule_systems": ["gameofbones"], "regions": [FORT, SWAMP]}
        )
    )
    assert response.status_code == 201
    created = response.json()
    campaign_id = created["campaign"]["id"]
    assert response.headers["location"] == f"{API}/campaigns/{campaign_id}"
    assert created["seat"]["role"] == "gm" and created["token"].startswith("itg_")
    fetched = conforms(client.get(response.headers["location"])).json()
    assert fetched == created["campaign"]
    assert [(r["name"], r["wild"]) for r in fetched["regions"]] == [("Fort", False), ("Swamp", True)]
    assert campaign_id in listed_ids(client)


def listed_ids(client: TestClient) -> list[str]:
    """Every campaign id the list gives, page by page (the suite's database holds many campaigns)."""
    ids: list[str] = []
    while page := conforms(client.get(f"{API}/campaigns", params={"limit": 200, "offset": len(ids)})).json():
        if not page["campaigns"]:
            break
        ids += [c["id"] for c in page["campaigns"]]
    return ids


def test_the_gm_maps_regions_opens_a_phase_and_rolls(client: TestClient) -> None:
    campaign, token = new_campaign(client, regions=[FORT])
    base = f"{API}/campaigns/{campaign['id']}"
    added = conforms(client.post(f"{base}/regions", json={"regions": [SWAMP]}, headers=bearer(token)))
    assert added.status_code == 201 and [r["name"] for r in added.json()["regions"]] == ["Swamp"]
    opened = conforms(client.post(f"{base}/phases", headers=bearer(token)))
    assert (opened.json()["phase"], opened.json()["phase_status"]) == (1, "open")
    rolled = conforms(
        client.post(f"{base}/rolls", json={"expression": "2d6+1", "purpose": "weather"}, headers=bearer(token))
    )
    roll = rolled.json()
    assert len(roll["faces"]) == 2 and roll["total"] == sum(roll["faces"]) + 1 and roll["actor"] == "GM"


def test_the_audit_export_streams_every_event_in_order_as_ndjson(client: TestClient) -> None:
    campaign, token = new_campaign(client, regions=[FORT, SWAMP])
    base = f"{API}/campaigns/{campaign['id']}"
    conforms(client.post(f"{base}/phases", headers=bearer(token)))
    response = conforms(client.get(f"{base}/events", headers=bearer(token)))
    assert response.headers["content-type"].startswith("application/x-ndjson")
    entries = [audit_line_conforms(line) for line in response.text.splitlines()]
    topics = [e["topic"].rsplit(".", 1)[-1] for e in entries]
    assert topics[0] == "Created" and topics.count("Mapped") == 2 and topics[-1] == "PhaseOpened"
    positions = [e["position"] for e in entries]
    assert positions == sorted(positions)
    later = client.get(f"{base}/events", params={"after": positions[-2]}, headers=bearer(token))
    assert [audit_line_conforms(line)["position"] for line in later.text.splitlines()] == positions[-1:]


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("post", "/regions", {"regions": [SWAMP]}),
        ("post", "/phases", None),
        ("post", "/rolls", {"expression": "1d6", "purpose": "x"}),
        ("post", "/seats", {"role": "observer"}),
        ("get", "/seats", None),
        ("get", "/events", None),
    ],
)
def test_gm_only_routes_refuse_an_unseated_caller_and_write_nothing(
    client: TestClient, intrigue: Intrigue, method: str, suffix: str, body: Any
) -> None:
    campaign, _ = new_campaign(client)
    before = intrigue.store.load(UUID(campaign["id"]), Campaign).version
    response = conforms(client.request(method.upper(), f"{API}/campaigns/{campaign['id']}{suffix}", json=body))
    assert response.status_code == 403
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "FORBIDDEN" and "GM" in response.json()["detail"]
    assert intrigue.store.load(UUID(campaign["id"]), Campaign).version == before


def test_a_token_that_names_no_seat_is_unauthenticated(client: TestClient) -> None:
    for headers in (bearer("itg_not-a-token"), {"Authorization": "Basic abc"}):
        response = conforms(client.get(f"{API}/campaigns", headers=headers))
        assert response.status_code == 401 and response.json()["code"] == "UNAUTHENTICATED"
        assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b"[]", "is not of type 'object'"),
        (b'{"rule_systems": ["factionturn"]}', "'name' is a required property"),
        (b'{"name": 7, "rule_systems": ["factionturn"]}', "name: 7 is not of type 'string'"),
        (b'{"name": "x", "rule_systems": "factionturn"}', "rule_systems: 'factionturn' is not of type 'array'"),
        (
            b'{"name": "x", "rule_systems": ["factionturn"], "regions": [{"name": "a", "q": "0", "r": 0}]}',
            "regions[0].q: '0' is not of type 'integer'",
        ),
        (
            b'{"name": "x", "rule_systems": ["factionturn"], "regions": [{"name": "a", "q": true, "r": 0}]}',
            "regions[0].q: True is not of type 'integer'",
        ),
        (b'{"name": "x", "rule_systems": ["factionturn"], "colour": "red"}', "unknown field(s) ['colour']"),
        (b'{"name": "a\\u0000b", "rule_systems": ["factionturn"]}', "NUL"),
        (b'{"name": " ", "rule_systems": ["factionturn"]}', "needs a name"),
        (b'{"name": "x", "rule_systems": ["monopoly"]}', "unknown rule system"),
    ],
)
def test_a_malformed_create_is_a_422_problem_that_writes_nothing(
    client: TestClient, intrigue: Intrigue, content: bytes, detail: str
) -> None:
    before = campaign_count(intrigue)
    response = conforms(client.post(f"{API}/campaigns", content=content, headers={"content-type": "application/json"}))
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "INVALID_INPUT" and problem["status"] == 422
    assert detail in problem["detail"]
    assert problem["type"].endswith("/invalid-input") and problem["instance"] == f"{API}/campaigns"
    assert campaign_count(intrigue) == before


def test_a_whole_number_written_as_2_0_is_the_integer_it_stands_for(client: TestClient) -> None:
    campaign, token = new_campaign(client)
    body = b'{"regions": [{"name": "Dot", "q": 3.0, "r": -1.0, "arcana": 2.0}]}'
    added = conforms(
        client.post(
            f"{API}/campaigns/{campaign['id']}/regions",
            content=body,
            headers={**bearer(token), "content-type": "application/json"},
        )
    )
    assert added.status_code == 201, added.text
    (region,) = added.json()["regions"]
    assert (region["q"], region["r"], region["arcana"]) == (3, -1, 2)


def test_domain_refusals_keep_their_codes(client: TestClient) -> None:
    campaign, token = new_campaign(client, regions=[FORT])
    base = f"{API}/campaigns/{campaign['id']}"
    conforms(client.post(f"{base}/phases", headers=bearer(token)))
    again = conforms(client.post(f"{base}/phases", headers=bearer(token)))
    assert again.status_code == 409 and again.json()["code"] == "RULE_VIOLATION" and again.json()["rule"]
    taken = conforms(client.post(f"{base}/regions", json={"regions": [FORT]}, headers=bearer(token)))
    assert taken.status_code == 422 and "already has a region" in taken.json()["detail"]
    dice = conforms(client.post(f"{base}/rolls", json={"expression": "lots", "purpose": "x"}, headers=bearer(token)))
    assert dice.status_code == 422 and "not a dice expression" in dice.json()["detail"]


def test_unknown_campaigns_and_routes_are_not_found_problems(client: TestClient) -> None:
    for path in (f"/campaigns/{uuid4()}", "/campaigns/not-a-uuid", "/nowhere"):
        response = client.get(API + path)
        assert response.status_code == 404 and response.json()["code"] == "NOT_FOUND"
        assert response.headers["content-type"] == "application/problem+json"


def test_bad_query_parameters_are_422_problems(client: TestClient) -> None:
    for params in ({"limit": "many"}, {"limit": 0}, {"offset": -1}):
        response = conforms(client.get(f"{API}/campaigns", params=params))
        assert response.status_code == 422 and response.json()["code"] == "INVALID_INPUT"
