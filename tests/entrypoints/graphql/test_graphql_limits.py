"""GraphQL protection: a request's depth, token count and aliases are bounded before anything runs."""

from __future__ import annotations

from starlette.testclient import TestClient

from service.entrypoints.graphql.core.guards import MAX_ALIASES, MAX_DEPTH, MAX_TOKENS


def messages(client: TestClient, query: str) -> list[str]:
    response = client.post("/graphql", json={"query": query})
    assert response.status_code in (200, 400), response.text
    body = response.json()
    assert body.get("data") is None
    return [e["message"] for e in body["errors"]]


def nested(depth: int) -> str:
    return "query Deep { campaigns { " + "".join(f"f{i} {{ " for i in range(depth)) + "id" + " }" * (depth + 1) + " }"


def test_a_query_within_every_limit_runs(client: TestClient) -> None:
    aliases = " ".join(f"a{i}: campaigns(first: 1) {{ nodes {{ id regions {{ name }} }} }}" for i in range(MAX_ALIASES))
    response = client.post("/graphql", json={"query": "{ " + aliases + " }"})
    assert response.status_code == 200 and "errors" not in response.json()


def test_a_query_nested_deeper_than_the_limit_is_refused(client: TestClient) -> None:
    assert f"'Deep' exceeds maximum operation depth of {MAX_DEPTH}" in messages(client, nested(MAX_DEPTH))


def test_a_query_with_too_many_aliases_is_refused(client: TestClient) -> None:
    aliases = " ".join(f"a{i}: campaigns {{ id }}" for i in range(MAX_ALIASES + 1))
    assert f"{MAX_ALIASES + 1} aliases found. Allowed: {MAX_ALIASES}" in messages(client, "{ " + aliases + " }")


def test_a_query_with_too_many_tokens_is_refused_before_it_is_parsed_whole(client: TestClient) -> None:
    query = "{ campaigns { " + "id " * MAX_TOKENS + "} }"
    (message,) = messages(client, query)
    assert f"more than {MAX_TOKENS} tokens" in message
