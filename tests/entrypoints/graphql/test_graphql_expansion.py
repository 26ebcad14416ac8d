"""Validation cost is bounded before any rule walks the document (issue 25, item 1; item 3's unknown fragment).

A document whose fragments each spread the next one twice is a few hundred characters long and expands to
billions of selections. It is refused with a code, at once, while the server goes on answering `/healthz`; the
depth and alias limits count each fragment once; every generated document of nested, repeated and cyclic
spreads is answered with a code, by work proportional to its length.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import httpx
import pytest
from graphql import parse
from hypothesis import example, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.graphql.core.expansion import MAX_EXPANSION, cost_of
from service.entrypoints.graphql.core.guards import MAX_ALIASES, MAX_DEPTH
from service.entrypoints.graphql.core.parsing import _parsed
from service.entrypoints.http import create_app
from tests.support.processes import served

WAIT = 30.0  # what a test waits for an answer at most: generous, never a timing assertion
BOUND = 5.0  # a generous safety bound on one refused document's answer; the work itself is counted below
WORK_PER_CHAR = 3  # selections and spread edges walked, per character of the document


def chain(fragments: int) -> str:
    """The issue's document: each fragment spreads the next one twice; the last selects one field."""
    spreads = " ".join(f"fragment F{i} on Campaign {{ ...F{i + 1} ...F{i + 1} }}" for i in range(fragments - 1))
    return f"{{ campaigns {{ nodes {{ ...F0 }} }} }} {spreads} fragment F{fragments - 1} on Campaign {{ id }}"


@pytest.fixture(scope="module")
def server(intrigue: Intrigue) -> Iterator[str]:
    with served(create_app(intrigue), wait=WAIT) as port:
        yield f"http://127.0.0.1:{port}"


def answered_while_healthy(base: str, query: str) -> tuple[dict[str, Any], float]:
    """POST the document and, while it is in flight, GET /healthz: the document's answer and its time."""
    with httpx.Client(base_url=base, timeout=WAIT) as client, ThreadPoolExecutor(2) as pool:

        def post() -> tuple[httpx.Response, float]:
            started = time.perf_counter()
            response = client.post("/graphql", json={"query": query})
            return response, time.perf_counter() - started

        posted = pool.submit(post)
        health = pool.submit(client.get, "/healthz")
        # Answered, so the event loop is not held; 503 is the shared test PostgreSQL refusing /healthz's own fresh
        # connection (it has too many clients at times), which is not what this test is about.
        healthz = health.result(timeout=WAIT)
        assert healthz.status_code in (200, 503) and set(healthz.json()) == {"status", "database"}
        response, took = posted.result(timeout=WAIT)
    assert response.status_code in (200, 400), response.text
    body: dict[str, Any] = response.json()
    return body, took


def codes(body: dict[str, Any]) -> list[str]:
    return [e["extensions"]["code"] for e in body.get("errors") or []]


@pytest.mark.parametrize("fragments", [30, 1000])
def test_the_fragment_chain_is_refused_with_a_code_while_healthz_answers(server: str, fragments: int) -> None:
    query = chain(fragments)
    body, took = answered_while_healthy(server, query)
    print(f"\n{fragments} fragments ({len(query)} characters): answered {codes(body)} in {took * 1000:.1f} ms")
    assert body.get("data") is None
    # 30 fragments: past the expansion limit; 1,000: past the token limit, refused while it is parsed.
    assert codes(body) == ["GRAPHQL_VALIDATION_FAILED" if fragments == 30 else "GRAPHQL_PARSE_FAILED"]
    assert took < BOUND


def test_the_expansion_limit_is_named_in_the_refusal(client: TestClient) -> None:
    (error,) = client.post("/graphql", json={"query": chain(30)}).json()["errors"]
    assert error["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED"
    assert f"expands to more than {MAX_EXPANSION} selections" in error["message"]


@pytest.mark.parametrize("fragments", [30, 1000, 5000])
def test_counting_the_expansion_is_linear_in_the_text(fragments: int) -> None:
    query = chain(fragments)
    cost = cost_of(parse(query))
    assert cost.expansion > MAX_EXPANSION and cost.cycle is None
    assert cost.visited <= WORK_PER_CHAR * len(query)


def test_a_refused_document_is_parsed_once_for_every_reader_of_its_request(client: TestClient) -> None:
    """The access log, the standings' own path (graphql/standings_http.py asks `plan_of` whether the document is plain
    standings), the kept answers and strawberry share one parse (graphql/core/parsing.py), failures included: one miss,
    the three other readers hits."""
    query = chain(1000) + " # parsed once"
    before = _parsed.cache_info()
    assert codes(client.post("/graphql", json={"query": query}).json()) == ["GRAPHQL_PARSE_FAILED"]
    after = _parsed.cache_info()
    assert (after.misses - before.misses, after.hits - before.hits) == (1, 3)


def test_a_document_within_the_expansion_limit_runs(client: TestClient) -> None:
    body = client.post("/graphql", json={"query": chain(8)}).json()  # 2 ** 7 spreads of one field
    assert "errors" not in body and isinstance(body["data"]["campaigns"]["nodes"], list)


def test_a_fragment_cycle_is_refused_with_a_code(client: TestClient) -> None:
    query = (
        "{ campaigns { nodes { ...A } } } fragment A on Campaign { id ...B } "
        "fragment B on Campaign { ...C } fragment C on Campaign { ...A }"
    )
    response = client.post("/graphql", json={"query": query})
    assert response.status_code in (200, 400)
    assert codes(response.json()) == ["GRAPHQL_VALIDATION_FAILED"]


def test_an_unknown_fragment_is_refused_with_a_code(client: TestClient) -> None:
    for query in (
        "{ campaigns { nodes { ...Nowhere } } }",
        "{ campaigns { nodes { ...F } } } fragment F on Campaign { id ...Nowhere }",
    ):
        response = client.post("/graphql", json={"query": query})
        assert response.status_code in (200, 400), response.text
        body = response.json()
        assert body["data"] is None and codes(body) == ["GRAPHQL_VALIDATION_FAILED"]
        assert "Unknown fragment 'Nowhere'" in body["errors"][0]["message"]


def test_depth_and_aliases_reached_through_fragments_count_each_spread(client: TestClient) -> None:
    deep = "".join(f"f{i} {{ " for i in range(MAX_DEPTH)) + "id" + " }" * MAX_DEPTH
    query = f"query Deep {{ campaigns {{ ...D }} }} fragment D on CampaignConnection {{ {deep} }}"
    assert any(
        f"'Deep' exceeds maximum operation depth of {MAX_DEPTH}" in e["message"]
        for e in client.post("/graphql", json={"query": query}).json()["errors"]
    )
    # Each of the two spreads of A brings its aliases: 2 * 8 > 15, where the text holds 8.
    aliases = " ".join(f"a{i}: id" for i in range(MAX_ALIASES // 2 + 1))
    query = f"{{ campaigns {{ nodes {{ ...A ...A }} }} }} fragment A on Campaign {{ {aliases} }}"
    total = 2 * (MAX_ALIASES // 2 + 1)
    errors = client.post("/graphql", json={"query": query}).json()["errors"]
    assert [e["message"] for e in errors] == [f"{total} aliases found. Allowed: {MAX_ALIASES}"]


ITEM = st.tuples(st.sampled_from(["id", "alias", "next", "next", "next", "any"]), st.integers(0, 99), st.integers(0, 2))


def item(kind: str, n: int, nesting: int, own: int, fragments: int) -> str:
    """A field, an alias, or a spread: of one of the next fragments, or of any (itself or an earlier one: a cycle;
    or F{fragments}, which does not exist); wrapped in `nesting` inline fragments."""
    later = min(own + 1 + n % 2, fragments - 1)
    spread = f"...F{later}" if later > own else "id"
    text = {"alias": f"a{n}: id", "next": spread, "any": f"...F{n % (fragments + 1)}"}.get(kind, kind)
    return "... on Campaign { " * nesting + text + " }" * nesting


@st.composite
def spreading(draw: st.DrawFn) -> str:
    """A document of fragments on Campaign, spread by the operation, whose items spread one another any number of
    times: nested, repeated and cyclic spreads, and unknown ones."""
    bodies = draw(st.lists(st.lists(ITEM, min_size=1, max_size=5), min_size=2, max_size=31))
    count = len(bodies) - 1
    text = [" ".join(item(*i, own - 1, count) for i in body) for own, body in enumerate(bodies)]
    fragments = " ".join(f"fragment F{n} on Campaign {{ {body} }}" for n, body in enumerate(text[1:]))
    return f"{{ campaigns {{ nodes {{ {text[0]} }} }} }} {fragments}"


def fanning(fragments: int, fan_out: int) -> str:
    """Each fragment spreads the next `fan_out` times, inside an inline fragment; the last spreads the first."""
    spreads = " ".join(
        f"fragment F{i} on Campaign {{ id ... on Campaign {{ {f'...F{i + 1} ' * fan_out}}} }}"
        for i in range(fragments - 1)
    )
    return f"{{ campaigns {{ nodes {{ ...F0 }} }} }} {spreads} fragment F{fragments - 1} on Campaign {{ id }}"


@settings(max_examples=60, deadline=None)
@given(query=spreading())
@example(query=chain(30))
@example(query=fanning(9, 3))  # 3 ** 8: past the limit
@example(query=fanning(5, 5))  # 5 ** 4: within it
@example(query=fanning(12, 2).replace("fragment F11 on Campaign { id }", "fragment F11 on Campaign { ...F3 }"))
def test_every_spreading_document_is_answered_with_a_code_by_work_linear_in_its_length(server: str, query: str) -> None:
    assert cost_of(parse(query)).visited <= WORK_PER_CHAR * len(query)
    body, took = answered_while_healthy(server, query)
    assert took < BOUND
    if body.get("errors"):
        assert body.get("data") is None
        assert set(codes(body)) <= {"GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED"}, body
    else:
        assert isinstance(body["data"]["campaigns"]["nodes"], list)


def test_the_fragment_chain_is_refused_over_a_websocket_too(client: TestClient) -> None:
    spreads = " ".join(f"fragment F{i} on AuditEvent {{ ...F{i + 1} ...F{i + 1} }}" for i in range(29))
    query = (
        f'subscription {{ campaignEvents(campaignId: "{UUID(int=0)}") {{ ...F0 }} }} {spreads} '
        "fragment F29 on AuditEvent { position }"
    )
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query}})
        message = ws.receive_json()
    assert message["type"] == "error"
    (error,) = message["payload"]
    assert error["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED" and "expands to more than" in error["message"]
