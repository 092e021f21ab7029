"""Every button's label is legible in every state, on a mouse and on a touch screen: normal, hovered, focused from
the keyboard, pressed, disabled and highlighted (the move the selection makes ready, in dark red). Each label's
colour is compared with the button's RENDERED pixels behind it (the button shot with its text made transparent:
gradients, shadows and anything drawn under the text count, as a player sees them), WCAG contrast 4.5:1 or more.
The states are forced through the DevTools protocol (CSS.forcePseudoState); on a touch screen a tap leaves a
button hovered, so it is checked hovered there too."""
from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest

from .helpers import YOUR_TURN, boot, card, letters
from .pixels import Colour, contrast, read_png

browser = pytest.mark.browser

ROUND_END = {"market": "MMCLP", "hands": ["SSCLP", "CCLPP"], "herds": [1, 1], "seed": 4,
             "goods": {"D": [], "G": [], "S": [5]}}
"""Selling the two silver empties a third goods pile: the round ends and its result opens."""

STATES = {"normal": [], "hover": ["hover"], "focus": ["focus", "focus-visible"], "pressed": ["active", "hover"]}
TOUCH_STATES = {"normal": [], "hover": ["hover"], "pressed": ["active"]}
"""What a mouse does to a button, and what a finger does (a tap leaves the button hovered; no keyboard ring)."""

BUTTONS = """() => [...document.querySelectorAll('button')].map((b, i) => {
  const r = b.getBoundingClientRect();
  const shown = r.width > 0 && r.height > 0 && !b.closest('[inert], .sr-only, .flights') && !b.classList.contains('card')
    && b.checkVisibility({visibilityProperty: true, opacityProperty: true});
  return shown ? i : -1; }).filter(i => i >= 0)"""
LABELS = """(i) => {
  const b = document.querySelectorAll('button')[i], box = b.getBoundingClientRect(), out = [];
  const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const el = t.parentElement, style = getComputedStyle(el);
    if (style.visibility !== 'visible') continue;
    const range = document.createRange(); range.selectNodeContents(t);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    for (const r of range.getClientRects()) {
      if (r.width < 2 || r.height < 2) continue;
      out.push({colour: style.color, opacity, text: t.textContent.trim().slice(0, 30),
                rect: [r.left - box.left, r.top - box.top, r.width, r.height]});
    }
  }
  return {name: (b.dataset.action || b.className || 'button') + ' "' + b.textContent.trim().slice(0, 24) + '"',
          disabled: b.disabled, primary: b.classList.contains('primary'), labels: out};
}"""
HIDE = "document.head.insertAdjacentHTML('beforeend', '<style>.probe-hidden, .probe-hidden * { color: transparent !important; text-shadow: none !important; }</style>')"


def _rgba(css: str) -> tuple[Colour, float]:
    """(r, g, b) and alpha of a computed `rgb(…)` / `rgba(…)` colour."""
    parts = [float(x) for x in css[css.index("(") + 1:css.index(")")].replace("/", ",").replace(" ", ",").split(",") if x]
    return (parts[0], parts[1], parts[2]), (parts[3] if len(parts) > 3 else 1.0)


def worst_labels(page: Any, states: dict[str, list[str]]) -> tuple[list[str], int]:
    """Each shown button of the page in each state: the labels whose contrast with the pixels behind them is under
    4.5:1 (with the worst ratio), and how many label-and-state pairs were measured."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "button"})["nodeIds"]
    page.evaluate(HIDE)
    bad, measured = [], 0
    for i in page.evaluate(BUTTONS):
        for state, forced in states.items():
            cdp.send("CSS.forcePseudoState", {"nodeId": nodes[i], "forcedPseudoClasses": forced})
            seen = page.evaluate(LABELS, i)
            if not seen["labels"]:
                continue
            button = page.evaluate_handle("i => document.querySelectorAll('button')[i]", i).as_element()
            button.evaluate("b => b.classList.add('probe-hidden')")
            width, height, rows = read_png(button.screenshot(animations="disabled", caret="hide"))
            button.evaluate("b => b.classList.remove('probe-hidden')")
            for label in seen["labels"]:
                colour, alpha = _rgba(label["colour"])
                alpha *= label["opacity"]
                x, y, w, h = (round(v) for v in label["rect"])
                behind = [rows[yy][xx] for yy in range(max(0, y + 1), min(height, y + h - 1))
                          for xx in range(max(0, x + 1), min(width, x + w - 1))]
                if not behind:
                    continue
                ratio = min(contrast(tuple(alpha * c + (1 - alpha) * p for c, p in zip(colour, px)), px)  # type: ignore[arg-type]
                            for px in behind)
                measured += 1
                if ratio < 4.5:
                    kind = "disabled " if seen["disabled"] else "highlighted " if seen["primary"] else ""
                    bad.append(f"{kind}{seen['name']} [{state}] {label['text']!r}: {ratio:.2f}")
        cdp.send("CSS.forcePseudoState", {"nodeId": nodes[i], "forcedPseudoClasses": []})
    cdp.detach()
    return bad, measured


def _hash(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _select_a_good(page: Any) -> None:
    """Select the market's first good: Take is ready and highlighted."""
    index = next(i for i, x in enumerate(letters(page, "market")) if x != "M")
    card(page, "market", index).click()
    page.wait_for_selector("button[data-action=take].primary:not([disabled])")


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_button_is_legible_in_every_state_with_a_mouse(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                             lang: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    bad: list[str] = []
    if lang == "en":
        boot(page, base_url, wait_settled)                                    # the start screen
        page.wait_for_selector("[data-screen=start]")
        page.click("[data-collection] summary")                          # the puzzles' numbers too
        found, n = worst_labels(page, STATES)
        bad += found
        assert n >= 30
    boot(page, base_url + f"?opponent=novice&lang={lang}#position=" + _hash(ROUND_END), wait_settled)
    page.wait_for_function(YOUR_TURN)
    _select_a_good(page)
    take = page.locator("button[data-action=take]")
    take.hover()                                                          # the case, with a real pointer
    shot = read_png(take.screenshot())
    ink = _rgba(take.evaluate("b => getComputedStyle(b).color"))[0]
    assert max(contrast(ink, px) for row in shot[2] for px in row) >= 4.5, "the hovered Take button shows no label"
    found, n = worst_labels(page, STATES)
    bad += found
    assert n >= 40
    page.click("button[data-action=clear]")
    for i in [i for i, x in enumerate(letters(page, "hand")) if x == "S"]:
        card(page, "hand", i).click()
    page.click("button[data-action=sell]")
    page.wait_for_selector("[data-round-result]")
    found, n = worst_labels(page, STATES)
    bad += found
    assert n >= 8
    assert bad == []


@browser
def test_every_button_is_legible_in_every_state_on_a_touch_screen(browser: Any, base_url: str,
                                                                  wait_settled: Callable[..., str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1)
    page = context.new_page()
    try:
        assert page.evaluate("matchMedia('(hover: none)').matches")
        boot(page, base_url + "?opponent=novice#position=" + _hash(ROUND_END), wait_settled)
        page.wait_for_function(YOUR_TURN)
        index = next(i for i, x in enumerate(letters(page, "market")) if x != "M")
        card(page, "market", index).tap()
        page.wait_for_selector("button[data-action=take].primary:not([disabled])")
        page.click("button[data-action=tools]")                          # the header's menu, open
        page.wait_for_selector("#table-tools.open")
        bad, n = worst_labels(page, TOUCH_STATES)
        assert n >= 30
        assert bad == []
    finally:
        context.close()
