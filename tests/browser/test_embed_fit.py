"""The documented snippet (links.make_snippet's height) shows the whole embedded table, its last button
included, without an inner scrollbar, at 360 px and 1024 px wide, and asks no more height than the table takes at
its tallest (the width and the state where it is tallest); in real headless Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from jaipur.lang.en import WORDS as EN
from jaipur.web.links import make_link, make_snippet

from .helpers import YOUR_TURN
from .test_collection import play_by_clicks

browser = pytest.mark.browser

STILL = {"market": "MMMDG", "hands": ["LLL", "C"]}
PUZZLE = {"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5}
BIG = {"market": "MMMDG", "hands": ["LLLLSSC", "SC"], "herds": [6, 2], "seed": 5}

LAST_BUTTON_INSIDE = """() => {
  const buttons = [...document.querySelectorAll("main.table button")].filter((b) => b.getClientRects().length);
  const last = buttons[buttons.length - 1];
  const box = last ? last.getBoundingClientRect() : null;
  const root = document.scrollingElement;
  return {buttons: buttons.length, bottom: box ? box.bottom : -1, height: innerHeight,
          scroll: root.scrollHeight - root.clientHeight};
}"""


@browser
@pytest.mark.parametrize(("case", "width"), [("still", 360), ("puzzle", 360), ("big", 380), ("puzzle", 1024),
                                             ("big", 1024)])
def test_the_snippet_shows_the_tables_last_button(page: Any, page_log: Any, base_url: str, tmp_path: Path,
                                                  serve_folder: Callable[[Path], str], width: int, case: str) -> None:
    if case == "still":
        src = make_link(base_url + "index.html", STILL, embed=True, interactive=False)
    elif case == "puzzle":
        src = make_link(base_url + "index.html", PUZZLE, embed=True, solution="S4L", caption="Sell the leather.")
    else:
        src = make_link(base_url + "index.html", BIG, embed=True,
                        caption="A long caption that wraps onto two lines on a phone, as lesson captions do.")
    (tmp_path / "host.html").write_text(
        '<!doctype html><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><body style="margin:0">'
        + make_snippet(src, "Jaipur", lazy=False) + "</body>", encoding="utf-8")
    page.set_viewport_size({"width": width, "height": 2000})
    page.goto(serve_folder(tmp_path) + "host.html")
    frame = page.frame_locator("iframe")
    frame.locator("html[data-jaipur=ready] main.table").wait_for(timeout=90_000)
    inner = next(f for f in page.frames if f != page.main_frame)
    seen = inner.evaluate(LAST_BUTTON_INSIDE)
    assert seen["buttons"] > 0
    assert seen["scroll"] <= 1, f"an inner scrollbar at {width} px: {seen}"
    assert seen["bottom"] <= seen["height"], f"the last button is cut off at {width} px: {seen}"
    assert page_log.console_errors == []


FULL = {"market": "MMDGS", "hands": ["DDLLCCP", "SGLPC"], "herds": [5, 2], "seed": 1}
"""A hand of seven and a herd of five: the tallest rows of cards."""
WIDTHS = (320, 390, 521, 560, 619, 760, 899, 1024, 1280)
"""Phones, the band where the cloth is two rows (521–619), articles, wide pages."""
HEIGHT = "() => Math.ceil(document.querySelector('#app > .jaipur').getBoundingClientRect().height)"


@browser
@pytest.mark.parametrize("kind", ["still", "position", "puzzle"])
def test_the_snippet_is_as_tall_as_the_table_at_its_tallest(page: Any, base_url: str, wait_settled: Callable[..., str],
                                                             kind: str) -> None:
    if kind == "puzzle":
        src = make_link(base_url + "index.html", PUZZLE, embed=True, solution="S4L")
    else:
        src = make_link(base_url + "index.html", FULL, embed=True, interactive=False if kind == "still" else None)
    snippet = make_snippet(src, "Jaipur")
    asked = float(snippet.split("height: ", 1)[1].split("px", 1)[0])
    page.set_viewport_size({"width": WIDTHS[0], "height": 2000})
    page.goto(src)
    assert wait_settled(page) == "ready"
    page.wait_for_selector("main.table")
    tallest = 0

    def measure() -> None:
        nonlocal tallest
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 2000})
            tallest = max(tallest, page.evaluate(HEIGHT))

    measure()
    if kind == "position":                          # a move and the reply: both said on the table
        page.wait_for_function(YOUR_TURN)
        play_by_clicks(page, "S2D")
        page.wait_for_selector("[data-reply]")
        page.wait_for_function(YOUR_TURN)
        measure()
    if kind == "puzzle":                            # a wrong try's verdict, then the answer
        play_by_clicks(page, "TD")
        page.wait_for_selector("[data-verdict=wrong]")
        thinking = json.dumps(EN["puzzle.wrong.thinking"])  # the why is looked for in steps: measure it once said
        page.wait_for_function(f"document.querySelector('[data-verdict]').textContent.trim() !== {thinking}",
                               timeout=60_000)
        measure()
        page.click("button[data-action=reveal]")
        page.wait_for_selector("[data-answer]")
        measure()
    print(f"{kind}: the table at its tallest {tallest} px, the snippet asks {asked:.0f} px")
    assert tallest <= asked <= tallest + 48, (tallest, asked)
