"""Lessons in real headless Chromium: an embedded position is tried again (its position, caption and log
back, after the computer's answer), `reply=0` holds the computer back, and an embedded puzzle starts again.
Every wait is on the page's own signals; no request leaves 127.0.0.1 and the console stays clean."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import jaipur
from jaipur.web.links import make_link

from .helpers import boot, card, logged_moves, select_hand, shown

browser = pytest.mark.browser

SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}
PUZZLE = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
CAPTION = "Sell the four leather now."


def table(page: Any) -> tuple[str, str, str]:
    """What the reader sees of the table: market, hand, herd."""
    return shown(page, "market"), shown(page, "hand"), shown(page, "herd")


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_reset_restores_the_lesson_position(page: Any, page_log: Any, base_url: str,
                                            wait_settled: Callable[..., str], lang: str) -> None:
    url = make_link(base_url + "index.html", SALE, embed=True, caption=CAPTION, lang=lang, opponent="novice")
    boot(page, url, wait_settled)
    start = table(page)
    p = jaipur.position_from_json(SALE)
    assert start[0] == jaipur.view(p, 0)["market"] and start[1] == jaipur.view(p, 0)["hand"]
    assert page.inner_text("[data-caption]") == CAPTION
    assert page.is_disabled("button[data-action=restart]")
    select_hand(page, "L", 4)
    page.click("button[data-action=sell]")
    # the computer answers: two moves in the log, and the table has moved on
    page.wait_for_function("document.querySelectorAll('[data-zone=log] [data-move]').length >= 2"
                           " && document.querySelector('main.table').dataset.turn === 'you'")
    assert logged_moves(page)[0] == "S4L" and table(page) != start
    assert page.locator("[data-caption]").count() == 0 and CAPTION not in page.inner_text("body")
    assert page.locator("[data-lesson-moved]").count() == 1
    page.click("button[data-action=restart]")
    page.wait_for_selector("[data-caption]")
    assert table(page) == start and logged_moves(page) == [] and page.inner_text("[data-caption]") == CAPTION
    assert page.get_attribute("main.table", "data-turn") == "you" and page.is_disabled("button[data-action=restart]")
    page_log.assert_clean()


@browser
def test_reply_0_the_computer_does_not_answer(page: Any, page_log: Any, base_url: str,
                                              wait_settled: Callable[..., str]) -> None:
    url = make_link(base_url + "index.html", SALE, embed=True, caption=CAPTION).replace("?", "?reply=0&", 1)
    boot(page, url, wait_settled)
    start = table(page)
    select_hand(page, "L", 4)
    page.click("button[data-action=sell]")
    page.wait_for_selector("[data-hint=held]")
    assert logged_moves(page) == ["S4L"] and page.get_attribute("main.table", "data-turn") == "opponent"
    assert page.get_attribute("html", "data-thinker") in (None, "page")     # no worker was started for it
    page.click("button[data-action=restart]")
    page.wait_for_selector("[data-caption]")
    assert table(page) == start and logged_moves(page) == []
    bad = make_link(base_url + "index.html", SALE, embed=True).replace("?", "?reply=perhaps&", 1)
    boot(page, bad, wait_settled)
    assert page.get_attribute("[data-notices] [data-code]", "data-code") == "param.reply"
    assert "perhaps" in page.inner_text("[data-notices]") and table(page) == start
    page_log.assert_clean()


@browser
def test_an_embedded_puzzle_starts_again(page: Any, page_log: Any, base_url: str,
                                         wait_settled: Callable[..., str]) -> None:
    url = make_link(base_url + "index.html", PUZZLE, solution="S4L", caption="Sell now.", embed=True)
    boot(page, url, wait_settled)
    start = table(page)
    select_hand(page, "L", 4)
    page.click("button[data-action=sell]")
    page.wait_for_selector("[data-verdict=solved]")
    assert table(page) != start
    page.click("button[data-action=retry]")
    page.wait_for_function("!document.querySelector('[data-verdict]')")
    assert table(page) == start and "Sell now." in page.inner_text("[data-caption]")
    page_log.assert_clean()


HAND_CARDS_REACHED = """() => [...document.querySelectorAll('[data-zone=hand] button[data-card]')].map(el => {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit));
})"""
"""For each card of the hand: whether a tap at its centre reaches it (nothing, the herd say, lies over it)."""


@browser
def test_a_phone_in_persian_reaches_every_card_of_a_six_card_hand_with_reply_0(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    url = make_link(base_url + "index.html", SALE, embed=True, caption=CAPTION, lang="fa").replace("?", "?reply=0&", 1)
    boot(page, url, wait_settled)
    assert page.eval_on_selector_all("[data-zone=hand] button[data-card]", "els => els.length") == 6
    assert page.evaluate(HAND_CARDS_REACHED) == [True] * 6
    last = card(page, "hand", 5)
    box = last.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)     # a real tap on the last card
    page.wait_for_selector("[data-zone=hand] button[data-card][aria-pressed=true]")
    assert page.eval_on_selector_all("[data-zone=hand] button[aria-pressed=true]", "els => els.length") == 1
    assert last.get_attribute("aria-pressed") == "true"
    assert page.text_content(".badge[data-level]") == "رایانه: پاسخ نمی‌دهد"     # the computer does not answer
    page_log.assert_clean()
