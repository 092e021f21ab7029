"""Motion in real headless Chromium: a move's cards and tokens fly as light copies that are gone within
300 ms (Web Animations, stagger included); under prefers-reduced-motion nothing flies at all."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .helpers import boot

browser = pytest.mark.browser
LIMIT_MS = 300.001   # Chromium reports 40 ms + 260 ms as 300.00000000000006

# Every copy that flies, every Web Animation (not the CSS ones: the thinking dots, a pressed card's lift)
# and when each ends, right after a click; the copies carry no test hook and take no pointer.
CLICK_AND_LOOK = """(selector) => {
  const t0 = performance.now();
  document.querySelector(selector).click();
  void document.body.offsetHeight;
  const ms = performance.now() - t0;
  const copies = [...document.querySelectorAll('.flights > *')];
  const anims = document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
  window.__mine = {copies, anims, early: 0};
  // A copy taken off the page while one of its animations still runs was cut short (a redraw that dropped it).
  const running = c => anims.some(a => c.contains(a.effect.target) && a.playState === 'running');
  new MutationObserver(records => {
    for (const r of records) for (const n of r.removedNodes)
      for (const c of copies) if (n.nodeType === 1 && n.contains(c) && running(c)) window.__mine.early += 1;
  }).observe(document.body, {childList: true, subtree: true});
  return {
    ms,
    copies: copies.length,
    hooks: document.querySelectorAll('.flights [data-card], .flights [data-zone], .flights [data-action]').length,
    hidden: [...document.querySelectorAll('.flights')].every(l => l.getAttribute('aria-hidden') === 'true'),
    pointer: copies.map(c => getComputedStyle(c).pointerEvents),
    ends: anims.map(a => a.effect.getComputedTiming().endTime),
    faces: copies.map(c => c.dataset.fly || (c.classList.contains('back') ? 'back' : c.className)),
  };
}"""
# The copies and animations of that click once its animations have ended (each one's own `finished`, or
# stopped by a later draw): every copy removed, every animation over. How long they take is asserted from
# their timing (`ends` above), not from the wall clock. (The computer's reply may be flying by then: it is
# its own flights.)
SETTLED = "() => Promise.all(window.__mine.anims.map(a => a.finished.catch(() => null)))"
GONE = "() => window.__mine.copies.every(c => !c.isConnected)"
AFTER = """() => ({
  copies: window.__mine.copies.filter(c => c.isConnected).length,
  anims: window.__mine.anims.filter(a => a.playState === 'running' || a.playState === 'paused').length,
})"""
NOW = """() => ({
  copies: document.querySelectorAll('.flights > *').length,
  anims: document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length,
})"""
# When each of the flights now running ends; resolves once they all have (the page's Web Animations).
REPLY_ENDS = """async () => {
  const anims = document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
  const ends = anims.map(a => a.effect.getComputedTiming().endTime);
  await Promise.all(anims.map(a => a.finished.catch(() => null)));
  return ends;
}"""
# Counts every copy ever added to the page from now on (the computer's reply comes later, on its own).
WATCH = """() => {
  window.__copies = 0;
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.nodeType === 1 && (n.classList.contains('flights') || n.closest('.flights'))) window.__copies += 1;
  }).observe(document.body, {childList: true, subtree: true});
}"""


def after(page: Any) -> dict[str, int]:
    """AFTER, read once the click's animations have said they ended and their copies have left the page."""
    page.evaluate(SETTLED)
    page.wait_for_function(GONE)
    return dict(page.evaluate(AFTER))


@browser
def test_a_move_flies_and_lands_within_300_ms(page: Any, page_log: Any, base_url: str,
                                               wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    assert page.get_attribute("main.table", "data-turn") == "you"
    got = page.evaluate(CLICK_AND_LOOK, "button[data-action=camels]")
    print(f"camels click->render with flights: {got['ms']:.1f} ms, {got['copies']} copies")
    assert got["copies"] >= 3                               # three camels to the herd, three cards from the deck
    assert got["faces"].count("M") >= 3 and "back" in got["faces"]
    assert got["hooks"] == 0 and got["hidden"] and set(got["pointer"]) == {"none"}
    assert got["ends"] and max(got["ends"]) <= LIMIT_MS
    assert page.locator("[data-zone=herd] [data-card=M]").count() == 3   # the real cards are there at once
    # the computer starts thinking meanwhile (the same page drawn again): the flights go on, no copy is taken
    # off the page before its animations have ended (watched as it happens, not sampled after a fixed wait)
    assert after(page) == {"copies": 0, "anims": 0}
    assert page.evaluate("window.__mine.early") == 0
    page.wait_for_function("document.querySelector('main.table').dataset.turn === 'you'", timeout=30_000)
    reply = page.evaluate(REPLY_ENDS)                                  # the reply's own flights, until they end
    assert all(end <= LIMIT_MS for end in reply)
    page.wait_for_function("() => document.querySelectorAll('.flights > *').length === 0")
    assert page.evaluate(NOW) == {"copies": 0, "anims": 0}              # the computer's reply has landed too
    assert page_log.console_errors == []


@browser
def test_a_sale_flies_cards_and_tokens(page: Any, page_log: Any, base_url: str,
                                                 wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    hand = page.eval_on_selector_all("[data-zone=hand] [data-card]", "els => els.map(e => e.dataset.card)")
    good = max(sorted(set(hand) - set("DGS")), key=hand.count)   # a good that sells alone
    for i, letter in enumerate(hand):
        if letter == good:
            page.locator("[data-zone=hand] [data-card]").nth(i).click()
    page.focus("button[data-action=sell]")
    got = page.evaluate(CLICK_AND_LOOK, "button[data-action=sell]")
    assert got["faces"].count(good) == hand.count(good) and any("token" in f for f in got["faces"])
    assert max(got["ends"]) <= LIMIT_MS
    assert not page.evaluate("document.activeElement.closest('.flights')")   # a copy never takes the focus
    assert after(page) == {"copies": 0, "anims": 0}
    assert page_log.console_errors == []


@browser
def test_hot_seat_sees_the_others_move_fly_after_the_pass_screen(page: Any, page_log: Any, base_url: str,
                                                                wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "?opponent=human&seed=3", wait_settled)
    page.click("button[data-action=ready]")
    page.click("button[data-action=camels]")
    assert page.locator("[data-screen=pass]").count() == 1
    got = page.evaluate(CLICK_AND_LOOK, "button[data-action=ready]")
    assert got["copies"] >= 3 and max(got["ends"]) <= LIMIT_MS
    assert got["hooks"] == 0
    assert after(page) == {"copies": 0, "anims": 0}
    assert page_log.console_errors == []


@browser
def test_reduced_motion_moves_nothing(page: Any, page_log: Any, base_url: str,
                                      wait_settled: Callable[..., str]) -> None:
    page.emulate_media(reduced_motion="reduce")
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    page.evaluate(WATCH)
    got = page.evaluate(CLICK_AND_LOOK, "button[data-action=camels]")
    assert got["copies"] == 0 and got["ends"] == []
    assert page.locator("[data-zone=herd] [data-card=M]").count() == 3
    page.wait_for_function("document.querySelector('main.table').dataset.turn === 'you'", timeout=30_000)
    assert page.evaluate("window.__copies") == 0            # nor did the computer's reply
    assert page_log.console_errors == []
