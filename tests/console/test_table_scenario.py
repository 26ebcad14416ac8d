"""Issue 18, Done when: a GM and two players in three browser contexts play a phase, roll it back, play it again.

The GM creates the demo campaign through the console's form, opens a phase and seats the two players on the
seats screen (their tokens, shown once, are what the players sign in with). The faction's player is first refused
(the server's rule shown), then corrects its order; the house's player gives a house action. The GM sees both in
and resolves; both players' pages, never reloaded, update and show their own phase reports. The GM rolls back with
a reason, the house's player amends its action, the GM resolves again, and the timeline shows both branches.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.console.browser import Seat, open_seat, screenshot
from tests.console.forms import choose_faction_order, choose_house_order, order_house_action, select_picks
from tests.console.phase import gm_open_phase, gm_resolve, gm_roll_back, report_of, timeline_branches
from tests.console.server import ConsoleServer
from tests.console.table import settle, sign_in, visit

FACTION, HOUSE = "Empresses' Crows", "House Varn"
SENTINEL = "window.__sameDocument"  # set once in each player's page; a reload or a navigation would lose it


def create_demo_campaign(gm: Seat, name: str) -> str:
    page = gm.page
    page.goto(gm.origin + "/")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Start from").select_option("DEMO")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_test_id("seat")).to_contain_text("GM")
    found = re.search(r"/campaigns/([0-9a-f-]{36})", page.url)
    assert found, page.url
    return found.group(1)


def seat_a_player(page: Page, campaign_id: str, name: str, member: str) -> str:
    """The GM seats a player on the seats screen; the token shown once is the player's."""
    visit(page, campaign_id, "seats", "Seats")
    page.get_by_label("Role").select_option("PLAYER")
    page.get_by_label("Seat name").fill(name)
    page.get_by_label("Plays (a faction or a house)").select_option(label=member)
    page.get_by_role("button", name="Create seat").click()
    token = page.get_by_test_id("new-seat-token").inner_text().strip()
    assert token.startswith("itg_"), token
    expect(page.get_by_role("cell", name=name, exact=True)).to_be_visible()
    page.get_by_role("button", name="Done").click()
    return token


def loosely(action: str) -> re.Pattern[str]:
    """An action's name as a form shows it ("Buy Asset") or as a report may write it ("buy_asset")."""
    return re.compile(r"[ _]".join(map(re.escape, action.split())), re.IGNORECASE)


def mark_document(page: Page) -> None:
    page.evaluate(f"() => {{ {SENTINEL} = true; }}")


def same_document(page: Page) -> bool:
    return bool(page.evaluate(f"() => {SENTINEL} === true"))


def test_a_gm_and_two_players_play_roll_back_and_replay_a_phase(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    gm, crows, varn = (open_seat(browser, server.origin) for _ in range(3))
    seats.extend([gm, crows, varn])
    campaign = create_demo_campaign(gm, "The table's scenario")
    gm_open_phase(gm.page, campaign)
    sign_in(crows, seat_a_player(gm.page, campaign, "Crows' player", FACTION))
    sign_in(varn, seat_a_player(gm.page, campaign, "Varn's player", HOUSE))

    # The faction's player: an order the preview refuses, submitted anyway: the server refuses it, with its rule.
    visit(crows.page, campaign, "orders", "Orders")
    refused = choose_faction_order(crows.page, refused=True)
    crows.page.get_by_role("button", name="Submit faction orders").click()
    alert = crows.page.get_by_test_id("faction-refusal")
    expect(alert).to_be_visible()
    expect(crows.page.get_by_test_id("faction-refusal-rule")).to_contain_text("seed 002")
    expect(crows.page.get_by_test_id("faction-submitted-none")).to_be_visible()
    # Then corrected: an order the preview accepts goes in.
    accepted = choose_faction_order(crows.page, refused=False)
    assert accepted.picks != refused.picks
    crows.page.get_by_role("button", name="Submit faction orders").click()
    expect(crows.page.get_by_role("status")).to_contain_text(f"Orders for {FACTION} submitted.")
    expect(crows.page.get_by_test_id("faction-submitted-action")).to_be_visible()

    # The house's player: a house action the preview accepts.
    visit(varn.page, campaign, "orders", "Orders")
    second = choose_house_order(varn.page, refused=False, avoid="")  # another it could do instead, for later
    first = choose_house_order(varn.page, refused=False, avoid=second.picks[0][1])
    order_house_action(varn.page.get_by_test_id("house-order-form"))
    expect(varn.page.get_by_role("status")).to_contain_text(f"ordered for {HOUSE}.")
    expect(varn.page.get_by_test_id("house-submitted-row")).to_have_count(1)

    # The GM sees both in.
    visit(gm.page, campaign, "orders", "Orders")
    for member in (FACTION, HOUSE):
        row = gm.page.get_by_test_id("order-status-row").filter(has=gm.page.get_by_role("rowheader", name=member))
        expect(row).to_have_attribute("data-submitted", "true")

    # The players watch the phase screen; from now on neither page is reloaded or navigated.
    for player in (crows, varn):
        visit(player.page, campaign, "phase", "Phase")
        mark_document(player.page)
    gm_resolve(gm.page, campaign)
    crows_did, varn_did = loosely(accepted.picks[0][1]), loosely(first.picks[0][1])
    expect(report_of(crows.page, 1)).to_contain_text(crows_did)
    expect(report_of(varn.page, 1)).to_contain_text(varn_did)
    expect(report_of(crows.page, 1)).not_to_contain_text(varn_did)  # each its own report, not the other's
    expect(report_of(varn.page, 1)).not_to_contain_text(crows_did)

    # The GM rolls the phase back with a reason; the house's player amends its action; the GM resolves again.
    reason = "the house's player misread the map"
    gm_roll_back(gm.page, campaign, 1, reason)
    varn.page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Orders", exact=True).click()
    settle(varn.page)
    varn.page.get_by_role("button", name=f"Amend {first.picks[0][1]}").click()
    expect(varn.page.get_by_test_id("house-amending")).to_be_visible()
    # The amendment: the action found allowed alone before the first order, previewed in place of the order it
    # replaces (housePreview(replacing:)), so accepted again.
    select_picks(varn.page, "house-order-form", second)
    expect(varn.page.get_by_test_id("house-verdict")).to_contain_text("accept this order now")
    screenshot(varn.page, "house-player-orders-amending")
    amended = second
    order_house_action(varn.page.get_by_test_id("house-order-form"), "Amend the house action")
    expect(varn.page.get_by_role("status")).to_contain_text(f"amended for {HOUSE}.")
    expect(varn.page.get_by_test_id("house-submitted-row")).to_contain_text(amended.picks[0][1])
    varn.page.get_by_role("navigation", name="Campaign").get_by_role("link", name="Phase", exact=True).click()

    gm_resolve(gm.page, campaign)
    expect(report_of(varn.page, 1)).to_contain_text(loosely(amended.picks[0][1]))
    # The amended action was played, not the first: its orders list (the ledger names the first, its gold back).
    expect(report_of(varn.page, 1).get_by_role("list").first).not_to_contain_text(varn_did)
    expect(report_of(crows.page, 1)).to_contain_text(crows_did)
    for player in (crows, varn):
        assert same_document(player.page), "a player's page was reloaded"

    rolled_back, played = timeline_branches(gm.page, campaign, 1)
    expect(rolled_back).to_contain_text(reason)
    expect(played).to_be_visible()
