"""Small layout slips, in real Chromium: the editor's cards show their whole names ("Diamond", never "Diamonc"),
a puzzle number never sits alone on a row of the start screen's list, and a goods pile of nine tokens stays on one
row at the widths between a phone and a laptop (an article's embed at 760 px)."""
from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest

from .helpers import boot

browser = pytest.mark.browser

NAMES_CUT = """(margin) => [...document.querySelectorAll('.card .card-name')].filter(n => n.getClientRects().length
  && getComputedStyle(n).display !== 'none').flatMap(n => {
    const range = document.createRange(); range.selectNodeContents(n);
    const text = range.getBoundingClientRect().width, room = n.closest('.card').getBoundingClientRect().width;
    return text > room - margin ? [`${n.textContent} ${text.toFixed(1)} in ${room.toFixed(1)}`] : [];
  })"""


@browser
def test_the_editors_cards_show_their_whole_names(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    for lang in ("en", "fa"):
        boot(page, base_url + f"?edit=1&lang={lang}", wait_settled)
        page.wait_for_selector(".ed-palette .card-name")
        for width, height in ((360, 740), (1366, 768)):
            page.set_viewport_size({"width": width, "height": height})
            assert page.locator(".ed-palette .card-name").count() == 7
            assert page.evaluate(NAMES_CUT, 2) == [], f"{lang} at {width}×{height}: a pixel or more each side"


ROWS = """() => [...document.querySelectorAll('.collection-levels li')].map(li => {
  const rows = {};
  for (const b of li.querySelectorAll('button')) { const t = Math.round(b.getBoundingClientRect().top); rows[t] = (rows[t] || 0) + 1; }
  return Object.values(rows);
})"""
GAP = """() => { const s = document.querySelector('.collection summary'), count = s.querySelector('.collection-count');
  const title = document.createTreeWalker(s, NodeFilter.SHOW_TEXT).nextNode();   // the word Puzzles
  const range = document.createRange(); range.selectNodeContents(title);
  const a = range.getBoundingClientRect(), b = count.getBoundingClientRect();
  return document.querySelector('.jaipur').dir === 'rtl' ? a.left - b.right : b.left - a.right; }"""


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_no_puzzle_number_sits_alone_on_a_row(page: Any, base_url: str, wait_settled: Callable[..., str],
                                              lang: str) -> None:
    boot(page, base_url + f"?lang={lang}", wait_settled)
    page.click("[data-collection] summary")
    page.wait_for_selector(".collection-levels button")
    for width, height in ((1366, 768), (390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        rows = page.evaluate(ROWS)
        assert rows and all(min(level) >= 2 for level in rows), f"at {width}×{height}: buttons per row {rows}"
        assert page.evaluate(GAP) >= 2, f"at {width}×{height}: the count runs into the word Puzzles"


PILES = """() => {
  const out = [], zone = document.querySelector('[data-zone=goods]').getBoundingClientRect();
  for (const pile of document.querySelectorAll('[data-zone=goods] .pile')) {
    const tokens = [...pile.querySelectorAll('.token')].filter(t => getComputedStyle(t).display !== 'none')
      .map(t => t.getBoundingClientRect());
    if (!tokens.length) continue;
    const tops = new Set(tokens.map(t => Math.round(t.top)));
    const left = pile.querySelector('.pile-left');
    const label = left ? left.getBoundingClientRect() : null;
    if (tops.size > 1) out.push(`${pile.dataset.good}: ${tops.size} rows`);
    if (tokens.some(t => t.left < zone.left - 1 || t.right > zone.right + 1)) out.push(`${pile.dataset.good}: out of its zone`);
    if (label && tokens.some(t => t.left < label.right - 1 && label.left < t.right - 1)) out.push(`${pile.dataset.good}: under its count`);
  }
  return out;
}"""
FULL_PILES = {"market": "MMDGS", "hands": ["DDLLCCP", "SGLPC"], "herds": [5, 2], "seed": 1}


@browser
@pytest.mark.parametrize("embed", [False, True], ids=["page", "embed"])
def test_a_pile_of_nine_tokens_stays_one_row_between_phone_and_laptop(page: Any, base_url: str,
                                                                      wait_settled: Callable[..., str],
                                                                      embed: bool) -> None:
    position = base64.urlsafe_b64encode(json.dumps(FULL_PILES).encode()).decode().rstrip("=")
    page.set_viewport_size({"width": 760, "height": 900})
    boot(page, base_url + ("?embed=1" if embed else "?opponent=novice") + "#position=" + position, wait_settled)
    page.wait_for_selector("[data-zone=goods] .pile[data-good=L][data-left='9']")
    for width in (521, 560, 620, 700, 760, 820, 899):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(PILES) == [], f"at {width} px"
        assert page.evaluate(NAMES_CUT, 0.25) == [], f"card names cut at {width} px"
