"""Fixtures of the console's end-to-end tests: a built console, a real server on a real PostgreSQL, Chromium."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.persistence import database
from service.persistence.database import Database
from tests.console.browser import INSTALL_HINT, ROOT, Seat, chromium_path
from tests.console.server import ConsoleServer

BUILD = ROOT / "service" / "entrypoints" / "console" / "static" / "index.html"


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(INSTALL_HINT)
        pytest.skip(INSTALL_HINT)
    return path


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[object]:
    """Chromium for one test module. Playwright's sync API runs an event loop on this thread while it is open, and
    other tests call asyncio.run(): so it never outlives the module that uses it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(admin_db: Database, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConsoleServer]:
    """One server per test module, on a database of its own, with the demo campaign seeded."""
    assert BUILD.is_file(), "the console is not built: `make console` (make test builds it first)"
    name = f"intrigue_console_{os.urandom(6).hex()}"
    db = database.create_database(admin_db, name)
    logs = Path(tmp_path_factory.mktemp("console-logs"))
    process = ConsoleServer(db, logs, "--demo")
    try:
        yield process
    finally:
        process.stop()
        database.drop_database(admin_db, name)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


CALL_FAILED = pytest.StashKey[bool]()


def describe_failure(opened: list[Seat], server: ConsoleServer) -> str:
    """What each open page showed and what the server said last: a failed wait's call log names neither."""
    parts = []
    for n, seat in enumerate(opened):
        with contextlib.suppress(Exception):  # a closed or crashed page has nothing to show
            parts.append(f"--- seat {n}: {seat.page.url}\n{seat.page.inner_text('body', timeout=2000)[:1500]}")
    for n, seat in enumerate(opened):
        parts.extend(f"--- seat {n}'s page said: {error}"[:1500] for error in seat.errors)
    parts.append("--- the server's last output\n" + server.output()[-3000:])
    return "\n".join(parts)


@pytest.fixture
def seats(request: pytest.FixtureRequest, browser: object, server: ConsoleServer) -> Iterator[list[Seat]]:
    """Open seats with `open_seat(browser, server.origin)`; none may have asked another host for anything, nor had
    anything refused by its page's Content-Security-Policy. A failed test prints what each page showed."""
    opened: list[Seat] = []
    yield opened
    if request.node.stash.get(CALL_FAILED, False):
        print(describe_failure(opened, server))
    for seat in opened:
        seat.context.close()
    outside = [url for seat in opened for url in seat.blocked]
    assert not outside, f"the console asked hosts other than its own server: {outside}"
    refused = [text for seat in opened for text in seat.refused]
    assert not refused, f"the pages' Content-Security-Policy refused: {refused}"
