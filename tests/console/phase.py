"""The phase screen as the GM and the players use it (web/src/features/phase: its buttons' names and test ids)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.console.table import settle, visit


def _on_phase_screen(page: Page, campaign_id: str) -> None:
    if not page.url.rstrip("/").endswith(f"/campaigns/{campaign_id}/phase"):
        visit(page, campaign_id, "phase", "Phase")
    settle(page)


def gm_open_phase(page: Page, campaign_id: str) -> None:
    _on_phase_screen(page, campaign_id)
    page.get_by_role("button", name=re.compile(r"^Open phase \d+$")).click()
    expect(page.get_by_test_id("phase-status")).to_contain_text("open")


def gm_resolve(page: Page, campaign_id: str) -> None:
    _on_phase_screen(page, campaign_id)
    page.get_by_role("button", name=re.compile(r"^Resolve phase \d+$")).click()
    expect(page.get_by_test_id("phase-status")).to_contain_text("resolved")


def gm_roll_back(page: Page, campaign_id: str, phase: int, reason: str) -> Locator:
    """Roll back `phase` with `reason`; the confirmation names what is undone before it is confirmed."""
    _on_phase_screen(page, campaign_id)
    page.get_by_label("Phase to roll back").select_option(str(phase))
    page.get_by_label("Reason for the rollback (kept in the log)").fill(reason)
    page.get_by_role("button", name="Roll back…").click()
    dialog = page.get_by_role("dialog", name=f"Roll back phase {phase}?")
    expect(dialog).to_be_visible()
    undoes = dialog.get_by_test_id("rollback-undoes")
    expect(undoes).to_contain_text(f"Phase {phase} opens again")
    expect(undoes).to_contain_text(reason)
    expect(dialog.get_by_role("list", name="Results undone").get_by_role("listitem").first).to_be_visible()
    dialog.get_by_role("button", name=f"Roll back phase {phase}").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("phase-status")).to_contain_text(f"Phase {phase} · open")
    return undoes


def report_of(page: Page, phase: int) -> Locator:
    """A player's own report of `phase`, as its phase screen shows it (the newest open)."""
    return page.get_by_test_id(f"phase-report-{phase}")


def timeline_branches(page: Page, campaign_id: str, phase: int) -> tuple[Locator, Locator]:
    """The GM's timeline for `phase`: its first resolution (rolled back) and its second (standing)."""
    _on_phase_screen(page, campaign_id)
    first, second = page.get_by_test_id(f"branch-{phase}-1"), page.get_by_test_id(f"branch-{phase}-2")
    expect(first).to_have_attribute("data-rolled-back", "true")
    expect(second).to_have_attribute("data-rolled-back", "false")
    return first, second
