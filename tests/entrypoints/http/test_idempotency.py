"""Idempotency keys: a retry answers the first result and writes nothing new, over REST and GraphQL."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any
from uuid import UUID, uuid4

import httpx
import psycopg
from starlette.testclient import TestClient

from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.entrypoints.rest.support import REPLAYED_HEADER
from service.persistence import idempotency
from tests.support.rest_support import API, bearer, conforms, new_campaign

CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id name gmToken } }"""


def named(intrigue: Intrigue, name: str) -> list[dict[str, Any]]:
    return [c for c in intrigue.catalog.campaigns(limit=10_000) if c["name"] == name]


def event_count(intrigue: Intrigue, campaign_id: str) -> int:
    return len(list(intrigue.audit.events(UUID(campaign_id))))


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid4())}


def test_a_retried_create_answers_the_same_campaign_and_writes_one_set_of_events(
    client: TestClient, intrigue: Intrigue
) -> None:
    name, headers = f"retried {uuid4()}", key()
    body = {"name": name, "rule_systems": ["factionturn"], "regions": [{"name": "Fort", "q": 0, "r": 0}]}
    first = conforms(client.post(f"{API}/campaigns", json=body, headers=headers))
    events = event_count(intrigue, first.json()["campaign"]["id"])
    again = conforms(client.post(f"{API}/campaigns", json=body, headers=headers))
    assert (again.status_code, again.json()) == (201, first.json())
    assert again.headers["location"] == first.headers["location"]
    assert again.headers[REPLAYED_HEADER] == "true" and REPLAYED_HEADER not in first.headers
    assert len(named(intrigue, name)) == 1
    assert event_count(intrigue, first.json()["campaign"]["id"]) == events == 3  # Created, MemberEnrolled, Mapped


def test_a_retried_gm_command_answers_its_first_result_and_writes_nothing(
    client: TestClient, intrigue: Intrigue
) -> None:
    campaign, gm = new_campaign(client)
    base, headers = f"{API}/campaigns/{campaign['id']}", {**bearer(gm), **key()}
    opened = conforms(client.post(f"{base}/phases", headers=headers))
    version = intrigue.store.load(UUID(campaign["id"]), Campaign).version
    assert conforms(client.post(f"{base}/phases", headers=headers)).json() == opened.json()  # not "still open"
    roll_key = {**bearer(gm), **key()}
    rolled = client.post(f"{base}/rolls", json={"expression": "3d6", "purpose": "omen"}, headers=roll_key)
    for _ in range(2):
        assert (
            client.post(f"{base}/rolls", json={"expression": "3d6", "purpose": "omen"}, headers=roll_key).json()
            == rolled.json()
        )
    assert intrigue.store.load(UUID(campaign["id"]), Campaign).version == version + 1  # one roll, not three


def test_a_refusal_is_replayed_too(client: TestClient) -> None:
    campaign, gm = new_campaign(client)
    headers = {**bearer(gm), **key()}
    roll = {"expression": "lots", "purpose": "x"}
    first = client.post(f"{API}/campaigns/{campaign['id']}/rolls", json=roll, headers=headers)
    again = client.post(f"{API}/campaigns/{campaign['id']}/rolls", json=roll, headers=headers)
    assert (first.status_code, again.status_code, again.json()) == (422, 422, first.json())


def test_the_same_key_for_a_different_request_is_refused(client: TestClient, intrigue: Intrigue) -> None:
    headers = key()
    conforms(client.post(f"{API}/campaigns", json={"name": "one", "rule_systems": ["factionturn"]}, headers=headers))
    name = f"two {uuid4()}"
    refused = conforms(
        client.post(f"{API}/campaigns", json={"name": name, "rule_systems": ["factionturn"]}, headers=headers)
    )
    assert refused.status_code == 422 and "first used for a different request" in refused.json()["detail"]
    assert named(intrigue, name) == []


def test_keys_belong_to_the_seat_that_sent_them(client: TestClient, intrigue: Intrigue) -> None:
    shared = key()
    for _ in range(2):
        campaign, gm = new_campaign(client)
        opened = client.post(f"{API}/campaigns/{campaign['id']}/phases", headers={**bearer(gm), **shared})
        assert opened.status_code == 201 and REPLAYED_HEADER not in opened.headers
        assert intrigue.store.load(UUID(campaign["id"]), Campaign).phase == 1


def test_a_malformed_key_is_a_422_problem(client: TestClient) -> None:
    for bad in ("", "x" * 256, "tab\tbed"):
        refused = client.post(
            f"{API}/campaigns", json={"name": "k", "rule_systems": ["factionturn"]}, headers={"Idempotency-Key": bad}
        )
        assert refused.status_code == 422 and refused.json()["code"] == "INVALID_INPUT"


def test_a_stored_answer_does_not_reveal_the_tokens_it_holds(client: TestClient, intrigue: Intrigue) -> None:
    created = client.post(f"{API}/campaigns", json={"name": "sealed", "rule_systems": ["factionturn"]}, headers=key())
    with psycopg.connect(intrigue.db.conninfo) as conn:
        rows = conn.execute("SELECT response FROM idempotency_keys WHERE response IS NOT NULL").fetchall()
        stored = b"".join(bytes(r[0]) for r in rows)
    assert created.json()["token"].encode() not in stored
    assert created.json()["campaign"]["id"].encode() not in stored


def race(intrigue: Intrigue, requests: int, send: Any) -> list[httpx.Response]:
    """Send `requests` identical requests at once through the ASGI app, on one event loop."""

    async def main() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app(intrigue))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return list(await asyncio.gather(*(send(client) for _ in range(requests))))

    return asyncio.run(main())


def test_racing_identical_creates_make_one_campaign_and_get_one_answer(intrigue: Intrigue) -> None:
    name, headers = f"raced {uuid4()}", key()
    body = {"name": name, "rule_systems": ["gameofbones"]}
    answers = race(intrigue, 4, lambda c: c.post(f"{API}/campaigns", json=body, headers=headers))
    assert {a.status_code for a in answers} == {201}
    assert len({a.text for a in answers}) == 1
    assert sum(REPLAYED_HEADER not in a.headers for a in answers) == 1
    assert len(named(intrigue, name)) == 1


def test_a_graphql_mutation_with_a_key_is_retried_without_writing_again(intrigue: Intrigue) -> None:
    name, headers = f"graphql retried {uuid4()}", key()
    payload = {"query": CREATE, "variables": {"input": {"name": name, "ruleSystems": ["FACTION_TURN"]}}}
    answers = race(intrigue, 3, lambda c: c.post("/graphql", json=payload, headers=headers))
    assert {a.status_code for a in answers} == {200}
    (created,) = {a.json()["data"]["createCampaign"]["id"] for a in answers}
    assert len({a.json()["data"]["createCampaign"]["gmToken"] for a in answers}) == 1
    assert [c["id"] for c in named(intrigue, name)] == [UUID(created)]
    other = {"query": CREATE, "variables": {"input": {"name": "else", "ruleSystems": ["FACTION_TURN"]}}}
    refused = race(intrigue, 1, lambda c: c.post("/graphql", json=other, headers=headers))[0].json()
    assert refused["errors"][0]["extensions"]["code"] == "INVALID_INPUT"


def test_an_answer_sealed_before_aes_gcm_still_answers_its_retry(client: TestClient, intrigue: Intrigue) -> None:
    headers = key()
    body = {"name": f"legacy {uuid4()}", "rule_systems": ["factionturn"]}
    first = client.post(f"{API}/campaigns", json=body, headers=headers)
    assert first.status_code == 201
    scope_key = (headers["Idempotency-Key"],)
    with psycopg.connect(intrigue.db.conninfo, autocommit=True) as conn:
        scope, digest, sealed = conn.execute(
            "SELECT scope, key_sha256, response FROM idempotency_keys ORDER BY created_at DESC LIMIT 1"
        ).fetchone()  # type: ignore[misc]
        plain = idempotency._open(scope, scope_key[0], bytes(sealed), 2)
        # As the first sealing wrote it: XOR with a SHAKE-256 keystream of the scope and key.
        stream = hashlib.shake_256(f"intrigue idempotency v1\0{scope}\0{scope_key[0]}".encode()).digest(len(plain))
        legacy = (int.from_bytes(plain, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(plain), "big")
        conn.execute(
            "UPDATE idempotency_keys SET response = %s, sealing = 1 WHERE scope = %s AND key_sha256 = %s",
            (legacy, scope, digest),
        )
    again = client.post(f"{API}/campaigns", json=body, headers=headers)
    assert again.status_code == 201 and again.headers.get(REPLAYED_HEADER)
    assert again.json() == first.json()


def test_answers_older_than_the_retention_are_purged_and_newer_ones_kept(
    client: TestClient, intrigue: Intrigue
) -> None:
    old, new = key(), key()
    for headers in (old, new):
        created = client.post(
            f"{API}/campaigns", json={"name": f"p {uuid4()}", "rule_systems": ["factionturn"]}, headers=headers
        )
        assert created.status_code == 201
    with psycopg.connect(intrigue.db.conninfo, autocommit=True) as conn:
        newest = conn.execute("SELECT key_sha256 FROM idempotency_keys ORDER BY created_at DESC LIMIT 2").fetchall()
        conn.execute(
            "UPDATE idempotency_keys SET created_at = now() - %s::interval - interval '1 minute' WHERE key_sha256 = %s",
            (idempotency.RETENTION, newest[1][0]),
        )
        assert idempotency.purge(conn) >= 1
        left = {bytes(r[0]) for r in conn.execute("SELECT key_sha256 FROM idempotency_keys").fetchall()}
    assert bytes(newest[0][0]) in left and bytes(newest[1][0]) not in left
