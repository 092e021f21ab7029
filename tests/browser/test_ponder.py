"""Pondering in real headless Chromium: the top level searches in the page's worker while the player thinks
(`<html data-ponder>`), its think starts from that search (`data-ponder-kept`), a hidden tab pauses it, and undo,
leaving for the start screen and a new game end it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .helpers import THINKER, WORKER_START_MS, YOUR_TURN, boot, logged_moves, play_one_move

browser = pytest.mark.browser

PONDER = "document.documentElement.dataset.ponder"
WATCH = """() => {
  window.__ponder = [];
  new MutationObserver(() => window.__ponder.push(document.documentElement.dataset.ponder))
    .observe(document.documentElement, { attributes: true, attributeFilter: ["data-ponder"] });
}"""
HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def since(page: Any, mark: int) -> list[str]:
    """The data-ponder states seen since the mark (an index into what the observer recorded)."""
    return list(page.evaluate("window.__ponder"))[mark:]


@browser
def test_the_computer_ponders_while_the_player_thinks(page: Any, page_log: Any, base_url: str,
                                                       wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=maharaja&seed=3", wait_settled)
    page.evaluate(HIDE, False)   # the test pages say they are hidden (conftest.HIDDEN): this one is in sight
    page.evaluate(WATCH)
    page.wait_for_function(f"{THINKER} === 'worker'", timeout=WORKER_START_MS)
    page.wait_for_function(YOUR_TURN)
    page.wait_for_function(f"{PONDER} === 'on'", timeout=30_000)   # the player's first turn, pondered

    # the computer's think starts from what it pondered: it reports the pondered visits it found
    play_one_move(page)
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    kept, pondered = (int(x) for x in page.get_attribute("html", "data-ponder-kept").split("/"))
    assert pondered > 0 and 0 <= kept <= pondered
    assert int(page.get_attribute("html", "data-worker-heap")) > 0
    page.wait_for_function(f"{PONDER} === 'on'", timeout=30_000)   # and the player's next turn is pondered

    # a hidden tab pauses it; shown again, it goes on
    page.evaluate(HIDE, True)
    page.wait_for_function(f"{PONDER} === 'paused'", timeout=10_000)
    page.evaluate(HIDE, False)
    page.wait_for_function(f"{PONDER} === 'on'", timeout=10_000)

    # undo ends the turn's pondering, and the undone turn is pondered afresh
    mark = len(page.evaluate("window.__ponder"))
    page.click("button[data-action=undo]")
    page.wait_for_function(f"window.__ponder.length > {mark} && {PONDER} === 'on'", timeout=30_000)
    assert since(page, mark)[:2] == ["off", "on"] and logged_moves(page) == []

    # leaving for the start screen ends it; a new game ponders its own first turn
    mark = len(page.evaluate("window.__ponder"))
    page.click("button[data-action=menu]")
    if page.locator("button[data-action=leave]").count():
        page.click("button[data-action=leave]")
    page.wait_for_selector("[data-screen=start]")
    assert page.evaluate(PONDER) == "off" and since(page, mark) == ["off"]
    page.click("button[data-action=start]")
    page.wait_for_selector("main.table")
    if page.get_attribute("main.table", "data-turn") == "you":
        page.wait_for_function(f"{PONDER} === 'on'", timeout=30_000)
    page_log.assert_clean()
