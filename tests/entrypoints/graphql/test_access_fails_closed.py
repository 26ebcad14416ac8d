"""Access fails closed (issue 25): a root field that `guards.POLICY` does not name is its campaign's GM's alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
import strawberry
from graphql import OperationType
from starlette.routing import Route
from starlette.testclient import TestClient
from strawberry.tools import merge_types

from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.errors import IntrigueSchema
from service.entrypoints.graphql.core.guards import POLICY
from service.entrypoints.graphql.schema import Mutation, Query, schema
from service.entrypoints.http import create_app
from tests.entrypoints.graphql.test_seats import enrol, seat
from tests.support.rest_support import new_campaign

SECRET = "the GM's own notes"


@strawberry.type
class Undeclared:
    """Root fields added without an access decision, as a new feature might be."""

    @strawberry.field
    def gm_notes(self, campaign_id: UUID) -> str:
        return SECRET

    @strawberry.field
    def stray_notes(self) -> str:
        return SECRET


@pytest.fixture(scope="module")
def with_undeclared(intrigue: Intrigue) -> Iterator[TestClient]:
    """The app, its GraphQL view serving the schema with the two undeclared fields, its guards unchanged."""
    extended = IntrigueSchema(
        query=merge_types("Query", (Query, Undeclared)), mutation=Mutation, extensions=schema.extensions
    )
    app = create_app(intrigue)
    view = next(r.app for r in app.routes if isinstance(r, Route) and r.path == "/graphql")
    view.schema = extended  # type: ignore[attr-defined]
    with TestClient(app) as client:
        yield client


def ask(client: TestClient, token: str | None, query: str, **variables: Any) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_added_fields_have_no_access_decision() -> None:
    assert {"gmNotes", "strayNotes"}.isdisjoint(POLICY[OperationType.QUERY])


@pytest.fixture(scope="module")
def seats(with_undeclared: TestClient, intrigue: Intrigue) -> dict[str, Any]:
    """A campaign's id and its seats' tokens: the GM's, a player's and an observer's (None: no token)."""
    campaign, gm = new_campaign(with_undeclared)
    faction = enrol(intrigue, campaign["id"], "faction")
    player = seat(with_undeclared, campaign["id"], gm, role="player", name="Alice", faction_id=faction)["token"]
    observer = seat(with_undeclared, campaign["id"], gm, role="observer")["token"]
    return {"campaign": campaign["id"], "gm": gm, "player": player, "observer": observer, "anonymous": None}


def refused(body: dict[str, Any]) -> bool:
    codes = [e["extensions"]["code"] for e in body.get("errors") or []]
    return body["data"] is None and codes == ["FORBIDDEN"] and SECRET not in str(body)


@pytest.mark.parametrize("who", ["player", "observer", "anonymous"])
def test_a_field_with_no_decision_is_refused_to_all_but_the_gm(
    with_undeclared: TestClient, seats: dict[str, Any], who: str
) -> None:
    notes = "query($c: UUID!) { gmNotes(campaignId: $c) }"
    assert refused(ask(with_undeclared, seats[who], notes, c=seats["campaign"]))
    assert ask(with_undeclared, seats["gm"], notes, c=seats["campaign"]) == {"data": {"gmNotes": SECRET}}


@pytest.mark.parametrize("who", ["gm", "player", "anonymous"])
def test_a_field_with_no_decision_and_no_campaign_is_refused_to_everyone(
    with_undeclared: TestClient, seats: dict[str, Any], who: str
) -> None:
    assert refused(ask(with_undeclared, seats[who], "{ strayNotes }"))


def test_a_fragment_cannot_hide_a_field_with_no_decision(with_undeclared: TestClient) -> None:
    assert refused(ask(with_undeclared, None, "query { ...F } fragment F on Query { strayNotes }"))


def test_every_root_field_of_the_schema_has_an_access_decision() -> None:
    for operation, root in (
        (OperationType.QUERY, schema._schema.query_type),
        (OperationType.MUTATION, schema._schema.mutation_type),
    ):
        assert root is not None
        assert set(root.fields) - set(POLICY[operation]) == set(), operation
