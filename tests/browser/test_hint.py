"""The hint button in real Chromium: the top bot's suggestion is thought in the page's worker (or on the page's
thread when the worker cannot start), the button says it is busy meanwhile, and the page's own signal
(`main.table[data-hint-state=ready]`) comes with a legal move highlighted and its reason, in English and Persian;
a move played while it thinks drops it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import jaipur

from .helpers import THINKER, WORKER_START_MS, YOUR_TURN, boot, boot_without_worker, enabled, logged_moves

browser = pytest.mark.browser
READY = "document.querySelector('main.table').dataset.hintState === 'ready'"
PRESS = """() => {
  const button = document.querySelector('button[data-action=suggest]');
  button.click();   // the page handles the click and draws before click() returns
  const main = document.querySelector('main.table');
  const now = document.querySelector('button[data-action=suggest]');
  return [main.dataset.hintState || null, now.getAttribute('aria-busy'), now.textContent];
}"""
KINDS = {"T": "take", "X": "exchange", "S": "sell"}


def ask_and_check(page: Any, busy_word: str, where: str) -> tuple[str, str]:
    """Press the hint, see it busy, wait for the page's signal; the move shown (legal, its cards selected) and why."""
    assert page.evaluate(PRESS) == ["thinking", "true", busy_word]
    page.wait_for_function(READY, timeout=30_000)
    move = page.get_attribute("[data-suggestion]", "data-suggestion")
    assert move in jaipur.legal_moves(jaipur.new_match(3))              # seed 3: the player moves first
    assert enabled(page, "camels" if move == "TM" else KINDS[move[0]])  # its cards are selected: its button is on
    assert page.locator("[aria-pressed=true]").count() >= 1
    assert page.get_attribute("button[data-action=suggest]", "aria-busy") is None
    assert page.get_attribute("[data-suggestion]", "data-hint-where") == where
    banner = page.inner_text("[data-suggestion]").strip()
    assert banner
    return move, banner


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_hint_is_thought_in_the_worker_and_highlights_a_legal_move(page: Any, page_log: Any, base_url: str,
                                                                      wait_settled: Callable[..., str],
                                                                      lang: str) -> None:
    boot(page, base_url + f"index.html?opponent=maharaja&seed=3&lang={lang}", wait_settled)
    page.wait_for_function(f"{THINKER} === 'worker'", timeout=WORKER_START_MS)
    page.wait_for_function(YOUR_TURN)
    move, banner = ask_and_check(page, "Thinking…" if lang == "en" else "در حال فکر…", "worker")
    if lang == "fa":
        assert any("\u0600" <= ch <= "\u06ff" for ch in banner)          # the reason is worded in Persian
    else:
        assert banner.startswith("Suggestion:")
    assert page.evaluate(THINKER) == "worker" and logged_moves(page) == []
    page_log.assert_clean()


@browser
def test_a_move_played_while_the_hint_thinks_drops_it(page: Any, page_log: Any, base_url: str,
                                                      wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=maharaja&seed=3", wait_settled)
    page.wait_for_function(f"{THINKER} === 'worker'", timeout=WORKER_START_MS)
    page.wait_for_function(YOUR_TURN)
    assert page.evaluate(PRESS)[0] == "thinking"
    page.click("button[data-action=camels]")
    # the worker answers in order: the dropped suggestion reaches the page before the computer's move
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    assert len(logged_moves(page)) == 2
    assert page.get_attribute("main.table", "data-hint-state") is None and page.locator("[data-suggestion]").count() == 0
    assert page.get_attribute("button[data-action=suggest]", "aria-busy") is None
    page_log.assert_clean()


@browser
def test_without_a_worker_the_hint_is_thought_on_the_pages_thread(page: Any, page_log: Any, base_url: str,
                                                                  wait_settled: Callable[..., str]) -> None:
    boot_without_worker(page, base_url + "index.html?opponent=maharaja&seed=3", wait_settled)
    page.wait_for_function(YOUR_TURN)
    ask_and_check(page, "Thinking…", "page")
    assert page.evaluate(THINKER) == "page"
    assert page.locator("[role=alert]:visible").count() == 0
