"""An uncached standings answer over HTTP is the projection's stored bytes, wrapped once: read in the binary format
(no hex), never decoded or encoded again on the way out (docs/scaling.md, "The standings' request path"), in either
media type /graphql answers in."""

from __future__ import annotations

import asyncio
from uuid import UUID

import orjson
import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.graphql.precomputed import FACTIONS
from service.entrypoints.shared.graphql_media import GRAPHQL_RESPONSE, JSON
from service.persistence.queries import ReadModelReads
from service.persistence.readpool import ReadPool


def stored(intrigue: Intrigue, campaign_id: UUID, gm: bool, owned: tuple[UUID, ...]) -> bytes:
    reads = ReadModelReads(ReadPool(intrigue.db.conninfo))
    found = asyncio.run(reads.standings_answer(campaign_id, "factions", gm, owned))
    assert found is not None  # the projection keeps it
    assert found.startswith(b"[") and not found.startswith(b"\\x")  # the bytes themselves, not their hex text
    return found


@pytest.mark.parametrize("accept", [JSON, GRAPHQL_RESPONSE])
def test_an_uncached_answer_is_the_stored_bytes_wrapped_once(
    intrigue: Intrigue, client: TestClient, standings_campaign: tuple[UUID, dict[str, str | None]], accept: str
) -> None:
    campaign_id, tokens = standings_campaign
    player = intrigue.seats.resolve(f"Bearer {tokens['player']}")
    assert player is not None and player.faction_id is not None
    expected = {
        "gm": stored(intrigue, campaign_id, True, ()),
        "player": stored(intrigue, campaign_id, False, (player.faction_id,)),
        "observer": stored(intrigue, campaign_id, False, ()),  # an observer reads what the public reads
        "none": stored(intrigue, campaign_id, False, ()),
    }
    assert len(set(expected.values())) == 3  # each reader its own part of the fog
    payload = {"query": FACTIONS, "variables": {"campaignId": str(campaign_id)}, "extensions": {"cache": "off"}}
    for name, token in tokens.items():
        headers = {"Accept": accept} | ({"Authorization": f"Bearer {token}"} if token else {})
        response = client.post("/graphql", json=payload, headers=headers)
        assert response.status_code == 200, name
        assert response.headers["content-type"] == accept, name
        assert response.content == b'{"data":{"factions":' + expected[name] + b"}}", name
        assert orjson.loads(response.content)["data"]["factions"], name


def test_a_request_error_still_answers_as_its_media_type_says(client: TestClient) -> None:
    """The body encoded as bytes keeps the answers of a refused document: 400 without data under
    graphql-response+json, 200 with `data: null` under application/json."""
    for accept, status in ((GRAPHQL_RESPONSE, 400), (JSON, 200)):
        response = client.post("/graphql", json={"query": "{ factions("}, headers={"Accept": accept})
        assert response.status_code == status, accept
        assert response.headers["content-type"] == accept, accept
        body = orjson.loads(response.content)
        assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_PARSE_FAILED", accept
        assert ("data" in body) is (accept == JSON), accept
