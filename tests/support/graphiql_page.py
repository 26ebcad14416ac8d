"""Reading the GraphiQL page as a browser would: what it loads, and the welcome text it opens with."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from html.parser import HTMLParser

import httpx

BROWSER = {"Accept": "text/html,application/xhtml+xml"}
WELCOME = re.compile(r'<script id="welcome" type="text/plain">(.*?)</script>', re.DOTALL)
ANY_HOST = re.compile(r"(?:[a-z][a-z0-9+.-]*:)?//[^\s\"'<>]+", re.IGNORECASE)  # https://cdn…, //cdn…, ws://…


class Loads(HTMLParser):
    """Every script and style the page loads, with its integrity hash."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        url = named.get("src") if tag == "script" else named.get("href") if tag == "link" else None
        if url is not None:
            self.loads.append((url, named.get("integrity")))


def loads_of(html: str) -> list[tuple[str, str | None]]:
    parser = Loads()
    parser.feed(html)
    return parser.loads


def welcome_of(html: str) -> str:
    found = WELCOME.search(html)
    assert found is not None, "the page has no welcome text"
    return found.group(1)


def sri(body: bytes) -> str:
    """The Subresource Integrity value a browser checks the body against."""
    return "sha384-" + base64.b64encode(hashlib.sha384(body).digest()).decode()


def check_served_offline(get: Callable[[str, dict[str, str]], httpx.Response]) -> str:
    """The page at /graphql and every asset it names come from this server, byte for byte as the page pins them;
    `get(path, headers)` answers as the server does. Answers the page."""
    page = get("/graphql", BROWSER)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html"), page.text[:300]
    html = page.text
    assert ANY_HOST.findall(html) == [], "the page names another host"
    loads = loads_of(html)
    assert {u.rsplit("/", 1)[-1] for u, _ in loads if u.endswith(".js")} >= {
        "react.production.min.js",
        "react-dom.production.min.js",
        "graphiql.min.js",
    }
    for url, integrity in loads:
        if url.startswith("data:"):
            continue
        assert url.startswith("/graphiql/"), url
        asset = get(url, {})
        assert asset.status_code == 200, (url, asset.status_code)
        kind = "text/css" if url.endswith(".css") else "javascript"
        assert kind in asset.headers["content-type"], (url, asset.headers["content-type"])
        assert integrity == sri(asset.content), f"{url} is not the file the page pins"
    return html
