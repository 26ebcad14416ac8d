"""Fixtures of the console's end-to-end tests: a built console, a real server on a real PostgreSQL, Chromium."""

from __future__ import annotations

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


@pytest.fixture
def seats(browser: object, server: ConsoleServer) -> Iterator[list[Seat]]:
    """Open seats with `open_seat(browser, server.origin)`; none may have asked another host for anything, nor had
    anything refused by its page's Content-Security-Policy."""
    opened: list[Seat] = []
    yield opened
    for seat in opened:
        seat.context.close()
    outside = [url for seat in opened for url in seat.blocked]
    assert not outside, f"the console asked hosts other than its own server: {outside}"
    refused = [text for seat in opened for text in seat.refused]
    assert not refused, f"the pages' Content-Security-Policy refused: {refused}"
