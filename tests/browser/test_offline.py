"""Offline and installable, in real headless Chromium: after one visit the game opens and plays with
the network off; a new release installs beside the running one, the page offers it, and the reload
brings the whole new release (never a mix of two)."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import serve

from .helpers import YOUR_TURN, play_one_move

browser = pytest.mark.browser
CONTROLLED = "navigator.serviceWorker.controller !== null"


def test_the_manifest_describes_an_installable_app() -> None:
    """The web app manifest names the game, starts at the page and has an icon, all by relative URLs."""
    manifest = json.loads((serve.ROOT / "assets" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Jaipur" and manifest["display"] == "standalone"
    assert (serve.ROOT / "assets" / Path(manifest["start_url"])).resolve() == (serve.ROOT / "index.html").resolve()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("http:", "https:", "/"))
        assert (serve.ROOT / "assets" / icon["src"]).is_file()


@browser
def test_after_one_visit_the_game_opens_and_plays_offline(page: Any, page_log: Any, base_url: str,
                                                         wait_settled: Callable[..., str]) -> None:
    """Load once, go offline, reload: the table is back and a move is played against the computer."""
    page.goto(base_url + "?opponent=novice&seed=8")
    assert wait_settled(page) == "ready"
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.context.set_offline(True)
    page_log.failed.clear()
    page.reload()
    assert wait_settled(page) == "ready"
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    before = page.locator("[data-zone=log] [data-move]").count()
    play_one_move(page)
    page.wait_for_function(f"document.querySelectorAll('[data-zone=log] [data-move]').length >= {before + 2}",
                           timeout=30_000)                  # the move and the computer's answer, offline
    assert page_log.failed == []
    assert page_log.console_errors == []


@browser
def test_a_new_release_waits_is_offered_and_replaces_the_old_one_whole(
        tmp_path: Path, page: Any, page_log: Any, serve_folder: Callable[[Path], str],
        wait_settled: Callable[..., str]) -> None:
    """A changed site installs beside the running one: until the player reloads, the page is served the
    old files only; the update bar's Reload brings the new files and the game in progress back."""
    site = tmp_path / "site"
    serve.build(site)
    url = serve_folder(site)
    page.goto(url + "?opponent=novice&seed=9")
    assert wait_settled(page) == "ready"
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.wait_for_function(YOUR_TURN, timeout=30_000)
    play_one_move(page)
    page.wait_for_function("document.querySelectorAll('[data-zone=log] [data-move]').length >= 2", timeout=30_000)
    page.wait_for_function(YOUR_TURN, timeout=30_000)     # the computer has answered
    moves = page.eval_on_selector_all("[data-zone=log] [data-move]", "els => els.map(e => e.dataset.move)")

    css = site / "assets" / "css" / "table.css"          # the next release: one file changed
    css.write_text(css.read_text(encoding="utf-8") + "\n/* release 2 */\n", encoding="utf-8")
    (site / serve.PRECACHE).write_text(serve.precache_js(site), encoding="utf-8")
    page.evaluate("navigator.serviceWorker.getRegistration().then((reg) => reg.update())")
    page.wait_for_selector("[data-update] button[data-action=apply-update]", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.update") == "ready"
    # not taken over yet: the running page still gets the old release
    old = page.evaluate("fetch('./assets/css/table.css').then((r) => r.text())")
    assert "release 2" not in old

    page.click("[data-update] button[data-action=apply-update]")
    page.wait_for_function("!document.documentElement.dataset.update && document.documentElement.dataset.jaipur"
                           " === 'ready'", timeout=90_000)
    new = page.evaluate("fetch('./assets/css/table.css').then((r) => r.text())")
    assert "release 2" in new
    assert page.locator("[data-update]").count() == 0
    page.wait_for_selector("[data-zone=log] [data-move]")
    again = page.eval_on_selector_all("[data-zone=log] [data-move]", "els => els.map(e => e.dataset.move)")
    assert again == moves                                   # the game in progress came back
    names = page.evaluate("caches.keys()")
    assert len([n for n in names if n.startswith("jaipur:")]) == 1   # the old release's cache is gone
    assert page_log.console_errors == []
