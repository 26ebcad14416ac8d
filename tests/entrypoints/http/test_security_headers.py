"""The console's page and GraphiQL load scripts and styles from this service alone (issue 25, item 6): every answer
carries a Content-Security-Policy without inline script or style, `frame-ancestors 'none'`, nosniff and no referrer,
and GraphiQL's page holds nothing inline that the policy would block."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from starlette.testclient import TestClient

from tests.support.graphiql_page import BROWSER


def directives(policy: str) -> dict[str, list[str]]:
    parsed = [part.split() for part in policy.split(";") if part.strip()]
    return {words[0]: words[1:] for words in parsed}


PAGES = [
    ("/", BROWSER),
    ("/campaigns/x/map", BROWSER),
    ("/graphql", BROWSER),
    ("/graphiql/graphiql.min.js", {}),
    ("/api/v1/openapi.yaml", {}),
]


@pytest.mark.parametrize(("path", "headers"), PAGES)
def test_pages_and_their_assets_send_the_security_headers(
    client: TestClient, path: str, headers: dict[str, str]
) -> None:
    answer = client.get(path, headers=headers)
    policy = directives(answer.headers["content-security-policy"])
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert not [d for d, values in policy.items() if {"'unsafe-inline'", "'unsafe-eval'", "*"} & set(values)]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"


def test_a_refusal_carries_them_too(client: TestClient) -> None:
    answer = client.get("/nothing-here")
    assert answer.status_code == 404 and "frame-ancestors 'none'" in answer.headers["content-security-policy"]


class Inline(HTMLParser):
    """What a page holds that `script-src 'self'` and `style-src 'self'` would block."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.tag: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.found += [f"{tag} {name}=" for name in named if name == "style" or name.startswith("on")]
        script = tag == "script" and "src" not in named and named.get("type") != "text/plain"  # a data block runs not
        self.tag = tag if script or tag == "style" else None

    def handle_data(self, data: str) -> None:
        if self.tag and data.strip():
            self.found.append(f"inline <{self.tag}>")


def test_graphiqls_page_holds_no_inline_script_or_style(client: TestClient) -> None:
    parser = Inline()
    parser.feed(client.get("/graphql", headers=BROWSER).text)
    assert parser.found == []
