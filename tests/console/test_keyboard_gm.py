"""Issue 28, item 6: the GM's forms by keyboard alone (Tab, typing, the arrow keys, Enter and Space; tests/console/
keyboard.py): the order choosers of "Who has submitted" and the chronicle's forms (the desk's phase, a draft's
gossip and spin; publishing is test_keyboard.py's). The seats form, the invite and view-as are test_frame.py's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.console.browser import Seat, open_seat
from tests.console.keyboard import arrow_to, shown, tab_to
from tests.console.server import ConsoleServer
from tests.console.table import RESOLVE, Table, demo_table, sign_in, visit
from tests.console.test_keyboard import keyboard_go
from tests.service.processes import eventually

DRAFTS = """query Drafts($campaignId: UUID!, $phase: Int!) {
  chronicleDraft(campaignId: $campaignId, phase: $phase) { actorId lines spin }
}"""


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


def test_the_gms_order_choosers_by_keyboard(browser: Browser, server: ConsoleServer, seats: list[Seat],
                                            table: Table) -> None:  # fmt: skip
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


def test_the_chronicles_forms_by_keyboard(browser: Browser, server: ConsoleServer, seats: list[Seat],
                                          table: Table) -> None:  # fmt: skip
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
    tab_to(page, form.get_by_role("button", name="Save draft of", exact=False))
    page.keyboard.press("Enter")

    def gossip_saved() -> bool:
        now = next(d for d in table.gm(DRAFTS, phase=phase)["chronicleDraft"] if d["actorId"] == draft["actorId"])
        return bool(now["lines"] == ["Told by keyboard."] and now["spin"] == "kept by keys")

    eventually(gossip_saved, "the draft's gossip, sent by keyboard, to be saved")
    expect(page.get_by_role("alert")).to_have_count(0)
