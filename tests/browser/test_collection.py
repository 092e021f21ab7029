"""The puzzle collection in real Chromium: every puzzle of `jaipur/data/puzzles.json` opens embedded
(`?embed=1&puzzle=ID`, then Next through the whole collection in the same page) and accepts only its
solution, played by clicks; the start screen lists the collection."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from jaipur.notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move
from jaipur.rules import apply, legal_moves
from jaipur.study.puzzlebook import Entry, load

from .helpers import boot, card, letters

browser = pytest.mark.browser


def collection() -> list[Entry]:
    try:
        return load()
    except FileNotFoundError:
        pytest.skip("jaipur/data/puzzles.json is not in this checkout yet")


def pick(page: Any, zone: str, wanted: str) -> None:
    """Click cards of a zone, one per letter of `wanted` (each a different card)."""
    need = Counter(wanted)
    for i, letter in enumerate(letters(page, zone)):
        if need[letter] > 0:
            card(page, zone, i).click()
            need[letter] -= 1
    assert not +need, f"{zone} lacks {dict(+need)}"


def play_by_clicks(page: Any, move: str) -> None:
    """Select the move's cards and press its button, as a player would."""
    m = parse_move(move)
    if m.kind == CAMELS:
        page.click("button[data-action=camels]")
        return
    if m.kind == TAKE:
        pick(page, "market", m.good)
        page.click("button[data-action=take]")
    elif m.kind == SELL:
        pick(page, "hand", m.good * m.count)
        page.click("button[data-action=sell]")
    elif m.kind == EXCHANGE:
        pick(page, "market", m.taken)
        pick(page, "hand", m.given.replace("M", ""))
        pick(page, "herd", "M" * m.given.count("M"))
        page.click("button[data-action=exchange]")


def wrong_try(e: Entry) -> str:
    """A move other than the solution, easy to click: the camels, else a take, else any."""
    others = [m for m in legal_moves(e.position) if m != e.solution]
    return min(others, key=lambda m: (parse_move(m).kind not in (CAMELS, TAKE), m))


@browser
def test_every_puzzle_of_the_collection_opens_embedded_and_accepts_only_its_solution(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    book = collection()
    boot(page, f"{base_url}index.html?embed=1&puzzle={book[0].id}", wait_settled)
    for n, e in enumerate(book):
        page.wait_for_selector(f"[data-collection-nav='{e.id}']", state="attached")
        assert page.get_attribute("[data-puzzle]", "data-solved") == "false", e.id
        wrong = wrong_try(e)
        play_by_clicks(page, wrong)
        page.wait_for_selector("[data-verdict=wrong]", state="attached")
        assert page.locator(f"[data-zone=log] [data-move='{wrong}']").count() == 0, e.id
        play_by_clicks(page, e.solution)
        page.wait_for_selector("[data-puzzle][data-solved=true]", state="attached")
        assert page.locator(f"[data-zone=log] [data-move='{e.solution}']").count() == 1, e.id
        assert apply(e.position, e.solution).round_over
        if n + 1 < len(book):
            page.click("button[data-action=puzzle-next]")
    page_log.assert_clean()


@browser
def test_the_start_screen_lists_the_collection_and_opens_a_puzzle(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    book = collection()
    boot(page, f"{base_url}index.html?lang=fa", wait_settled)
    page.click("[data-collection] summary")
    items = page.locator("[data-action=open-puzzle]")
    assert items.count() == len(book)
    assert [items.nth(i).get_attribute("data-value") for i in range(items.count())] == \
        [e.id for level in (1, 2, 3) for e in book if e.level == level]
    chosen = items.nth(1).get_attribute("data-value")
    n = next(i for i, e in enumerate(book) if e.id == chosen) + 1
    items.nth(1).click()
    page.wait_for_selector(f"[data-collection-nav='{chosen}']", state="attached")
    assert f"معمای {str(n).translate(str.maketrans('0123456789', '۰۱۲۳۴۵۶۷۸۹'))} از" in page.inner_text("[data-caption]")
    page_log.assert_clean()


@browser
def test_a_shown_puzzle_has_its_own_address_and_a_wrong_try_says_why(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    book = collection()
    boot(page, f"{base_url}index.html?lang=en", wait_settled)
    page.click("[data-collection] summary")
    page.click(f"[data-action=open-puzzle][data-value='{book[0].id}']")
    page.wait_for_selector(f"[data-collection-nav='{book[0].id}']", state="attached")
    page.wait_for_function(f"location.search.includes('puzzle={book[0].id}')")
    assert page.evaluate("new URLSearchParams(location.search).get('lang')") == "en"   # the rest of it is kept
    # a wrong try: said at once, then why (the opponent's reply that beats it, found in the background)
    play_by_clicks(page, book[0].rival)
    page.wait_for_function("document.querySelector('[data-verdict=wrong]') && "
                           "document.querySelector('[data-verdict=wrong]').textContent.includes('could answer')")
    said = page.inner_text("[data-verdict]")
    assert book[0].rival not in said and "rupees" in said
    page.click("button[data-action=puzzle-next]")
    page.wait_for_function(f"location.search.includes('puzzle={book[1].id}')")
    history = page.evaluate("history.length")
    page.reload()                                   # the address opens the puzzle shown, as a copied link would
    assert wait_settled(page) == "ready"
    page.wait_for_selector(f"[data-collection-nav='{book[1].id}']", state="attached")
    assert page.evaluate("history.length") == history    # replaced, not pushed: Back leaves the puzzles
    page.click("button[data-action=menu]")
    page.wait_for_selector("[data-collection]", state="attached")
    page.wait_for_function("!new URLSearchParams(location.search).has('puzzle')")
    page_log.assert_clean()
