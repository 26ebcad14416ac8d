"""The phase screen in a real Chromium (issue 18): on the demo campaign the GM opens a phase and resolves it, rolls
it back with a reason through the confirmation dialog by keyboard alone, resolves again, and the timeline shows
both branches; a player's page, in another browser context, follows live and shows its own phase report."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer

DEMO_TOKEN = re.compile(r"Demo campaign ([0-9a-f-]{36}): GM token[^\n]*\n\s+(\S+)")
CREATE_SEAT = """mutation($c: UUID!, $input: SeatInput!) { createSeat(campaignId: $c, input: $input) { token } }"""
FACTIONS = "query($c: UUID!) { factions(campaignId: $c) { id name } }"
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
CROWS = "Empresses' Crows"


def demo_gm(server: ConsoleServer) -> tuple[str, str]:
    """The demo campaign's id and GM token, as `intrigue serve --demo` printed them."""
    found = DEMO_TOKEN.search(server.output())
    assert found, "the server printed no demo GM token"
    return found.group(1), found.group(2)


def player_of(server: ConsoleServer, campaign: str, gm: str, faction: str) -> tuple[str, str]:
    """A player seat bound to the named faction, made through the API's createSeat: (faction id, token)."""
    factions = server.gql(FACTIONS, gm, c=campaign)["factions"]
    faction_id = next(f["id"] for f in factions if f["name"] == faction)  # type: ignore[index, union-attr]
    issued = server.gql(
        CREATE_SEAT, gm, c=campaign, input={"role": "PLAYER", "name": "Crow player", "factionId": faction_id}
    )
    return faction_id, issued["createSeat"]["token"]  # type: ignore[index, call-overload]


def sign_in(page: Page, origin: str, token: str, screen: str) -> None:
    page.goto(origin + "/sign-in")
    page.get_by_label("Seat token (GM, player or observer)").fill(token)
    page.get_by_label("Seat token (GM, player or observer)").press("Enter")
    expect(page.get_by_test_id("seat")).to_be_visible()
    page.get_by_role("navigation", name="Campaign").get_by_role("link", name=screen).click()


def test_the_gm_plays_rolls_back_and_replays_a_phase_while_a_player_follows_live(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    campaign, gm_token = demo_gm(server)
    crows, player_token = player_of(server, campaign, gm_token, CROWS)
    gm, player = open_seat(browser, server.origin), open_seat(browser, server.origin)
    seats.extend([gm, player])
    sign_in(gm.page, server.origin, gm_token, "Phase")
    sign_in(player.page, server.origin, player_token, "Phase")
    g, p = gm.page, player.page
    expect(p.get_by_text("No phase has resolved yet")).to_be_visible()
    p.evaluate("window.__sameDocument = true")  # gone if the page reloads

    g.get_by_role("button", name="Open phase 1").click()
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · open")
    expect(p.get_by_test_id("phase-status")).to_have_text("Phase 1 · open")  # live, by subscription
    server.gql(SUBMIT, player_token, c=campaign, f=crows, o={"narrative": "The Crows gather in the rafters."})

    g.get_by_role("button", name="Resolve phase 1").click()
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · resolved")
    report = p.get_by_test_id("phase-report-1")  # the newest report opens by itself, without a reload
    expect(report).to_contain_text("Income")
    expect(report).to_contain_text("The Crows gather in the rafters.")
    assert p.evaluate("window.__sameDocument === true")
    expect(p.get_by_test_id("live-status")).to_contain_text("resolved")
    expect(p.get_by_role("button", name="Resolve phase 1")).to_have_count(0)  # the clock is the GM's

    # Roll back by keyboard alone: the form, the dialog that names what is undone, the confirmation.
    g.get_by_label("Phase to roll back").focus()
    g.keyboard.press("Tab")
    g.keyboard.type("The Crows' order was misread")
    g.keyboard.press("Tab")
    g.keyboard.press("Enter")
    dialog = g.get_by_role("dialog", name="Roll back phase 1?")
    expect(dialog).to_be_visible()
    undoes = dialog.get_by_test_id("rollback-undoes")
    expect(undoes).to_contain_text("Phase 1 opens again")
    expect(undoes.get_by_role("list", name="Results undone")).to_contain_text(
        f"{CROWS} — no action: The Crows gather in the rafters."
    )
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    assert axe_violations(g) == []
    screenshot(g, "gm-phase-rollback")
    g.keyboard.press("Escape")  # closes, and the phase stands
    expect(dialog).to_have_count(0)
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · resolved")
    g.get_by_role("button", name="Roll back…").focus()
    g.keyboard.press("Enter")
    expect(dialog.get_by_role("button", name="Roll back phase 1")).to_be_enabled()
    g.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Roll back phase 1")).to_be_focused()
    g.keyboard.press("Enter")
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · open")
    expect(p.get_by_test_id("phase-status")).to_have_text("Phase 1 · open")

    server.gql(SUBMIT, player_token, c=campaign, f=crows, o={"narrative": "The Crows wait for dawn."})
    g.get_by_role("button", name="Resolve phase 1").click()
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · resolved")
    first, second = g.get_by_test_id("branch-1-1"), g.get_by_test_id("branch-1-2")
    expect(first).to_have_attribute("data-rolled-back", "true")
    expect(first).to_contain_text("The Crows' order was misread")
    expect(second).to_have_attribute("data-rolled-back", "false")
    for branch, said in ((1, "The Crows gather in the rafters."), (2, "The Crows wait for dawn.")):
        g.get_by_role("button", name=f"Show the log of phase 1, resolution {branch}").press("Enter")
        log = g.get_by_test_id(f"branch-log-1-{branch}")
        expect(log.get_by_test_id("log-initiative")).to_contain_text(CROWS)
        expect(log.get_by_test_id("roll").first).to_contain_text("seed 002, The Faction Phase")
        expect(log.get_by_role("region", name=f"Turn of {CROWS}")).to_contain_text(said)
    expect(p.get_by_test_id("phase-report-1")).to_contain_text("The Crows wait for dawn.")
    assert p.evaluate("window.__sameDocument === true")

    assert axe_violations(g) == []
    assert axe_violations(p) == []
    g.get_by_role("button", name="Hide the log of phase 1, resolution 1").press("Enter")
    g.evaluate("window.scrollTo(0, 0)")
    screenshot(g, "gm-phase")
    screenshot(p, "player-phase")
