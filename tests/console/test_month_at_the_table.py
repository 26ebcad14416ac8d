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
from tests.console.server import ConsoleServer
from tests.console.test_faction_turn import pick
from tests.console.test_orders import sign_in as sign_in_to_orders
from tests.console.test_phase import sign_in

PACT, REMNANTS, GUILD = "The Iron Pact", "Empire Remnants", "The Gilded Guild"
CREATE = "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id gmToken } }"
REGIONS = "query($c: UUID!) { campaign(id: $c) { regions { id name q r } } }"
FOUND = "mutation($c: UUID!, $input: FoundFactionInput!) { foundFaction(campaignId: $c, input: $input) { id } }"
OPEN = "mutation($c: UUID!) { openPhase(campaignId: $c) { phase } }"
SEAT = "mutation($c: UUID!, $input: SeatInput!) { createSeat(campaignId: $c, input: $input) { token } }"
NAMES = """query($c: UUID!) { factions(campaignId: $c) { id name assets { id typeKey } }
  houses(campaignId: $c) { id name } campaign(id: $c) { regions { id q r } } }"""
ORDERS = """query($c: UUID!, $f: UUID!) { factionOrders(campaignId: $c, factionId: $f) {
  narrative raiseRatings goal { goal target } defences { regionId defenderId baseAbsorbs }
  action { __typename ... on AttackOrder { strikes { attackerId targetFactionId targetAssetId } } } } }"""
SUBMIT = """mutation($c: UUID!, $f: UUID!, $o: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $c, factionId: $f, orders: $o) { id } }"""
HOUSE_ORDERS = """query($c: UUID!, $h: UUID!) { houseOrders(campaignId: $c, houseId: $h) { action actor startWeek
  dedicatedInfluence dedicatedPower gold targetHouseId targetCharacter areaIds narrative } }"""
PREVIEW = """query($c: UUID!, $h: UUID!) { housePreview(campaignId: $c, houseId: $h) { action actor targetHouseId
  targetCharacter areaIds power toAreaId coveredActionId allowed gold dedicatedInfluence dedicatedPower }
  house(id: $h) { gold availableInfluence availablePower } }"""
ORDER_HOUSE = """mutation($c: UUID!, $h: UUID!, $o: HouseOrderInput!) {
  orderHouseAction(campaignId: $c, houseId: $h, order: $o) { id } }"""
SET_TABLE = "mutation($c: UUID!) { setDiceSource(campaignId: $c, source: TABLE, phase: 1) { source } }"
ROLL = "expression count sides purpose rule roller faces modifiers { source value }"
STEP = f"query($c: UUID!) {{ tableDiceStep(campaignId: $c) {{ resolved entered {{ {ROLL} }} next {{ {ROLL} }} }} }}"
ENTER = "mutation($c: UUID!, $f: [Int!]!) { enterTableDice(campaignId: $c, faces: $f) { resolved } }"
REPORT = """query($c: UUID!, $f: UUID, $h: UUID) { phaseReport(campaignId: $c, phase: 1, factionId: $f, houseId: $h) {
  initiative rolls { expression faces modifiers { source value } base total purpose rule actor } } }"""
STATE = """query($c: UUID!) { campaign(id: $c) { phase phaseStatus regions { id q r } }
  factions(campaignId: $c) { name force cunning wealth hp maxHp facgold xp
    goal { key target progress { name value } baseline { name value } adoptedTurn }
    assets { typeKey hp regionId stealthed } }
  houses(campaignId: $c) { name rank gold availableInfluence availablePower destroyed
    pendingActions { action actor resolved } } }"""


def table_campaign(server: ConsoleServer, name: str) -> tuple[str, str]:
    """The demo preset on one dice seed, with the GM's Iron Pact founded in The Capital and phase 1 open."""
    made = server.gql(
        CREATE,
        None,
        input={
            "name": name,
            "ruleSystems": ["FACTION_TURN", "GAME_OF_BONES"],
            "preset": "DEMO",
            "diceSeed": "a month at the table",
        },
    )["createCampaign"]
    campaign, token = made["id"], made["gmToken"]  # type: ignore[index]
    regions = server.gql(REGIONS, token, c=campaign)["campaign"]["regions"]  # type: ignore[index]
    capital = next(r["id"] for r in regions if r["name"] == "The Capital")  # type: ignore[index]
    assets = [{"typeKey": key, "regionId": capital} for key in ("guardsmen", "militia_unit", "mob")]
    pact = {"name": PACT, "force": 4, "cunning": 3, "wealth": 2, "homeRegionId": capital, "xp": 6, "assets": assets}
    server.gql(FOUND, token, c=campaign, input=pact)
    server.gql(OPEN, token, c=campaign)
    return str(campaign), str(token)


def names_of(server: ConsoleServer, campaign: str, token: str) -> dict[str, str]:
    """Every id of the campaign's members, assets and regions, by a name that is the same in its twin."""
    found: dict[str, Any] = server.gql(NAMES, token, c=campaign)
    named = {f["id"]: f["name"] for f in found["factions"]} | {h["id"]: h["name"] for h in found["houses"]}
    for faction in found["factions"]:
        keys = [a["typeKey"] for a in faction["assets"]]
        named |= {
            a["id"]: f"{faction['name']}/{a['typeKey']}" for a in faction["assets"] if keys.count(a["typeKey"]) == 1
        }
    return named | {r["id"]: f"hex {r['q']},{r['r']}" for r in found["campaign"]["regions"]}


def translated(value: Any, ids: dict[str, str]) -> Any:
    """`value` with every id found in `ids` replaced by what it maps to."""
    if isinstance(value, dict):
        return {k: translated(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [translated(v, ids) for v in value]
    return ids.get(value, value) if isinstance(value, str) else value


def member_id(server: ConsoleServer, campaign: str, token: str, name: str) -> str:
    return next(i for i, n in names_of(server, campaign, token).items() if n == name)


def player(server: ConsoleServer, campaign: str, token: str, name: str, kind: str) -> str:
    seat = {"role": "PLAYER", "name": f"{name}'s player", kind: member_id(server, campaign, token, name)}
    return str(server.gql(SEAT, token, c=campaign, input=seat)["createSeat"]["token"])  # type: ignore[index]


def costly_house_order(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The Guild's first allowed order spending over half of its gold, free influence or free power."""
    found: dict[str, Any] = server.gql(PREVIEW, token, c=campaign, h=member_id(server, campaign, token, GUILD))
    held = found["house"]
    return next(
        o
        for o in found["housePreview"]
        if o["allowed"]
        and (
            o["gold"] * 2 > held["gold"]
            or o["dedicatedInfluence"] * 2 > held["availableInfluence"]
            or o["dedicatedPower"] * 2 > held["availablePower"]
        )
    )


def faces_for(roll: int, count: int, sides: int) -> list[int]:
    """The faces the table reads off for roll `roll` (from 1): fixed, and varied across rolls and dice."""
    return [(roll * 7 + die * 3) % sides + 1 for die in range(count)]


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


def the_twins_month(server: ConsoleServer, twin: str, token: str, entered: list[tuple[str, list[int]]]) -> None:
    """The same faces through the API, each roll asked checked against the console's."""
    server.gql(SET_TABLE, token, c=twin)
    for number, (asked, faces) in enumerate(entered, start=1):
        step: dict[str, Any] = server.gql(STEP, token, c=twin)["tableDiceStep"]  # type: ignore[assignment]
        roll = step["next"]
        assert roll is not None, f"the API asks no roll {number}; the console asked {asked!r}"
        assert asked.startswith(f"Roll {number}: {roll['roller']} rolls "), (asked, roll)
        assert f"for {roll['purpose']}" in asked and f"({roll['rule']})" in asked, (asked, roll)
        resolved = server.gql(ENTER, token, c=twin, f=faces)["enterTableDice"]["resolved"]  # type: ignore[index]
        assert resolved == (number == len(entered)), f"roll {number} of {len(entered)}: resolved {resolved}"


def standing(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The campaign as it stands, ids put in names."""
    state: dict[str, Any] = server.gql(STATE, token, c=campaign)
    for faction in state["factions"]:  # in the order the API lists them, which is by id
        faction["assets"].sort(key=lambda a: (a["typeKey"], a["regionId"], a["hp"]))
    return translated(state, names_of(server, campaign, token))


def month_of(server: ConsoleServer, campaign: str, token: str) -> dict[str, Any]:
    """The month: the campaign as it stands, and the phase reports (their rolls) of those who acted or were struck."""
    ids = names_of(server, campaign, token)
    reports = {
        name: server.gql(REPORT, token, c=campaign, **{kind: member_id(server, campaign, token, name)})
        for name, kind in ((PACT, "f"), (REMNANTS, "f"), (GUILD, "h"))
    }
    return {**standing(server, campaign, token), "reports": translated(reports, ids)}


def the_wild(month: dict[str, Any]) -> dict[str, Any]:
    """The Wild, taken out of the month: the preset places and sizes its terrain with randomness of its own, which the
    dice seed does not fix, so each campaign's Wild is compared with itself before the month."""
    (wild,) = [f for f in month["factions"] if f["name"] == "The Wild"]
    month["factions"].remove(wild)
    return dict(wild)


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
