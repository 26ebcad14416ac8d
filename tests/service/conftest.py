from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from starlette.testclient import TestClient

from domain.dice import RaisingDice
from service.bootstrap import Intrigue
from service.database import Database
from service.http import create_app


@pytest.fixture(scope="session")
def intrigue(db: Database) -> Iterator[Intrigue]:
    system = Intrigue(db)
    yield system
    system.close()


@pytest.fixture(scope="session")
def client(intrigue: Intrigue) -> Iterator[TestClient]:
    with TestClient(create_app(intrigue)) as test_client:
        yield test_client


def gql(client: TestClient, query: str, **variables: object) -> dict[str, object]:
    response = client.post("/graphql", json={"query": query, "variables": variables})
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def gql_as(client: TestClient, token: str, query: str, **variables: object) -> dict[str, object]:
    """GraphQL as the seat whose bearer token is `token` (a campaign's GM token comes from createCampaign)."""
    response = client.post("/graphql", json={"query": query, "variables": variables},
                           headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def raising_dice(campaign: object, stream: str) -> RaisingDice:
    return RaisingDice()


@contextmanager
def replaying(db: Database) -> Iterator[Intrigue]:
    """A second Intrigue on the same database, as a replaying process would be: every dice source raises, and
    it runs no projections of its own."""
    system = Intrigue(db, dice=raising_dice, run_projections=False, migrate=False)
    try:
        yield system
    finally:
        system.close()
