"""GraphiQL from this process, never from a CDN: the page GET /graphql answers a browser, its assets under /graphiql.

The scripts and styles are package data (`static/`, listed in pyproject's package-data, so they are in the wheel);
`static/README.md` names their versions and licences. With no internet (a game table without Wi-Fi) GraphiQL
still loads.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from starlette.staticfiles import StaticFiles

PACKAGE = "service.entrypoints.graphql"
ASSETS_PATH = "/graphiql"  # where graphiql.html loads them from
STATIC = "static"


@cache
def graphiql_html() -> str:
    """The GraphiQL page, with Intrigue's welcome text: an example query and where a seat's token goes."""
    return (files(PACKAGE) / STATIC / "graphiql.html").read_text(encoding="utf-8")


def graphiql_assets() -> StaticFiles:
    """The page's scripts and styles, read from the installed package."""
    return StaticFiles(packages=[(PACKAGE, STATIC)])
