"""Undo reveals nothing new, in real headless Chromium: against the computer, take a card, see the refill and the
reply, undo — twenty times over — and the refill is not always the same card (the deck and the computer's unseen
cards are dealt afresh at each undo); the table then says the match is practice."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from .helpers import YOUR_TURN, boot, shown

browser = pytest.mark.browser

TAKE_AND_LOOK = """() => {
  document.querySelector('[data-zone=market] button[data-card=L]').click();
  document.querySelector('button[data-action=take]').click();       // drawn at once, before the computer thinks
  return [...document.querySelectorAll('[data-zone=market] [data-card]')].map((e) => e.dataset.card).join('');
}"""
"""Take the leather from the market and read the market right after the take (the refill is in it)."""


@browser
def test_undo_and_the_same_take_twenty_times_does_not_always_bring_the_same_refill(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)   # the player starts; L and P in market
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    start = shown(page, "market")
    hand = shown(page, "hand")
    refills = []
    for _ in range(20):
        assert shown(page, "market") == start and shown(page, "hand") == hand   # the table as the player saw it
        after = page.evaluate(TAKE_AND_LOOK)
        came = Counter(after) - (Counter(start) - Counter("L"))
        refills.append("".join(came.elements()))
        page.wait_for_function(YOUR_TURN, timeout=60_000)                      # the computer answered
        page.wait_for_function("!document.querySelector('button[data-action=undo]').disabled")
        page.click("button[data-action=undo]")
        page.wait_for_function(f"[...document.querySelectorAll('[data-zone=market] [data-card]')]"
                               f".map((e) => e.dataset.card).join('') === {start!r}")
    print("refills after TL:", refills)
    assert all(len(r) == 1 for r in refills)
    assert len(set(refills)) > 1
    assert page.locator("header .badge.practice").count() == 1
    assert "counts as practice" in page.inner_text("[data-notices]")
    page_log.assert_clean()
