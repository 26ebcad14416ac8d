"""Logging and metrics cost what a request is worth: redaction is linear and bounded, labels are a fixed set."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import structlog
from starlette.testclient import TestClient

from service.entrypoints import access_log
from service.entrypoints.limits import Limits, RequestLimits
from service.operations import logs, metrics
from service.operations.redaction import MAX_LOGGED_CHARS, redact, redact_text


def test_a_long_logged_value_is_cut_before_it_is_redacted() -> None:
    redacted = redact_text("x" * 1_000_000)
    assert len(redacted) < MAX_LOGGED_CHARS + 100 and redacted.startswith("x" * 100)


def test_redacting_a_megabyte_of_word_characters_finishes() -> None:
    # The old pattern retried from every word character: a megabyte took over fourteen minutes.
    event = redact(None, "info", {"event": "bad uuid " + "a" * 1_000_000, "detail": "é" * 300_000 + "://"})
    assert len(event["event"]) < MAX_LOGGED_CHARS + 100


def test_passwords_in_urls_and_bearer_tokens_are_still_masked() -> None:
    text = "connect postgresql://intrigue:hunter2@db:5432/x with Bearer itg_abc.def and Basic dXNlcjpwdw=="
    assert redact_text(text) == (
        "connect postgresql://intrigue:[redacted]@db:5432/x with Bearer [redacted] and Basic [redacted]"
    )


def test_a_url_cut_at_the_limit_does_not_keep_its_password() -> None:
    text = "x " * (MAX_LOGGED_CHARS // 2 - 10) + "postgresql://intrigue:hunter2hunter2hunter2@db/x"
    assert "hunter2" not in redact_text(text)


def _operations() -> set[str]:
    return {s.labels["operation"] for m in metrics.HTTP_LATENCY.collect() for s in m.samples}


def _methods() -> set[str]:
    return {s.labels["method"] for m in metrics.HTTP_LATENCY.collect() for s in m.samples}


def test_the_operation_label_is_one_root_field_or_a_fixed_word(client: TestClient) -> None:
    listed = "campaigns { nodes { id } }"
    for fields in ([listed, "me { id }"], [listed, "a: " + listed, "__typename"]):
        client.post("/graphql", json={"query": "{ " + " ".join(fields) + " }"})
    client.post("/graphql", json={"query": "{ campaigns { nodes { id } } }"})
    client.post("/graphql", json={"query": "{ wholeNewField }"})
    operations = _operations()
    assert {"query campaigns", "query multiple", "query other"} <= operations
    assert not any("," in o for o in operations), operations


def test_an_unknown_method_is_labelled_other(client: TestClient) -> None:
    client.request("FROBNICATE123", "/api/v1/campaigns")
    assert "FROBNICATE123" not in _methods() and "other" in _methods()


def test_each_request_gets_its_own_request_id_and_a_given_one_is_echoed(client: TestClient) -> None:
    made = [client.get("/healthz").headers["x-request-id"] for _ in range(3)]
    assert len(set(made)) == 3 and all(re.fullmatch(r"[0-9a-f]{32}", m) for m in made), made
    assert {m[:16] for m in made} == {access_log._PROCESS_HALF}  # this process's half, then a count
    assert client.get("/healthz", headers={"X-Request-ID": "given.id-1"}).headers["x-request-id"] == "given.id-1"


def test_a_forked_process_makes_request_ids_of_its_own() -> None:
    half = access_log._PROCESS_HALF
    try:
        access_log._forked()  # what os.register_at_fork runs in a child
        assert half != access_log._PROCESS_HALF and len(access_log._PROCESS_HALF) == 16
    finally:
        access_log._PROCESS_HALF = half


def test_a_body_that_does_not_arrive_in_time_is_refused_with_408() -> None:
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the endpoint must not run")

    async def never() -> dict[str, Any]:
        await asyncio.sleep(30)
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/v1/campaigns",
        "headers": [(b"content-type", b"application/json")],
    }
    limited = RequestLimits(app, Limits(body_timeout=0.05))
    asyncio.run(asyncio.wait_for(limited(scope, never, send), 10))
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"])["code"] == "REQUEST_TIMEOUT"


class _Lines(io.StringIO):
    """A stream that notes which threads wrote to it."""

    def __init__(self) -> None:
        super().__init__()
        self.writers: set[int] = set()

    def write(self, text: str) -> int:
        self.writers.add(threading.get_ident())
        return super().write(text)


@pytest.fixture
def logging_restored() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level, config = list(root.handlers), root.level, structlog.get_config()
    try:
        yield
    finally:
        logs.stop_background()
        root.handlers[:] = handlers
        root.setLevel(level)
        structlog.configure(**config)


def test_in_the_background_lines_are_written_by_the_log_thread_with_the_context_they_were_logged_in(
    logging_restored: None,
) -> None:
    lines = _Lines()
    logs.configure("json", "INFO", background=True, stream=lines)
    token = logs._request.set({"request_id": "bg-1"})
    logging.getLogger("intrigue.test").info("dsn postgresql://u:hunter2@db/x %s", "x" * 10_000)
    structlog.get_logger("intrigue.test").info("native", seat="gm:1")
    logs._request.reset(token)
    logs.stop_background()
    written = [json.loads(line) for line in lines.getvalue().splitlines()]
    assert [w["request_id"] for w in written] == ["bg-1", "bg-1"]
    assert "hunter2" not in lines.getvalue() and len(written[0]["event"]) < MAX_LOGGED_CHARS + 100
    assert threading.get_ident() not in lines.writers


def test_the_access_line_carries_the_requests_fields_and_when_it_was_logged(
    client: TestClient, logging_restored: None
) -> None:
    # A seat bound outside any request by an earlier test of this worker (logs.bind_seat on the test's own thread)
    # would be merged into this request's lines: this test asks without a token, so its line names no seat.
    structlog.contextvars.clear_contextvars()
    lines = _Lines()
    logs.configure("json", "INFO", background=True, stream=lines)
    root = logging.getLogger()  # pytest's capture handler formats a record first, adding `message` to it: not here
    root.handlers[:] = [h for h in root.handlers if getattr(h, "intrigue", False)]
    before = datetime.now(tz=UTC)
    answer = client.post("/graphql", json={"query": "{ campaigns { id } }"}, headers={"X-Request-ID": "line-1"})
    logs.stop_background()
    assert answer.status_code == 200
    written = [json.loads(line) for line in lines.getvalue().splitlines()]
    line = next(w for w in written if w.get("request_id") == "line-1" and w["event"] == "request")
    stamped = datetime.fromisoformat(line.pop("timestamp").replace("Z", "+00:00"))
    assert before <= stamped <= datetime.now(tz=UTC)
    assert line.pop("duration_ms") >= 0
    assert line == {
        "event": "request",
        "logger": "intrigue.http",
        "level": "info",
        "request_id": "line-1",
        "method": "POST",
        "route": "/graphql",
        "operation": "query campaigns",
        "status": 200,
    }
