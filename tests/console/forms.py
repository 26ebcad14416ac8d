"""Driving the console's order forms as a player does: choose, read the server's verdict shown before
submitting, submit (web/src/features/orders: the forms' labels and test ids are their stable names)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Locator, Page

REFUSED = "would refuse"  # the verdict's words when the preview says the check would refuse (Verdict.tsx)


@dataclass(frozen=True)
class Chosen:
    """What a form holds now: each select's shown option, and the verdict."""

    picks: tuple[tuple[str, str], ...]
    verdict: str

    def says(self) -> str:
        return ", ".join(f"{label}: {shown}" for label, shown in self.picks)


def values_of(select: Locator) -> list[str]:
    """The values a player can pick (a disabled prompt, such as "Choose an action…", is not one)."""
    values: list[str] = select.locator("option").evaluate_all("os => os.filter(o => !o.disabled).map(o => o.value)")
    return values


def shown(select: Locator) -> str:
    text: str = select.evaluate("s => s.options[s.selectedIndex]?.text ?? ''")
    return text


def _search(form: Locator, verdict_id: str, labels: list[str], refused: bool) -> Chosen | None:
    """Try every value of each select in turn (depth first) until the verdict is as wanted."""
    verdict = form.get_by_test_id(verdict_id)
    if not labels:
        if verdict.count() == 0:
            return None
        text = verdict.inner_text()
        return Chosen((), text) if (REFUSED in text) == refused else None
    select = form.get_by_label(labels[0], exact=True)
    if select.count() == 0:
        return _search(form, verdict_id, labels[1:], refused)
    for value in values_of(select)[:12]:
        select.select_option(value)
        found = _search(form, verdict_id, labels[1:], refused)
        if found:
            return Chosen(((labels[0], shown(select)), *found.picks), found.verdict)
    return None


def choose_faction_order(page: Page, refused: bool, kinds: tuple[str, ...] = ("Buy Asset",)) -> Chosen:
    """In the faction form, an action whose verdict refuses it (refused) or accepts it."""
    form = page.get_by_test_id("faction-order-form")
    action = form.get_by_label("Action", exact=True)
    present = action.locator("option").all_inner_texts()
    others = [k for k in present if k not in kinds and k != "No action this turn"]
    for kind in [k for k in kinds if k in present] + others:
        action.select_option(label=kind)
        found = _search(
            form, "faction-verdict", ["Asset type", "Asset", "Region", "Target faction", "Target asset"], refused
        )
        if found:
            return Chosen((("Action", kind), *found.picks), found.verdict)
    raise AssertionError(f"no faction order is {'refused' if refused else 'accepted'} by the preview")


def choose_house_order(page: Page, refused: bool, avoid: str = "") -> Chosen:
    """In the house form, an action (not `avoid`) with a target whose verdict is as wanted."""
    form = page.get_by_test_id("house-order-form")
    action = form.get_by_label("House action", exact=True)
    for value in values_of(action):
        action.select_option(value)
        if shown(action) == avoid:
            continue
        found = _search(form, "house-verdict", ["Target"], refused)
        if found:
            return Chosen((("House action", shown(action)), *found.picks), found.verdict)
    raise AssertionError(f"no house order is {'refused' if refused else 'accepted'} by the preview")


def order_house_action(form: Locator, button: str = "Order the house action") -> bool:
    """Click the house form's order button, saying yes if it asks first (a spend of over half a resource)."""
    form.get_by_role("button", name=button).click()
    asked = form.get_by_test_id("house-confirm").count() > 0  # set in the submit handler, before click returns
    if asked:
        form.get_by_role("button", name="Yes, spend it").click()
    return asked


def select_picks(page: Page, form_id: str, chosen: Chosen) -> None:
    """Put a form back to choices found earlier (each select by the option it showed)."""
    form = page.get_by_test_id(form_id)
    for label, text in chosen.picks:
        form.get_by_label(label, exact=True).select_option(label=text)
