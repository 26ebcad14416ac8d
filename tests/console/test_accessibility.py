"""Issue 18, Done when: axe-core on every screen, for the GM and for players, reports no serious or critical
violation; and a screenshot of every screen at 1280x800 for each, in web/screenshots/ ("<role>-<screen>").

The campaign has a phase played (orders, a resolution, its reports and gossip) and the next one open, so each
screen shows what it is for, not an empty state. The keyboard-only use of the forms is test_keyboard.py's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.console.browser import VIEWPORT, Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer
from tests.console.table import Table, demo_table, play_a_phase, screens_of, sign_in, visit

FACTION, HOUSE = "Empresses' Crows", "House Varn"


@pytest.fixture(scope="module")
def table(server: ConsoleServer) -> Iterator[tuple[Table, dict[str, str]]]:
    table = demo_table(server)
    tokens = {
        "gm": table.gm_token,
        "player": table.seat("Crows' player", faction=FACTION),
        "house-player": table.seat("Varn's player", house=HOUSE),
    }
    play_a_phase(table, FACTION, HOUSE)
    yield table, tokens


@pytest.mark.parametrize("role", ["gm", "player", "house-player"])
def test_every_screen_passes_axe_and_is_photographed(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: tuple[Table, dict[str, str]], role: str
) -> None:
    campaign, tokens = table
    seat = open_seat(browser, server.origin)
    seats.append(seat)
    sign_in(seat, tokens[role])
    page = seat.page
    assert page.viewport_size == VIEWPORT
    screens = screens_of(page)
    assert {"map", "standings", "orders", "phase", "charts", "chronicle"} <= {path for path, _ in screens}
    violations: dict[str, list[str]] = {}
    for path, label in screens:
        visit(page, campaign.campaign_id, path, label)
        found = axe_violations(page)
        if found:
            violations[path] = [
                f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} nodes"  # type: ignore[arg-type]
                for v in found
            ]
        screenshot(page, f"{role}-{path}")
    assert not violations, violations
