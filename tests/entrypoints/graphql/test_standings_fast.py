"""Standings answered without graphql-core's execution (graphql/standings.py) are the answers it would give:
for the GM, a player, an observer and no seat, after a played phase and after its rollback."""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

import pytest
from graphql import GraphQLList, GraphQLNonNull, GraphQLObjectType
from starlette.testclient import TestClient

from domain.campaign import Campaign
from domain.factionturn.aggregate.faction import Faction
from service.bootstrap import Intrigue
from service.entrypoints import http
from service.entrypoints.graphql import standings_http
from service.entrypoints.graphql.schema import schema
from service.entrypoints.graphql.standings import plan_of, standings
from service.persistence.queries import ReadModelReads
from service.persistence.readpool import ReadPool
from service.usecases.rewind import RollBackPhase
from tests.service.usecases.test_factionturn_play import play_phase, played
from tests.support.gameofbones_world import city, give_orders, register_five
from tests.support.service import gql, gql_as


def every_field(type_name: str, depth: int = 3) -> str:
    """A selection of every field of the type without arguments or a resolver of its own that reads more
    (`House.areas`), nested objects included."""
    kind = schema._schema.type_map[type_name]
    assert isinstance(kind, GraphQLObjectType)
    parts = []
    for name, field in kind.fields.items():
        inner = field.type
        while isinstance(inner, GraphQLNonNull | GraphQLList):
            inner = inner.of_type
        resolver = getattr(field.extensions.get("strawberry-definition"), "base_resolver", None)
        if field.args or (resolver is not None and resolver.is_async):
            continue
        if isinstance(inner, GraphQLObjectType):
            if depth > 1:
                parts.append(f"{name} {every_field(inner.name, depth - 1)}")
        else:
            parts.append(name)
    return "{ " + " ".join(parts) + " }"


QUERIES = {
    root: f"query($id: UUID!) {{ {root}(campaignId: $id) {every_field(kind)} }}"
    for root, kind in (("factions", "Faction"), ("houses", "House"), ("areas", "Area"))
}


def seats(intrigue: Intrigue, campaign_id: UUID, own: dict[str, UUID]) -> dict[str, str | None]:
    return {
        "gm": intrigue.seats.seat_gm(campaign_id).token,
        "player": intrigue.seats.create_seat(campaign_id, "player", "Ana", **own).token,
        "observer": intrigue.seats.create_seat(campaign_id, "observer", "Cy").token,
        "none": None,
    }


def executed(client: TestClient, token: str | None, query: str, campaign_id: UUID) -> Any:
    """The answer of graphql-core's execution: a directive on the root field keeps the query off the fast path."""
    slow = query.replace("(campaignId: $id)", "(campaignId: $id) @include(if: true)")
    assert plan_of(query, None) is not None and plan_of(slow, None) is None
    body = gql_as(client, token, slow, id=str(campaign_id)) if token else gql(client, slow, id=str(campaign_id))
    assert "errors" not in body, body
    return body["data"]


def assert_same_answers(
    intrigue: Intrigue, client: TestClient, campaign_id: UUID, who: dict[str, str | None], roots: tuple[str, ...]
) -> None:
    reads = ReadModelReads(ReadPool(intrigue.db.conninfo))
    seen: dict[str, Any] = {}
    for name, token in who.items():
        seat = intrigue.seats.resolve(f"Bearer {token}") if token else None
        for root in roots:
            query = QUERIES[root]
            fast = asyncio.run(standings(reads, seat, query, None, {"id": str(campaign_id)}))
            assert fast is not None, (name, root)
            assert fast == executed(client, token, query, campaign_id), (name, root)
            served = (
                gql_as(client, token, query, id=str(campaign_id)) if token else gql(client, query, id=str(campaign_id))
            )
            assert served["data"] == fast, (name, root)
            seen[name] = [*seen.get(name, []), fast]
    assert seen["gm"] != seen["observer"] != seen["player"]  # each sees its own part of the fog
    assert seen["observer"] == seen["none"]


@pytest.fixture(scope="module")
def factionturn(intrigue: Intrigue) -> tuple[UUID, dict[str, str | None]]:
    campaign = played(intrigue, "fast standings", 2)
    faction_ids = [UUID(i) for i, kind in campaign.members.items() if kind == "faction"]
    spies = intrigue.store.load(faction_ids[-1], Faction)
    spies.set_stealth(next(iter(spies.assets)), True, "test setup: an asset only its owner and the GM see")
    intrigue.wait_for_projections(intrigue.store.commit(spies))
    return campaign.id, seats(intrigue, campaign.id, {"faction_id": faction_ids[-1]})


def test_faction_standings_are_the_executed_ones_after_a_played_phase_and_its_rollback(
    intrigue: Intrigue, client: TestClient, factionturn: tuple[UUID, dict[str, str | None]]
) -> None:
    campaign_id, who = factionturn
    play_phase(intrigue, campaign_id)
    assert_same_answers(intrigue, client, campaign_id, who, ("factions", "areas"))
    intrigue.rewind.roll_back(RollBackPhase(campaign_id, 3, "a disputed phase"))
    assert_same_answers(intrigue, client, campaign_id, who, ("factions", "areas"))


def test_house_standings_are_the_executed_ones_after_a_played_month_and_its_rollback(
    intrigue: Intrigue, client: TestClient
) -> None:
    campaign = intrigue.campaigns.create_campaign(city("fast-standings"))
    houses = register_five(intrigue, intrigue.store.load(campaign.id, Campaign))
    who = seats(intrigue, campaign.id, {"house_id": houses[0].id})
    for _ in range(2):
        intrigue.campaigns.open_phase(campaign.id)
        give_orders(intrigue, campaign.id)
        intrigue.campaigns.resolve_phase(campaign.id)
    intrigue.campaigns.open_phase(campaign.id)
    give_orders(intrigue, campaign.id)  # orders pending: a secret of each house
    assert_same_answers(intrigue, client, campaign.id, who, ("houses", "areas"))
    intrigue.rewind.roll_back(RollBackPhase(campaign.id, 2, "a disputed month"))
    assert_same_answers(intrigue, client, campaign.id, who, ("houses", "areas"))


@pytest.mark.parametrize(
    "document",
    [
        "query($id: UUID!) { factions(campaignId: $id) { name } campaign(id: $id) { name } }",  # two roots
        "query($id: UUID!) { factions(campaignId: $id) { ...F } } fragment F on Faction { name }",
        "query($id: UUID!) { factions(campaignId: $id) { name @skip(if: true) } }",
        "query($id: UUID!) { factions(campaignId: $id) { nope } }",  # invalid: the execution says so
        "query($id: String!) { factions(campaignId: $id) { name } }",  # a variable of the wrong type
        "query($id: UUID!) { campaign(id: $id) { name } }",
        "query($id: UUID!) { houses(campaignId: $id) { name areas { name } } }",  # a resolver that reads more
        'mutation { createCampaign(input: {name: "x", ruleSystems: []}) { id } }',
    ],
)
def test_anything_but_plain_standings_goes_to_the_execution(document: str) -> None:
    assert plan_of(document, None) is None


@pytest.fixture
def copied(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each standings answer the endpoint computes, whether the copy answered it (else the execution did)."""
    answered: list[bool] = []
    real = http.standings

    async def watched(*args: Any) -> Any:
        data = await real(*args)
        answered.append(data is not None)
        return data

    monkeypatch.setattr(http, "standings", watched)
    monkeypatch.setattr(standings_http, "standings", watched)  # a POST's, answered before strawberry's view
    return answered


def test_the_graphql_endpoint_answers_plain_standings_by_the_copy(
    client: TestClient, factionturn: tuple[UUID, dict[str, str | None]], copied: list[bool]
) -> None:
    campaign_id, who = factionturn
    query = QUERIES["factions"].replace("{ factions(", "{ standing: factions(")  # a document no answer is kept for
    body = gql_as(client, who["observer"], query, id=str(campaign_id))  # type: ignore[arg-type]
    assert copied == [True]
    assert body["data"] == {"standing": executed(client, who["observer"], QUERIES["factions"], campaign_id)["factions"]}


def test_a_request_kept_answers_may_not_serve_is_still_answered_by_the_copy(
    client: TestClient, factionturn: tuple[UUID, dict[str, str | None]], copied: list[bool]
) -> None:
    """A request with `extensions` is never served a kept answer (the bench's "answer cache off"): it is
    computed each time, as a miss is, by the copy and not by graphql-core's execution."""
    campaign_id, who = factionturn
    payload = {"query": QUERIES["factions"], "variables": {"id": str(campaign_id)}, "extensions": {"bench": "off"}}
    headers = {"Authorization": f"Bearer {who['observer']}"}
    answers = [client.post("/graphql", json=payload, headers=headers).json() for _ in range(2)]
    assert copied == [True, True]  # twice computed: neither answer was kept
    assert answers[0] == answers[1]
    assert answers[0]["data"] == executed(client, who["observer"], QUERIES["factions"], campaign_id)
