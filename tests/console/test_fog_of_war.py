"""Issue 18, Done when: a rival's stealthed asset, FacGold and a house's pending plot carry markers; none reaches a
player's browser (its DOM on every screen, any response, any websocket frame), while its own secrets do.

The secrets are planted as the GM over the public API (tests/console/secrets.py), each checked to be there for
the GM. A player of a faction (the Empresses' Crows) and a player of a house (House Varn) each visit every screen.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, open_seat
from tests.console.secrets import Secrets, plant
from tests.console.server import ConsoleServer
from tests.console.table import Table, demo_table, screens_of, settle, sign_in, visit

PLAYERS = {
    "faction": ("Empresses' Crows", {"faction": "Empresses' Crows"}),
    "house": ("House Varn", {"house": "House Varn"}),
}


@pytest.fixture(scope="module")
def table(server: ConsoleServer) -> Iterator[tuple[Table, Secrets]]:
    table = demo_table(server)
    yield table, plant(table, random.Random(18))


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_player_receives_no_rivals_secret_on_any_screen(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: tuple[Table, Secrets], kind: str
) -> None:
    campaign, secrets = table
    member, bound = PLAYERS[kind]
    player = open_seat(browser, server.origin)
    seats.append(player)
    sign_in(player, campaign.seat(f"{member}'s player", **bound))

    pages: dict[str, str] = {}
    for path, label in screens_of(player.page):
        visit(player.page, campaign.campaign_id, path, label)
        pages[path] = player.page.content()
    assert {"map", "standings", "orders", "phase", "chronicle"} <= set(pages), pages.keys()
    everything = player.received() + "\n".join(pages.values())

    places = [*pages.items(), ("the network", "\n".join(player.bodies))]
    leaked = [f"{m.what} on {where}" for m in secrets.others(member) for where, text in places if m.found_in(text)]
    assert not leaked, f"{member}'s player received others' secrets: {leaked}"

    # Not vacuous: the player's browser did get its own secrets, and its own number is shown on a screen.
    own = [m for m in secrets.kept[member] if not m.what.endswith("reason")]  # the GM's words stay the GM's
    missing = [m.what for m in own if not m.found_in(everything)]
    assert not missing, f"{member}'s player never received its own: {missing}"
    shown = [m.what for m in own if m.number and any(m.found_in(player_text(t)) for t in pages.values())]
    assert shown, f"{member}'s player is not shown its own hidden number on any screen"


def player_text(html: str) -> str:
    """A page's visible words, not its markup (a number in an attribute is not shown)."""
    return re.sub(r"<[^>]+>", " ", html)


def test_the_gm_sees_every_secret_the_players_do_not(
    browser: Browser, server: ConsoleServer, seats: list[Seat], table: tuple[Table, Secrets]
) -> None:
    """The control: the same markers do reach the GM's browser, so the player tests look for what is there."""
    campaign, secrets = table
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    sign_in(gm, campaign.gm_token)
    for path, label in screens_of(gm.page):
        visit(gm.page, campaign.campaign_id, path, label)
    visit(gm.page, campaign.campaign_id, "orders", "Orders")
    for house in ("House Droste", "House Varn"):  # the GM orders for any house: its plots are shown
        gm.page.get_by_label("Order for house").select_option(value=campaign.house(house)["id"])
        expect(gm.page.get_by_test_id("house-submitted-row")).to_have_count(1)
        settle(gm.page)
    received = gm.received()
    kept = [m for markers in secrets.kept.values() for m in markers if not m.what.endswith("reason")]
    unseen = [m.what for m in kept if not m.found_in(received)]
    assert not unseen, f"the GM's console never received: {unseen}"
