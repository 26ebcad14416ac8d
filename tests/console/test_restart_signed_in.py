"""Issue 28, Done when: "A test restarts the server under a signed-in console: the GM's screens keep working without
signing in again." The seat's token is kept across restarts (item 4) and the browser holds it in its campaign's
cookie, so the same page, never reloaded and never signed in again, reads every screen after the restart, and its
live updates (graphql-ws reconnects) follow the new process."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from service.persistence import database
from service.persistence.database import Database
from tests.console.browser import open_seat
from tests.console.conftest import BUILD
from tests.console.server import ConsoleServer
from tests.console.table import SCREENS, Table, demo_table, sign_in, visit


@pytest.fixture
def data(admin_db: Database) -> Iterator[Database]:
    """The server's data (its own database), which outlives the server process."""
    assert BUILD.is_file(), "the console is not built: `make console` (make test builds it first)"
    name = f"intrigue_restart_{os.urandom(6).hex()}"
    db = database.create_database(admin_db, name)
    yield db
    database.drop_database(admin_db, name)


def test_the_gm_keeps_every_screen_across_a_server_restart(browser: Browser, data: Database, tmp_path: Path) -> None:
    first = ConsoleServer(data, _logs(tmp_path, "first"), "--demo")
    servers = [first]
    seat = open_seat(browser, first.origin)
    try:
        table = demo_table(first)
        sign_in(seat, table.gm_token)
        page = seat.page
        page.evaluate("window.__sameTab = 'never reloaded'")
        visit(page, table.campaign_id, "standings", "Standings")
        first.stop()
        second = ConsoleServer(data, _logs(tmp_path, "second"), "--demo", port=first.port)
        servers.append(second)
        again = Table(second, table.campaign_id, table.gm_token)  # the token printed once, at the demo's creation
        for path, label in (*SCREENS, ("seats", "Seats")):
            visit(page, table.campaign_id, path, label)
            expect(page.get_by_role("alert")).to_have_count(0)  # neither "no seat" nor a refused token
            expect(page.get_by_test_id("seat")).to_contain_text("GM")
        expect(page.get_by_role("heading", name="Seats", exact=True)).to_be_visible()
        expect(page.get_by_role("cell", name="GM", exact=True).first).to_be_visible()  # the seats list read as the GM
        visit(page, table.campaign_id, "phase", "Phase")
        before = again.campaign()["phase"]
        again.open_phase()  # over the API, to the new process: the page hears it live, through its new WebSocket
        expect(page.get_by_test_id("campaign-line")).to_contain_text(f"phase {before + 1}, open", timeout=30_000)
        expect(page.get_by_test_id("phase-status")).to_contain_text(f"Phase {before + 1} · open")
        assert page.evaluate("window.__sameTab") == "never reloaded"
        page.reload()  # and a new page load still holds the seat, from the cookie
        expect(page.get_by_test_id("seat")).to_contain_text("GM")
        assert not seat.blocked and not seat.refused, (seat.blocked, seat.refused)
    finally:
        seat.context.close()
        for server in servers:
            server.stop()


def _logs(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.mkdir()
    return path
