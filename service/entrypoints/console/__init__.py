"""The web console (web/, issue 18), served by the same process at `/` from files inside the package.

`make console` builds web/ into `static/` here (package data, so the wheel carries it). Paths the console's router
owns (`/campaigns/…`, `/sign-in`, `/join`) answer its index page; its hashed scripts and styles are under `/assets`
(precompressed, cached a year: assets.py); `/session` trades a seat's token for an HttpOnly cookie (session.py).
Without a build, `/` says how to make one rather than failing.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from service.entrypoints.console.assets import HashedAssets
from service.entrypoints.console.session import session_routes

if TYPE_CHECKING:
    from service.bootstrap import Intrigue
    from service.persistence.readpool import ReadPool

PACKAGE = "service.entrypoints.console"
STATIC = "static"
NOT_BUILT = (
    "<!doctype html><html lang='en'><head><title>Intrigue</title></head><body><main><h1>Intrigue</h1>"
    "<p>The console is not built in this install. Run <code>make console</code> (or <code>make run</code>) "
    "in a checkout; the GraphQL API is at <a href='/graphql'>/graphql</a>.</p></main></body></html>"
)


def _static() -> Traversable:
    return files(PACKAGE) / STATIC


def built() -> bool:
    """Whether this install holds a console build."""
    return (_static() / "index.html").is_file()


async def _index(request: Request) -> Response:
    index = _static() / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT, status_code=503)
    # the page names its hashed assets; it is never cached, they are (immutable names)
    return FileResponse(str(index), headers={"Cache-Control": "no-cache"})


def console_routes(intrigue: Intrigue, pool: ReadPool) -> list[BaseRoute]:
    """`/`, the router's paths, `/assets` and `/session`; mounted last, after the API's own routes."""
    routes: list[BaseRoute] = [
        *session_routes(intrigue, pool),
        Route("/", _index),
        Route("/sign-in", _index),
        Route("/join", _index),  # an invite link: its token is in the fragment, which never reaches the server
        Route("/campaigns", _index),
        Route("/campaigns/{rest:path}", _index),
    ]
    if (_static() / "assets").is_dir():
        routes.append(Mount("/assets", HashedAssets(packages=[(PACKAGE, f"{STATIC}/assets")])))
    return routes
