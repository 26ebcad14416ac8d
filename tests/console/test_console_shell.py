"""The console's shell in a real Chromium: the campaign list, sign-in, creating a campaign, its frame."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer


def test_a_new_campaign_makes_its_creator_the_gm(browser: Browser, server: ConsoleServer, seats: list[Seat]) -> None:
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    page = gm.page
    page.goto(server.origin + "/")
    expect(page.get_by_role("heading", name="Campaigns")).to_be_visible()
    expect(page.get_by_role("cell", name="The Shattered Empire")).to_be_visible()
    assert axe_violations(page) == []
    screenshot(page, "anyone-campaigns")

    page.get_by_label("Name").fill("Shell test")
    page.get_by_label("Name").press("Enter")  # the form works from the keyboard
    expect(page.get_by_test_id("seat")).to_contain_text("GM")
    assert "/campaigns/" in page.url
    assert axe_violations(page) == []


def test_a_token_that_is_no_seat_is_refused_with_the_servers_reason(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    visitor = open_seat(browser, server.origin)
    seats.append(visitor)
    page = visitor.page
    page.goto(server.origin + "/sign-in")
    page.get_by_label("Seat token (GM, player or observer)").fill("not-a-token")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert "/campaigns/" not in page.url
    assert axe_violations(page) == []
    screenshot(page, "anyone-sign-in")
