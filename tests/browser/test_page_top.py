"""Pages open at the top, in real headless Chromium, on a phone (360x740) and a laptop with a browser's toolbars
(1366x657), in English and Persian: the start screen with its New game button focused (without scrolling to
it), a puzzle with the caption that says what to solve in view — opened by its address, from the collection's
list on the start screen, and by Next under it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .helpers import boot

browser = pytest.mark.browser

SIZES = [(360, 740), (1366, 657)]
PUZZLE = "finish-2-03"
AT_TOP = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(scrollY))))"
"""The page's scroll position once what was drawn has been laid out and painted."""


def caption_in_view(page: Any) -> bool:
    """The puzzle's task (its caption) lies wholly inside the window."""
    box = page.eval_on_selector("[data-puzzle-task]", "e => { const r = e.getBoundingClientRect(); "
                                "return [r.top, r.bottom, innerHeight]; }")
    return bool(box[0] >= 0 and box[1] <= box[2])


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_start_screen_opens_at_the_top_with_new_game_focused(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str], size: tuple[int, int],
        lang: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url + f"index.html?lang={lang}", wait_settled)
    assert page.get_attribute(".jaipur", "data-screen") == "start"
    assert page.evaluate(AT_TOP) == 0
    assert page.evaluate("document.activeElement.dataset.action") == "start"    # Enter starts a game
    assert page.eval_on_selector("main.start h1", "e => e.getBoundingClientRect().top") >= 0   # the title shows
    page_log.assert_clean()


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_puzzle_opens_at_the_top_with_its_caption_in_view(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str], size: tuple[int, int],
        lang: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url + f"index.html?lang={lang}&puzzle={PUZZLE}", wait_settled)
    assert page.get_attribute("main.table", "data-view") == "puzzle"
    assert page.evaluate(AT_TOP) == 0 and caption_in_view(page)
    # from the start screen's list, reached by scrolling down to it as a player does
    boot(page, base_url + f"index.html?lang={lang}", wait_settled)
    page.click("[data-collection] summary")
    page.click(f"button[data-action=open-puzzle][data-value='{PUZZLE}']")
    page.wait_for_selector("main.table[data-view=puzzle]")
    assert page.evaluate(AT_TOP) == 0 and caption_in_view(page)
    # Next, under the puzzle (the page scrolled down to it), opens the next one at the top too
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    page.click("button[data-action=puzzle-next]")
    page.wait_for_selector(f"[data-collection-nav]:not([data-collection-nav='{PUZZLE}'])")
    assert page.evaluate(AT_TOP) == 0 and caption_in_view(page)
    page_log.assert_clean()
