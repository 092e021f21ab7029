"""The table on a phone (and in landscape): a whole round by taps, where at every turn everything a player needs
is in the viewport without scrolling, the action buttons cover no card, the market and the hand stay put, and
every sale earns what its preview said."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .helpers import TURN_OR_DIALOG, boot, clear, enabled, letters, play_one_move
from .test_a11y import axe, axe_script  # noqa: F401  (axe_script is a fixture)

browser = pytest.mark.browser

SIZES = [(360, 740), (390, 844), (412, 915), (740, 360), (812, 375), (915, 412)]
ZONES = ("market", "goods", "bonus", "deck", "hand", "herd", "opponent-hand", "opponent-herd", "opponent-tokens",
         "tokens")
SETTLED = "() => document.getAnimations().every(a => a.effect.getTiming().iterations === Infinity)"
"""No card is moving (a looping animation, such as a spinner, never ends and is not waited for)."""

LAYOUT = """(zones) => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const inside = el => { const [l, t, r, b] = box(el); return l >= -1 && t >= -1 && r <= innerWidth + 1 && b <= innerHeight + 1; };
  const out = zones.filter(z => !inside(document.querySelector(`[data-zone=${z}]`)));
  for (const sel of ['.bar .turn', 'button[data-action=take]', 'button[data-action=camels]',
                     'button[data-action=exchange]', 'button[data-action=sell]', '.opponent .sum'])
    if (!inside(document.querySelector(sel))) out.push(sel);
  const cards = [...document.querySelectorAll('[data-zone] button[data-card]')].map(box);
  const hits = [...document.querySelectorAll('.actions button')].map(box).filter(([l, t, r, b]) =>
    cards.some(([L, T, R, B]) => l < R && L < r && t < B && T < b)).length;
  const at = z => { const r = document.querySelector(`[data-zone=${z}]`).getBoundingClientRect();
                    return [Math.round(r.top), Math.round(document.dir === 'rtl' || document.querySelector('.jaipur').dir === 'rtl' ? r.right : r.left)]; };
  return {out, hits, scrollY: window.scrollY, market: at('market'), hand: at('hand')};
}"""


def _mine(page: Any, good: str) -> list[str]:
    return list(page.eval_on_selector_all(f"[data-zone=tokens] .token-group[data-good={good}] .token",
                                          "els => els.map(e => e.textContent)"))


def _sell_if_good(page: Any) -> tuple[str, list[str]] | None:
    """Sell the biggest set of two or more when the button allows it; return the good and the preview's values."""
    hand = letters(page, "hand")
    for letter in sorted(set(hand), key=hand.count, reverse=True):
        if hand.count(letter) < 2:
            continue
        clear(page)
        for i, x in enumerate(hand):
            if x == letter:
                page.locator("[data-zone=hand] button[data-card]").nth(i).click()
        if enabled(page, "sell"):
            values = page.get_attribute("[data-preview]", "data-values") or ""
            page.click("button[data-action=sell]")
            return letter, [v for v in values.split(",") if v]
    clear(page)
    return None


def _fits(page: Any, size: tuple[int, int], before: dict[tuple[int, int], Any], turn: int) -> None:
    """At this size everything is in view with no scroll, no button covers a card, and the market and hand sit
    where they sat at this size the turn before."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(SETTLED)
    now = page.evaluate(LAYOUT, list(ZONES))
    where = f"turn {turn} at {size[0]}x{size[1]}"
    assert now["out"] == [] and now["scrollY"] == 0, (where, now)
    assert now["hits"] == 0, f"{where}: an action button covers a card"
    if size in before:
        assert (now["market"], now["hand"]) == (before[size]["market"], before[size]["hand"]), f"{where}: the table moved"
    before[size] = now


@browser
def test_a_whole_round_by_taps_fits_every_phone(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """One round by taps; at every turn the table is measured at each phone size, upright and sideways (the
    layout is CSS alone, so a resize shows what a phone of that size shows), and the taps move from size to size."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    boot(page, base_url + "?opponent=novice&mode=single-round&seed=11", wait_settled)
    before: dict[tuple[int, int], Any] = {}
    sales = 0
    for turn in range(80):
        try:
            page.wait_for_function(TURN_OR_DIALOG)
        except Exception:
            raise AssertionError(f"turn {turn}: " + page.inner_text("main")[:600]) from None
        if page.locator("[data-round-result], [data-match-result]").count():
            break
        tap_size = SIZES[turn % len(SIZES)]
        for size in [s for s in SIZES if s != tap_size] + [tap_size]:
            _fits(page, size, before, turn)
        sold = _sell_if_good(page)
        if sold is not None:
            good, values = sold
            page.wait_for_function(f"() => [...document.querySelectorAll('[data-zone=log] [data-move]')]"
                                   f".some(e => e.dataset.move.endsWith('{good}') && e.dataset.move.startsWith('S'))")
            assert _mine(page, good)[-len(values):] == values if values else True
            sales += 1
        else:
            play_one_move(page)
    assert page.locator("[data-round-result]").count() == 1, "the round did not end"
    assert sales > 0
    assert set(before) == set(SIZES)


@browser
def test_persian_reads_right_to_left_on_a_phone(page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    boot(page, base_url + "?opponent=novice&seed=3&lang=fa", wait_settled)
    page.wait_for_function(SETTLED)
    assert page.get_attribute(".jaipur", "dir") == "rtl"
    now = page.evaluate(LAYOUT, list(ZONES))
    assert now["out"] == [] and now["scrollY"] == 0 and now["hits"] == 0, now
    first = page.locator("[data-zone=market] button[data-card]").nth(0).bounding_box()
    last = page.locator("[data-zone=market] button[data-card]").nth(4).bounding_box()
    assert first["x"] > last["x"], "the market reads from the right"
    page.locator("[data-zone=hand] button[data-card]").nth(0).click()
    page.locator("[data-zone=hand] button[data-card]").nth(1).click()
    assert page.get_attribute("[data-preview]", "data-preview") == "S2D"
    assert page.inner_text("[data-preview] .preview-text") == "درآمد: ۷ + ۷ = ۱۴ روپیه."


@browser
@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["360x740", "740x360"])
def test_axe_finds_nothing_on_the_phone_table_with_a_preview(page: Any, base_url: str,
                                                              wait_settled: Callable[..., str], axe_script: Any,  # noqa: F811
                                                              size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    page.wait_for_function(TURN_OR_DIALOG)
    page.locator("[data-zone=hand] button[data-card]").nth(0).click()
    page.locator("[data-zone=hand] button[data-card]").nth(1).click()
    page.wait_for_selector("[data-preview=S2D]")
    assert axe(page, axe_script, f"phone table {size}") == []
