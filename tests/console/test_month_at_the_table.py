"""Issue 28, Done when: one month at the table through the console alone, and its twin through the API.

Two campaigns are made alike through the API (the demo preset, one dice seed, and the GM's setup): each gets a
faction founded by the GM, The Iron Pact, with no goal yet, 6 XP and three assets in The Capital, beside Empire
Remnants (a faction holding a goal would take no action in a month it changed it: seed 002, Faction Goals).

In the first, through the console: the Pact's player chooses its goal, raises Cunning with XP, names its defender
in The Capital and attacks with two assets, each against a Remnants asset; The Gilded Guild's player orders an
action that spends over half of a resource, which the form asks about first; the GM sets the month to the table's
dice and enters every roll the rules ask for. The twin is given the same orders (read back from the first, ids
translated by name) and the same faces through `setDiceSource`/`tableDiceStep`/`enterTableDice`; each roll asked
must be the one the console asked, and the months must come out the same: every faction's ratings, HP, FacGold, XP,
goal and assets, every house's holdings and orders, and the rolls.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.console.browser import Seat, axe_violations, open_seat, screenshot
from tests.console.month_api import (
    GUILD,
    HOUSE_ORDERS,
    ORDER_HOUSE,
    ORDERS,
    PACT,
    REMNANTS,
    SUBMIT,
    costly_house_order,
    faces_for,
    member_id,
    month_of,
    names_of,
    player,
    standing,
    table_campaign,
    the_twins_month,
    the_wild,
    translated,
)
from tests.console.server import ConsoleServer
from tests.console.test_faction_turn import pick
from tests.console.test_orders import sign_in as sign_in_to_orders
from tests.console.test_phase import sign_in


def the_pacts_turn(page: Page) -> None:
    """Goal, a raise with XP, a defender, and an attack by two assets, each on a Remnants asset of its choosing."""
    form = page.get_by_test_id("faction-order-form")
    pick(form.get_by_label("Change the goal to"), "^Military Conquest")
    expect(page.get_by_test_id("faction-verdict-goal")).to_contain_text("accept this goal change")
    form.get_by_label(re.compile(r"Raise Cunning 3 → 4: \d+ XP")).check()
    expect(page.get_by_test_id("faction-verdict-raiseRatings")).to_contain_text("accept these raises")
    form.get_by_role("button", name="Name a defender").click()
    defence = form.get_by_test_id("faction-defence")
    pick(defence.get_by_label("Region defended"), r"^The Capital \(hex")
    pick(defence.get_by_label("Defending asset"), "^Mob")
    expect(page.get_by_test_id("faction-verdict-defences")).to_contain_text("accept these defences")
    form.get_by_label("Action", exact=True).select_option(label="Attack")
    form.get_by_role("button", name="Add a strike").click()
    strikes = form.get_by_test_id("faction-strike")
    expect(strikes).to_have_count(2)
    for strike, attacker, target in ((0, "^Guardsmen", "^Bandits"), (1, "^Militia Unit", "^Confidence Men")):
        pick(strikes.nth(strike).get_by_label("Attacking asset"), attacker)
        pick(strikes.nth(strike).get_by_label("Defender it strikes"), target + rf" \({REMNANTS}\)")
    expect(page.get_by_test_id("faction-verdict")).to_contain_text("accept this action")
    expect(page.get_by_test_id("faction-orders-verdict")).to_contain_text("accept these orders, whole,")
    form.get_by_label("Narrative (the player's own words)").fill("The Pact marches on the Remnants' pickets.")
    screenshot(page, "player-month-faction-turn")
    form.get_by_role("button", name="Submit faction orders").click()
    said = page.get_by_test_id("faction-submitted-action")
    expect(said).to_contain_text(f"Guardsmen ({PACT}) strikes Bandits ({REMNANTS})")
    expect(said).to_contain_text(f"Militia Unit ({PACT}) strikes Confidence Men ({REMNANTS})")
    turn = page.get_by_test_id("faction-submitted-turn")
    expect(turn.filter(has_text="Goal changed to Military conquest")).to_have_count(1)
    expect(turn.filter(has_text="Raises with XP: Cunning")).to_have_count(1)
    expect(turn.filter(has_text=re.compile("^Defends The Capital .* with Mob"))).to_have_count(1)


def the_guilds_costly_order(page: Page, costly: dict[str, Any]) -> None:
    house = page.get_by_test_id("house-order-form")
    label = " ".join(w.capitalize() for w in str(costly["action"]).split("_"))
    house.get_by_label("House action").select_option(label=label)
    house.get_by_label("Narrative (the player's own words)").fill("The Guild stakes its treasury.")
    house.get_by_role("button", name="Order the house action").click()
    expect(page.get_by_test_id("house-confirm")).to_contain_text("more than half of the house's")
    screenshot(page, "player-month-house-confirm")
    house.get_by_role("button", name="Yes, spend it").click()
    expect(page.get_by_test_id("house-submitted-row")).to_contain_text(label)


def the_gm_enters_the_tables_dice(page: Page) -> list[tuple[str, list[int]]]:
    """Every roll the console asks for, in order, with the faces entered: (what it asked, faces)."""
    toggle = page.get_by_label("The table rolls its own dice for phase 1")
    toggle.click()  # checked once the server has taken it (the box shows the phase's dice source, read live)
    expect(toggle).to_be_checked()
    resolved = page.get_by_test_id("phase-status").filter(has_text="Phase 1 · resolved")
    entered: list[tuple[str, list[int]]] = []
    for number in range(1, 200):
        form = page.get_by_role("form", name=f"Roll {number}")
        last = page.get_by_role("button", name="Resolve phase 1 with these dice")
        expect(form.or_(resolved).or_(last).first).to_be_visible()
        if last.count():
            last.click()
        if resolved.count() or last.count():
            break
        asked = form.get_by_test_id("next-roll").inner_text()
        fields: Locator = form.get_by_role("spinbutton")
        sides = int(fields.first.get_attribute("max") or 0)
        faces = faces_for(number, fields.count(), sides)
        for field, face in zip(fields.all(), faces, strict=True):
            field.fill(str(face))
        if number == 2:
            assert axe_violations(page) == []
            screenshot(page, "gm-month-table-dice")
        form.get_by_role("button", name=f"Enter roll {number}").click()
        entered.append((asked, faces))
    expect(resolved).to_be_visible()
    return entered


def test_a_month_played_in_the_console_with_the_tables_dice_is_the_apis_month(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    played, gm_token = table_campaign(server, "A month at the table")
    twin, twin_token = table_campaign(server, "Its twin, through the API")
    costly = costly_house_order(server, played, gm_token)
    wilds = [the_wild(standing(server, c, t)) for c, t in ((played, gm_token), (twin, twin_token))]

    pact_page = sign_in_to_orders(browser, server, seats, player(server, played, gm_token, PACT, "factionId"))
    the_pacts_turn(pact_page)
    assert axe_violations(pact_page) == []
    guild_page = sign_in_to_orders(browser, server, seats, player(server, played, gm_token, GUILD, "houseId"))
    the_guilds_costly_order(guild_page, costly)

    # The twin's orders: the first's, read back as the GM and put in the twin's ids.
    to_twin = {name: i for i, name in names_of(server, twin, twin_token).items()}
    there = {i: to_twin[name] for i, name in names_of(server, played, gm_token).items()}
    pact, twin_pact = (member_id(server, c, t, PACT) for c, t in ((played, gm_token), (twin, twin_token)))
    orders: dict[str, Any] = server.gql(ORDERS, gm_token, c=played, f=pact)["factionOrders"]  # type: ignore[assignment]
    attack = orders.pop("action")
    assert attack["__typename"] == "AttackOrder" and len(attack["strikes"]) == 2, attack
    server.gql(
        SUBMIT,
        twin_token,
        c=twin,
        f=twin_pact,
        o={**translated(orders, there), "action": {"attack": {"strikes": translated(attack["strikes"], there)}}},
    )
    guild, twin_guild = (member_id(server, c, t, GUILD) for c, t in ((played, gm_token), (twin, twin_token)))
    (ordered,) = server.gql(HOUSE_ORDERS, gm_token, c=played, h=guild)["houseOrders"]  # type: ignore[misc]
    twin_costly = costly_house_order(server, twin, twin_token)
    keys = ("action", "actor", "targetHouseId", "targetCharacter", "areaIds", "power", "toAreaId", "coveredActionId")
    server.gql(
        ORDER_HOUSE,
        twin_token,
        c=twin,
        h=twin_guild,
        o={**{k: twin_costly[k] for k in keys}, "startWeek": ordered["startWeek"], "narrative": ordered["narrative"]},
    )
    back = {v: k for k, v in there.items()}
    for query, member, twin_member in ((ORDERS, pact, twin_pact), (HOUSE_ORDERS, guild, twin_guild)):
        mine = server.gql(query, gm_token, c=played, **({"f": member} if query == ORDERS else {"h": member}))
        its = server.gql(query, twin_token, c=twin, **({"f": twin_member} if query == ORDERS else {"h": twin_member}))
        assert translated(its, back) == mine, "the twin was not given the console's orders"

    gm = open_seat(browser, server.origin)
    seats.append(gm)
    sign_in(gm.page, server.origin, gm_token, "Phase")
    entered = the_gm_enters_the_tables_dice(gm.page)
    assert len(entered) >= 5, entered  # initiative, and each strike's attack and defence at least
    assert any("attack" in asked.lower() for asked, _ in entered), entered
    assert axe_violations(gm.page) == []
    screenshot(gm.page, "gm-month-resolved")

    the_twins_month(server, twin, twin_token, entered)
    month, twins = month_of(server, played, gm_token), month_of(server, twin, twin_token)
    assert month["campaign"]["phaseStatus"] == "RESOLVED"
    pacts = [r["faces"] for r in month["reports"][PACT]["phaseReport"]["rolls"]]
    assert pacts and all(faces in [f for _, f in entered] for faces in pacts), (pacts, entered)  # the table's faces
    for campaign, wild in ((month, wilds[0]), (twins, wilds[1])):  # The Wild sat the month out, in both
        assert the_wild(campaign) == wild
    assert month == twins
    assert any("damage" in asked for asked, _ in entered), entered  # a strike hit
    pact_now = next(f for f in month["factions"] if f["name"] == PACT)
    assert (pact_now["cunning"], pact_now["xp"], pact_now["goal"]["key"]) == (4, 0, "military_conquest")
