"""The phone's header, touch targets and results, in Chromium: a one-row header whose tools open from a real
disclosure button (mouse and keyboard), every clickable thing at least 44 × 44 css px (or with a 44 px hit area)
at 360×740 and in landscape at 740×360, the hint beside Undo and Clear never clipped, your own move's result kept apart from the computer's reply until you hide it, two players named on
the start screen, the match summary with a look at the final table behind it, and goods tokens that never cover
one another on a desktop."""
from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest

from jaipur import apply, legal_moves, new_match, next_round
from jaipur.record import Record, record_to_json
from jaipur.web.store.saved import STORAGE_KEY

from .helpers import TURN_OR_DIALOG, YOUR_TURN, boot, card, letters
from .test_a11y import axe, axe_script  # noqa: F401  (axe_script is a fixture)

browser = pytest.mark.browser

SETTLED = "() => document.getAnimations().every(a => a.effect.getTiming().iterations === Infinity)"
BIG_HAND = {"market": "MMDGS", "hands": ["DDLLCCP", "SSGGL"], "herds": [5, 2], "seed": 1}
"""A hand of seven and a herd of five: the most crowded rows a phone shows."""

SMALL_TARGETS = """() => {
  const sel = 'button, a[href], input, select, textarea, summary, [data-action], [data-card]';
  const bad = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('[inert]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (r.width >= 43.5 && r.height >= 43.5) continue;
    // or a 44 px hit area around its centre: its corners and centre all reach this element
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const ok = [[x - 21, y - 21], [x + 21, y - 21], [x - 21, y + 21], [x + 21, y + 21], [x, y]].every(([px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && (hit === el || el.contains(hit));
    });
    if (!ok) bad.push(`${el.tagName.toLowerCase()}.${el.className}[${el.dataset.action || el.dataset.card || ''}] `
                      + `${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return bad;
}"""


def _hash(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _settle(page: Any) -> None:
    page.wait_for_function(SETTLED)


@browser
def test_the_phone_header_is_one_row_with_its_tools_behind_a_disclosure_button(
        page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    page.wait_for_function(YOUR_TURN)
    bar = page.evaluate("""() => { const b = document.querySelector('.bar'); const r = b.getBoundingClientRect();
      const kids = [...b.children].filter(e => e.getBoundingClientRect().width > 0).map(e => e.getBoundingClientRect());
      return {h: r.height, rows: new Set(kids.map(k => Math.round(k.top + k.height / 2))).size,
              sideways: b.scrollWidth > b.clientWidth + 1, right: Math.max(...kids.map(k => k.right))}; }""")
    assert bar["h"] <= 56 and bar["sideways"] is False and bar["right"] <= 360, bar
    toggle = page.locator("button[data-action=tools]")
    assert toggle.get_attribute("aria-expanded") == "false" and toggle.get_attribute("aria-controls") == "table-tools"
    assert toggle.get_attribute("aria-label") == "Menu"
    assert not page.locator("#table-tools").is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#table-tools").is_visible()
    assert page.locator("#table-tools button[data-action=rules]").is_visible()
    assert page.evaluate(SMALL_TARGETS) == []
    page.keyboard.press("Escape")                                       # Escape shuts it
    page.wait_for_function("document.querySelector('[data-action=tools]').getAttribute('aria-expanded') === 'false'")
    toggle.focus()
    page.keyboard.press("Enter")                                        # and the keyboard opens it
    page.wait_for_function("document.querySelector('[data-action=tools]').getAttribute('aria-expanded') === 'true'")
    page.click("#table-tools button[data-action=rules]")                 # a tool used shuts the menu
    page.wait_for_selector("[data-dialog=rules]")
    assert toggle.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 1366, "height": 768})               # a desktop shows the tools, no menu button
    page.wait_for_function("document.querySelector('#table-tools').getBoundingClientRect().width > 0")
    assert not toggle.is_visible()


PHONES = [(360, 740), (740, 360)]
"""A phone held upright and on its side."""


@browser
@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_every_clickable_thing_is_44_px_on_a_phone(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                    size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url + "?lang=en", wait_settled)
    page.click("button[data-action=opponent][data-value=human]")
    page.wait_for_selector("#player-name-1")
    assert page.evaluate(SMALL_TARGETS) == [], "start screen"
    boot(page, base_url + "?opponent=novice#position=" + _hash(BIG_HAND), wait_settled)
    page.wait_for_function(YOUR_TURN)
    _settle(page)
    assert page.locator("[data-zone=herd] button[data-card]").count() == 5
    assert page.evaluate(SMALL_TARGETS) == [], "table"
    card(page, "hand", 0).click()
    card(page, "hand", 1).click()
    page.wait_for_selector("[data-preview=S2D]")
    assert page.evaluate(SMALL_TARGETS) == [], "a sale selected"
    page.click("button[data-action=clear]")
    page.click("button[data-action=camels]")                             # your move, then the computer's reply
    page.wait_for_function(YOUR_TURN)
    page.wait_for_selector("[data-own-move] button[data-action=dismiss-own]")
    _settle(page)
    assert page.evaluate(SMALL_TARGETS) == [], "your move and the reply"
    page.click("button[data-action=tools]")
    assert page.evaluate(SMALL_TARGETS) == [], "the menu"
    for tool in ("rules", "game"):                                       # the dialogs the menu opens
        if not page.locator("#table-tools").is_visible():
            page.click("button[data-action=tools]")
        page.click(f"#table-tools button[data-action={tool}]")
        page.wait_for_selector(f"[data-dialog={tool}]")
        _settle(page)
        assert page.evaluate(SMALL_TARGETS) == [], f"the {tool} dialog"
        page.keyboard.press("Escape")
        page.wait_for_function(f"!document.querySelector('[data-dialog={tool}]')")


@browser
def test_the_herd_on_its_side_is_tapped_camel_by_camel(page: Any, base_url: str,
                                                       wait_settled: Callable[..., str]) -> None:
    """In landscape the herd is a row of 44 px camels; each tap selects one more, for an exchange."""
    page.set_viewport_size({"width": 740, "height": 360})
    boot(page, base_url + "?opponent=novice#position=" + _hash({**BIG_HAND, "hands": ["DDLLC", "SSGGL"]}), wait_settled)
    page.wait_for_function(YOUR_TURN)
    _settle(page)
    boxes = [card(page, "herd", i).bounding_box() for i in range(5)]
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes)
    assert all(a["x"] + a["width"] <= b["x"] for a, b in zip(boxes, boxes[1:])), "the camels do not overlap"
    hand = card(page, "hand", 4).bounding_box()
    assert hand["y"] + hand["height"] <= boxes[0]["y"], "the herd is under the hand"
    badge = page.locator(".herd-zone h2 .count")                         # its size, for a herd too long to show
    assert badge.is_visible() and badge.inner_text() == "5"
    card(page, "market", 0).click()                                      # a diamond and a gold for two camels
    card(page, "market", 1).click()
    card(page, "herd", 0).click()
    card(page, "herd", 1).click()
    page.wait_for_function("document.querySelector('button[data-action=exchange]').dataset.candidate === 'XDG-MM'")
    assert page.locator("[data-zone=herd] button[aria-pressed=true]").count() == 2
    page.click("button[data-action=exchange]")
    page.wait_for_function(YOUR_TURN)
    assert page.locator("[data-zone=herd] button[data-card]").count() == 3
    assert badge.inner_text() == "3"


HINT = """() => {
  const hint = document.querySelector('.hint'), box = hint.getBoundingClientRect();
  const panel = document.querySelector('.actions').getBoundingClientRect();
  return {text: hint.textContent, cut: hint.scrollHeight > hint.clientHeight + 1 || hint.scrollWidth > hint.clientWidth + 1,
          inPanel: box.top >= panel.top - 1 && box.bottom <= panel.bottom + 1,
          onScreen: box.bottom + scrollY <= innerHeight + 1 && box.top + scrollY >= -1};
}"""
SELECTIONS = [(), ("market:0",), ("market:0", "market:1"), ("market:0", "market:3"), ("hand:0",), ("hand:0", "hand:2"),
              ("herd:0",), ("market:0", "hand:0"), ("hand:0", "hand:1")]
"""On BIG_HAND: the start hint, a full hand, an exchange half made, a market camel, a precious good alone, two goods,
a camel to sell, one for one, and a sale ready: the longest hints in both languages."""
HINT_SIZES = [(360, 740, "en"), (360, 740, "fa"), (390, 844, "en"), (390, 844, "fa"), (740, 360, "en"),
              (740, 360, "fa")]


@browser
@pytest.mark.parametrize("size", HINT_SIZES, ids=[f"{w}x{h}-{lang}" for w, h, lang in HINT_SIZES])
def test_the_hint_beside_undo_and_clear_is_never_clipped(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                          size: tuple[int, int, str]) -> None:
    width, height, lang = size
    page.set_viewport_size({"width": width, "height": height})
    boot(page, base_url + f"?opponent=novice&lang={lang}#position=" + _hash(BIG_HAND), wait_settled)
    page.wait_for_function(YOUR_TURN)
    seen = set()
    for keys in SELECTIONS:
        if page.locator("[data-zone] button[data-card][aria-pressed=true]").count():
            page.click("button[data-action=clear]")
        for key in keys:
            zone, index = key.split(":")
            card(page, zone, int(index)).click()
        page.wait_for_function(f"document.querySelectorAll('[data-zone] button[data-card][aria-pressed=true]')"
                               f".length === {len(keys)}")
        got = page.evaluate(HINT)
        assert got["text"] and not got["cut"] and got["inPanel"] and got["onScreen"], (keys, got)
        seen.add(got["text"])
    assert len(seen) >= 7, seen                                          # each selection said something of its own


@browser
def test_your_own_result_stays_apart_from_the_reply_until_you_hide_it(
        page: Any, base_url: str, wait_settled: Callable[..., str], axe_script: Any) -> None:  # noqa: F811
    page.set_viewport_size({"width": 390, "height": 844})
    boot(page, base_url + "?opponent=novice#position=" + _hash(BIG_HAND), wait_settled)
    page.wait_for_function(YOUR_TURN)
    hand_at = card(page, "hand", 0).bounding_box()
    page.click("button[data-action=camels]")
    page.wait_for_selector("[data-own-move=TM]")
    page.wait_for_function(YOUR_TURN)
    _settle(page)
    own = page.locator("[data-own-move=TM]")
    reply = page.locator("[data-reply]")
    assert own.is_visible() and reply.is_visible()
    assert own.inner_text().startswith("You took the 2 camels")
    a, b = own.bounding_box(), reply.bounding_box()
    assert a["y"] + a["height"] <= b["y"] + 1, "your result and the reply are two lines, yours first"
    assert card(page, "hand", 0).bounding_box()["y"] == hand_at["y"], "the hand did not move"
    assert axe(page, axe_script, "own move and reply") == []
    page.click("button[data-action=dismiss-own]")
    page.wait_for_function("!document.querySelector('[data-own-move]')")
    assert reply.is_visible()
    assert card(page, "hand", 0).bounding_box()["y"] == hand_at["y"], "the hand did not move"


@browser
def test_two_players_are_asked_their_names_and_see_them(page: Any, base_url: str,
                                                        wait_settled: Callable[..., str]) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    boot(page, base_url, wait_settled)
    assert page.locator("#player-name-1").count() == 0
    page.click("button[data-action=opponent][data-value=human]")
    page.fill("#player-name-1", "<i>Ava</i>")
    page.fill("#player-name-2", "Bo" * 30)
    assert len(page.input_value("#player-name-2")) == 24                 # maxlength
    page.click("button[data-action=start]")
    names = ("<i>Ava</i>", "Bo" * 12)
    page.wait_for_selector("[data-screen=pass]")
    assert any(n in page.inner_text("[data-screen=pass] h2") for n in names)   # whoever starts the deal
    assert page.locator(".jaipur i").count() == 0                               # text, never markup
    page.click("button[data-action=ready]")
    page.wait_for_function(YOUR_TURN)
    assert any(n in page.inner_text(".bar .turn") for n in names)
    table = page.inner_text("main.table")
    assert all(n in table for n in names) and page.locator(".jaipur i").count() == 0
    saved = json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
    assert saved["names"] == list(names)
    page.reload()
    assert wait_settled(page) == "ready"
    page.wait_for_selector("[data-screen=pass]")
    assert any(n in page.inner_text("[data-screen=pass] h2") for n in names)


def _match_ending_with_a_simple_move() -> Record:
    """A two-player match whose last move is a take, the camels or a sale (moves a test can click)."""
    for seed in range(1, 60):
        p = new_match(seed)
        moves: list[str] = []
        while p.status != "match-over":
            q = next_round(p) if p.round_over else p
            legal = legal_moves(q)
            sales = [m for m in legal if m.startswith("S") and int(m[1]) >= 2] or [m for m in legal if m.startswith("T")]
            moves.append((sales or legal)[(len(moves) * 5) % len(sales or legal)])
            p = apply(p, moves[-1])
        if not moves[-1].startswith("X"):
            return Record(seed=seed, moves=moves)
    raise AssertionError("no match found")


def _click_move(page: Any, move: str) -> None:
    if move == "TM":
        page.click("button[data-action=camels]")
    elif move.startswith("T"):
        card(page, "market", letters(page, "market").index(move[1])).click()
        page.click("button[data-action=take]")
    else:
        hand = letters(page, "hand")
        for i in [i for i, x in enumerate(hand) if x == move[2]][:int(move[1])]:
            card(page, "hand", i).click()
        page.click("button[data-action=sell]")


@browser
@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1366, 768)], ids=["360x740", "740x360", "1366x768"])
def test_the_match_summary_and_a_look_at_the_final_table(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                        axe_script: Any, size: tuple[int, int]) -> None:  # noqa: F811
    whole = _match_ending_with_a_simple_move()
    rec = Record(seed=whole.seed, players=["Ava", "Bo"], moves=whole.moves[:-1])
    save = {"format": "jaipur-save/1", "record": record_to_json(rec), "opponent": "human", "human_seat": 0,
            "names": ["Ava", "Bo"]}
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(base_url)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(save)])
    boot(page, base_url, wait_settled)
    page.click("button[data-action=ready]")
    page.wait_for_function(YOUR_TURN)
    _click_move(page, whole.moves[-1])
    page.wait_for_selector("[data-match-result][data-winner] [data-match-summary]")
    assert page.locator("[data-round-result]").count() == 1
    rounds = int(page.get_attribute("[data-match-summary]", "data-match-summary") or 0)
    assert rounds >= 2 and page.locator("[data-match-summary] td[data-score]").count() == 2 * rounds
    assert page.locator("[data-match-summary] td[data-won]").count() >= 2
    rows = page.eval_on_selector_all("[data-match-summary] th[scope=row]", "els => els.map(e => e.textContent)")
    assert sorted(rows) == ["Ava", "Bo"]
    assert axe(page, axe_script, f"match summary {size}") == []
    if min(size) < 500:                                                  # a phone, upright or on its side
        assert page.evaluate(SMALL_TARGETS) == []
    page.click("button[data-action=look-table]")
    page.wait_for_function("!document.querySelector('[data-match-result]')")
    assert page.locator("main.table[inert]").count() == 0
    back = page.locator("button[data-action=show-result]")
    assert back.is_visible() and page.evaluate("document.activeElement.dataset.action") == "show-result"
    assert page.get_attribute("main.table", "data-turn") == "over"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-match-result][data-winner]")


@browser
@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (1920, 1080), (600, 900)],
                         ids=["1366x768", "1024x768", "1920x1080", "600x900"])
def test_no_goods_token_covers_another_on_a_desktop(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                   size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url + "?opponent=novice&seed=3", wait_settled)
    page.wait_for_function(TURN_OR_DIALOG)
    got = page.evaluate("""() => {
      const out = [];
      for (const pile of document.querySelectorAll('[data-zone=goods] .pile')) {
        const panel = pile.closest('[data-zone=goods]').getBoundingClientRect();
        const boxes = [...pile.querySelectorAll('.token')].map(t => t.getBoundingClientRect());
        boxes.forEach((a, i) => {
          if (a.width < 18 || a.left < panel.left - 1 || a.right > panel.right + 1) out.push(`${pile.dataset.good} ${i} cut`);
          if (i && boxes[i - 1].right > a.left + 0.5) out.push(`${pile.dataset.good} ${i} overlaps`);
        });
      }
      return out;
    }""")
    assert got == []
