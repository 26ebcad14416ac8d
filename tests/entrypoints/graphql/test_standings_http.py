"""A POST of plain standings answered before strawberry's view (graphql/standings_http.py) is the view's answer,
byte for byte and header for header, for the GM, a player, an observer and no seat, in either media type, with the
kept answers and without; and what the view alone answers correctly (a refusal, a body it cannot read) it still
answers. The middleware stack made cheaper in session 14 answers as the stack did before it (stack_before.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from starlette.testclient import TestClient

from service.bootstrap import Intrigue
from service.entrypoints import http
from service.entrypoints.console.session import cookie_name
from service.entrypoints.graphql.precomputed import FACTIONS
from service.entrypoints.shared.graphql_media import GRAPHQL_RESPONSE, JSON
from tests.entrypoints.graphql.stack_before import app_before, code_before


@pytest.fixture
def before_the_view(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each POST to /graphql, whether it was answered before the view."""
    answered: list[bool] = []
    real = http.standings_answer

    async def watched(*args: Any) -> Any:
        response = await real(*args)
        answered.append(response is not None)
        return response

    monkeypatch.setattr(http, "standings_answer", watched)
    return answered


def view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    async def declined(*_: Any) -> None:
        return None

    monkeypatch.setattr(http, "standings_answer", declined)


def answer(client: TestClient, payload: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any, bytes]:
    response = client.post("/graphql", json=payload, headers={"X-Request-ID": "same-id", **headers})
    return response.status_code, sorted(response.headers.multi_items()), response.content


def standings_asked(
    campaign_id: UUID, tokens: dict[str, str | None], accept: str, extensions: dict[str, str] | None
) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """The plain-standings body, and each reader's headers (the GM, a player, an observer, no seat)."""
    payload = {"query": FACTIONS, "variables": {"campaignId": str(campaign_id)}, "extensions": extensions}
    asked = {
        name: {"Accept": accept} | ({"Authorization": f"Bearer {token}"} if token else {})
        for name, token in tokens.items()
    }
    return payload, asked


@pytest.mark.parametrize("accept", [JSON, GRAPHQL_RESPONSE])
@pytest.mark.parametrize("extensions", [None, {"cache": "off"}])
def test_plain_standings_answered_before_the_view_are_the_views_answer(
    client: TestClient,
    standings_campaign: tuple[UUID, dict[str, str | None]],
    monkeypatch: pytest.MonkeyPatch,
    before_the_view: list[bool],
    accept: str,
    extensions: dict[str, str] | None,
) -> None:
    campaign_id, tokens = standings_campaign
    payload, asked = standings_asked(campaign_id, tokens, accept, extensions)
    fast = {name: answer(client, payload, headers) for name, headers in asked.items()}
    assert before_the_view == [True] * len(asked)
    view_only(monkeypatch)
    for name, headers in asked.items():
        assert answer(client, payload, headers) == fast[name], name
        assert fast[name][0] == 200 and b'"errors"' not in fast[name][2], name
    assert len({body for _, _, body in fast.values()}) == 3  # the GM, the player, the public: each its own fog
    assert fast["observer"][2] == fast["none"][2]


def body_of(campaign_id: UUID, query: str = FACTIONS, encoding: str = "utf-8") -> bytes:
    payload = {"query": query, "variables": {"campaignId": str(campaign_id)}}
    return json.dumps(payload, ensure_ascii=False).encode(encoding)


JSON_BODY = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    ("query", "encoding", "headers", "status"),
    [
        (FACTIONS, "utf-16-le", JSON_BODY, 400),  # json.loads reads UTF-16 from bytes; the view reads UTF-8 only
        (FACTIONS + "\n# \u00e9", "utf-8", JSON_BODY, 200),  # not ASCII: the view answers the standings
        (FACTIONS, "utf-8", {"Content-Type": "text/plain"}, 400),  # a content type the view does not read
        (FACTIONS, "utf-8", {**JSON_BODY, "Accept": "text/html"}, 406),
        (FACTIONS, "utf-8", {**JSON_BODY, "Authorization": "Bearer nobody"}, 200),  # the view's refusal, in errors
    ],
)
def test_what_only_the_view_answers_is_left_to_it(
    client: TestClient,
    standings_campaign: tuple[UUID, dict[str, str | None]],
    monkeypatch: pytest.MonkeyPatch,
    before_the_view: list[bool],
    query: str,
    encoding: str,
    headers: dict[str, str],
    status: int,
) -> None:
    content = body_of(standings_campaign[0], query, encoding)
    asked = client.post("/graphql", content=content, headers={"X-Request-ID": "same-id", **headers})
    assert before_the_view == [False]
    assert asked.status_code == status, asked.content[:300]
    view_only(monkeypatch)
    viewed = client.post("/graphql", content=content, headers={"X-Request-ID": "same-id", **headers})
    assert (asked.status_code, sorted(asked.headers.multi_items()), asked.content) == (
        viewed.status_code,
        sorted(viewed.headers.multi_items()),
        viewed.content,
    )


@pytest.fixture(scope="module")
def before(intrigue: Intrigue) -> Iterator[TestClient]:
    """The app with the middleware stack as it was before session 14."""
    with TestClient(app_before(intrigue)) as client:
        yield client


@pytest.mark.parametrize("accept", [JSON, GRAPHQL_RESPONSE])
@pytest.mark.parametrize("extensions", [None, {"cache": "off"}])
def test_the_stack_answers_plain_standings_as_it_did_before_session_14(
    client: TestClient,
    before: TestClient,
    standings_campaign: tuple[UUID, dict[str, str | None]],
    accept: str,
    extensions: dict[str, str] | None,
) -> None:
    campaign_id, tokens = standings_campaign
    payload, asked = standings_asked(campaign_id, tokens, accept, extensions)
    cookie = f"{cookie_name(campaign_id)}={tokens['player']}"  # the console's seat cookie, read by SeatCookies
    asked["player by cookie"] = {"Accept": accept, "X-Intrigue-Campaign": str(campaign_id), "Cookie": cookie}
    now = {name: answer(client, payload, headers) for name, headers in asked.items()}
    with code_before():
        then = {name: answer(before, payload, headers) for name, headers in asked.items()}
    assert now == then
    assert now["player by cookie"] == now["player"]
    assert len({body for _, _, body in now.values()}) == 3  # the GM, the player, the public


@pytest.mark.parametrize(
    ("content", "headers"),
    [
        (b"[" * 80 + b"]" * 80, JSON_BODY),  # nested past the limits: refused before any endpoint
        (b"{not json", JSON_BODY),
        (b'{"query": "{ factions(campaignId: 1) { id } }"}', {**JSON_BODY, "X-Request-ID": "not an id!"}),
        (b'{"query": "query($c: UUID!) { factions(campaignId: $c) { id } }", "variables": {"c": true}}', JSON_BODY),
        (b'{"query": "query($c: UUID!) { factions(campaignId: $c) { id } }", "variables": {"c": 1}}', JSON_BODY),
    ],
)
def test_the_stack_refuses_as_it_did_before_session_14(
    client: TestClient, before: TestClient, content: bytes, headers: dict[str, str]
) -> None:
    def asked(app: TestClient) -> tuple[int, Any, bytes]:
        response = app.post("/graphql", content=content, headers={"X-Request-ID": "same-id", **headers})
        found = sorted(response.headers.multi_items())
        if "X-Request-ID" in headers:  # not a fit id: each answer names a new one of its own
            found = [(k, "new" if k == "x-request-id" and len(v) == 32 else v) for k, v in found]
        return response.status_code, found, response.content

    now = asked(client)
    with code_before():
        assert asked(before) == now
    assert now[0] >= 400 or b'"errors"' in now[2]
