"""Kept answers are keyed per campaign: a write in one campaign leaves every other campaign's answers valid."""

from __future__ import annotations

from collections import Counter
from typing import Any
from uuid import UUID

import psycopg
import pytest
from starlette.testclient import TestClient

from domain.commands import CreateCampaign, FoundFaction, MapRegion
from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.answer_scope import campaigns_of
from service.persistence.database import Database
from tests.entrypoints.graphql.test_answers import STANDINGS
from tests.entrypoints.graphql.test_answers import reads as reads  # the fixture counting read-model reads
from tests.service.persistence.test_lanes_migration import in_order, to_layout_before_lanes
from tests.support.service import campaign_with_hidden_spies, gql_as

ONE = "query($id: UUID!) { faction(id: $id) { name facgold } }"


@pytest.fixture
def two(intrigue: Intrigue) -> dict[str, Any]:
    """Campaigns A and B, each with the faction Spies, and each one's GM."""
    found: dict[str, Any] = {}
    for name in ("A", "B"):
        campaign_id, region_id, spies_id = campaign_with_hidden_spies(intrigue, f"scope-{name}")
        found[name] = {
            "id": campaign_id,
            "region": region_id,
            "spies": spies_id,
            "gm": intrigue.seats.seat_gm(campaign_id).token,
        }
    return found


def names(client: TestClient, campaign: dict[str, Any]) -> list[str]:
    body = gql_as(client, campaign["gm"], STANDINGS, id=str(campaign["id"]))
    assert "errors" not in body, body
    return [f["name"] for f in body["data"]["factions"]]  # type: ignore[index]


def found(intrigue: Intrigue, campaign: dict[str, Any], name: str) -> None:
    intrigue.factionturn.found_faction(FoundFaction(campaign["id"], name, 2, 2, 2, campaign["region"]))


def test_a_write_in_another_campaign_leaves_a_kept_answer_valid(
    client: TestClient, intrigue: Intrigue, two: dict[str, Any], reads: Counter[str]
) -> None:
    a, b = two["A"], two["B"]
    assert names(client, a) == ["Spies"]
    found(intrigue, b, "Elsewhere")
    assert names(client, a) == ["Spies"]
    assert reads["of_kind"] == 1  # A's answer was kept through B's write
    assert names(client, b) == ["Elsewhere", "Spies"]
    assert reads["of_kind"] == 2


def test_a_write_in_the_same_campaign_invalidates_its_kept_answer(
    client: TestClient, intrigue: Intrigue, two: dict[str, Any], reads: Counter[str]
) -> None:
    a = two["A"]
    assert names(client, a) == ["Spies"]
    found(intrigue, a, "Latecomers")
    assert names(client, a) == ["Latecomers", "Spies"]
    assert reads["of_kind"] == 2


def test_a_member_read_by_its_own_id_is_keyed_on_its_campaign(
    client: TestClient, intrigue: Intrigue, two: dict[str, Any], reads: Counter[str]
) -> None:
    a, b = two["A"], two["B"]
    ask = lambda: gql_as(client, a["gm"], ONE, id=str(a["spies"]))["data"]  # noqa: E731
    first = ask()
    found(intrigue, b, "Elsewhere")
    assert ask() == first
    assert reads["one"] == 1
    found(intrigue, a, "Latecomers")
    assert ask() == first
    assert reads["one"] == 2


def test_the_campaign_list_spans_campaigns_and_moves_with_any_write(
    client: TestClient, intrigue: Intrigue, two: dict[str, Any]
) -> None:
    query = "{ campaigns(first: 200) { nodes { id name } } }"
    before = {c["id"] for c in gql_as(client, two["A"]["gm"], query)["data"]["campaigns"]["nodes"]}  # type: ignore[index]
    made = intrigue.campaigns.create_campaign(
        CreateCampaign("scope-new", ["factionturn"], None, [MapRegion("A", 0, 0)])
    )
    after = {c["id"] for c in gql_as(client, two["A"]["gm"], query)["data"]["campaigns"]["nodes"]}  # type: ignore[index]
    assert after - before == {str(made.id)}


@pytest.mark.parametrize(
    ("document", "variables", "scope"),
    [
        (STANDINGS, {"id": "7f2c6a4e-0000-4000-8000-000000000001"}, ("7f2c6a4e-0000-4000-8000-000000000001",)),
        (
            '{ campaign(id: "7f2c6a4e-0000-4000-8000-000000000002") { name } me { role } }',
            None,
            ("7f2c6a4e-0000-4000-8000-000000000002",),
        ),
        (
            "query($a: UUID!, $b: UUID!) { factions(campaignId: $a) { name } houses(campaignId: $b) { name } }",
            {"a": "7f2c6a4e-0000-4000-8000-000000000002", "b": "7f2c6a4e-0000-4000-8000-000000000001"},
            ("7f2c6a4e-0000-4000-8000-000000000001", "7f2c6a4e-0000-4000-8000-000000000002"),
        ),
        ("{ campaigns { nodes { id } } }", None, None),  # every campaign
        ("query($id: UUID!) { campaign(id: $id) { name } campaigns { nodes { id } } }", {"id": str(UUID(int=1))}, None),
        ("{ me { role } }", None, None),  # the seat alone: the whole read model's position, as before
        (STANDINGS, {"id": "not an id"}, None),
        (STANDINGS, {}, None),
    ],
)
def test_the_campaigns_a_query_reads_are_its_scope(document: str, variables: Any, scope: Any) -> None:
    expected = None if scope is None else tuple(UUID(s) for s in scope)
    assert campaigns_of(document, None, variables) == expected


@pytest.mark.single_node(
    reason="rewinds a current database to the layout before lanes by dropping campaign_id,"
    " which Citus distributes by; an old database is migrated on one server, then distributed"
)
def test_migrate_gives_an_older_database_each_campaign_position_from_its_rows(fresh_db: Database) -> None:
    intrigue = Intrigue(fresh_db)
    try:
        campaign_id, _, _ = campaign_with_hidden_spies(intrigue, "older")
    finally:
        intrigue.close()
    to_layout_before_lanes(fresh_db, in_order(fresh_db)[-1][0], with_positions=False)  # as before step 6
    intrigue = Intrigue(fresh_db)  # migrates on start
    try:
        with psycopg.connect(fresh_db.conninfo) as conn:
            last = conn.execute("SELECT max(position) FROM aggregate_state WHERE campaign_id = %s", (campaign_id,))
            kept = conn.execute("SELECT position FROM campaign_position WHERE campaign_id = %s", (campaign_id,))
            assert kept.fetchall() == last.fetchall() != [(None,)]
    finally:
        intrigue.close()
