"""Charts and the chronicle in a real Chromium (issue 18), for the GM and for a player, on the demo campaign after
two resolved phases: each seat charts what it may see, the GM edits and publishes gossip, the player hears it live."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer
from tests.console.test_phase import CROWS, demo_gm, player_of, sign_in

OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }"


def played(server: ConsoleServer) -> tuple[str, str, str]:
    """The demo with two phases resolved: (campaign, GM token, the Crows player's token)."""
    campaign, gm = demo_gm(server)
    for _ in range(2):
        server.gql(OPEN, gm, c=campaign)
        server.gql(RESOLVE, gm, c=campaign)
    return campaign, gm, player_of(server, campaign, gm, CROWS)[1]


def test_charts_for_the_gm_and_for_a_player(browser: Browser, server: ConsoleServer, seats: list[Seat]) -> None:
    _, gm_token, player_token = played(server)
    gm, player = open_seat(browser, server.origin), open_seat(browser, server.origin)
    seats.extend([gm, player])
    sign_in(gm.page, server.origin, gm_token, "Charts")
    sign_in(player.page, server.origin, player_token, "Charts")
    g, p = gm.page, player.page

    for title in ("Faction HP", "FacGold", "Force rating", "House rank", "Influence", "Power"):
        expect(g.get_by_role("figure", name=title)).to_be_visible()
    expect(g.get_by_role("img", name="Faction HP over 2 phases", exact=False)).to_be_visible()
    expect(g.get_by_test_id("dice-summary")).to_contain_text("d6")
    facgold = g.get_by_role("table", name="FacGold, by phase")
    expect(facgold.get_by_role("columnheader")).to_have_count(7)  # the phase and every faction, The Wild too
    g.get_by_test_id("charts-tables").press("Enter")
    expect(facgold).to_be_visible()
    assert axe_violations(g) == []
    g.get_by_test_id("charts-tables").press("Enter")
    screenshot(g, "gm-charts")

    own = p.get_by_role("table", name="FacGold, by phase")  # a rival's FacGold is its secret: only the Crows
    expect(own.get_by_role("columnheader")).to_have_text(["Phase", CROWS])
    expect(p.get_by_role("table", name="Faction HP, by phase").get_by_role("columnheader")).to_have_count(7)
    expect(p.get_by_role("figure", name="Influence")).to_contain_text("Nothing to chart yet.")
    expect(p.get_by_text("The dice fairness view is the GM's")).to_be_visible()
    assert axe_violations(p) == []
    screenshot(p, "player-charts")


def test_the_gm_edits_and_publishes_gossip_and_a_player_hears_it_live(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    campaign, gm_token = demo_gm(server)
    player_token = player_of(server, campaign, gm_token, CROWS)[1]
    server.gql(OPEN, gm_token, c=campaign)
    server.gql(RESOLVE, gm_token, c=campaign)
    gm, player = open_seat(browser, server.origin), open_seat(browser, server.origin)
    seats.extend([gm, player])
    sign_in(gm.page, server.origin, gm_token, "Chronicle")
    sign_in(player.page, server.origin, player_token, "Chronicle")
    g, p = gm.page, player.page
    phase = int(g.get_by_label("Phase to draft and publish").input_value())
    expect(p.get_by_test_id(f"chronicle-phase-{phase}")).to_contain_text("Nothing published for this phase yet.")
    p.evaluate("window.__sameDocument = true")

    lines = g.get_by_label(f"Gossip of {CROWS} (1–2 lines, one per line)")
    lines.fill("Crows were seen over the capital at dusk.")
    g.get_by_label(f"Spin of {CROWS}'s gossip").fill("ominous")
    g.get_by_role("button", name=f"Save draft of {CROWS}").press("Enter")
    expect(g.get_by_label(f"Gossip of {CROWS} (1–2 lines, one per line)")).to_have_value(
        "Crows were seen over the capital at dusk."
    )
    summary = g.get_by_role("textbox", name=f"Summary of {CROWS}'s turn (the GM's only)")
    expect(summary).to_be_visible()
    assert axe_violations(g) == []
    g.evaluate("window.scrollTo(0, 0)")
    screenshot(g, "gm-chronicle")
    g.get_by_role("button", name=f"Publish phase {phase}'s chronicle").press("Enter")
    expect(g.get_by_role("status").filter(has_text="Published")).to_have_count(1)  # the desk's "Saved." is another

    told = p.get_by_test_id(f"chronicle-phase-{phase}")  # live: the publication reaches the player's page
    expect(told).to_contain_text("Crows were seen over the capital at dusk.")
    expect(told).to_contain_text(f"{CROWS} (ominous)")
    assert p.evaluate("window.__sameDocument === true")
    expect(p.get_by_role("heading", name="The GM's chronicle desk")).to_have_count(0)
    assert axe_violations(p) == []
    screenshot(p, "player-chronicle")
