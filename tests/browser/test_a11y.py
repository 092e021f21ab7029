"""Accessibility in real headless Chromium: axe-core finds no serious or critical violation (start screen,
table, a selection, the Keys dialog, Persian, the round result); a round played with the keyboard alone;
the rows of cards are one Tab stop each with arrow-key focus; the live region says the computer's moves.

axe-core is a devDependency (package.json); it is injected from node_modules as an inline script, so no
request leaves 127.0.0.1. When it is missing, `npm ci` is run once; if that fails, the tests fail under CI.
"""
from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from jaipur.web.links import make_link

from .conftest import ROOT, unavailable
from .helpers import TURN_OR_DIALOG, boot, enabled, letters

browser = pytest.mark.browser
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
ROUND_END = {"market": "MMMDG", "hands": ["DDG", "SCL"], "herds": [2, 1], "deck": "", "seed": 4}
"""A position whose next move (taking the camels) ends the round: the deck cannot refill the market."""


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """node_modules/axe-core/axe.min.js, installed with `npm ci` when it is missing."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is not None:
            subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=False)
    if not AXE.is_file():
        unavailable(f"axe-core is missing ({AXE.relative_to(ROOT)}): it is a devDependency in package.json, "
                    "so run `npm ci` in the repository")
    return AXE


def axe(page: Any, script: Path, where: str) -> list[dict[str, Any]]:
    """Run axe-core on the page; print every violation; return the serious and critical ones."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(script))
    found = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
    }""")
    for v in found:
        print(f"axe [{where}] {v['impact']}: {v['id']} ({v['help']}) at {v['nodes']}")
    return [v for v in found if v["impact"] in BLOCKING]


def focused(page: Any) -> str:
    """The focused element as zone:card:index, or its data-action, or its tag."""
    return str(page.evaluate("""() => { const e = document.activeElement; const z = e.closest('[data-zone]');
      if (e.dataset.card) return `${z ? z.dataset.zone : ''}:${e.dataset.card}:${e.dataset.index}`;
      return e.dataset.action || e.tagName.toLowerCase(); }"""))


def key_select(page: Any, zone_key: str, index: int) -> None:
    """Select one card by keyboard: go to its row (1 2 3), Home, the right arrow `index` times, Enter."""
    page.keyboard.press(zone_key)
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def play_by_keys(page: Any) -> str:
    """One move chosen from what the page shows and made with the keyboard only (C, T, S and the card keys)."""
    if enabled(page, "camels"):
        page.keyboard.press("c")
        return "TM"
    for i, letter in enumerate(letters(page, "market")):
        if letter == "M":
            continue
        page.keyboard.press("Backspace")
        key_select(page, "1", i)
        if enabled(page, "take"):
            page.keyboard.press("t")
            return "T" + letter
    hand = letters(page, "hand")
    for letter in sorted(set(hand), key=hand.count, reverse=True):
        page.keyboard.press("Backspace")
        for i, x in enumerate(hand):
            if x == letter:
                key_select(page, "2", i)
        if enabled(page, "sell"):
            page.keyboard.press("s")
            return "S" + letter
    raise AssertionError("no move could be made with the keyboard")


def announced(page: Any) -> str:
    return str(page.inner_text("[data-announce]")).strip()


@browser
def test_axe_start_screen_and_table(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str],
                                    axe_script: Path) -> None:
    boot(page, base_url + "?seed=3", wait_settled)
    assert page.locator("[data-screen=start]").count() == 1
    assert axe(page, axe_script, "start screen") == []
    page.keyboard.press("Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    page.wait_for_function(TURN_OR_DIALOG)
    assert axe(page, axe_script, "table") == []
    key_select(page, "1", 0)
    key_select(page, "2", 0)
    assert page.locator("[aria-pressed=true][data-card]").count() == 2
    assert axe(page, axe_script, "table with a selection") == []
    page.keyboard.press("?")
    page.wait_for_selector("[data-dialog=keys]")
    assert focused(page) == "close", "the Keys dialog takes the focus"
    assert page.locator("[data-dialog=keys] kbd").count() >= 14
    assert axe(page, axe_script, "Keys dialog") == []
    page.keyboard.press("Escape")
    assert page.locator("[data-dialog=keys]").count() == 0
    assert page_log.foreign_requests() == []
    assert page_log.console_errors == []


@browser
def test_axe_persian_table(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str],
                           axe_script: Path) -> None:
    boot(page, base_url + "?opponent=novice&seed=3&lang=fa", wait_settled)
    page.wait_for_function(TURN_OR_DIALOG)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert axe(page, axe_script, "table (fa)") == []
    key_select(page, "1", 1)
    assert axe(page, axe_script, "table with a selection (fa)") == []
    page.keyboard.press("h")
    page.wait_for_selector("[data-dialog=keys]")
    assert "T / ف" in page.inner_text("[data-dialog=keys]")
    assert axe(page, axe_script, "Keys dialog (fa)") == []
    assert page_log.foreign_requests() == []
    assert page_log.console_errors == []


@browser
def test_axe_round_result_dialog(page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str],
                                 axe_script: Path) -> None:
    boot(page, make_link(base_url + "index.html", ROUND_END, opponent="novice"), wait_settled)
    page.wait_for_function(TURN_OR_DIALOG)
    page.keyboard.press("c")
    page.wait_for_selector("[data-dialog=round] [data-round-result]")
    assert focused(page) == "next-round", "the round result takes the focus"
    assert "Round 1 over" in announced(page)
    assert axe(page, axe_script, "round result") == []
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('main.table').dataset.round === '2'")
    assert page.locator("[data-round-result]").count() == 0
    assert page_log.foreign_requests() == []
    assert page_log.console_errors == []


@browser
def test_rows_of_cards_are_one_tab_stop_with_arrow_keys(page: Any, page_log: Any, base_url: str,
                                                        wait_settled: Callable[..., str]) -> None:
    # seed 3: you hold D D S C L, the market is P L M M M, and you move first
    boot(page, base_url + "?opponent=trader&seed=3", wait_settled)
    order: list[str] = []
    while "camels" not in order and len(order) < 30:
        page.keyboard.press("Tab")
        order.append(focused(page))
    zones = [f.split(":")[0] for f in order if f.count(":") == 2]
    assert zones == ["market", "hand"], order    # one stop per row (no camel in the herd yet), in this order
    assert order.index("market:P:0") < order.index("hand:D:0") < order.index("camels"), order
    assert focused(page) != "body"
    page.keyboard.press("1")
    assert focused(page) == "market:P:0"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "market:L:1"
    assert page.get_attribute("[data-zone=market] [data-index='1']", "tabindex") == "0"
    assert page.get_attribute("[data-zone=market] [data-index='0']", "tabindex") == "-1"
    page.keyboard.press("End")
    assert focused(page) == "market:M:4"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "market:P:0", "the arrows wrap around"
    ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineColor]; })()")
    assert ring == ["solid", "rgb(255, 255, 255)"], "a light focus ring on the dark cloth"
    page.keyboard.press("2")
    assert focused(page) == "hand:D:0"
    ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineColor]; })()")
    assert ring == ["solid", "rgb(21, 89, 179)"], "a dark blue focus ring on the sand"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator("[data-zone=hand] [aria-pressed=true]").count() == 2
    page.keyboard.press("Backspace")
    assert page.locator("[aria-pressed=true][data-card]").count() == 0
    assert focused(page) == "hand:D:1", "clearing keeps the focus where it was"
    page.keyboard.press("t")   # nothing selected: Take does nothing
    assert page.locator("[data-zone=log] [data-move]").count() == 0
    boot(page, base_url + "?opponent=trader&seed=3&lang=fa", wait_settled)
    page.keyboard.press("1")
    page.keyboard.press("ArrowLeft")   # right to left: the left arrow goes on to the next card
    assert focused(page) == "market:L:1"
    assert page_log.console_errors == []


@browser
def test_a_round_by_keyboard_alone_with_the_moves_announced(page: Any, page_log: Any, base_url: str,
                                                            wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "?opponent=novice&seed=7&mode=single-round", wait_settled)
    played = heard = 0
    for _ in range(200):
        page.wait_for_function(TURN_OR_DIALOG, timeout=30_000)
        if page.locator("[data-round-result]").count():
            break
        theirs = page.locator("[data-zone=log] li.theirs")
        if theirs.count():
            # the live region says the computer's last move, as the log writes it
            assert announced(page) == theirs.first.inner_text().strip()
            heard += 1
        play_by_keys(page)
        played += 1
    assert page.locator("[data-match-result] [data-round-result]").count() == 1
    assert focused(page) == "new-game", "the result dialog takes the focus"
    said = announced(page)
    assert "Round 1 over" in said and ("match" in said or "draw" in said), said
    assert played > 5 and heard > 5
    assert page.get_attribute("[data-announce]", "aria-live") == "polite"
    assert page.locator("[aria-live]:not([data-announce]) >> text=Computer took").count() == 0, "said once only"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-screen=start]")
    assert page_log.foreign_requests() == []
    assert page_log.console_errors == []


@browser
def test_pressing_a_move_button_keeps_the_keyboard_on_the_table(page: Any, page_log: Any, base_url: str,
                                                                wait_settled: Callable[..., str]) -> None:
    """A move made by Tab-ing to its button and pressing Enter: the button is disabled afterwards, and the
    focus goes to a card of the table instead of falling back to the page's body."""
    boot(page, base_url + "?opponent=novice&seed=21", wait_settled)
    page.wait_for_selector("main.table[data-turn=you]")
    button = "camels" if enabled(page, "camels") else "take"
    if button == "take":
        i = next(i for i, x in enumerate(letters(page, "market")) if x != "M")
        key_select(page, "1", i)
    page.focus(f"button[data-action={button}]")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('button[data-action=take]').disabled")
    where = focused(page)
    assert where.split(":")[0] in ("market", "hand"), where
    assert page_log.console_errors == []
