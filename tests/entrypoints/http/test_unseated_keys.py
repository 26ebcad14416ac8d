"""An unseated caller's Idempotency-Key is its only secret (issue 25, item 8): it is honoured only when it carries
at least 128 random bits (a random UUID its 122), and a guessable one is refused before anything runs, over REST
and GraphQL, so that no second client holding the same key is ever handed the first one's GM token."""

from __future__ import annotations

import base64
import random
from typing import Any
from uuid import UUID, uuid4

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.persistence.key_randomness import random_bits, required_bits
from tests.entrypoints.http.test_idempotency import CREATE, named
from tests.support.rest_support import API, bearer, conforms, new_campaign

GUESSABLE = [
    "k" * 40,
    "ab" * 20,
    "0123456789abcdef" * 2,
    "00000000-0000-4000-8000-000000000000",
    "kkkkkkkk-kkkk-kkkk-kkkk-kkkkkkkkkkkk",
    "x" * 255,
    "1",
    "42",
    "a" * 31,
]


def _honoured(key: str) -> bool:
    return random_bits(key) >= required_bits(key)


@pytest.mark.parametrize("key", GUESSABLE)
def test_a_short_or_patterned_key_is_credited_too_few_random_bits(key: str) -> None:
    assert not _honoured(key)


def test_the_random_keys_clients_make_are_always_honoured() -> None:
    draw = random.Random(25)  # seeded, so that a failure shows again; the forms are what real generators give
    for _ in range(2_000):
        raw = draw.randbytes(16)
        made = [
            str(UUID(bytes=raw, version=4)),
            str(UUID(bytes=raw, version=4)).upper(),
            raw.hex(),
            base64.urlsafe_b64encode(raw).decode().rstrip("="),
            base64.b64encode(raw).decode(),
            base64.urlsafe_b64encode(draw.randbytes(24)).decode(),
        ]
        assert [k for k in made if not _honoured(k)] == []


def test_forty_ks_are_refused_and_hand_no_second_client_the_first_ones_gm_token(
    client: TestClient, intrigue: Intrigue
) -> None:
    name = f"guessable {uuid4()}"
    body, key = {"name": name, "rule_systems": ["factionturn"]}, {"Idempotency-Key": "k" * 40}
    answers = [conforms(client.post(f"{API}/campaigns", json=body, headers=key)) for _ in range(2)]
    for answer in answers:
        assert (answer.status_code, answer.json()["code"]) == (422, "INVALID_INPUT"), answer.text
        assert "128 random bits" in answer.json()["detail"] and "token" not in answer.json()
    variables = {"input": {"name": name, "ruleSystems": ["GAME_OF_BONES"]}}
    over_graphql = client.post("/graphql", json={"query": CREATE, "variables": variables}, headers=key).json()
    assert over_graphql["data"] is None and over_graphql["errors"][0]["extensions"]["code"] == "INVALID_INPUT"
    assert "128 random bits" in over_graphql["errors"][0]["message"]
    assert named(intrigue, name) == []  # nothing was run


def test_a_short_unseated_key_is_refused_too_rather_than_run_unkeyed(client: TestClient, intrigue: Intrigue) -> None:
    name = f"short key {uuid4()}"
    refused = client.post(
        f"{API}/campaigns", json={"name": name, "rule_systems": ["factionturn"]}, headers={"Idempotency-Key": "42"}
    )
    assert (refused.status_code, refused.json()["code"]) == (422, "INVALID_INPUT")
    assert named(intrigue, name) == []


@pytest.mark.parametrize(
    "make",
    [
        lambda: str(uuid4()),
        lambda: random.randbytes(16).hex(),
        lambda: base64.urlsafe_b64encode(random.randbytes(16)).decode().rstrip("="),
    ],
)
def test_an_unseated_random_key_is_honoured_and_its_retry_replays(
    client: TestClient, intrigue: Intrigue, make: Any
) -> None:
    name, key = f"random key {uuid4()}", {"Idempotency-Key": make()}
    body = {"name": name, "rule_systems": ["factionturn"]}
    first, again = (client.post(f"{API}/campaigns", json=body, headers=key) for _ in range(2))
    assert (first.status_code, again.status_code, again.json()) == (201, 201, first.json())
    assert len(named(intrigue, name)) == 1


def test_a_seated_caller_may_send_any_key_its_token_proves_the_retry_is_its_own(client: TestClient) -> None:
    campaign, gm = new_campaign(client)
    headers = {**bearer(gm), "Idempotency-Key": "1"}
    opened = client.post(f"{API}/campaigns/{campaign['id']}/phases", headers=headers)
    again = client.post(f"{API}/campaigns/{campaign['id']}/phases", headers=headers)
    assert (opened.status_code, again.status_code, again.json()) == (201, 201, opened.json())
