"""The saved game in real headless Chromium: it survives a reload (localStorage), a corrupted save gives
a message and a fresh game, undo against the computer, the record downloaded, imported and shared.
Every test also checks that no request leaves 127.0.0.1 and that the console stays clean."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import jaipur
from jaipur.web.store.saved import STORAGE_KEY

from .helpers import YOUR_TURN, boot, logged_moves, shown

browser = pytest.mark.browser


def play(page: Any) -> None:
    """One move by clicks: the camels if allowed, else the first good the market lets you take."""
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    if page.eval_on_selector("button[data-action=camels]", "b => !b.disabled"):
        page.click("button[data-action=camels]")
        return
    cards = page.locator("[data-zone=market] button[data-card]")
    for i in range(cards.count()):
        if cards.nth(i).get_attribute("data-card") == "M":
            continue
        cards.nth(i).click()
        if page.eval_on_selector("button[data-action=take]", "b => !b.disabled"):
            page.click("button[data-action=take]")
            return
        page.click("button[data-action=clear]")
    raise AssertionError("no move")


@browser
def test_the_game_survives_a_reload(page: Any, page_log: Any, base_url: str,
                                    wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)
    for _ in range(3):
        play(page)
    page.wait_for_function(YOUR_TURN)
    moves = logged_moves(page)
    assert len(moves) == 6
    saved = json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
    assert saved["format"] == "jaipur-save/1" and saved["record"]["moves"] == moves and saved["opponent"] == "novice"
    my_hand = shown(page, "hand")
    page.reload()
    assert wait_settled(page) == "ready"
    page.wait_for_function(YOUR_TURN)
    assert logged_moves(page) == moves and shown(page, "hand") == my_hand
    assert page.eval_on_selector_all("[data-notices] [data-code]", "e => e.map(x => x.dataset.code)") == ["save.resumed"]
    # the bare address resumes it too; play on from there
    boot(page, base_url + "index.html", wait_settled)
    page.wait_for_function(YOUR_TURN)
    assert logged_moves(page) == moves and page.inner_text(".badge[data-level]") == "Computer: Novice"
    play(page)
    page.wait_for_function(YOUR_TURN)
    assert len(logged_moves(page)) == 8
    page_log.assert_clean()


@browser
def test_a_corrupted_save_shows_a_message_and_a_fresh_game(page: Any, page_log: Any, base_url: str,
                                                           wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?seed=5", wait_settled)
    for text, code in (("{this is not json", "save.json"), ('{"format": "jaipur-save/7"}', "save.version"),
                       ('{"format": "jaipur-save/1", "opponent": "novice", "record": {"seed": 1, "moves": ["S7D"]}}',
                        "save.record")):
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, text])
        page.reload()
        assert wait_settled(page) == "ready"
        page.wait_for_selector("main.table")
        assert page.eval_on_selector_all("[data-notices] [data-code]", "e => e.map(x => x.dataset.code)") == [code]
        assert len(page.inner_text("[data-notices]")) > 30 and "Traceback" not in page.inner_text("body")
        assert page.locator("[data-zone=market] [data-card]").count() == 5
        assert len(logged_moves(page)) <= 1                 # a fresh game (the computer may have opened it)
        fresh = json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
        assert fresh["format"] == "jaipur-save/1"          # the damaged save was replaced
    page.click("button[data-action=dismiss-notices]")
    assert page.locator("[data-notices]").count() == 0
    assert page_log.foreign_requests() == [] and page_log.failed == []
    assert page_log.console_errors == []                   # the dropped save is a console warning, not an error


@browser
def test_undo_against_the_computer(page: Any, page_log: Any, base_url: str,
                                   wait_settled: Callable[..., str]) -> None:
    page.clock.install()                       # the page's own timers, so time can pass without a sleep
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)
    start_hand = shown(page, "hand")
    assert page.eval_on_selector("button[data-action=undo]", "b => b.disabled")
    play(page)
    page.wait_for_function(YOUR_TURN)
    play(page)
    page.wait_for_function(YOUR_TURN)
    assert len(logged_moves(page)) == 4
    page.click("button[data-action=undo]")
    assert len(logged_moves(page)) == 2
    page.click("button[data-action=undo]")
    assert logged_moves(page) == [] and shown(page, "hand") == start_hand
    assert page.get_attribute("main.table", "data-turn") == "you"
    saved = json.loads(page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
    assert saved["record"]["moves"] == []
    # undo while the computer is thinking: its move never lands
    page.evaluate("""() => { document.querySelector('button[data-action=camels]').click();
                             document.querySelector('button[data-action=undo]').click(); }""")
    page.clock.run_for(1500)                   # the computer's thinking, had it gone on, would have ended
    assert logged_moves(page) == [] and page.get_attribute("main.table", "data-turn") == "you"
    page_log.assert_clean()


@browser
def test_download_import_and_share_the_record(page: Any, page_log: Any, base_url: str, tmp_path: Path,
                                              wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)
    play(page)
    page.wait_for_function(YOUR_TURN)
    moves = logged_moves(page)
    page.click("button[data-action=game]")
    with page.expect_download() as got:
        page.click("[data-dialog=game] button[data-action=export]")
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path.name.endswith(".json") and data["format"] == "jaipur-record/1" and data["moves"] == moves
    assert jaipur.replay(jaipur.record_from_json(data))[-1].to_move == 0
    # share link: shown in the dialog (copied when the browser allows it); it opens the replay viewer
    page.click("button[data-action=game]")
    page.click("[data-dialog=game] button[data-action=share]")
    link = page.input_value("[data-share-link]")
    page.click("button[data-action=copy-link]")
    page.wait_for_selector("[data-copied]")
    page.keyboard.press("Escape")
    assert page.locator("[data-dialog]").count() == 0
    boot(page, link, wait_settled)
    assert page.get_attribute("[data-zone=replay]", "data-plies") == str(len(moves))
    # import: a bad paste is explained, the file opens in the replay viewer
    boot(page, base_url + "index.html?opponent=novice&seed=4", wait_settled)
    page.click("button[data-action=game]")
    page.click("[data-dialog=game] button[data-action=import]")
    page.fill("#import-text", "this is not a record")
    page.click("button[data-action=import-paste]")
    assert page.get_attribute("[data-import-problem]", "data-import-problem") == "import.format"
    page.set_input_files("input[data-file=import]", str(path))
    page.wait_for_selector("[data-zone=replay]")
    page.keyboard.press("End")
    assert page.get_attribute("[data-zone=replay]", "data-ply") == str(len(moves))
    page_log.assert_clean()


@browser
def test_embedded_page_leaves_the_saved_game_alone(page: Any, page_log: Any, base_url: str,
                                                   wait_settled: Callable[..., str]) -> None:
    boot(page, base_url + "index.html?opponent=novice&seed=3", wait_settled)
    play(page)
    page.wait_for_function(YOUR_TURN)
    saved = page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')")
    boot(page, base_url + "index.html?embed=1&opponent=novice&seed=9", wait_settled)
    play(page)
    page.wait_for_function(YOUR_TURN)
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == saved
    page_log.assert_clean()
