"""Issue 18, Done when: every form works with the keyboard. Sign-in, creating a campaign, a faction's orders, a
house's action, the rollback dialog and publishing the chronicle, each with Tab, typing, the arrow keys, Enter and
Space only (tests/console/keyboard.py), from a page loaded by its address."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.console.browser import Seat, open_seat
from tests.console.keyboard import arrow_to, arrow_until, tab_to, type_into
from tests.console.server import ConsoleServer
from tests.console.table import RESOLVE, Table, demo_table, settle

FACTION, HOUSE = "Empresses' Crows", "House Varn"
ACCEPTED = "accept this order now"  # the verdict's words when the preview accepts (orders/components/Verdict.tsx)


@pytest.fixture(scope="module")
def table(server: ConsoleServer) -> Iterator[Table]:
    table = demo_table(server)
    table.open_phase()
    yield table


def keyboard_sign_in(seat: Seat, token: str) -> Page:
    page = seat.page
    page.goto(seat.origin + "/sign-in")
    type_into(page, page.get_by_label("Seat token (GM, player or observer)"), token)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("seat")).to_be_visible()
    return page


def keyboard_go(page: Page, screen: str) -> None:
    tab_to(page, page.get_by_role("navigation", name="Campaign").get_by_role("link", name=screen, exact=True))
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(f"/{screen.lower()}$"))
    settle(page)


def test_creating_a_campaign_and_signing_in_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    page = gm.page
    page.goto(server.origin + "/")
    type_into(page, page.get_by_label("Name", exact=True), "Made by keyboard")
    preset = page.get_by_label("Start from")
    tab_to(page, preset)
    arrow_to(page, preset, next(o for o in preset.locator("option").all_inner_texts() if o.startswith("An empty")))
    arrow_to(page, preset, next(o for o in preset.locator("option").all_inner_texts() if o.startswith("The demo")))
    tab_to(page, page.get_by_role("button", name="Create"))
    page.keyboard.press("Space")
    expect(page.get_by_test_id("seat")).to_contain_text("GM")

    player = open_seat(browser, server.origin)
    seats.append(player)
    keyboard_sign_in(player, table.seat("Goldbar's player", faction="Goldbar House"))
    expect(player.page.get_by_test_id("seat")).to_contain_text("player")


def test_a_faction_order_and_a_house_action_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    crows, varn = open_seat(browser, server.origin), open_seat(browser, server.origin)
    seats.extend([crows, varn])
    page = keyboard_sign_in(crows, table.seat("Crows by keyboard", faction=FACTION))
    keyboard_go(page, "Orders")
    form = page.get_by_test_id("faction-order-form")
    action = form.get_by_label("Action", exact=True)
    tab_to(page, action)
    arrow_to(page, action, "Buy Asset")
    kind = form.get_by_label("Asset type", exact=True)
    tab_to(page, kind)
    assert arrow_until(page, kind, form.get_by_test_id("faction-verdict"), ACCEPTED), "no asset the Crows can buy"
    type_into(page, form.get_by_label("Narrative (the player's own words)"), "Bought with the keyboard.")
    tab_to(page, form.get_by_role("button", name="Submit faction orders"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text(f"Orders for {FACTION} submitted.")

    page = keyboard_sign_in(varn, table.seat("Varn by keyboard", house=HOUSE))
    keyboard_go(page, "Orders")
    form = page.get_by_test_id("house-order-form")
    house_action = form.get_by_label("House action", exact=True)
    tab_to(page, house_action)
    assert arrow_until(page, house_action, form.get_by_test_id("house-verdict"), ACCEPTED), "no action Varn can do"
    week = form.get_by_label("Starts in week")
    tab_to(page, week)
    arrow_to(page, week, "Week 2 of the month")
    tab_to(page, form.get_by_role("button", name="Order the house action"))
    page.keyboard.press("Space")
    if form.get_by_test_id("house-confirm").count():  # a spend of over half a resource is asked about first
        tab_to(page, form.get_by_role("button", name="Yes, spend it"))
        page.keyboard.press("Space")
    expect(page.get_by_role("status")).to_contain_text(f"ordered for {HOUSE}.")
    expect(page.get_by_test_id("house-submitted-row")).to_contain_text("week 2")


def test_the_rollback_dialog_and_the_chronicle_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    if table.campaign()["phaseStatus"] == "OPEN":
        table.gm(RESOLVE)
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    page = keyboard_sign_in(gm, table.gm_token)
    keyboard_go(page, "Phase")
    status = page.get_by_test_id("phase-status")
    expect(status).to_contain_text("resolved")
    type_into(page, page.get_by_label("Reason for the rollback (kept in the log)"), "played by keyboard")
    tab_to(page, page.get_by_role("button", name="Roll back…"))
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # the safe choice first
    page.keyboard.press("Escape")  # Escape closes it, undoing nothing
    expect(dialog).to_be_hidden()
    expect(status).to_contain_text("resolved")
    tab_to(page, page.get_by_role("button", name="Roll back…"))
    page.keyboard.press("Enter")
    expect(dialog.get_by_test_id("rollback-undoes")).to_contain_text("played by keyboard")
    confirm = dialog.get_by_role("button", name=re.compile(r"^Roll back phase \d+$"))
    expect(confirm).to_be_enabled()
    tab_to(page, confirm)
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(status).to_contain_text("open")
    resolve = page.get_by_role("button", name=re.compile(r"^Resolve phase \d+$"))
    tab_to(page, resolve)
    page.keyboard.press("Space")
    expect(status).to_contain_text("resolved")

    keyboard_go(page, "Chronicle")
    publish = page.get_by_role("button", name=re.compile(r"^Publish phase \d+'s chronicle$"))
    expect(publish).to_be_enabled()
    tab_to(page, publish)
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("every seat hears")
    expect(page.get_by_test_id("gossip").first).to_be_visible()
