"""The Orders screen in a real Chromium (issue 18): a player's faction and house orders, each refused first with
the rule the server cites, then corrected; the GM's page, open all along, shows both submitted
without a reload; keyboard-only submission; axe; screenshots.

The refusals are real ones of the demo campaign: Empire Remnants will have 5 FacGold at its action and Zealots
cost 6 (seed 002, Faction Actions); The Gilded Guild holds 8,000 influence where Divine Petition needs 20,000
(seed 000, Divine Petition).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.forms import order_house_action
from tests.console.server import ConsoleServer

MEMBERS = "query($c: UUID!) { campaign(id: $c) { factions { id name } houses { id name } } }"
SEAT = "mutation($c: UUID!, $input: SeatInput!) { createSeat(campaignId: $c, input: $input) { token seat { id } } }"


class Demo:
    """The demo campaign as the GM runs it through the API: its id, the GM's token, its members by name."""

    def __init__(self, server: ConsoleServer) -> None:
        found = re.search(r"Demo campaign (\S+): GM token[^\n]*\n\s+(\S+)", server.output())
        assert found, "the server printed no demo GM token"
        self.server, self.id, self.gm_token = server, found.group(1), found.group(2)
        campaign = server.gql(MEMBERS, self.gm_token, c=self.id)["campaign"]
        self.factions = {f["name"]: f["id"] for f in campaign["factions"]}  # type: ignore[index]
        self.houses = {h["name"]: h["id"] for h in campaign["houses"]}  # type: ignore[index]

    def player(self, name: str, faction: str | None = None, house: str | None = None) -> str:
        seat = {
            "role": "PLAYER",
            "name": name,
            "factionId": self.factions.get(faction or ""),
            "houseId": self.houses.get(house or ""),
        }
        return str(self.server.gql(SEAT, self.gm_token, c=self.id, input=seat)["createSeat"]["token"])  # type: ignore[index]


@pytest.fixture(scope="module")
def demo(server: ConsoleServer) -> Demo:
    """The demo with its first phase opened by the GM through the API (the phase screen is another's)."""
    demo = Demo(server)
    server.gql("mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }", demo.gm_token, c=demo.id)
    return demo


def sign_in(browser: Browser, server: ConsoleServer, seats: list[Seat], token: str) -> Page:
    seat = open_seat(browser, server.origin)
    seats.append(seat)
    page = seat.page
    page.goto(server.origin + "/sign-in")
    page.get_by_label("Seat token (GM, player or observer)").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Orders").click()
    expect(page.get_by_test_id("orders-phase")).to_contain_text("open for orders")
    return page


def test_a_player_is_refused_with_the_rule_then_submits_and_the_gm_sees_both(
    browser: Browser, server: ConsoleServer, seats: list[Seat], demo: Demo
) -> None:
    gm = sign_in(browser, server, seats, demo.gm_token)  # open before the players submit: it updates live
    status = gm.get_by_test_id("order-status")
    expect(status.get_by_role("row", name=re.compile("Empire Remnants"))).to_contain_text("Not yet")
    page = sign_in(browser, server, seats, demo.player("Remnants", faction="Empire Remnants"))

    faction = page.get_by_test_id("faction-order-form")
    faction.get_by_label("Action", exact=True).select_option(label="Buy Asset")
    faction.get_by_label("Asset type").select_option("zealots")  # by its key: the text carries price and refusal
    expect(page.get_by_test_id("faction-price")).to_contain_text("6 FacGold")
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("would refuse")  # before submitting
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("seed 002, Faction Actions")
    faction.get_by_role("button", name="Submit faction orders").click()
    refusal = page.get_by_test_id("faction-refusal")
    expect(refusal).to_have_attribute("role", "alert")
    expect(page.get_by_test_id("faction-refusal-rule")).to_have_text("seed 002, Faction Actions")
    expect(page.get_by_test_id("faction-submitted-none")).to_be_visible()

    faction.get_by_label("Asset type").select_option("mob")  # corrected: 4 FacGold of the 5 it will have
    expect(page.get_by_test_id("faction-price")).to_contain_text("4 FacGold")
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("accept")
    faction.get_by_role("button", name="Submit faction orders").click()
    expect(page.get_by_test_id("faction-submitted-action")).to_have_text(
        re.compile(r"^Buy Asset: Mob in The Capital \(hex q -?\d+, r -?\d+\)$")
    )  # one way to name a hex
    expect(refusal).to_have_count(0)
    assert axe_violations(page) == []
    screenshot(page, "player-orders")

    page = sign_in(browser, server, seats, demo.player("Guild", house="The Gilded Guild"))  # a seat is one member
    house = page.get_by_test_id("house-order-form")
    # No action chosen at first (issue 28): nothing is spent by one click; what the house holds is shown.
    expect(house.get_by_label("House action")).to_have_value("")
    expect(house.get_by_role("button", name="Order the house action")).to_be_disabled()
    expect(page.get_by_test_id("house-holding")).to_contain_text("8000 influence")
    screenshot(page, "player-house-orders-unchosen")
    house.get_by_label("House action").select_option(label="Divine Petition")
    expect(page.get_by_test_id("house-cost")).to_contain_text("requires 20000 influence")
    expect(page.get_by_test_id("house-verdict")).to_contain_text("seed 000, Divine Petition")
    house.get_by_role("button", name="Order the house action").click()
    # It dedicates 10000 influence of the 8000 the house holds: asked first, then sent (and refused).
    expect(page.get_by_test_id("house-confirm")).to_contain_text("more than half of the house's")
    expect(page.get_by_test_id("house-confirm")).to_contain_text("influence")
    assert axe_violations(page) == []
    screenshot(page, "player-house-orders-confirm")
    house.get_by_role("button", name="Yes, spend it").click()
    expect(page.get_by_test_id("house-refusal")).to_have_attribute("role", "alert")
    expect(page.get_by_test_id("house-refusal-rule")).to_have_text("seed 000, Divine Petition")

    house.get_by_label("House action").select_option(label="Intelligence Gathering")
    house.get_by_label("Starts in week").select_option(label="Week 2 of the month")
    expect(page.get_by_test_id("house-verdict")).to_contain_text("accept")
    order_house_action(house)
    row = page.get_by_test_id("house-submitted-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Intelligence Gathering")
    expect(row).to_contain_text("Month 1, week 2")
    expect(page.get_by_test_id("house-refusal")).to_have_count(0)
    table = page.get_by_test_id("house-actions-table")
    expect(table.get_by_test_id("house-action-row")).to_have_count(15)  # the fifteen actions, cost at this rank
    assert axe_violations(page) == []
    screenshot(page, "player-house-orders")

    # Amend while the phase is open: the week moves, still one order.
    page.get_by_role("button", name="Amend Intelligence Gathering").click()
    expect(page.get_by_test_id("house-amending")).to_be_visible()
    expect(house.get_by_label("House action")).to_have_value("INTELLIGENCE_GATHERING")  # the order, filled in
    expect(house.get_by_label("Starts in week")).to_have_value("2")
    house.get_by_label("Starts in week").select_option(label="Week 3 of the month")
    expect(page.get_by_test_id("house-verdict")).to_contain_text("accept")  # judged with the old one withdrawn
    order_house_action(house, "Amend the house action")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Month 1, week 3")

    for name in ("Empire Remnants", "The Gilded Guild"):
        expect(status.get_by_role("row", name=re.compile(name))).to_contain_text("Submitted")
    expect(status.get_by_role("row", name=re.compile("House Varn"))).to_contain_text("Not yet")
    expect(status.get_by_role("row", name=re.compile("Empire Remnants"))).to_contain_text("A player")
    gm.reload()  # and a fresh read agrees
    expect(status.get_by_role("row", name=re.compile("The Gilded Guild"))).to_contain_text("Submitted (1 order)")
    assert axe_violations(gm) == []
    screenshot(gm, "gm-orders")


def test_the_gm_orders_for_a_power_it_runs_and_a_player_withdraws(
    browser: Browser, server: ConsoleServer, seats: list[Seat], demo: Demo
) -> None:
    gm = sign_in(browser, server, seats, demo.gm_token)
    gm.get_by_test_id("gm-faction-chooser").select_option(label="The Republic (GM-run)")
    expect(gm.get_by_test_id("faction-orders")).to_contain_text("The Republic")
    form = gm.get_by_test_id("faction-order-form")
    form.get_by_label("Action", exact=True).select_option(label="Repair Asset/Faction")
    expect(gm.get_by_test_id("faction-verdict")).to_contain_text("accept")
    form.get_by_role("button", name="Submit faction orders").click()
    expect(gm.get_by_test_id("faction-submitted-action")).to_contain_text("Repair")
    row = gm.get_by_test_id("order-status").get_by_role("row", name=re.compile("The Republic"))
    expect(row).to_contain_text("Submitted")
    gm.get_by_role("button", name="Withdraw the faction orders").click()
    expect(gm.get_by_test_id("faction-submitted-none")).to_be_visible()
    expect(row).to_contain_text("Not yet")


def test_a_faction_order_is_submitted_with_the_keyboard_alone(
    browser: Browser, server: ConsoleServer, seats: list[Seat], demo: Demo
) -> None:
    page = sign_in(browser, server, seats, demo.player("Chosen", faction="Remzal's Chosen"))
    expect(page.get_by_test_id("faction-order-form")).to_be_visible()
    expect(page.get_by_test_id("house-orders")).to_have_count(0)  # this seat runs no house

    def tab_to(test: str) -> None:
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate(test):
                return
        raise AssertionError(f"the keyboard never reached {test}")

    tab_to("document.activeElement?.id?.endsWith('-kind')")
    page.keyboard.type("Rep")  # the select's type-ahead: Repair Asset/Faction
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("accept")
    tab_to("document.activeElement?.tagName === 'TEXTAREA'")
    page.keyboard.type("Mend the laboratory's walls.")
    tab_to("document.activeElement?.textContent === 'Submit faction orders'")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("faction-submitted-action")).to_contain_text("Repair")
    expect(page.get_by_test_id("faction-submitted")).to_contain_text("Mend the laboratory's walls.")
