"""Issue 28, item 6: the GM's forms by keyboard alone (Tab, typing, the arrow keys, Enter and Space; tests/console/
keyboard.py): the order choosers of "Who has submitted" and the chronicle's forms (the desk's phase, a draft's
gossip and spin; publishing is test_keyboard.py's). The seats form, the invite and view-as are test_frame.py's."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.console.browser import Seat, open_seat
from tests.console.keyboard import arrow_to, shown, tab_to
from tests.console.server import ConsoleServer
from tests.console.table import RESOLVE, Table, demo_table, sign_in, visit
from tests.console.test_keyboard import keyboard_go

SUMMARIES = """query Summaries($campaignId: UUID!, $phase: Int!) {
  gmChronicle(campaignId: $campaignId, phase: $phase) { actorId text }
}"""
DRAFTS = """query Drafts($campaignId: UUID!, $phase: Int!) {
  chronicleDraft(campaignId: $campaignId, phase: $phase) { actorId lines spin }
}"""


def answer_to(operation: str) -> Callable[[Response], bool]:
    """The server's answer to the page's `operation`. A test waits for it with Playwright (`expect_response`), not
    with a loop of its own: every request of the page passes the test's route handler (tests/console/browser.py),
    which runs only while Playwright is waited on, so a loop that never calls Playwright holds the request back."""
    return lambda response: f'"operationName":"{operation}"' in (response.request.post_data or "")


@pytest.fixture(scope="module")
def table(server: ConsoleServer) -> Iterator[Table]:
    table = demo_table(server)
    table.open_phase()
    yield table


def gm_by_keyboard(browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table, screen: str) -> Page:
    """The GM signed in, on the map, then on `screen` through the navigation by keyboard."""
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    sign_in(gm, table.gm_token)
    visit(gm.page, table.campaign_id, "map", "Map")
    keyboard_go(gm.page, screen)
    return gm.page


def test_the_gms_order_choosers_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    page = gm_by_keyboard(browser, server, seats, table, "Orders")
    faction = page.get_by_test_id("gm-faction-chooser")
    tab_to(page, faction)
    arrow_to(page, faction, "The Republic (GM-run)")
    expect(page.get_by_role("region", name="Faction orders of The Republic")).to_be_visible()
    house = page.get_by_test_id("gm-house-chooser")
    tab_to(page, house)
    arrow_to(page, house, "House Droste (GM-run)")
    expect(page.get_by_test_id("house-order-form")).to_be_visible()
    assert shown(house) == "House Droste (GM-run)"
    expect(page.get_by_role("region", name="Faction orders of The Republic")).to_be_visible()  # the other kept


def test_the_chronicles_forms_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    if table.campaign()["phaseStatus"] == "OPEN":
        table.gm(RESOLVE)
    phase = table.campaign()["phase"]
    drafted = table.gm(DRAFTS, phase=phase)
    draft = next(d for d in drafted["chronicleDraft"] if d["actorId"])
    page = gm_by_keyboard(browser, server, seats, table, "Chronicle")
    desk = page.get_by_label("Phase to draft and publish")
    tab_to(page, desk)
    arrow_to(page, desk, f"Phase {phase}")
    form = page.get_by_test_id(f"draft-{phase}-{draft['actorId']}")
    lines = form.get_by_label("Gossip of", exact=False)
    tab_to(page, lines)
    page.keyboard.press("Control+A")
    page.keyboard.type("Told by keyboard.")
    spin = form.get_by_label("Spin of", exact=False)
    tab_to(page, spin)
    page.keyboard.press("Control+A")
    page.keyboard.type("kept by keys")
    save = form.get_by_role("button", name="Save draft of", exact=False)
    tab_to(page, save)
    with page.expect_response(answer_to("WriteGossip")):  # waits in Playwright, so the page's requests go out
        page.keyboard.press("Enter")
    now = next(d for d in table.gm(DRAFTS, phase=phase)["chronicleDraft"] if d["actorId"] == draft["actorId"])
    assert (now["lines"], now["spin"]) == (["Told by keyboard."], "kept by keys")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(form.get_by_role("status")).to_have_text("Saved.")
    expect(save).to_be_focused()  # the keyboard stays where it was: the form is not remade by its own save


def test_the_gm_saves_a_turn_summary_by_keyboard(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: Table
) -> None:
    """The chronicle desk's turn summary: Tab to it, type, Tab to its Save and press Enter; it is saved, said so,
    and the focus stays on Save (the form was once remade by its own save, the keyboard thrown back to the page's
    top), and Space saves again from there."""
    if table.campaign()["phaseStatus"] == "OPEN":
        table.gm(RESOLVE)
    phase = table.campaign()["phase"]
    summary = table.gm(SUMMARIES, phase=phase)["gmChronicle"][0]
    page = gm_by_keyboard(browser, server, seats, table, "Chronicle")
    desk = page.get_by_label("Phase to draft and publish")
    tab_to(page, desk)
    arrow_to(page, desk, f"Phase {phase}")
    form = page.get_by_test_id(f"summary-{phase}-{summary['actorId'] or 'phase'}")
    tab_to(page, form.get_by_label("Summary of", exact=False))
    page.keyboard.press("Control+A")
    page.keyboard.type("Summed up by keyboard.")
    save = form.get_by_role("button", name="Save summary of", exact=False)
    tab_to(page, save)
    with page.expect_response(answer_to("WriteTurnSummary")):
        page.keyboard.press("Enter")

    def saved() -> str:
        return str(
            next(s for s in table.gm(SUMMARIES, phase=phase)["gmChronicle"] if s["actorId"] == summary["actorId"])[
                "text"
            ]
        )

    assert saved() == "Summed up by keyboard."
    expect(form.get_by_role("status")).to_have_text("Saved.")
    expect(save).to_be_focused()
    expect(form.get_by_label("Summary of", exact=False)).to_have_value("Summed up by keyboard.")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("End")
    page.keyboard.type(" Then more.")
    expect(form.get_by_role("status")).to_have_count(0)  # an edit not yet saved is not said to be saved
    page.keyboard.press("Tab")
    with page.expect_response(answer_to("WriteTurnSummary")):
        page.keyboard.press("Space")
    assert saved() == "Summed up by keyboard. Then more."
    expect(save).to_be_focused()
    expect(page.get_by_role("alert")).to_have_count(0)
