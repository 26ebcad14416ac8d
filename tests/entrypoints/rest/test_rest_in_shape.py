"""Whatever a client sends to the REST API, the answer is an RFC 9457 problem with a code, never internal text."""

from __future__ import annotations

import gzip
import json
import logging
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

from service.persistence.queries import ReadModelReads
from tests.support.rest_support import API, new_campaign

INTERNAL_TEXT = ("Traceback", "object has no attribute", "psycopg", "DETAIL", "CONTEXT", "administrator command")


def problem_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json", response.headers
    body: dict[str, Any] = response.json()
    assert body["status"] == status and isinstance(body["code"], str)
    assert not any(text in body["detail"] for text in INTERNAL_TEXT), body
    return body


def test_options_on_campaigns_answers_405_allowing_every_method_of_the_path(client: TestClient) -> None:
    response = client.options(f"{API}/campaigns")
    assert problem_of(response, 405)["code"] == "METHOD_NOT_ALLOWED"
    assert set(response.headers["allow"].split(", ")) == {"GET", "HEAD", "POST"}


def test_a_method_no_route_takes_answers_405_as_a_problem(client: TestClient) -> None:
    campaign, _ = new_campaign(client)
    response = client.delete(f"{API}/campaigns/{campaign['id']}/seats")
    assert problem_of(response, 405)["code"] == "METHOD_NOT_ALLOWED"
    assert set(response.headers["allow"].split(", ")) == {"GET", "HEAD", "POST"}


def test_the_same_paths_still_answer_each_of_their_methods(client: TestClient) -> None:
    campaign, token = new_campaign(client)
    seats = f"{API}/campaigns/{campaign['id']}/seats"
    auth = {"Authorization": f"Bearer {token}"}
    assert client.get(seats, headers=auth).status_code == 200
    assert client.head(f"{API}/campaigns").status_code == 200
    assert client.post(seats, json={"role": "observer", "name": "Eye"}, headers=auth).status_code == 201


@pytest.mark.parametrize("path", [f"{API}/nothing/here", "/nothing/here", f"{API}/campaigns/x/y/z/w"])
def test_an_unknown_path_answers_404_as_a_problem(client: TestClient, path: str) -> None:
    assert problem_of(client.get(path), 404)["code"] == "NOT_FOUND"


def test_json_nested_a_thousand_deep_is_invalid_input(client: TestClient) -> None:
    body = '{"name": "Deep", "rule_systems": ["factionturn"], "x": ' + "[" * 1000 + "]" * 1000 + "}"
    response = client.post(f"{API}/campaigns", content=body, headers={"content-type": "application/json"})
    assert problem_of(response, 422)["code"] == "INVALID_INPUT"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_json_nested_a_thousand_deep_is_invalid_input_whatever_its_declared_type(
    client: TestClient, content_type: str
) -> None:
    body = '{"name": "Deep", "rule_systems": ["factionturn"], "x": ' + '{"a": ' * 1000 + "1" + "}" * 1001
    response = client.post(f"{API}/campaigns", content=body, headers={"content-type": content_type})
    assert problem_of(response, 422)["code"] == "INVALID_INPUT"


def test_a_body_over_the_limit_answers_413(client: TestClient) -> None:
    body = {"name": "n" * (2 * 2**20), "rule_systems": ["factionturn"]}
    assert problem_of(client.post(f"{API}/campaigns", json=body), 413)["code"] == "PAYLOAD_TOO_LARGE"


def test_a_streamed_body_over_the_limit_answers_413(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(40):
            yield b"x" * 65536

    response = client.post(f"{API}/campaigns", content=chunks(), headers={"content-type": "application/json"})
    assert problem_of(response, 413)["code"] == "PAYLOAD_TOO_LARGE"


def test_a_gzip_body_is_decoded_before_the_endpoint_reads_it(client: TestClient) -> None:
    body = gzip.compress(json.dumps({"name": "Packed", "rule_systems": ["factionturn"]}).encode())
    response = client.post(
        f"{API}/campaigns", content=body, headers={"content-type": "application/json", "content-encoding": "gzip"}
    )
    assert response.status_code == 201, response.text
    assert response.json()["campaign"]["name"] == "Packed"


# A gzip body cut short; mtime=0, so its bytes, and the test's id, are the same in every pytest-xdist worker.
CUT_SHORT = gzip.compress(b'{"name": "x", "rule_systems": ["factionturn"]}', mtime=0)[:-4]


@pytest.mark.parametrize(
    ("body", "coding", "status", "code"),
    [
        (b'{"name": "x"}', "gzip", 400, "BAD_REQUEST"),  # not gzip at all
        (CUT_SHORT, "gzip", 400, "BAD_REQUEST"),
        (gzip.compress(b" " * (3 * 2**20)), "gzip", 413, "PAYLOAD_TOO_LARGE"),  # past the limit once decoded
        (b'{"name": "x", "rule_systems": ["factionturn"]}', "br", 415, "UNSUPPORTED_MEDIA_TYPE"),
    ],
)
def test_a_body_that_is_not_in_its_content_coding_is_refused_and_writes_nothing(
    client: TestClient, body: bytes, coding: str, status: int, code: str
) -> None:
    before = client.get(f"{API}/campaigns").json()
    response = client.post(
        f"{API}/campaigns", content=body, headers={"content-type": "application/json", "content-encoding": coding}
    )
    assert problem_of(response, status)["code"] == code
    assert response.headers.get("accept-encoding") == ("gzip, deflate" if status == 415 else None)
    assert client.get(f"{API}/campaigns").json() == before


def test_a_huge_name_is_not_echoed_back_whole(client: TestClient) -> None:
    body = {"name": "n" * 500_000, "rule_systems": ["factionturn"]}
    detail = problem_of(client.post(f"{API}/campaigns", json=body), 422)["detail"]
    assert len(detail) < 2000


def test_an_unexpected_failure_answers_internal_with_the_logged_request_id(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: ReadModelReads, limit: int, offset: int) -> list[Any]:
        raise AttributeError("'list' object has no attribute 'get'")

    monkeypatch.setattr(ReadModelReads, "campaigns", broken)
    with caplog.at_level(logging.INFO):
        response = client.get(f"{API}/campaigns", headers={"x-request-id": "rest-7"})
    body = problem_of(response, 500)
    assert (body["code"], body["request_id"]) == ("INTERNAL", "rest-7")
    logged = [r for r in caplog.records if r.levelno == logging.ERROR and r.exc_info]
    assert len(logged) == 1 and "'get'" in str(logged[0].exc_info[1])  # type: ignore[index]


@pytest.mark.parametrize(
    "message",
    [
        "terminating connection due to administrator command",
        "connection failed: FATAL:  sorry, too many clients already",
    ],
)
def test_a_database_failure_answers_503_with_retry_after(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    async def down(self: ReadModelReads, limit: int, offset: int) -> list[Any]:
        raise psycopg.OperationalError(message)

    monkeypatch.setattr(ReadModelReads, "campaigns", down)
    response = client.get(f"{API}/campaigns")
    assert problem_of(response, 503)["code"] == "UNAVAILABLE"
    assert int(response.headers["retry-after"]) > 0


def test_refusals_are_logged_without_a_traceback(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        client.post(f"{API}/campaigns", json={"name": "", "rule_systems": ["nope"]})
        client.options(f"{API}/campaigns")
        client.get(f"{API}/nothing")
    assert [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info] == []
