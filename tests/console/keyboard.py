"""Keyboard-only use of the console: Tab to a control (its focus visible), type, choose with the arrow keys,
press Enter or Space. No click, no fill, no select_option."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

TAB_LIMIT = 200  # Tab presses before giving up: more than any screen has controls


def is_focused(target: Locator) -> bool:
    return bool(target.evaluate("el => el === document.activeElement"))


def tab_to(page: Page, target: Locator) -> None:
    """Press Tab until `target` has the focus; it must show it (:focus-visible), as a keyboard user sees it."""
    for _ in range(TAB_LIMIT):
        if is_focused(target):
            assert target.evaluate("el => el.matches(':focus-visible')"), "the focus is not visible"
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def shown(select: Locator) -> str:
    text: str = select.evaluate("s => s.options[s.selectedIndex]?.text ?? ''")
    return text


def arrow_to(page: Page, select: Locator, wanted: str) -> None:
    """On a focused select, ArrowDown (then ArrowUp) until it shows `wanted`."""
    for key in ("ArrowDown", "ArrowUp"):
        for _ in range(select.locator("option").count() + 1):
            if shown(select) == wanted:
                return
            page.keyboard.press(key)
    raise AssertionError(f"the arrow keys never showed {wanted!r} (at {shown(select)!r})")


def arrow_until(page: Page, select: Locator, done: Locator, words: str, refused: bool = False) -> bool:
    """On a focused select, ArrowDown through its options until `done` says (or, refused, stops saying) `words`."""
    for _ in range(select.locator("option").count()):
        if done.count() and (words in done.inner_text()) != refused:
            return True
        page.keyboard.press("ArrowDown")
    return bool(done.count()) and (words in done.inner_text()) != refused


def type_into(page: Page, field: Locator, text: str) -> None:
    tab_to(page, field)
    page.keyboard.type(text)
