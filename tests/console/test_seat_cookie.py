"""A seat's token is out of the page's reach after sign-in (issue 25, item 6): the browser holds it in an HttpOnly
cookie that the console's requests and subscriptions carry, and no script of the page can read it back; the console
and GraphiQL work under their Content-Security-Policy (the `seats` fixture fails on anything it refused)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.console.browser import Seat, open_seat
from tests.console.server import ConsoleServer
from tests.console.table import demo_table, sign_in, visit

READABLE = """() => JSON.stringify({
  local: Object.entries(localStorage), session: Object.entries(sessionStorage), cookie: document.cookie,
})"""


def test_after_sign_in_no_script_of_the_page_can_read_the_token(
    browser: Browser, server: ConsoleServer, seats: list[Seat]
) -> None:
    table = demo_table(server)
    gm = open_seat(browser, server.origin)
    seats.append(gm)
    sign_in(gm, table.gm_token)
    page = gm.page
    expect(page.get_by_test_id("seat")).to_contain_text("GM")
    for path, label in (("standings", "Standings"), ("charts", "Charts"), ("seats", "Seats")):
        visit(page, table.campaign_id, path, label)  # the screens read the seat's answers through the cookie
    expect(page.get_by_role("table").first).to_be_visible()
    readable = page.evaluate(READABLE)
    assert table.gm_token not in readable, readable
    assert table.gm_token[4:] not in readable  # nor any form of it without the prefix
    (cookie,) = [c for c in gm.context.cookies() if c["value"] == table.gm_token]
    assert cookie["name"] == f"__Host-intrigue-seat-{table.campaign_id}"
    assert cookie["httpOnly"] and cookie["secure"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/"

    page.goto(server.origin + "/")  # a fresh page load: the seat is still held, from the cookie alone
    expect(page.get_by_role("cell", name="GM (GM)")).to_be_visible()
    page.get_by_role("link", name="The Shattered Empire").click()
    expect(page.get_by_test_id("seat")).to_contain_text("GM")
    page.get_by_role("link", name="Sign out").click()
    expect(page.get_by_role("heading", name="Campaigns")).to_be_visible()
    assert [c for c in gm.context.cookies() if c["value"] == table.gm_token] == []
    page.goto(f"{server.origin}/campaigns/{table.campaign_id}/map")
    expect(page.get_by_role("alert")).to_contain_text("This browser holds no seat for this campaign")


def test_graphiql_works_under_its_policy(browser: Browser, server: ConsoleServer, seats: list[Seat]) -> None:
    visitor = open_seat(browser, server.origin)
    seats.append(visitor)
    page = visitor.page
    page.goto(server.origin + "/graphql")
    expect(page.locator(".graphiql-editors")).to_be_visible()  # rendered by its script, from a file
    page.get_by_role("button", name="Execute query").click()
    expect(page.locator(".result-window")).to_contain_text("totalCount")
    assert page.evaluate("() => localStorage.getItem('graphiql:headers')") in (None, "", "null")
