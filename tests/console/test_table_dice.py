"""The table's own dice in a real Chromium (issue 28, item 3): the GM sets phase 1 of the demo to the table's dice
and enters, by keyboard alone, the rolls the rules ask for, each named; a bad face is refused with its reason. The
month that results equals that of a second demo campaign given the same orders and the same faces through the API.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.server import ConsoleServer
from tests.console.test_phase import demo_gm, sign_in

CROWS = "Empresses' Crows"
CREATE = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"""
STATE = """query($c: UUID!) { factions(campaignId: $c) { id name facgold xp hp assets { id typeKey hp } } }"""
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
SET = "mutation($c: UUID!) { setDiceSource(campaignId: $c, source: TABLE, phase: 1) { source } }"
ENTER = "mutation($c: UUID!, $f: [Int!]!) { enterTableDice(campaignId: $c, faces: $f) { resolved } }"


def _work_the_crows(server: ConsoleServer, campaign: str, token: str) -> None:
    """Seed 002, Indentured Workforce: "the owning faction may roll 1d6. On 3+, gain one FacGold." Ordered by the GM."""
    factions: list[dict[str, Any]] = server.gql(STATE, token, c=campaign)["factions"]  # type: ignore[assignment]
    crows = next(f for f in factions if f["name"] == CROWS)
    workforce = next(a["id"] for a in crows["assets"] if a["typeKey"] == "indentured_workforce")
    uses = {"useAssetAbility": {"uses": [{"assetId": workforce}]}}
    server.gql(SUBMIT, token, c=campaign, f=crows["id"], o={"action": uses})


def _month(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """Each faction by name: FacGold, XP, HP and its assets (type and HP), as the campaign stands."""
    factions: list[dict[str, Any]] = server.gql(STATE, token, c=campaign)["factions"]  # type: ignore[assignment]
    return {
        f["name"]: (f["facgold"], f["xp"], f["hp"], sorted((a["typeKey"], a["hp"]) for a in f["assets"]))
        for f in factions
    }


def test_the_gm_enters_the_tables_dice_by_keyboard_and_gets_the_apis_month(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    campaign, token = demo_gm(server)
    twin = server.gql(
        CREATE,
        None,
        input={"name": "Twin of the demo", "ruleSystems": ["FACTION_TURN", "GAME_OF_BONES"], "preset": "DEMO"},
    )["createCampaign"]  # type: ignore[index]
    twin_id, twin_token = twin["id"], twin["gmToken"]  # type: ignore[index]
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    sign_in(gm.page, server.origin, token, "Phase")
    g = gm.page
    g.get_by_role("button", name="Open phase 1").click()
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · open")
    _work_the_crows(server, campaign, token)

    toggle = g.get_by_label("The table rolls its own dice for phase 1")
    toggle.focus()
    g.keyboard.press("Space")
    expect(toggle).to_be_checked()
    expect(g.get_by_role("button", name="Resolve phase 1")).to_be_disabled()  # the table's dice resolve it
    entry = g.get_by_role("form", name="Roll 1")
    expect(entry.get_by_test_id("next-roll")).to_contain_text("Roll 1: GM rolls 1d6 for initiative")
    g.keyboard.press("Tab")
    expect(entry.get_by_label("Face of the d6")).to_be_focused()
    g.keyboard.type("7")
    g.keyboard.press("Enter")
    expect(g.get_by_role("alert")).to_contain_text("a d6 shows 1 to 6, not 7")
    g.keyboard.press("Control+A")
    g.keyboard.type("2")
    g.keyboard.press("Enter")  # the Crows are second on the demo's list: they act first

    second = g.get_by_role("form", name="Roll 2")
    expect(second.get_by_test_id("next-roll")).to_contain_text(f"Roll 2: {CROWS} rolls 1d6 for")
    expect(g.get_by_role("list", name="Rolls entered")).to_contain_text("GM rolls 1d6 for initiative: [2]")
    expect(second.get_by_label("Face of the d6")).to_be_focused()
    assert axe_violations(g) == []
    screenshot(g, "gm-table-dice")
    g.keyboard.type("4")
    g.keyboard.press("Enter")
    expect(g.get_by_test_id("phase-status")).to_have_text("Phase 1 · resolved")

    # The same orders and faces through the API, on a twin of the demo: the same month.
    server.gql(OPEN, twin_token, c=twin_id)
    _work_the_crows(server, twin_id, twin_token)
    server.gql(SET, twin_token, c=twin_id)
    assert server.gql(ENTER, twin_token, c=twin_id, f=[2]) == {"enterTableDice": {"resolved": False}}
    assert server.gql(ENTER, twin_token, c=twin_id, f=[4]) == {"enterTableDice": {"resolved": True}}
    # The Wild is left out: each campaign rolled the HP of its unstated terrain with its own dice when it was made.
    played, twinned = _month(server, campaign, token), _month(server, twin_id, twin_token)
    assert played.pop("The Wild")[:3] == twinned.pop("The Wild")[:3]
    assert played == twinned and len(played) == 5
    assert played[CROWS][0] == 3  # income 2, and the workforce's FacGold on a 4
