"""The computer thinks in a PyScript worker (jaipur/web/worker/worker_thinker.py) in real headless Chromium, served
without COOP/COEP headers: several computer moves with the worker in use, undo during a think, and a page
whose worker cannot start (its script blocked) that still plays on its own thread."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import jaipur

from .helpers import (
    THINKER,
    TURN_OR_DIALOG,
    WORKER_START_MS,
    YOUR_TURN,
    boot,
    boot_without_worker,
    logged_moves,
    play_one_move,
)

browser = pytest.mark.browser


@browser
def test_the_computer_thinks_in_the_worker(page: Any, page_log: Any, base_url: str,
                                           wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=maharaja&seed=3&seat=1", wait_settled)
    assert page.evaluate(THINKER) in ("page", "worker")  # the page thinks on its own thread until the worker is up
    page.wait_for_function(f"{THINKER} === 'worker'", timeout=WORKER_START_MS)
    played = 0
    while played < 4:
        page.wait_for_function(TURN_OR_DIALOG, timeout=30_000)
        if page.locator("[data-round-result], [data-match-result]").count():
            break
        play_one_move(page)
        played += 1
    page.wait_for_function(TURN_OR_DIALOG, timeout=30_000)
    moves = logged_moves(page)
    assert len(moves) >= 2 * played and all(jaipur.format_move(m) == m for m in moves)
    assert page.evaluate(THINKER) == "worker"  # no think fell back to the page's thread
    page_log.assert_clean()


@browser
def test_undo_during_a_worker_think_cancels_it(page: Any, page_log: Any, base_url: str,
                                               wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=maharaja&seed=3", wait_settled)
    page.wait_for_function(f"{THINKER} === 'worker'", timeout=WORKER_START_MS)
    page.wait_for_function(YOUR_TURN)
    assert logged_moves(page) == []
    page.evaluate("""() => { document.querySelector('button[data-action=camels]').click();
                             document.querySelector('button[data-action=undo]').click(); }""")
    assert logged_moves(page) == [] and page.get_attribute("main.table", "data-turn") == "you"
    # the cancelled answer reaches the page before the next one (the worker answers in order) and is dropped
    play_one_move(page)
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    assert len(logged_moves(page)) == 2
    assert page.evaluate(THINKER) == "worker"
    page_log.assert_clean()


@browser
def test_a_page_whose_worker_cannot_start_thinks_on_its_own_thread(page: Any, page_log: Any, base_url: str,
                                                                    wait_settled: Callable[..., str]) -> None:
    boot_without_worker(page, base_url + "index.html?opponent=maharaja&seed=3", wait_settled)
    for _ in range(3):
        page.wait_for_function(TURN_OR_DIALOG, timeout=30_000)
        play_one_move(page)
    page.wait_for_function(TURN_OR_DIALOG, timeout=30_000)
    assert len(logged_moves(page)) == 6
    assert page.evaluate(THINKER) == "page"
    # the blocked request is the only failure: Chromium's own line about it, no uncaught error, no alert
    assert all("ai_worker.py" in f for f in page_log.failed) and page_log.failed
    assert all(e.startswith("Failed to load resource") for e in page_log.console_errors)
    assert page.locator("[role=alert]:visible").count() == 0
    assert page.get_attribute("html", "data-jaipur") == "ready"
