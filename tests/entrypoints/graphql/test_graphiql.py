"""GraphiQL is served whole by this process (no CDN), and its welcome text shows a query and where the token goes."""

from __future__ import annotations

import json
import re

import httpx
from graphql import parse, validate
from starlette.testclient import TestClient

from domain.commands import CreateCampaign
from service.bootstrap import Intrigue
from service.entrypoints.graphql.schema import schema
from service.usecases.seats import bearer_token
from tests.support.graphiql_page import ANY_HOST, check_served_offline, loads_of, welcome_of

HEADER_EXAMPLE = re.compile(r'\{"Authorization": "Bearer [^"]+"\}')


def page(client: TestClient) -> str:
    return check_served_offline(lambda path, headers: client.get(path, headers=headers))


def test_the_page_and_every_asset_it_loads_come_from_this_server(client: TestClient) -> None:
    html = page(client)
    # React, ReactDOM, GraphiQL, the explorer, and the page's own script and styles (issue 25: no inline ones)
    assert len([u for u, _ in loads_of(html) if u.startswith("/graphiql/")]) == 8


def test_the_check_sees_a_cdn_link() -> None:
    """The offline check would catch strawberry's own page, which loads GraphiQL from unpkg."""
    from strawberry.http.ides import get_graphql_ide_html

    assert ANY_HOST.findall(get_graphql_ide_html("graphiql"))
    assert ANY_HOST.findall('<script src="//cdn.example.org/x.js">') == ["//cdn.example.org/x.js"]


def test_an_asset_that_is_not_there_is_a_404(client: TestClient) -> None:
    assert client.get("/graphiql/nothing.js").status_code == 404


def test_the_welcome_query_is_valid_and_answers(client: TestClient) -> None:
    welcome = welcome_of(page(client))
    assert validate(schema._schema, parse(welcome)) == []
    body = client.post("/graphql", json={"query": welcome}).json()
    assert "errors" not in body, body
    listed = body["data"]["campaigns"]
    assert isinstance(listed["nodes"], list) and len(listed["nodes"]) == min(listed["totalCount"], 100)  # page one


def test_the_welcome_shows_the_header_a_seat_token_goes_in(client: TestClient, intrigue: Intrigue) -> None:
    """The example header, with a real token in it, is the header the service reads a seat from."""
    welcome = welcome_of(page(client))
    assert "Headers tab" in welcome
    example = HEADER_EXAMPLE.search(welcome)
    assert example is not None, welcome
    started = intrigue.seats.start_campaign(CreateCampaign("GraphiQL welcome", ["factionturn"], None, []))
    placeholder = bearer_token(json.loads(example.group(0))["Authorization"])
    assert placeholder is not None and placeholder.startswith("itg_")  # the prefix real tokens carry
    headers = json.loads(example.group(0).replace(placeholder, started.gm.token))
    body = client.post("/graphql", json={"query": "{ me { role campaignId } }"}, headers=headers).json()
    me = body["data"]["me"]
    assert me["campaignId"] == str(started.campaign.id) and me["role"].lower() == "gm", body


def test_a_graphql_client_still_gets_json_at_get_graphql(client: TestClient) -> None:
    answered: httpx.Response = client.get("/graphql", params={"query": "{ __typename }"})
    assert answered.json() == {"data": {"__typename": "Query"}}  # the page only for a browser's Accept
