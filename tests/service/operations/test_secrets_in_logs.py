"""Tokens never reach the log stream: not inside a logged value, and not the demo's GM token (issue 14, leak 8)."""

from __future__ import annotations

import argparse
import io
import logging
from collections.abc import Iterator

import pytest
import structlog
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints import cli
from service.operations import logs
from service.operations.redaction import redact, redact_text
from service.persistence.database import Database
from service.usecases.seats import TOKEN_PREFIX

TOKEN = TOKEN_PREFIX + "Zq3_secretsecretsecretsecretsecret-42"


@pytest.fixture
def log_stream() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    handlers, level, config = list(root.handlers), root.level, structlog.get_config()
    stream = io.StringIO()
    logs.configure("json", "INFO", stream=stream)
    try:
        yield stream
    finally:
        logs.stop_background()
        root.handlers[:] = handlers
        root.setLevel(level)
        structlog.configure(**config)


def test_a_token_inside_a_logged_value_is_redacted() -> None:
    assert TOKEN not in redact_text(f"campaignId must be a UUID, not '{TOKEN}'")
    event = redact(None, "info", {"event": "x", "extra": {"items": [f"a {TOKEN} b"]}, "note": (TOKEN,)})
    assert TOKEN not in repr(event)


def test_a_token_sent_as_a_graphql_variable_never_reaches_the_log(client: TestClient, log_stream: io.StringIO) -> None:
    body = client.post(
        "/graphql",
        json={"query": "query($id: UUID!) { eventLog(campaignId: $id) { totalCount } }", "variables": {"id": TOKEN}},
    ).json()
    assert body["errors"]
    named = {"query": "query($id: ID!) { campaign(id: $id) { name } }", "variables": {"id": TOKEN}}
    client.post("/graphql", json=named)
    client.get(f"/api/v1/campaigns/{TOKEN}")
    logging.getLogger("intrigue.test").info("sent %s", {"variables": {"id": TOKEN}})
    assert log_stream.getvalue() and TOKEN not in log_stream.getvalue()


def test_the_demo_gm_token_is_printed_once_to_stdout_and_never_to_the_log_stream(
    fresh_db: Database, log_stream: io.StringIO, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    monkeypatch.setattr(cli.database, "resolve", lambda url, pgdata: fresh_db)
    monkeypatch.setattr(cli, "bootstrap", lambda settings, db: Intrigue(db))
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    args = argparse.Namespace(host="127.0.0.1", port=0, demo=True, processes=1)
    assert cli._serve(args, True, True) == 0
    printed = capsys.readouterr()
    tokens = [word for word in printed.out.split() if word.startswith(TOKEN_PREFIX)]
    assert len(tokens) == 1, printed.out
    assert tokens[0] not in printed.err and tokens[0] not in log_stream.getvalue()
    assert "demo campaign" in log_stream.getvalue()
