"""The position editor in real Chromium (`?edit=1`): a position built by clicks, an invalid one refused with the
engine's own sentence, the link it copies opens exactly that position, the <iframe> snippet has `&amp;`, a puzzle's
solution played on the table is judged, and "Open in editor" reaches it from a match."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from jaipur import JaipurError, position_from_json, position_to_json
from jaipur.study.puzzlebook import load
from jaipur.web.links.linkwriter import EMBED_HEIGHTS

from .helpers import boot, letters, shown
from .test_a11y import axe, axe_script  # noqa: F401 - axe_script is a fixture
from .test_collection import play_by_clicks

browser = pytest.mark.browser
CHECK = "[data-editor-check]"


@pytest.fixture
def clip_page(browser: Any, page_log: Any) -> Iterator[Any]:
    """A page whose clipboard may be written and read (the editor copies through it)."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    pg = context.new_page()
    pg.on("console", lambda m: page_log.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda error: page_log.console_errors.append(f"uncaught: {error}"))
    yield pg
    context.close()


def press(page: Any, action: str, value: str = "") -> None:
    page.click(f"button[data-action={action}]" + (f"[data-value='{value}']" if value else ""))


def add(page: Any, zone: str, cards: str) -> None:
    press(page, "editor-zone", zone)
    for letter in cards:
        press(page, "editor-add", letter)


def check(page: Any) -> tuple[str, str]:
    el = page.locator(CHECK)
    return str(el.get_attribute("data-editor-check")), el.locator("[data-editor-message]").inner_text() \
        if el.get_attribute("data-editor-check") == "bad" else el.inner_text()


def copied(page: Any, what: str) -> str:
    """Copy, wait for the page to say it is copied, and return what the clipboard holds (the text shown too)."""
    press(page, "editor-copy", what)
    page.wait_for_selector(f"[data-editor-output={what}] ~ [data-copied=true]")
    text = str(page.evaluate("navigator.clipboard.readText()"))
    assert text == page.input_value(f"[data-editor-output={what}]")
    return text


@browser
def test_the_editor_builds_a_position_by_clicks_refuses_a_bad_one_and_its_link_opens_it(
        clip_page: Any, base_url: str, wait_settled: Callable[..., str], page_log: Any) -> None:
    page = clip_page
    boot(page, base_url + "index.html?edit=1", wait_settled)
    page.wait_for_selector("[data-editor]")
    press(page, "editor-clear")
    add(page, "market", "MMMDG")
    add(page, "hand0", "LLLM")
    add(page, "hand1", "CP")
    add(page, "discard", "SS")
    press(page, "editor-goods", "S:-1")
    press(page, "editor-turn", "1")
    assert check(page) == ("ok", "The engine accepts this position.")
    add(page, "market", "D")                   # a sixth card in the market: the engine's own sentence
    bad = {"market": "MMMDGD", "hands": ["LLL", "CP"]}
    with pytest.raises(JaipurError) as exc:
        position_from_json(bad)
    assert check(page) == ("bad", exc.value.message)
    assert page.locator("button[data-action=editor-copy][data-value=link]").is_disabled()
    page.click("[data-editor-zone=market] button[data-value='market:5']")
    assert check(page)[0] == "ok"
    link = copied(page, "link")
    assert "#position=" in link
    boot(page, link, wait_settled)
    page.wait_for_selector("main.table[data-turn]")
    assert shown(page, "market") == "DGMMM"
    assert "".join(letters(page, "hand")) == "CP"          # player 2 is to move: the link shows its side
    assert page.locator("[data-zone=opponent-herd]").get_attribute("data-count") == "1"
    assert page.locator("[data-zone=opponent-hand]").get_attribute("data-count") == "3"
    assert page.locator("[data-zone=goods] .pile[data-good=S]").get_attribute("data-left") == "4"
    assert page.locator("[data-zone=discard] .sold[data-good=S]").get_attribute("data-count") == "2"
    assert page_log.console_errors == []


@browser
def test_the_iframe_snippet_has_escaped_ampersands_and_opens_the_still_picture(
        clip_page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page = clip_page
    boot(page, base_url + "index.html?edit=1&lang=fa", wait_settled)
    press(page, "editor-still")
    snippet = copied(page, "embed")
    still = EMBED_HEIGHTS["still"]                          # the still table's measured height, not 64rem
    assert snippet.startswith('<iframe src="') and f'style="width: 100%; height: {still}; border: 0"' in snippet
    src = snippet.split('src="', 1)[1].split('"', 1)[0]
    assert "lang=fa&amp;embed=1&amp;interactive=0#position=" in src
    assert "&" not in src.replace("&amp;", "")
    boot(page, src.replace("&amp;", "&"), wait_settled)
    page.wait_for_selector("main.table[data-view=still]")
    assert page.evaluate("document.documentElement.lang") == "fa"


@browser
def test_a_puzzle_solution_is_played_on_the_table_and_the_verifier_accepts_it(
        clip_page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page = clip_page
    entry = next(e for e in load() if e.level == 1)
    data = position_to_json(entry.position)
    boot(page, base_url + "index.html?edit=1#position=" + json.dumps(data, separators=(",", ":")), wait_settled)
    press(page, "editor-solve")
    page.wait_for_selector("[data-editor-solving]")
    play_by_clicks(page, entry.solution)
    page.wait_for_selector(f"[data-editor-solution={entry.solution}] [data-editor-verdict]", timeout=90_000)
    assert page.locator("[data-editor-verdict]").get_attribute("data-editor-verdict") == "accepted"
    link = copied(page, "puzzle")
    boot(page, link, wait_settled)
    page.wait_for_selector("main.table[data-view=puzzle]")


@browser
def test_open_in_editor_from_a_match(clip_page: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    page = clip_page
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)
    page.wait_for_selector("main.table[data-turn=you]")
    market = shown(page, "market")
    press(page, "game")
    press(page, "open-editor")
    page.wait_for_selector("[data-editor-notice='editor.dealt']")
    assert "".join(sorted(page.locator("[data-editor-zone=market]").get_attribute("data-cards") or "")) == \
        "".join(sorted(market))
    assert check(page)[0] == "ok"


@browser
def test_the_editor_by_keyboard_and_axe(page: Any, base_url: str, wait_settled: Callable[..., str],
                                        page_log: Any, axe_script: Any) -> None:  # noqa: F811
    boot(page, base_url + "index.html?edit=1", wait_settled)
    page.wait_for_selector("[data-editor]")
    press(page, "editor-clear")
    page.focus("button[data-action=editor-zone][data-value=hand1]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-editor-palette=hand1]")
    page.focus("button[data-action=editor-add][data-value=G]")
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.wait_for_function("document.querySelector('[data-editor-zone=hand1]').dataset.cards === 'GG'")
    assert page.evaluate("document.activeElement.dataset.value") == "G"   # the focus stays where it was
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.value") == "S"
    assert check(page)[0] == "bad"
    assert axe(page, axe_script, "editor (en, refused)") == []
    press(page, "switch-lang", "fa")
    page.wait_for_selector("[data-editor][dir], .jaipur[dir=rtl] [data-editor]")
    assert axe(page, axe_script, "editor (fa)") == []
    assert page_log.console_errors == []
