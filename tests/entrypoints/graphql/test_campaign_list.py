"""The campaign list is not open to anonymous callers on a server that says so (INTRIGUE_OPEN_CAMPAIGN_LIST)."""

from __future__ import annotations

import dataclasses

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from tests.support.rest_support import API, bearer, conforms, new_campaign
from tests.support.service import gql, gql_as

LIST = "{ campaigns(first: 200) { nodes { id } } }"
PAGE = "query($a: String) { campaigns(first: 200, after: $a) { nodes { id } pageInfo { hasNextPage endCursor } } }"
OPEN_CAMPAIGN_LIST = "INTRIGUE_OPEN_CAMPAIGN_LIST"


def test_unset_the_list_is_open_on_the_embedded_database_and_closed_on_a_deployments(
    intrigue: Intrigue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.entrypoints.shared.campaign_list import is_open

    monkeypatch.delenv(OPEN_CAMPAIGN_LIST, raising=False)
    assert is_open(dataclasses.replace(intrigue.db, embedded=True))
    assert not is_open(dataclasses.replace(intrigue.db, embedded=False))
    monkeypatch.setenv(OPEN_CAMPAIGN_LIST, "on")
    assert is_open(dataclasses.replace(intrigue.db, embedded=False))


def test_a_closed_list_refuses_anonymous_callers_and_shows_a_seat_only_its_own_campaign(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine, gm = new_campaign(client, "Mine")
    other, _ = new_campaign(client, "Other")
    monkeypatch.setenv(OPEN_CAMPAIGN_LIST, "off")
    refused = gql(client, LIST)
    assert refused["data"] is None and refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"  # type: ignore[index]
    anonymous = conforms(client.get(f"{API}/campaigns"))
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "FORBIDDEN"
    assert gql_as(client, gm, LIST)["data"] == {"campaigns": {"nodes": [{"id": mine["id"]}]}}
    after_it = gql_as(client, gm, "{ campaigns { totalCount pageInfo { endCursor } } }")["data"]["campaigns"]  # type: ignore[index]
    assert after_it["totalCount"] == 1
    second = gql_as(
        client, gm, "query($a: String) { campaigns(after: $a) { nodes { id } } }", a=after_it["pageInfo"]["endCursor"]
    )
    assert second["data"] == {"campaigns": {"nodes": []}}
    listed = conforms(client.get(f"{API}/campaigns", headers=bearer(gm))).json()["campaigns"]
    assert [c["id"] for c in listed] == [mine["id"]]
    assert conforms(client.get(f"{API}/campaigns?offset=1", headers=bearer(gm))).json()["campaigns"] == []
    monkeypatch.setenv(OPEN_CAMPAIGN_LIST, "on")
    assert {mine["id"], other["id"]} <= every_listed(client)


def every_listed(client: TestClient) -> set[str]:
    """Every campaign the open list names, page after page (the session's database holds other tests' too)."""
    listed: set[str] = set()
    after = None
    while True:
        page = gql(client, PAGE, a=after)["data"]["campaigns"]  # type: ignore[index]
        listed |= {c["id"] for c in page["nodes"]}
        if not page["pageInfo"]["hasNextPage"]:
            return listed
        after = page["pageInfo"]["endCursor"]
