"""Playwright on the machine's Chromium (Debian's `chromium`; Playwright's own download is not fetched).

Every page runs with outbound requests blocked: a request to any host but the console's own server is aborted
and recorded, and the test fails on it (issue 18: the console works with no internet); so does anything the
page's Content-Security-Policy refused (issue 25). Responses are kept, so a
test can look for secrets in everything a seat's browser received, not only in what it shows.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Error, Page, Request, Response, Route, expect

from tests.support.processes import STARTUP_LIMIT

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "web" / "screenshots"  # the README names this folder
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORT = {"width": 1280, "height": 800}
# Every wait in the console's tests waits for a state (an `expect`, a locator's action, a load state) and goes on as
# soon as it holds; no test sleeps. The limit below only ends a wait that would never end (issue 31: a test failed on
# Playwright's 5-second default on a busy machine): the same generous limit as a server's start, never a speed check.
WAIT_LIMIT_MS = int(STARTUP_LIMIT * 1000)
expect.set_options(timeout=WAIT_LIMIT_MS)
INSTALL_HINT = (
    "no Chromium found: install Debian's package (`sudo apt-get install chromium`) or point INTRIGUE_CHROMIUM at a "
    "Chromium or Chrome binary; .ci/run installs it, and CI never skips these tests"
)


# Each page's requests in flight, seen from the test's side through Playwright's request events (issue 31, item 4):
# the page's fetch is never wrapped, so no answer is delayed or altered. A streamed answer leaves at its end; the
# WebSocket's subscriptions send no request event, so they are never waited on. `settle` waits for none in flight.
IN_FLIGHT: dict[Page, set[Request]] = {}


def track(page: Page) -> None:
    """Keep `IN_FLIGHT[page]` as the page's requests sent and not yet finished or failed."""
    if page in IN_FLIGHT:
        return
    flying: set[Request] = set()
    IN_FLIGHT[page] = flying
    page.on("request", lambda request: flying.add(request))  # Playwright takes no builtin method as a listener
    page.on("requestfinished", lambda request: flying.discard(request))
    page.on("requestfailed", lambda request: flying.discard(request))
    page.on("close", lambda closed: IN_FLIGHT.pop(closed, None))


CSP_REPORTER = """document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspRefused(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || "inline"}`));"""


def chromium_path() -> str | None:
    """INTRIGUE_CHROMIUM, else the first Chromium on PATH."""
    configured = os.environ.get("INTRIGUE_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class Seat:
    """One browser context (a person at the table): its page, and everything its browser was sent."""

    context: BrowserContext
    page: Page
    origin: str
    blocked: list[str] = field(default_factory=list)
    bodies: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # what the page's Content-Security-Policy blocked
    errors: list[str] = field(default_factory=list)  # the page's uncaught errors and console errors, for a failure

    def received(self) -> str:
        """Every response body this seat's browser received, and the page as it stands (DOM)."""
        return "\n".join([*self.bodies, self.page.content()])


def open_seat(browser: Browser, origin: str) -> Seat:
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    context.set_default_timeout(WAIT_LIMIT_MS)  # clicks, fills and load states: the same limit as `expect`
    refused: list[str] = []
    # Every page reports what its CSP blocked (issue 25, item 6), across navigations: the console must work under it.
    context.expose_binding("__cspRefused", lambda _source, text: refused.append(text))
    context.add_init_script(CSP_REPORTER)
    context.on("page", track)
    page = context.new_page()
    track(page)
    seat = Seat(context, page, origin, refused=refused)

    def route(route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or f"{parts.scheme}://{parts.netloc}" == origin:
            let_through(route)
        else:
            seat.blocked.append(url)
            route.abort()

    def keep(response: Response) -> None:
        with contextlib.suppress(Exception):  # a redirect or a body the browser dropped has nothing to keep
            seat.bodies.append(response.text())

    context.route("**/*", route)
    page.on("response", keep)
    page.on("pageerror", lambda error: seat.errors.append(f"uncaught: {error}"))
    page.on("console", lambda message: message.type == "error" and seat.errors.append(f"console: {message.text}"))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: seat.bodies.append(str(frame))))
    return seat


def let_through(route: Route) -> None:
    """Let a request on to the server; one the page gave up on while a test held it (a superseded read) is already
    handled, and has nothing left to let through."""
    _unless_handled(route.continue_)


def _unless_handled(release: Callable[[], None]) -> None:
    """Release a held route, tolerating one the page already gave up on (Playwright says so by this text only)."""
    try:
        release()
    except Error as error:
        if "already handled" not in str(error):
            raise


class HeldReads:
    """A page's GraphQL reads of one operation, held at the test's route until `let_go` (urql GETs a short query,
    so the operation is looked for in the URL as well as the body)."""

    GRAPHQL = re.compile(r"/graphql(\?|$)")

    def __init__(self, page: Page, operation: str) -> None:
        self.page, self.operation, self.letting_go = page, operation, False
        self.routes: list[Route] = []
        page.route(self.GRAPHQL, self._hold)

    def _hold(self, route: Route) -> None:
        if self.operation in route.request.url + (route.request.post_data or "") and not self.letting_go:
            self.routes.append(route)
        else:
            route.fallback()

    def wait_asked(self) -> None:
        """Until the page has asked at least once; each round trip to the page delivers the route's calls."""
        limit = time.monotonic() + WAIT_LIMIT_MS / 1000
        while not self.routes and time.monotonic() < limit:
            self.page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
        assert self.routes, f"{self.operation} was never asked"

    def let_go(self) -> None:
        """Each held route on to the context's own handler, which lets it reach the server, one by one: a read the
        page aborted (a later one superseded it) is already handled and must not keep the rest held."""
        self.letting_go = True
        self.page.unroute(self.GRAPHQL, self._hold)
        while self.routes:
            _unless_handled(self.routes.pop(0).fallback)


def axe_violations(page: Page) -> list[dict[str, object]]:
    """axe-core's serious and critical violations on the page as it stands."""
    # Evaluated by the driver, not added as a <script>: the page's CSP (script-src 'self') blocks an inline one.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in result if v.get("impact") in ("serious", "critical")]


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
