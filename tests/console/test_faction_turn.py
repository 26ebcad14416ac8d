"""A faction's whole turn through the console alone, in a real Chromium (issue 28, items 1 and 2).

Empire Remnants' player changes its goal, raises Cunning with XP and names a defender, and is told before
submitting that a faction changing its goal takes no action that turn (seed 002, Faction Goals): so that month it
attacks nothing. The GM resolves the month (the API); the next month the player attacks with two assets, each
against the defender it chooses. The GM's setup (the API): 6 XP for the Remnants, and two assets of The Republic
placed in The Capital, where the Remnants stand. A house player's costly order is asked about first, with its
narrative kept.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, expect

from tests.console.browser import Seat, axe_violations, screenshot
from tests.console.server import ConsoleServer
from tests.console.test_orders import Demo, demo, sign_in

__all__ = ["demo"]  # the demo campaign with its first phase open (tests/console/test_orders.py)
REGIONS = "query($c: UUID!) { campaign(id: $c) { regions { id name } } }"
ADJUST = (
    "mutation($c: UUID!, $t: UUID!, $v: Int!) { adjust(campaignId: $c, targetId: $t, field: XP, value: $v, "
    'reason: "a worked deed", mode: SET) { __typename } }'
)
CREATE = (
    "mutation($c: UUID!, $f: UUID!, $k: String!, $r: UUID!) { createAsset(campaignId: $c, factionId: $f, "
    'typeKey: $k, regionId: $r, reason: "marched in") { id } }'
)
RESOLVE = "mutation($c: UUID!) { resolvePhase(campaignId: $c) { phase } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
HOUSE = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) { action allowed gold
  dedicatedInfluence dedicatedPower } house(id: $h) { gold availableInfluence availablePower } }"""


def pick(select: Locator, pattern: str) -> str:
    """Choose the first option whose text matches `pattern` (once the form shows one); its text."""
    expect(select.locator("option").filter(has_text=re.compile(pattern))).not_to_have_count(0)
    texts: list[str] = select.locator("option").all_inner_texts()
    found = next((t for t in texts if re.search(pattern, t)), None)
    assert found is not None, f"no option matches {pattern!r} among {texts}"
    select.select_option(label=found)
    return found


def test_a_faction_player_plays_a_whole_turn_and_a_house_player_confirms_a_costly_order(
    browser: Browser, server: ConsoleServer, seats: list[Seat], demo: Demo
) -> None:
    remnants, republic = demo.factions["Empire Remnants"], demo.factions["The Republic"]
    regions = server.gql(REGIONS, demo.gm_token, c=demo.id)["campaign"]["regions"]  # type: ignore[index]
    capital = next(r["id"] for r in regions if r["name"] == "The Capital")  # type: ignore[index]
    server.gql(ADJUST, demo.gm_token, c=demo.id, t=remnants, v=6)  # Cunning 3 → 4 costs 6 XP (seed 002)
    page = sign_in(browser, server, seats, demo.player("Remnants' player", faction="Empire Remnants"))
    form = page.get_by_test_id("faction-order-form")

    # Month 1: a goal change, a raise with XP, a defender; an attack besides is refused before it is sent.
    pick(form.get_by_label("Change the goal to"), "^Military Conquest")
    expect(page.get_by_test_id("faction-verdict-goal")).to_contain_text("accept this goal change")
    form.get_by_label(re.compile("Raise Cunning 3 → 4: 6 XP")).check()
    expect(page.get_by_test_id("faction-verdict-raiseRatings")).to_contain_text("accept these raises")
    form.get_by_role("button", name="Name a defender").click()
    defence = form.get_by_test_id("faction-defence")
    pick(defence.get_by_label("Region defended"), r"^The Capital \(hex q -?\d+, r -?\d+\)$")  # one way to name a hex
    pick(defence.get_by_label("Defending asset"), "^Veteran Regiment")
    expect(page.get_by_test_id("faction-verdict-defences")).to_contain_text("accept these defences")
    form.get_by_label("Action", exact=True).select_option(label="Repair Asset/Faction")
    whole = page.get_by_test_id("faction-orders-verdict")
    expect(whole).to_contain_text("a faction that changes its goal takes no action this turn")
    expect(whole).not_to_contain_text("orders.")  # the player's words, not the payload's paths
    expect(whole.locator("cite")).to_have_text("seed 002, Faction Goals")  # the rule, named once
    assert axe_violations(page) == []
    whole.scroll_into_view_if_needed()
    screenshot(page, "player-faction-turn-goal-refused")
    form.get_by_label("Action", exact=True).select_option(label="No action this turn")
    expect(whole).to_contain_text("accept these orders, whole,")
    form.get_by_label("Narrative (the player's own words)").fill("The Empire turns to conquest.")
    form.get_by_role("button", name="Submit faction orders").click()
    turn = page.get_by_test_id("faction-submitted-turn")
    expect(turn.filter(has_text="Goal changed to Military conquest")).to_have_count(1)
    expect(turn.filter(has_text="Raises with XP: Cunning")).to_have_count(1)
    expect(turn.filter(has_text=re.compile("^Defends The Capital .* with Veteran Regiment"))).to_have_count(1)

    # Month 2: two of the Remnants' assets strike two of The Republic's, placed in The Capital by the GM.
    server.gql(RESOLVE, demo.gm_token, c=demo.id)
    for key in ("guardsmen", "militia_unit"):
        server.gql(CREATE, demo.gm_token, c=demo.id, f=republic, k=key, r=capital)
    server.gql(OPEN, demo.gm_token, c=demo.id)
    page.reload()
    expect(page.get_by_test_id("orders-phase")).to_contain_text("Phase 2: open for orders")
    form.get_by_label("Action", exact=True).select_option(label="Attack")
    form.get_by_role("button", name="Add a strike").click()
    strikes = form.get_by_test_id("faction-strike")
    expect(strikes).to_have_count(2)
    pick(strikes.nth(0).get_by_label("Defender it strikes"), r"^Guardsmen \(The Republic\)")
    pick(strikes.nth(1).get_by_label("Defender it strikes"), r"^Militia Unit \(The Republic\)")
    attackers = [
        strikes.nth(i).get_by_label("Attacking asset").evaluate("s => s.options[s.selectedIndex].text")
        for i in range(2)
    ]
    assert not any("refused" in a for a in attackers), attackers  # "Add a strike" takes an asset that may strike
    assert attackers[0] != attackers[1], attackers
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("accept this action")
    form.get_by_label("Narrative (the player's own words)").fill("Two columns march on the Republic's pickets.")
    strikes.nth(0).scroll_into_view_if_needed()
    screenshot(page, "player-faction-turn-attack")
    form.get_by_role("button", name="Submit faction orders").click()
    said = page.get_by_test_id("faction-submitted-action")
    expect(said).to_contain_text(f"Attack: {attackers[0]} strikes Guardsmen (The Republic)")
    expect(said).to_contain_text(f"{attackers[1]} strikes Militia Unit (The Republic)")
    assert axe_violations(page) == []

    # A house player: an order spending over half of a resource is asked about first, its narrative kept.
    guild = demo.houses["The Gilded Guild"]
    found = server.gql(HOUSE, demo.gm_token, c=demo.id, h=guild)
    held = found["house"]  # type: ignore[index]
    costly = next(
        o
        for o in found["housePreview"]
        if o["allowed"]
        and (  # type: ignore[index,union-attr]
            o["gold"] * 2 > held["gold"]
            or o["dedicatedInfluence"] * 2 > held["availableInfluence"]
            or o["dedicatedPower"] * 2 > held["availablePower"]
        )
    )
    page = sign_in(browser, server, seats, demo.player("Guild's player", house="The Gilded Guild"))
    house = page.get_by_test_id("house-order-form")
    label = " ".join(w.capitalize() for w in str(costly["action"]).split("_"))
    house.get_by_label("House action").select_option(label=label)
    house.get_by_label("Narrative (the player's own words)").fill("The Guild stakes everything.")
    house.get_by_role("button", name="Order the house action").click()
    expect(page.get_by_test_id("house-confirm")).to_contain_text("more than half of the house's")
    expect(page.get_by_test_id("house-holding")).to_contain_text("The house holds")
    screenshot(page, "player-house-confirm-narrative")
    house.get_by_role("button", name="Yes, spend it").click()
    row = page.get_by_test_id("house-submitted-row")
    expect(row).to_contain_text(label)
    expect(row).to_contain_text("The Guild stakes everything.")
