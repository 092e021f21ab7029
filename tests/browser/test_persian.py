"""The Persian table in real headless Chromium: right to left, and no English left behind — on the start
screen (with statistics), in the rules and keys dialogs, on the table, and in the match result."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from jaipur.web.links import make_link

browser = pytest.mark.browser
# One sale (four leather) empties the third goods pile and ends this single-round match (R21).
LAST_SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12,
             "goods": {"D": [], "G": [], "L": [1]}, "mode": "single-round"}
PROFILE = {"lang": "fa", "stats": {"trader": {"won": 2, "lost": 1, "drawn": 0}}}
# Text a player reads or hears (visible text, and the names given to assistive technology) that still has
# Latin letters or ASCII digits. The language switch (lang="en"), key caps (<kbd>) and key names in the keys
# dialog are meant as they are.
LEFT_IN_ENGLISH = r"""() => {
  const latin = /[A-Za-z0-9]/;
  const KEY_NAMES = /\b(Shift|Tab|Esc|Enter|Space|Home|End|Backspace|Delete|[A-Z])\b/g;
  const out = [];
  const skip = (el) => el.closest('[lang=en], kbd, [aria-hidden=true], [hidden]');
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip(el) || !el.getClientRects().length) continue;
    // the keys dialog names keys as they are printed on the keyboard (Tab, Esc, T …)
    const text = el.closest('[data-dialog=keys]') ? node.data.replace(KEY_NAMES, '') : node.data;
    if (latin.test(text)) out.push(node.data.trim());
  }
  for (const el of document.querySelectorAll('#app [aria-label], #app [title], #app [placeholder]')) {
    if (skip(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && latin.test(value)) out.push(`${name}=${value}`);
    }
  }
  return out;
}"""


def assert_persian(page: Any) -> None:
    """The page is right to left and nothing in it is left in English."""
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["fa", "rtl"]
    assert page.evaluate(LEFT_IN_ENGLISH) == []


@browser
def test_the_persian_pages_are_right_to_left_with_no_english_left(page: Any, page_log: Any, base_url: str,
                                                                  wait_settled: Callable[..., str]) -> None:
    page.goto(base_url + "bench/bare.html")            # same origin: a Persian player who finished matches
    page.evaluate(f"localStorage.setItem('jaipur.profile.v1', {json.dumps(json.dumps(PROFILE))})")
    page.goto(base_url)
    assert wait_settled(page) == "ready"
    page.wait_for_selector("[data-stats]")
    assert_persian(page)
    assert "۲" in page.inner_text("[data-stats]")
    page.click("button[data-action=rules]")
    page.wait_for_selector("[data-dialog=rules]")
    assert_persian(page)
    page.keyboard.press("Escape")

    page.goto(make_link(base_url + "index.html", LAST_SALE, opponent="novice"))
    assert wait_settled(page) == "ready"
    page.wait_for_selector("main.table[data-turn=you]")
    assert_persian(page)
    page.click("button[data-action=keys]")
    page.wait_for_selector("[data-dialog=keys]")
    assert_persian(page)
    page.keyboard.press("Escape")
    for i, letter in enumerate(page.eval_on_selector_all("[data-zone=hand] button[data-card]",
                                                         "els => els.map(e => e.dataset.card)")):
        if letter == "L":
            page.locator("[data-zone=hand] button[data-card]").nth(i).click()
    page.click("button[data-action=sell]")
    page.wait_for_selector("[data-match-result]")
    assert_persian(page)
    assert page_log.console_errors == []
