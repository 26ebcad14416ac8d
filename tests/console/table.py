"""The table's setup for the cross-screen tests: the GM's API calls, seats, sign-in in a browser, every screen.

The browser does what a person does (tests/console/test_table_scenario.py); what only prepares a scene (a
stealthed asset to hide, a plot to keep secret) goes through the public GraphQL API as the GM, as any client could.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Error, Page, expect

from tests.console.browser import IN_FLIGHT, WAIT_LIMIT_MS, Seat
from tests.console.server import ConsoleServer

# The campaign's screens, as the frame's navigation names them (web/src/app/CampaignLayout.tsx): path, link.
SCREENS: tuple[tuple[str, str], ...] = (
    ("map", "Map"),
    ("standings", "Standings"),
    ("orders", "Orders"),
    ("phase", "Phase"),
    ("charts", "Charts"),
    ("chronicle", "Chronicle"),
)
_DEMO_TOKEN = re.compile(r"Demo campaign ([0-9a-f-]{36}): GM token[^\n]*\n\s+(\S+)")

MEMBERS = """query Members($campaignId: UUID!) {
  factions(campaignId: $campaignId) { id name facgold homeRegionId assets { id typeKey stealthed regionId } }
  houses(campaignId: $campaignId) { id name leader { name } lieutenants { name }
    pendingActions { id action actor targetHouseId resolved } }
}"""
CREATE_SEAT = """mutation Seat($campaignId: UUID!, $input: SeatInput!) {
  createSeat(campaignId: $campaignId, input: $input) { token seat { id name role } }
}"""
OPEN_PHASE = "mutation Open($campaignId: UUID!) { openPhase(campaignId: $campaignId) { phase phaseStatus } }"
CAMPAIGN = "query Campaign($id: UUID!) { campaign(id: $id) { id name phase phaseStatus } }"


@dataclass
class Table:
    """One campaign as its GM reaches it over the public API."""

    server: ConsoleServer
    campaign_id: str
    gm_token: str

    def gm(self, query: str, **variables: object) -> dict[str, Any]:
        return self.server.gql(query, self.gm_token, campaignId=self.campaign_id, **variables)

    def members(self) -> dict[str, Any]:
        return self.gm(MEMBERS)

    def faction(self, name: str) -> dict[str, Any]:
        return next(f for f in self.members()["factions"] if f["name"] == name)

    def house(self, name: str) -> dict[str, Any]:
        return next(h for h in self.members()["houses"] if h["name"] == name)

    def seat(self, name: str, *, faction: str | None = None, house: str | None = None) -> str:
        """A player's seat for a faction or a house of this campaign; its token (answered once)."""
        bound: dict[str, object] = {"role": "PLAYER", "name": name}
        if faction:
            bound["factionId"] = self.faction(faction)["id"]
        if house:
            bound["houseId"] = self.house(house)["id"]
        issued = self.gm(CREATE_SEAT, input=bound)["createSeat"]
        token: str = issued["token"]
        return token

    def open_phase(self) -> int:
        phase: int = self.gm(OPEN_PHASE)["openPhase"]["phase"]
        return phase

    def campaign(self) -> dict[str, Any]:
        found: dict[str, Any] = self.server.gql(CAMPAIGN, self.gm_token, id=self.campaign_id)["campaign"]
        return found


def demo_table(server: ConsoleServer) -> Table:
    """The demo campaign `intrigue serve --demo` seeded, with the GM token it printed once on its stdout."""
    found = _DEMO_TOKEN.search(server.output())
    assert found, "the server printed no demo GM token"
    return Table(server, found.group(1), found.group(2))


def sign_in(seat: Seat, token: str) -> None:
    """Sign in through the console's form, from the keyboard, and land in the seat's campaign."""
    page = seat.page
    page.goto(seat.origin + "/sign-in")
    field = page.get_by_label("Seat token (GM, player or observer)")
    field.fill(token)
    field.press("Enter")
    expect(page.get_by_test_id("seat")).to_be_visible()
    assert "/campaigns/" in page.url


def visit(page: Page, campaign_id: str, path: str, label: str) -> None:
    """Go to one screen through the frame's navigation (no reload), and wait for its heading."""
    if f"/campaigns/{campaign_id}/" not in page.url:
        page.goto(f"{page.url.split('/campaigns/')[0]}/campaigns/{campaign_id}/{path}")
    else:
        page.get_by_role("navigation", name="Campaign").get_by_role("link", name=label, exact=True).click()
    expect(page).to_have_url(re.compile(f"/campaigns/{campaign_id}/{path}"))
    expect(page.get_by_role("heading", level=2).first).to_be_visible()
    settle(page)


# Resolves after two animation frames, and says whether a "Loading …" line is shown: a render that a last answer
# started (and any request it sends) has run by then, and the round trip delivers the request events sent before it.
TWO_FRAMES = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => done(document.querySelector(".loading") !== null))))"""


def settle(page: Page) -> None:
    """Wait until the screen has read what it asked for: no request in flight and no "Loading …" line left, at two
    checks in a row, two animation frames apart (a state, not `networkidle`'s 500 ms of silence)."""
    limit, calm = time.monotonic() + WAIT_LIMIT_MS / 1000, 0
    while calm < 2:
        assert time.monotonic() < limit, f"never settled: in flight {[r.url for r in IN_FLIGHT[page]]}"
        try:
            loading = page.evaluate(TWO_FRAMES)
        except Error as error:  # a navigation replaced the document mid-check: check the new one
            if "context was destroyed" not in str(error):
                raise
            loading = True
        calm = calm + 1 if not loading and not IN_FLIGHT[page] else 0


def screens_of(page: Page) -> list[tuple[str, str]]:
    """Every screen the frame's navigation offers this seat (path, link name), whatever features are merged."""
    nav = page.get_by_role("navigation", name="Campaign")
    expect(nav).to_be_visible()
    found: list[tuple[str, str]] = []
    for link in nav.get_by_role("link").all():
        href = link.get_attribute("href") or ""
        name = link.inner_text().strip()
        if "/campaigns/" in href and name:
            found.append((href.rstrip("/").rsplit("/", 1)[-1], name))
    return found


SUBMIT_FACTION = """mutation Submit($campaignId: UUID!, $factionId: UUID!, $orders: FactionOrdersInput!) {
  submitFactionOrders(campaignId: $campaignId, factionId: $factionId, orders: $orders) { id }
}"""
HOUSE_OPTIONS = """query Options($campaignId: UUID!, $houseId: UUID!) {
  housePreview(campaignId: $campaignId, houseId: $houseId) {
    action actor targetHouseId targetCharacter areaIds power toAreaId coveredActionId allowed
  }
}"""
ORDER_HOUSE = """mutation Order($campaignId: UUID!, $houseId: UUID!, $order: HouseOrderInput!) {
  orderHouseAction(campaignId: $campaignId, houseId: $houseId, order: $order) { id }
}"""
PUBLISH = "mutation Publish($campaignId: UUID!) { publishChronicle(campaignId: $campaignId, phase: 1) { lines } }"
RESOLVE = "mutation Resolve($campaignId: UUID!) { resolvePhase(campaignId: $campaignId) { phase phaseStatus } }"


def allowed_house_order(table: Table, house: str, token: str | None = None) -> dict[str, Any]:
    """The first order the house's preview allows now, as an order input."""
    house_id = table.house(house)["id"]
    options = table.server.gql(HOUSE_OPTIONS, token or table.gm_token, campaignId=table.campaign_id, houseId=house_id)[
        "housePreview"
    ]
    option = next(o for o in options if o["allowed"])
    keys = ("action", "actor", "targetHouseId", "targetCharacter", "areaIds", "power", "toAreaId", "coveredActionId")
    return {k: option[k] for k in keys}


def play_a_phase(table: Table, faction: str, house: str) -> None:
    """A phase played over the API (the faction narrates, the house acts), resolved, its gossip published; the
    next one opened."""
    if table.campaign()["phaseStatus"] != "OPEN":
        table.open_phase()
    orders = {"narrative": f"{faction} keeps its counsel"}
    table.gm(SUBMIT_FACTION, factionId=table.faction(faction)["id"], orders=orders)
    table.gm(ORDER_HOUSE, houseId=table.house(house)["id"], order=allowed_house_order(table, house))
    table.gm(RESOLVE)
    assert table.gm(PUBLISH)["publishChronicle"], "the resolution drafted no gossip to publish"
    table.open_phase()
