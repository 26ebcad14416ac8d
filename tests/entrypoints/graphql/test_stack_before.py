"""Each per-request function made cheaper in session 14 decides as the code before it did (stack_before.py), on
the inputs where the two could part: duplicate and odd-cased headers, an endpoint's own headers, cookies, nesting."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from starlette.datastructures import MutableHeaders

from service.entrypoints import access_log
from service.entrypoints.console import headers, session
from service.entrypoints.limits import json_depth
from tests.entrypoints.graphql.stack_before import cookie_token_before, json_depth_before, request_id_before

CAMPAIGN = UUID("7f7e6d3c-1b2a-4c5d-8e9f-0a1b2c3d4e5f")
COOKIE = f"{session.cookie_name(CAMPAIGN)}=itg_token; other=1".encode()
HEADER_LISTS: list[list[tuple[bytes, bytes]]] = [
    [],
    [(b"host", b"h")],
    [(b"x-request-id", b"first"), (b"x-request-id", b"second")],
    [(b"X-Request-ID", b"upper-case-name")],
    [(b"x-request-id", b"not fit!"), (b"x-request-id", b"fit-after")],
    [(b"x-request-id", b"caf\xe9")],  # latin-1: a word character to the pattern
    [(b"x-request-id", b"x" * 65)],
]


@pytest.mark.parametrize("raw", HEADER_LISTS)
def test_the_request_id_is_the_one_taken_before(raw: list[tuple[bytes, bytes]]) -> None:
    before = request_id_before(raw)
    now = access_log._request_id_of(raw)
    assert now == before if before is not None else len(now) == 32 and now != access_log._request_id_of(raw)


@pytest.mark.parametrize(
    "answer",
    [
        [(b"content-type", b"text/plain")],
        [(b"content-security-policy", b"default-src 'none'")],  # the endpoint's own: kept, not doubled
        [(b"Referrer-Policy", b"same-origin")],  # a raw upper-case name: setdefault did not see it either
        [(b"x-content-type-options", b"nosniff"), (b"x-content-type-options", b"nosniff")],
    ],
)
def test_the_security_headers_are_those_set_before(answer: list[tuple[bytes, bytes]]) -> None:
    message: dict[str, Any] = {"type": "http.response.start", "headers": list(answer)}
    found = MutableHeaders(scope=message)
    for name, value in headers.SECURITY_HEADERS.items():
        found.setdefault(name, value)
    assert headers.secured(list(answer)) == message["headers"]


def _scope(kind: str, raw: list[tuple[bytes, bytes]], query: bytes = b"") -> dict[str, Any]:
    return {"type": kind, "headers": raw, "query_string": query}


CAMPAIGN_HEADER = (b"x-intrigue-campaign", str(CAMPAIGN).encode())


@pytest.mark.parametrize(
    "scope",
    [
        _scope("http", [(b"host", b"h"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"h"), (b"cookie", COOKIE)]),  # no campaign named
        _scope("http", [(b"authorization", b"Bearer x"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"h"), (b"origin", b"http://h"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"h"), (b"origin", b"http://other"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"H"), (b"origin", b"http://h"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"h"), (b"x-intrigue-campaign", b"not a uuid"), (b"cookie", COOKIE)]),
        _scope("http", [(b"host", b"h"), CAMPAIGN_HEADER, (b"cookie", b"a=1"), (b"cookie", COOKIE)]),  # the first
        _scope("http", [(b"Host", b"h"), (b"Origin", b"http://evil"), CAMPAIGN_HEADER, (b"cookie", COOKIE)]),
        _scope("websocket", [(b"host", b"h"), (b"cookie", COOKIE)], f"campaign={CAMPAIGN}".encode()),
        _scope("websocket", [(b"host", b"h"), (b"origin", b"http://x"), (b"cookie", COOKIE)], b"campaign=1"),
    ],
)
def test_the_seat_cookie_is_read_as_before(scope: dict[str, Any]) -> None:
    assert session._cookie_token(scope) == cookie_token_before(scope)


@pytest.mark.parametrize(
    "value",
    [None, 3, "text", [], {}, [1, [2, [3]]], {"a": {"b": [{"c": 1}]}, "d": [[], [[]]]}, [[[[[[1]]]]]], [[]] * 5],
)
@pytest.mark.parametrize("stop_above", [0, 1, 2, 3, 64])
def test_json_depth_counts_and_stops_as_before(value: Any, stop_above: int) -> None:
    assert json_depth(value, stop_above) == json_depth_before(value, stop_above)
