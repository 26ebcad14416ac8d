"""End to end through the ASGI app: GraphQL mutations and queries, and the health check."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.demo import DEMO_NAME, seed_demo
from service.entrypoints.http import create_app
from service.persistence.database import Database
from service.persistence.queries import ReadModelReads
from tests.support.service import gql, gql_as

CREATE = """
mutation Create($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id name ruleSystems phase phaseStatus gmToken regions { name q r arcana wild } }
}"""


def test_healthz_checks_the_database(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.json() == {"status": "ok", "database": True}


def test_graphiql_is_served_to_a_browser(client: TestClient) -> None:
    response = client.get("/graphql", headers={"accept": "text/html"})
    assert response.status_code == 200
    assert "graphiql" in response.text.lower()


def test_a_campaign_created_through_graphql_can_be_queried_back(client: TestClient) -> None:
    regions = [{"name": "Fort", "q": 0, "r": 0, "arcana": 4}, {"name": "Swamp", "q": 1, "r": 0, "wild": True}]
    body = gql(client, CREATE, input={"name": "Via GraphQL", "ruleSystems": ["GAME_OF_BONES"], "regions": regions})
    created: dict[str, Any] = body["data"]["createCampaign"]  # type: ignore[index]
    assert created["phaseStatus"] == "SETUP" and created["ruleSystems"] == ["GAME_OF_BONES"]
    assert [r["name"] for r in created["regions"]] == ["Fort", "Swamp"]
    fetched = gql(client, "query($id: UUID!) { campaign(id: $id) { name regions { q r wild } } }", id=created["id"])
    assert fetched["data"] == {
        "campaign": {
            "name": "Via GraphQL",
            "regions": [{"q": 0, "r": 0, "wild": False}, {"q": 1, "r": 0, "wild": True}],
        }
    }
    gm = created["gmToken"]  # its creator is the campaign's GM
    opened = gql_as(
        client, gm, "mutation($id: UUID!) { openPhase(campaignId: $id) { phase phaseStatus } }", id=created["id"]
    )
    assert opened["data"] == {"openPhase": {"phase": 1, "phaseStatus": "OPEN"}}
    events = gql_as(client, gm, "query($id: UUID!) { eventLog(campaignId: $id) { nodes { topic } } }", id=created["id"])
    topics = [e["topic"].rsplit(".", 1)[-1] for e in events["data"]["eventLog"]["nodes"]]  # type: ignore[index]
    assert topics.count("Mapped") == 2 and topics[-1] == "PhaseOpened"


@pytest.mark.parametrize(
    ("input_", "code", "message"),
    [
        ({"name": " ", "ruleSystems": ["FACTION_TURN"]}, "INVALID_INPUT", "needs a name"),
        # A typed input error now: the GraphQL enum refuses it before any command runs.
        ({"name": "x", "ruleSystems": ["monopoly"]}, "BAD_USER_INPUT", "does not exist in 'RuleSystem' enum"),
        (
            {
                "name": "x",
                "ruleSystems": ["FACTION_TURN"],
                "regions": [{"name": "a", "q": 0, "r": 0}, {"name": "b", "q": 0, "r": 0}],
            },
            "INVALID_INPUT",
            "already has a region",
        ),
        (
            {"name": "x", "ruleSystems": ["FACTION_TURN"], "regions": [{"name": "a", "q": 0, "r": 0, "arcana": 7}]},
            "INVALID_INPUT",
            "arcana level",
        ),
        ({"name": "x", "ruleSystems": ["FACTION_TURN"], "diceSeed": "  "}, "INVALID_INPUT", "seed"),
    ],
)
def test_bad_create_input_gets_a_coded_error_and_writes_nothing(
    client: TestClient, intrigue: Intrigue, input_: dict[str, Any], code: str, message: str
) -> None:
    before = len(intrigue.catalog.campaigns(limit=10_000))
    body = gql(client, CREATE, input=input_)
    assert body["data"] is None
    error = body["errors"][0]  # type: ignore[index]
    assert error["extensions"]["code"] == code
    assert message in error["message"]
    assert len(intrigue.catalog.campaigns(limit=10_000)) == before


def test_an_invalid_dice_expression_gets_a_clear_error(client: TestClient) -> None:
    monster = {"name": "Beholder", "cr": 13, "hp": 189, "hitDice": "lots"}
    regions = [{"name": "Lair", "q": 0, "r": 0, "wild": True, "monster": monster}]
    body = gql(client, CREATE, input={"name": "x", "ruleSystems": ["FACTION_TURN"], "regions": regions})
    assert body["errors"][0]["extensions"]["code"] == "INVALID_INPUT"  # type: ignore[index]
    assert "not a dice expression" in body["errors"][0]["message"]  # type: ignore[index]


def test_an_unknown_campaign_id_is_not_found(client: TestClient) -> None:
    body = gql(client, '{ campaign(id: "00000000-0000-0000-0000-000000000000") { name } }')
    assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND"  # type: ignore[index]


def test_the_demo_is_seeded_once_into_an_empty_store(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign = seed_demo(intrigue)
        assert campaign is not None and campaign.name == DEMO_NAME
        assert seed_demo(intrigue) is None
        with TestClient(create_app(intrigue)) as client:
            body = gql(client, "{ campaigns { nodes { id name regions { name wild } } } }")
            (demo,) = body["data"]["campaigns"]["nodes"]  # type: ignore[index]
            factions = gql(
                client, "query($id: UUID!) { factions(campaignId: $id) { name assets { name } } }", id=demo["id"]
            )["data"]["factions"]  # type: ignore[index]
        assert len(demo["regions"]) == 80
        assert {"name": "The Fort-City", "wild": False} in demo["regions"]
        # The worked example's five factions, then The Wild with Charch-Go in his swamp.
        assert sorted(f["name"] for f in factions) == sorted(
            ["Remzal's Chosen", "Empresses' Crows", "The Republic", "Empire Remnants", "Goldbar House", "The Wild"]
        )
        wild = next(f for f in factions if f["name"] == "The Wild")
        assert {"name": "Charch-Go"} in wild["assets"]
        with TestClient(create_app(intrigue)) as client:
            houses = gql(client, "query($id: UUID!) { houses(campaignId: $id) { name rank } }", id=demo["id"])
        ranks = {h["name"]: h["rank"] for h in houses["data"]["houses"]}  # type: ignore[index]
        assert set(ranks) == {"House Varn", "House Droste", "The Gilded Guild"}
        assert ranks["House Varn"] > ranks["The Gilded Guild"] >= 1
    finally:
        intrigue.close()


def test_nested_regions_of_many_campaigns_cost_one_query(
    client: TestClient, intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("loader a", "loader b", "loader c"):
        gql(
            client,
            CREATE,
            input={"name": name, "ruleSystems": ["FACTION_TURN"], "regions": [{"name": "X", "q": 0, "r": 0}]},
        )
    calls: list[int] = []
    real = ReadModelReads.regions_of

    async def counted(reads: ReadModelReads, campaign_ids: list[Any]) -> list[list[dict[str, Any]]]:
        calls.append(len(campaign_ids))
        return await real(reads, campaign_ids)

    monkeypatch.setattr(ReadModelReads, "regions_of", counted)
    body = gql(client, "{ campaigns(first: 200) { nodes { name regions { name } } } }")
    campaigns = body["data"]["campaigns"]["nodes"]  # type: ignore[index]
    assert len(campaigns) >= 3 and all(c["regions"] is not None for c in campaigns)
    assert calls == [len(campaigns)]  # one batched query for every campaign's regions
