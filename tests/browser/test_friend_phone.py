"""A game with a friend on a phone held upright, on your own turn, in real headless Chromium: the header says who
the friend is, whose turn it is and whether the game is live; the folded bar opens from there and reaches the box
for the friend's link and Play live; the table still fits the screen (nothing below the fold, as
tests/browser/test_phone.py measures it) at 390×844 and 360×740, in English and in Persian.

One game is set up between two browser contexts (the invitation and the answer, passed by pasting), then the
viewport of the side to move is resized: the phone layout is CSS alone. Every wait is on the page's own signals
(`data-jaipur`, `data-friend`, `data-friend-live`, the link to send, the open bar's class), never a sleep.
"""
from __future__ import annotations

from typing import Any

import pytest

from .test_a11y import axe, axe_script  # noqa: F401 - axe_script is a fixture
from .test_friend import WAIT_MS, Side, accept, deal, deliver, invite, people  # noqa: F401 - people is a fixture
from .test_phone import LAYOUT, SETTLED, ZONES
from .test_phone_targets import SMALL_TARGETS

pytestmark = pytest.mark.browser

PHONES = [(390, 844), (360, 740)]
IN_VIEW = """(sel) => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1
    && r.bottom <= innerHeight + 1 && getComputedStyle(el).visibility !== 'hidden'; }"""
"""Whether the first element a selector finds is drawn, whole, in the viewport (null: there is none)."""
HEADER = """() => { const b = document.querySelector('.bar'); const kids = [...b.children].filter(e =>
  e.getBoundingClientRect().width > 0).map(e => e.getBoundingClientRect());
  return {h: b.getBoundingClientRect().height, rows: new Set(kids.map(k => Math.round(k.top + k.height / 2))).size}; }"""


def _fits(page: Any, where: str) -> None:
    """The table as the phone tests measure it: every zone and move button in view, no scroll, no overlap; the
    header is still one row."""
    page.wait_for_function(SETTLED)
    now = page.evaluate(LAYOUT, list(ZONES))
    assert now["out"] == [] and now["scrollY"] == 0 and now["hits"] == 0, (where, now)
    header = page.evaluate(HEADER)
    assert header["h"] <= 56 and header["rows"] == 1, (where, header)


def _says(page: Any, friend: str, turn: str, live: str, where: str) -> None:
    """The header shows the friend's name, whose turn it is and the live state, in view."""
    for sel in (".bar .turn", "[data-friend-chip]", "[data-friend-chip] .friend-chip-name",
                "[data-friend-chip] .friend-chip-live"):
        assert page.evaluate(IN_VIEW, sel) is True, f"{where}: {sel} is not in view"
    assert page.inner_text(".bar .turn") == turn
    assert page.inner_text("[data-friend-chip] .friend-chip-name").endswith(friend)   # after "Friend:", said only
    assert page.inner_text("[data-friend-chip] .friend-chip-live") == live


def _open_bar(page: Any, where: str, script: Any = None) -> None:
    """Open the folded bar from the header, reach the paste box (open it) and Play live (and with an axe script,
    find no serious accessibility fault there), then fold it again."""
    chip = page.locator("button[data-action=friend-panel]")
    assert chip.get_attribute("aria-expanded") == "false"
    assert page.evaluate(IN_VIEW, "#friend-bar") is None or not page.locator("#friend-bar").is_visible()
    chip.click()
    page.wait_for_selector("#friend-bar.open")
    assert chip.get_attribute("aria-expanded") == "true"
    page.click("#friend-bar details.friend-paste > summary")
    page.wait_for_selector("#friend-bar details.friend-paste[open] textarea[data-friend-paste]", state="visible")
    for sel in ("#friend-bar textarea[data-friend-paste]", "#friend-bar button[data-action=friend-paste]",
                "#friend-bar button[data-action=go-live]", "#friend-bar .live-settings > summary"):
        assert page.evaluate(IN_VIEW, sel) is True, f"{where}: {sel} is not reachable"
    assert page.evaluate(SMALL_TARGETS) == [], f"{where}: the open bar"
    if script is not None:
        assert axe(page, script, f"{where}: the open bar") == []
    chip.click()
    page.wait_for_selector("#friend-bar.open", state="detached")
    assert not page.locator("#friend-bar").is_visible()


def test_on_a_phone_your_own_turn_shows_the_friend_and_reaches_paste_and_play_live(
        people: tuple[Side, Side], axe_script: Any) -> None:  # noqa: F811
    ava, bo = people
    deliver(ava, accept(bo, invite(ava, "Ava"), "Bo"), "paste")
    deal(ava, bo)                                    # Ava's deal to Bo; his reply, which opens her hand, when she starts
    me, friend = (ava, "Bo") if ava.state() == "your-turn" else (bo, "Ava")
    assert me.state() == "your-turn" and me.link() == "" and me.problems() == []
    page = me.page
    for width, height in PHONES:
        where = f"{width}x{height}"
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, where)
        _says(page, friend, "Your turn", "by links", where)
        _open_bar(page, where, axe_script if width == 360 else None)
        _fits(page, where + " after the bar was folded again")

    page.click("button[data-action=tools]")          # the same in Persian, right to left, at the smallest size
    page.click("#table-tools button[data-action=switch-lang][data-value=fa]")
    page.wait_for_function("() => document.documentElement.lang === 'fa'")
    _fits(page, "360x740 fa")
    _says(page, friend, "نوبت شما", "با پیوند", "360x740 fa")
    _open_bar(page, "360x740 fa")

    page.set_viewport_size({"width": 390, "height": 844})   # Play live, pressed in the opened bar
    page.click("button[data-action=friend-panel]")
    page.click("#friend-bar button[data-action=go-live]")
    page.wait_for_function("() => { const l = document.querySelector('[data-friend-link]');"
                           " return !!l && l.value.includes('live='); }", timeout=WAIT_MS)
    assert page.get_attribute("main.table", "data-friend-live") == "connecting"
    assert page.inner_text("[data-friend-chip] .friend-chip-live") == "در حال اتصال…"
    assert page.locator("[data-friend-link]").is_visible()   # the offer to send is in the bar, in the flow
    assert me.problems() == []
    me.log.assert_clean()
