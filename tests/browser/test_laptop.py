"""The table on a laptop, in real Chromium: at 1366×657 (a 768 px screen under a browser's toolbars), 1366×768,
1280×720 and 1440×900, in English and in Persian, the whole table — the opponent, the market, the goods and bonus
piles, the deck, your tokens, hand and herd, the four action buttons, the hint, Undo and Clear — is on the screen
without scrolling through a whole round (tokens piling up on both sides, a long hint, your result kept beside the
reply, the round's result looked behind), in Learn to play, in a puzzle of the collection and in a lesson played on
from its position; and nothing on the table moves from turn to turn: a result that appears and tokens that arrive
find their room kept. One page per case, resized to each size in turn (set_viewport_size), not booted again."""
from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest

from jaipur.puzzlebook import load
from jaipur.rules import legal_moves
from jaipur.web.links import make_link
from jaipur.web.teach.tutorial import STEPS

from .helpers import TURN_OR_DIALOG, YOUR_TURN, boot, card, clear, enabled, letters, play_one_move
from .test_collection import play_by_clicks

browser = pytest.mark.browser

SIZES = [(1366, 657), (1366, 768), (1280, 720), (1440, 900)]
SETTLED = "() => document.getAnimations().every(a => a.effect.getTiming().iterations === Infinity)"
TABLE = ["header.bar", "[data-zone=opponent-hand]", "[data-zone=opponent-herd]", "[data-zone=opponent-tokens]",
         "[data-zone=market]", "[data-zone=goods]", "[data-zone=deck]", "[data-zone=bonus]", "[data-zone=tokens]",
         "[data-zone=hand]", "[data-zone=herd]", "button[data-action=take]", "button[data-action=camels]",
         "button[data-action=exchange]", "button[data-action=sell]", ".hint", "button[data-action=clear]"]
"""What a player needs on the screen at every turn (Undo too, in a game against the computer)."""
SHOWN = ["[data-caption]", "[data-lesson-moved]", "[data-puzzle-task]", "[data-verdict]", "[data-answer]",
         "button[data-action=learn-next]", "button[data-action=learn-back]", "button[data-action=reveal]",
         "button[data-action=restart]", "button[data-action=puzzle-next]", "[data-own-move]", "[data-reply]",
         "[data-preview]:not(.empty)", "button[data-action=show-result]", "[data-learn-done]"]
"""What must be on the screen whenever it is shown: the caption and feedback of a lesson or puzzle, its buttons,
what was just played, the preview, the way back to the result."""
STILL = ["header.bar", "[data-zone=opponent-tokens]", "[data-zone=market]", "[data-zone=goods]", "[data-zone=deck]",
         "[data-zone=bonus]", "[data-zone=tokens]", "[data-zone=hand]", "[data-zone=herd]",
         "button[data-action=take]", "button[data-action=camels]", "button[data-action=exchange]",
         "button[data-action=sell]", "button[data-action=undo]", "button[data-action=clear]"]
"""What never moves from turn to turn (its top, bottom and inline start: tokens and results come and go)."""

MEASURE = """([needed, shown, still]) => {
  const root = document.scrollingElement, out = [], boxes = {}, names = [];
  const rtl = document.querySelector('.jaipur').dir === 'rtl';
  const check = (el, sel) => {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
      out.push(`${sel} [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}]`);
  };
  for (const sel of needed) {
    const el = document.querySelector(sel);
    if (!el || !el.getClientRects().length) out.push(sel + ' missing'); else check(el, sel);
  }
  for (const sel of shown) for (const el of document.querySelectorAll(sel)) if (el.getClientRects().length) check(el, sel);
  for (const sel of still) {
    const el = document.querySelector(sel);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    boxes[sel] = [Math.round(r.top * 2) / 2, Math.round(r.bottom * 2) / 2, Math.round((rtl ? r.right : r.left) * 2) / 2];
  }
  // every card's name is whole on its card
  for (const name of document.querySelectorAll('main.table .card-name')) {
    if (!name.getClientRects().length || getComputedStyle(name).display === 'none') continue;
    const range = document.createRange(); range.selectNodeContents(name);
    if (range.getBoundingClientRect().width > name.getBoundingClientRect().width + 0.5) names.push(name.textContent);
  }
  // every card whole in its row (a row that scrolls sideways would hide one)
  for (const c of document.querySelectorAll('[data-zone=market] button[data-card], [data-zone=hand] button[data-card], [data-zone=herd] button[data-card]')) {
    const r = c.getBoundingClientRect(), z = c.closest('[data-zone]').getBoundingClientRect();
    if (r.left < z.left - 1 || r.right > z.right + 1) out.push(`${c.closest('[data-zone]').dataset.zone} card ${c.dataset.index} cut`);
  }
  return {height: root.scrollHeight, width: root.scrollWidth, vh: innerHeight, vw: innerWidth, out, boxes, names};
}"""


def _hash(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def at_every_size(page: Any, needed: list[str], what: str) -> dict[tuple[int, int], dict[str, Any]]:
    """Resize the page to each laptop size and check that the whole table is on the screen; the boxes that must
    not move, per size."""
    seen = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)
        got = page.evaluate(MEASURE, [needed, SHOWN, STILL])
        where = f"{what} at {width}×{height}"
        assert got["height"] <= got["vh"] and got["width"] <= got["vw"], f"{where}: the page scrolls: {got}"
        assert got["out"] == [], f"{where}: off the screen: {got['out']}"
        assert got["names"] == [], f"{where}: card names cut: {got['names']}"
        seen[(width, height)] = got["boxes"]
    return seen


def _sell(page: Any) -> bool:
    """Sell the biggest set the Sell button allows (two or more cards); False when there is none."""
    hand = letters(page, "hand")
    for letter in sorted(set(hand), key=hand.count, reverse=True):
        if hand.count(letter) < 2:
            continue
        clear(page)
        for i, x in enumerate(hand):
            if x == letter:
                card(page, "hand", i).click()
        if enabled(page, "sell"):
            page.click("button[data-action=sell]")
            return True
    clear(page)
    return False


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_whole_round_fits_every_laptop_and_nothing_on_the_table_moves(page: Any, base_url: str,
                                                                       wait_settled: Callable[..., str],
                                                                       lang: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    boot(page, base_url + f"?opponent=novice&mode=single-round&seed=11&lang={lang}", wait_settled)
    needed = TABLE + ["button[data-action=undo]"]
    first: dict[tuple[int, int], dict[str, Any]] | None = None
    for turn in range(80):
        page.wait_for_function(TURN_OR_DIALOG)
        if page.locator("[data-round-result], [data-match-result]").count():
            break
        page.wait_for_function(SETTLED)
        boxes = at_every_size(page, needed, f"turn {turn}")
        if first is None:
            first = boxes
            # a long hint: a market card and a hand card, one for one
            card(page, "market", 0).click()
            card(page, "hand", 0).click()
            page.wait_for_selector(".hint.why")
            at_every_size(page, needed, "a long hint")
            clear(page)
        else:
            for size, now in boxes.items():
                moved = {k: (first[size][k], v) for k, v in now.items() if first[size].get(k) != v}
                assert moved == {}, f"turn {turn} at {size}: the table moved: {moved}"
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        if not _sell(page):
            play_one_move(page)
    tokens = page.evaluate("[...document.querySelectorAll('[data-zone=tokens] .token, [data-zone=opponent-tokens] .token')]"
                           ".map(t => t.closest('[data-zone]').dataset.zone)")
    assert "tokens" in tokens and "opponent-tokens" in tokens, "both players took tokens"
    assert page.locator("[data-round-result]").count() == 1, "the round did not end"
    page.click("button[data-action=look-table]")
    page.wait_for_selector("button[data-action=show-result]")
    at_every_size(page, [s for s in needed if "action=take" not in s], "the final table")


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_learn_to_play_fits_every_laptop(page: Any, base_url: str, wait_settled: Callable[..., str], lang: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    boot(page, base_url + f"?learn=1&lang={lang}", wait_settled)
    for n, step in enumerate(STEPS):
        page.wait_for_selector(f"[data-lesson='{step.id}']", state="attached")
        page.wait_for_function(SETTLED)
        if n in (0, 7, len(STEPS) - 1):                  # the first step, the longest caption, the last
            at_every_size(page, TABLE + ["[data-caption]"], f"step {n + 1}")
            wrong = next(m for m in legal_moves(step.position) if not step.accepts(m))
            play_by_clicks(page, wrong)
            page.wait_for_selector("[data-verdict=wrong]", state="attached")
            at_every_size(page, TABLE + ["[data-caption]", "[data-verdict]"], f"step {n + 1}, a wrong try")
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        play_by_clicks(page, step.moves()[0])
        page.wait_for_selector("[data-verdict=solved]", state="attached")
        if n in (0, len(STEPS) - 1):
            at_every_size(page, TABLE + ["[data-verdict]"], f"step {n + 1}, solved")
        if n + 1 < len(STEPS):
            page.click("button[data-action=learn-next]")
    page.wait_for_selector("[data-learn-done]", state="attached")


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_puzzle_and_a_lesson_fit_every_laptop(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                lang: str) -> None:
    book = load()
    e = max(book, key=lambda x: (x.level, len(x.position.hands[0])))     # a level-3 puzzle, a full hand
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    boot(page, base_url + f"?puzzle={e.id}&lang={lang}", wait_settled)
    page.wait_for_selector("[data-collection-nav]", state="attached")
    at_every_size(page, TABLE + ["[data-puzzle-task]"], "a puzzle")
    others = [m for m in legal_moves(e.position) if m != e.solution]
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    play_by_clicks(page, min(others, key=lambda m: (m[0] != "T", m)))
    page.wait_for_selector("[data-verdict=wrong]", state="attached")
    at_every_size(page, TABLE + ["[data-puzzle-task]", "[data-verdict]"], "a puzzle, a wrong try")
    page.click("button[data-action=reveal]")
    page.wait_for_selector("[data-answer]", state="attached")
    at_every_size(page, TABLE + ["[data-puzzle-task]", "[data-answer]"], "a puzzle, its answer")
    # a lesson: a position with a caption of two lines, played on (the computer answers), then tried again
    sale = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}
    caption = ("Sell the four leather now: a sale of four earns a bonus token worth 4 to 6 rupees, and the leather "
               "tokens are the cheapest, so wait no longer for a fifth card while the pile runs down.")
    boot(page, make_link(base_url + "index.html", sale, caption=caption, lang=lang, opponent="novice"), wait_settled)
    page.wait_for_function(YOUR_TURN)
    needed = TABLE + ["button[data-action=undo]", "button[data-action=restart]"]
    start = at_every_size(page, needed + ["[data-caption]"], "a lesson")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    play_by_clicks(page, "S4L")
    page.wait_for_function("document.querySelectorAll('[data-zone=log] [data-move]').length >= 2 && " + YOUR_TURN)
    page.wait_for_selector("[data-lesson-moved]")
    moved = at_every_size(page, needed + ["[data-lesson-moved]", "[data-own-move]", "[data-reply]"],
                          "a lesson played on")
    for size in start:
        changed = {k: (start[size][k], v) for k, v in moved[size].items() if start[size].get(k) != v}
        assert changed == {}, f"a lesson at {size}: the table moved when the result appeared: {changed}"


@browser
def test_the_fullest_rows_fit_every_laptop(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """A hand of seven beside a herd of all eleven camels, the opponent's and your tokens piled up: every card
    whole, nothing off the screen."""
    full = {"market": "DGSCL", "hands": ["DDGGSSC", "LLP"], "herds": [11, 0], "seed": 2,
            "taken": [{"goods": [["D", 7], ["G", 6], ["S", 5], ["C", 5], ["C", 3], ["P", 5], ["P", 3], ["L", 4], ["L", 3]],
                       "bonus": [[3, 2], [4, 5], [5, 8]]},
                      {"goods": [["D", 7], ["D", 5], ["G", 6], ["G", 5], ["S", 5], ["S", 5], ["C", 3], ["C", 2], ["P", 3],
                                 ["P", 2], ["L", 2], ["L", 1], ["L", 1], ["L", 1]], "bonus": [[3, 3], [3, 1], [4, 6]]}]}
    boot(page, base_url + "?opponent=novice#position=" + _hash(full), wait_settled)
    page.wait_for_function(YOUR_TURN)
    assert page.locator("[data-zone=herd] button[data-card]").count() == 11
    at_every_size(page, TABLE + ["button[data-action=undo]"], "a hand of seven and a herd of eleven")


@browser
def test_a_click_draws_no_focus_ring_on_the_table(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """New game clicked, then a move clicked: the focus the page keeps on the table (for the keyboard) draws no ring
    that could be taken for a selection; from the keyboard the ring is drawn."""
    page.set_viewport_size({"width": 1366, "height": 768})
    ring = """() => { const e = document.activeElement;
      return e && e.closest('main.table') && e.matches(':focus-visible') ? (e.dataset.card || e.dataset.action) : null; }"""
    page.goto(base_url)
    assert wait_settled(page) == "ready"
    page.click("button[data-action=start]")
    page.wait_for_function(YOUR_TURN)
    page.wait_for_function(SETTLED)
    assert page.evaluate(ring) is None, "a focus ring after a click on New game"
    page.click("button[data-action=camels]")
    page.wait_for_selector("[data-reply]")
    page.wait_for_function(YOUR_TURN)
    assert page.evaluate(ring) is None, "a focus ring after the computer's reply"
    page.keyboard.press("2")                                   # the keyboard: to the hand, its ring drawn
    assert page.evaluate(ring) is not None
