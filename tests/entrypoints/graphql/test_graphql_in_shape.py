"""Whatever a client sends to /graphql, the answer is a GraphQL error with a code, never a 500 or internal text.

The battery of hand-made malformed requests (issue 25, item 3) is in tests/entrypoints/graphql/malformed_requests.py and
tests/entrypoints/graphql/malformed_documents.py: each names the status and codes its answer must carry.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

from service.entrypoints.graphql.core.errors import CLIENT_CODES
from service.entrypoints.shared.errors import HTTP_STATUS
from service.persistence.queries import ReadModelReads
from tests.entrypoints.graphql.malformed_documents import DOCUMENT_CASES, GUARDED
from tests.entrypoints.graphql.malformed_requests import GRAPHQL_RESPONSE, TRANSPORT_CASES, Case

PROJECT_CODES = frozenset({kind.code for kind in HTTP_STATUS} | CLIENT_CODES)
INTERNAL_TEXT = ("Traceback", "object has no attribute", "psycopg", "DETAIL", "CONTEXT", "administrator command")


def errors_of(response: Any) -> list[dict[str, Any]]:
    assert response.headers["content-type"].startswith(("application/json", GRAPHQL_RESPONSE)), response.text
    body = response.json()
    for error in body["errors"]:
        assert isinstance(error["extensions"]["code"], str), error
        assert not any(text in error["message"] for text in INTERNAL_TEXT), error
    return list(body["errors"])


def codes(response: Any) -> list[str]:
    return [e["extensions"]["code"] for e in errors_of(response)]


@pytest.mark.parametrize("body", [b"null", b"123", b'"str"', b"true", b"[[]]", b"[1, 2]"])
def test_a_body_that_is_no_json_object_is_a_bad_request(client: TestClient, body: bytes) -> None:
    response = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert codes(response) == ["BAD_REQUEST"]


def test_a_body_that_is_not_json_is_a_bad_request(client: TestClient) -> None:
    response = client.post("/graphql", content=b"{", headers={"content-type": "application/json"})
    assert (response.status_code, codes(response)) == (400, ["BAD_REQUEST"])


def test_variables_nested_a_thousand_deep_are_invalid_input(client: TestClient) -> None:
    deep = "[" * 1000 + "]" * 1000
    body = '{"query": "query ($x: JSON) { campaigns { nodes { id } } }", "variables": {"x": ' + deep + "}}"
    response = client.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert (response.status_code, codes(response)) == (422, ["INVALID_INPUT"])


def test_a_document_nested_too_deep_to_parse_fails_to_parse(client: TestClient) -> None:
    query = "{" + " ... on Query {" * 400 + " campaigns { nodes { id } }" + " }" * 400 + " }"
    assert codes(client.post("/graphql", json={"query": query})) == ["GRAPHQL_PARSE_FAILED"]


def test_a_cyclic_fragment_is_refused_by_validation(client: TestClient) -> None:
    query = "query { ...A } fragment A on Query { ...B } fragment B on Query { campaigns { nodes { id } } ...A }"
    response = client.post("/graphql", json={"query": query})
    assert response.status_code == 200
    assert set(codes(response)) == {"GRAPHQL_VALIDATION_FAILED"}


def test_a_cyclic_fragment_in_a_mutation_is_refused_by_validation(client: TestClient) -> None:
    query = "mutation { ...A } fragment A on Mutation { ...A }"
    assert set(codes(client.post("/graphql", json={"query": query}))) == {"GRAPHQL_VALIDATION_FAILED"}


def test_a_syntax_error_fails_to_parse(client: TestClient) -> None:
    assert codes(client.post("/graphql", json={"query": "{ campaigns { id "})) == ["GRAPHQL_PARSE_FAILED"]


def test_an_unknown_field_fails_validation(client: TestClient) -> None:
    assert codes(client.post("/graphql", json={"query": "{ nothingHere }"})) == ["GRAPHQL_VALIDATION_FAILED"]


def test_a_variable_of_the_wrong_type_is_bad_user_input(client: TestClient) -> None:
    query = "query ($id: UUID!) { campaign(id: $id) { id } }"
    response = client.post("/graphql", json={"query": query, "variables": {"id": "not-a-uuid"}})
    assert codes(response) == ["BAD_USER_INPUT"]


def test_a_huge_invalid_variable_is_answered_and_not_echoed_whole(client: TestClient) -> None:
    query = "query ($id: UUID!) { campaign(id: $id) { id } }"
    response = client.post("/graphql", json={"query": query, "variables": {"id": "x" * 100_000}})
    (error,) = errors_of(response)
    assert error["extensions"]["code"] == "BAD_USER_INPUT" and len(error["message"]) < 2000


def test_a_document_over_the_size_limit_is_refused_before_it_is_parsed(client: TestClient) -> None:
    query = "{ campaigns { nodes { id } } }" + " " * 200_000
    assert codes(client.post("/graphql", json={"query": query})) == ["GRAPHQL_PARSE_FAILED"]


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    query = "{ campaigns { nodes { id } } }" + "#" * (2 * 2**20)
    response = client.post("/graphql", json={"query": query})
    assert (response.status_code, codes(response)) == (413, ["PAYLOAD_TOO_LARGE"])


def test_a_method_graphql_does_not_take_is_coded(client: TestClient) -> None:
    response = client.put("/graphql", json={"query": "{ campaigns { nodes { id } } }"})
    assert (response.status_code, codes(response)) == (405, ["METHOD_NOT_ALLOWED"])


def test_a_failing_resolver_answers_internal_with_the_logged_request_id(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: ReadModelReads, limit: int, offset: int) -> list[Any]:
        raise AttributeError("'StateView' object has no attribute '_sql'")

    monkeypatch.setattr(ReadModelReads, "campaigns", broken)
    with caplog.at_level(logging.INFO):
        response = client.post(
            "/graphql", json={"query": "{ campaigns { nodes { id } } }"}, headers={"x-request-id": "r-42"}
        )
    (error,) = errors_of(response)
    assert error["extensions"] == {"code": "INTERNAL", "requestId": "r-42"}
    failure = next(r for r in caplog.records if r.levelno == logging.ERROR and r.exc_info)
    assert "_sql" in str(failure.exc_info[1])  # type: ignore[index]


def test_a_database_failure_answers_unavailable(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    async def down(self: ReadModelReads, limit: int, offset: int) -> list[Any]:
        raise psycopg.OperationalError("terminating connection due to administrator command")

    monkeypatch.setattr(ReadModelReads, "campaigns", down)
    assert codes(client.post("/graphql", json={"query": "{ campaigns { nodes { id } } }"})) == ["UNAVAILABLE"]


def test_client_errors_are_logged_at_info_without_a_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        client.post("/graphql", json={"query": "{ nothingHere }"})
        client.post("/graphql", json={"query": "{ campaigns { id "})
        client.post(
            "/graphql", json={"query": "query ($id: UUID!) { campaign(id: $id) { id } }", "variables": {"id": "nope"}}
        )
    assert [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info] == []
    assert any("GRAPHQL_VALIDATION_FAILED" in r.getMessage() for r in caplog.records)


def test_every_error_of_a_malformed_request_is_json(client: TestClient) -> None:
    for body in ({"query": 5}, {"query": "{ campaigns { nodes { id } } }", "variables": []}, {}, {"operationName": []}):
        response = client.post("/graphql", content=json.dumps(body), headers={"content-type": "application/json"})
        assert response.status_code < 500 and codes(response), response.text


@pytest.mark.parametrize(("query", "code"), [("subscription { nothingHere }", "GRAPHQL_VALIDATION_FAILED")])
def test_a_subscription_refused_over_a_websocket_is_coded(client: TestClient, query: str, code: str) -> None:
    with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {}})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"id": "1", "type": "subscribe", "payload": {"query": query}})
        message = ws.receive_json()
    assert message["type"] == "error"
    assert [e["extensions"]["code"] for e in message["payload"]] == [code]


def sent(client: TestClient, case: Case) -> Any:
    headers = {name: value.encode("latin-1") for name, value in case.headers.items()}  # a header may be non-ASCII
    return client.request(case.method, "/graphql", content=case.body, headers=headers, params=case.params)


def assert_answered_as(response: Any, case: Case) -> None:
    """The case's status and codes; every code one of the project's, and INTERNAL only with its request id."""
    assert response.status_code == case.status, response.text[:500]
    errors = errors_of(response) if response.status_code != 200 or "errors" in response.json() else []
    for error in errors:
        assert error["extensions"]["code"] in PROJECT_CODES, error
        assert error["extensions"]["code"] != "INTERNAL" or error["extensions"].get("requestId"), error
    assert {e["extensions"]["code"] for e in errors} == case.codes, response.text[:500]
    assert any(case.says in e["message"] for e in errors) if case.says else True, errors


@pytest.mark.parametrize("case", [*TRANSPORT_CASES, *DOCUMENT_CASES], ids=lambda case: case.name)
def test_a_malformed_request_is_answered_with_its_code_and_status(client: TestClient, case: Case) -> None:
    assert_answered_as(sent(client, case), case)


@pytest.mark.parametrize("case", GUARDED, ids=lambda case: case.name)
def test_an_unknown_fragment_or_an_empty_selection_is_refused_with_a_code(client: TestClient, case: Case) -> None:
    assert_answered_as(sent(client, case), case)


def test_the_battery_holds_at_least_150_distinct_cases() -> None:
    names = [case.name for case in [*TRANSPORT_CASES, *DOCUMENT_CASES, *GUARDED]]
    assert len(set(names)) == len(names) >= 150
