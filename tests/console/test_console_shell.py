"""The console's shell in a real Chromium: the campaign list, sign-in, creating a campaign, its frame."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer
from tests.console.table import CREATE_SEAT, demo_table, sign_in

REISSUE = """mutation Reissue($campaignId: UUID!, $seatId: UUID!) {
  reissueSeatToken(campaignId: $campaignId, seatId: $seatId) { token } }"""


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


def test_a_seat_whose_token_was_replaced_is_told_so_once_and_offered_sign_in(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    """Issue 28, item 4: a refused token is one message and a sign-in link, not the error on every screen."""
    table = demo_table(server)
    issued = table.gm(CREATE_SEAT, input={"role": "OBSERVER", "name": "Watcher"})["createSeat"]
    watcher = open_seat(browser, server.origin)
    seats.append(watcher)
    sign_in(watcher, issued["token"])
    table.gm(REISSUE, seatId=issued["seat"]["id"])  # the browser's token stops working, as after `intrigue gm-token`
    page = watcher.page
    page.goto(f"{server.origin}/campaigns/{table.campaign_id}/standings")
    expect(page.get_by_test_id("seat-refused")).to_contain_text("no longer accepts the seat")
    expect(page.get_by_role("alert")).to_have_count(1)
    expect(page.get_by_text("names no seat")).to_have_count(0)
    assert axe_violations(page) == []
    screenshot(page, "anyone-seat-refused")
    page.get_by_role("link", name="Sign in with a current token").click()
    expect(page.get_by_label("Seat token (GM, player or observer)")).to_be_visible()
