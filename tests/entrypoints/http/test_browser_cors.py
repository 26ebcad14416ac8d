"""CORS: browsers on the origins `INTRIGUE_CORS_ORIGINS` names may call GraphQL and REST; others see no CORS at all."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.cors import CORS_ORIGINS, cors_origins
from service.entrypoints.http import create_app
from service.entrypoints.shared.view_as import HEADER as VIEW_AS

CONSOLE = "http://console.example.org"
OTHER = "http://elsewhere.example.net"
CAMPAIGNS = "/api/v1/campaigns"
QUERY = {"query": "{ __typename }"}
CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"
SEAT = """mutation($c: UUID!) { createSeat(campaignId: $c, input: {role: OBSERVER, name: "Watcher"}) {
  seat { id } } }"""


def preflight(client: TestClient, path: str, origin: str, method: str, headers: str) -> httpx.Response:
    return client.options(
        path,
        headers={"Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers},
    )


def cors_headers(response: httpx.Response) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k.lower().startswith("access-control-")}


def listed(value: str) -> set[str]:
    return {part.strip().lower() for part in value.split(",")}


@pytest.fixture
def cors_client(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv(CORS_ORIGINS, f" {CONSOLE}/ , http://localhost:5173,")
    with TestClient(create_app(intrigue)) as test_client:
        yield test_client


def test_the_variable_names_origins_separated_by_commas() -> None:
    assert cors_origins(f" {CONSOLE}/ , http://localhost:5173,") == [CONSOLE, "http://localhost:5173"]
    assert cors_origins("") == []
    assert cors_origins(" , ") == []


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/graphql", "POST"),
        ("/graphql", "GET"),
        (CAMPAIGNS, "POST"),
        (
            "/api/v1/campaigns/00000000-0000-0000-0000-000000000001/factions/"
            "00000000-0000-0000-0000-000000000002/orders",
            "PUT",
        ),
    ],
)
def test_a_configured_origins_preflight_is_allowed_with_the_token_and_idempotency_headers(
    cors_client: TestClient, path: str, method: str
) -> None:
    response = preflight(cors_client, path, CONSOLE, method, "authorization, content-type, idempotency-key")
    assert response.status_code == 200, response.text
    headers = response.headers
    assert headers["access-control-allow-origin"] == CONSOLE
    assert method.lower() in listed(headers["access-control-allow-methods"])
    assert {"authorization", "content-type", "idempotency-key"} <= listed(headers["access-control-allow-headers"])
    assert "access-control-allow-credentials" not in headers  # tokens travel in a header, never in cookies


def test_a_configured_origin_reads_answers_and_refusals_with_their_headers(cors_client: TestClient) -> None:
    answered = cors_client.post("/graphql", json=QUERY, headers={"Origin": CONSOLE})
    assert answered.status_code == 200 and answered.json() == {"data": {"__typename": "Query"}}
    assert answered.headers["access-control-allow-origin"] == CONSOLE
    assert "origin" in listed(answered.headers["vary"])
    refused = cors_client.post(CAMPAIGNS, json={}, headers={"Origin": CONSOLE, "Authorization": "Bearer itg_nobody"})
    assert refused.status_code in (401, 422), refused.text
    assert refused.headers["access-control-allow-origin"] == CONSOLE
    exposed = listed(refused.headers["access-control-expose-headers"])
    assert {"idempotent-replayed", "retry-after", "www-authenticate", "location", "x-request-id"} <= exposed


@pytest.mark.parametrize("path", ["/graphql", CAMPAIGNS])
def test_another_origin_gets_no_cors_headers(cors_client: TestClient, path: str) -> None:
    refused = preflight(cors_client, path, OTHER, "POST", "authorization, content-type")
    without_cors = cors_client.options(path)
    assert refused.status_code == 405  # the app's own answer to OPTIONS, exactly as to a request with no Origin
    assert (refused.status_code, refused.text) == (without_cors.status_code, without_cors.text)
    assert cors_headers(refused) == {}
    answered = cors_client.get("/healthz", headers={"Origin": OTHER})
    assert answered.status_code == 200
    assert cors_headers(answered) == {}
    assert "origin" in listed(answered.headers["vary"])  # a cache keeps the configured origin's answer apart


def test_without_configured_origins_there_is_no_cors(intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CORS_ORIGINS, raising=False)
    with TestClient(create_app(intrigue)) as client:
        refused = preflight(client, "/graphql", CONSOLE, "POST", "authorization, content-type")
        assert refused.status_code == 405
        assert cors_headers(refused) == {}
        answered = client.post("/graphql", json=QUERY, headers={"Origin": CONSOLE})
        assert answered.status_code == 200 and cors_headers(answered) == {}


def test_the_gms_view_as_header_is_allowed_from_a_configured_origin(cors_client: TestClient) -> None:
    asked = f"authorization, content-type, {VIEW_AS}"
    response = preflight(cors_client, "/graphql", CONSOLE, "POST", asked)
    assert response.status_code == 200, response.text
    assert VIEW_AS in listed(response.headers["access-control-allow-headers"])
    given = {"input": {"name": "viewed from the console", "ruleSystems": ["FACTION_TURN"]}}
    created = cors_client.post("/graphql", json={"query": CREATE, "variables": given}).json()["data"]["createCampaign"]
    observer = cors_client.post(
        "/graphql",
        json={"query": SEAT, "variables": {"c": created["id"]}},
        headers={"Authorization": f"Bearer {created['gmToken']}"},
    ).json()
    seat_id = observer["data"]["createSeat"]["seat"]["id"]
    viewed = cors_client.post(
        "/graphql",
        json={"query": "{ me { id role } }"},
        headers={"Origin": CONSOLE, "Authorization": f"Bearer {created['gmToken']}", VIEW_AS: seat_id},
    )
    assert viewed.headers["access-control-allow-origin"] == CONSOLE
    assert viewed.json() == {"data": {"me": {"id": seat_id, "role": "OBSERVER"}}}
