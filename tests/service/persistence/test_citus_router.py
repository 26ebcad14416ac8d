"""Every statement of a played command is a router query on Citus (issue 27, item 2; docs/scaling.md, "Citus"):
the seat's lookup by its token, the idempotency key's lookup, the loads of the campaign and its members (first
loads and `load_many` included), the save with its claim and inline projection; and a read of one campaign's
standings, with the position its kept answer is keyed on. The service runs with
`citus.multi_task_query_log_level = error` on every connection it opens, so any statement that Citus plans over
several shards fails its request. Runs where TEST_DATABASE_URL is a Citus coordinator (`make test-citus`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from starlette.testclient import TestClient

from domain.campaign import Campaign
from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from service.persistence import citus
from service.persistence.database import Database
from service.usecases.seats import token_campaign
from tests.support.gameofbones_world import city, give_orders, register_five
from tests.support.rest_support import API, bearer

# Citus refuses, with an error, every statement it would run as a multi-shard (multi-task) query.
ROUTER_ONLY = "-c citus.multi_task_query_log_level=error"
OPEN = "mutation($id: UUID!) { openPhase(campaignId: $id) { phase phaseStatus } }"
RESOLVE = "mutation($id: UUID!) { resolvePhase(campaignId: $id) { phase phaseStatus } }"
HOUSES = "query($id: UUID!) { houses(campaignId: $id) { name } }"


@pytest.fixture
def cluster_db(fresh_db: Database) -> Database:
    with psycopg.connect(fresh_db.conninfo) as conn:
        if not citus.enabled(conn):
            pytest.skip("TEST_DATABASE_URL is not a Citus coordinator (make test-citus)")
    return fresh_db


def router_only(db: Database) -> Database:
    """The same database, every connection refusing multi-shard statements."""
    options = conninfo_to_dict(db.options)
    options["options"] = f"{options.get('options', '')} {ROUTER_ONLY}".strip()
    return replace(db, options=make_conninfo(**{k: str(v) for k, v in options.items()}))


@pytest.fixture
def played(cluster_db: Database) -> Iterator[tuple[Intrigue, UUID, str]]:
    """A Game of Bones city of five houses, set up by a service without the restriction; then a service whose
    every connection refuses multi-shard statements, which plays it (no runner: the commands project inline)."""
    setup = Intrigue(cluster_db, run_projections=False)
    try:
        started = setup.seats.start_campaign(city(f"router {uuid4().hex[:6]}"))
        register_five(setup, setup.store.load(started.campaign.id, Campaign))
    finally:
        setup.close()
    strict = Intrigue(router_only(cluster_db), run_projections=False, migrate=False)
    yield strict, started.campaign.id, started.gm.token
    strict.close()


def mutate(client: TestClient, token: str, query: str, key: str, **variables: Any) -> dict[str, Any]:
    answer = client.post(
        "/graphql", json={"query": query, "variables": variables}, headers={"Idempotency-Key": key, **bearer(token)}
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    assert not body.get("errors"), body
    return body


def test_the_strict_service_refuses_a_multi_shard_statement(played: tuple[Intrigue, UUID, str]) -> None:
    strict, _, _ = played  # the instrument: the campaign list reads every shard
    with pytest.raises(Exception, match="multi-task query"):
        strict.catalog.campaigns(limit=10)


def test_a_played_phase_is_router_queries_only(played: tuple[Intrigue, UUID, str]) -> None:
    strict, campaign_id, token = played
    assert token_campaign(token) == campaign_id  # the token names its campaign: its lookup is a router query
    with TestClient(create_app(strict)) as client:
        key = str(uuid4())
        opened = mutate(client, token, OPEN, key, id=str(campaign_id))
        assert opened["data"]["openPhase"]["phaseStatus"] == "OPEN"
        assert mutate(client, token, OPEN, key, id=str(campaign_id)) == opened  # the key's answer, looked up
        with strict.store.recorder.in_campaign(campaign_id):  # type: ignore[attr-defined]  # the test's own reads
            accepted, _ = give_orders(strict, campaign_id)  # the houses' orders, each a command
        assert accepted
        rolled = client.post(
            f"{API}/campaigns/{campaign_id}/rolls",
            json={"expression": "1d6", "purpose": "omen"},
            headers={"Idempotency-Key": str(uuid4()), **bearer(token)},
        )
        assert rolled.status_code == 201, rolled.text
        resolved = mutate(client, token, RESOLVE, str(uuid4()), id=str(campaign_id))
        assert resolved["data"]["resolvePhase"]["phaseStatus"] == "RESOLVED"


def test_a_read_of_one_campaign_is_keyed_on_its_position_by_router_queries(played: tuple[Intrigue, UUID, str]) -> None:
    strict, campaign_id, token = played  # a kept answer's position (service/persistence/campaign_positions.py)
    with TestClient(create_app(strict)) as client:
        answers = []
        for _ in range(2):  # computed, then kept: the position is read before each
            read = client.post(
                "/graphql", json={"query": HOUSES, "variables": {"id": str(campaign_id)}}, headers=bearer(token)
            )
            assert read.status_code == 200, read.text
            assert not read.json().get("errors"), read.text
            answers.append(read.json())
        assert len(answers[0]["data"]["houses"]) == 5
        assert answers[1] == answers[0]
        rolled = client.post(
            f"{API}/campaigns/{campaign_id}/rolls",
            json={"expression": "1d6", "purpose": "omen"},
            headers={"Idempotency-Key": str(uuid4()), **bearer(token)},
        )
        assert rolled.status_code == 201, rolled.text
        read = client.post(
            "/graphql", json={"query": HOUSES, "variables": {"id": str(campaign_id)}}, headers=bearer(token)
        )
        assert read.status_code == 200 and not read.json().get("errors"), read.text  # the moved position, read
