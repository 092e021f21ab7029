"""An embed on another site, in real headless Chromium with third-party storage denied.

The host page is served from `localhost` and frames the game on `127.0.0.1` (another port): another *site*, so
Chromium with third-party cookies blocked (its setting "Block third-party cookies", the profile preference
`profile.cookie_controls_mode = 1`, set here in a fresh profile) denies the frame `localStorage`, IndexedDB,
the Cache API and the service worker — as Safari, Firefox in strict mode and Brave deny or forget such a
frame's storage. Each test first checks that the frame really is denied, then that the table starts from the
network, plays, and says nothing alarming (no "damaged files", no error in the console).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from jaipur.web.links import make_link, make_snippet

from .conftest import CHROMIUM, CHROMIUM_ARGS, settle
from .helpers import YOUR_TURN, logged_moves, play_one_move, select_hand

browser = pytest.mark.browser

SALE = {"market": "MMGCS", "hands": ["LLLLDG", "CSPP"], "herds": [1, 2], "to_move": 0, "seed": 12}
BLOCK_THIRD_PARTY_COOKIES = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}
"""Chromium's "Block third-party cookies" setting, as its Preferences file keeps it."""
DENIED = """() => { try { window.localStorage; return "allowed"; } catch (err) { return err.name; } }"""
HOSTS = {"127.0.0.1", "localhost"}


@pytest.fixture
def denying_page(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, list[str], list[str]]]:
    """A page of a fresh Chromium profile that blocks third-party cookies; with its console errors (uncaught
    exceptions included) and the hosts of every request it made."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(BLOCK_THIRD_PARTY_COOKIES), encoding="utf-8")
    context = browser.browser_type.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                             args=CHROMIUM_ARGS, headless=True)
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    yield page, errors, requests
    context.close()


def host_page(folder: Path, snippet: str, serve_folder: Callable[[Path], str]) -> str:
    """Serve a host page holding `snippet` from a second server, addressed as localhost (another site than the
    game's 127.0.0.1); return its URL."""
    folder.mkdir()
    (folder / "host.html").write_text('<!doctype html><html><head><meta charset="utf-8"><title>Explainer</title>'
                                      f'<link rel="icon" href="data:,"></head><body>{snippet}</body></html>',
                                      encoding="utf-8")
    url = serve_folder(folder)
    return url.replace("//127.0.0.1:", "//localhost:") + "host.html"


def framed(page: Any) -> Any:
    """The game's frame once the page says it has settled (ready or error)."""
    frame = page.locator("iframe").first.element_handle().content_frame()
    settle(frame)
    return frame


def assert_denied_and_calm(frame: Any, errors: list[str], requests: list[str]) -> None:
    """The frame was denied its storage, and yet: no boot error, no notice, a clean console, nothing fetched
    from anywhere but the two test servers."""
    assert frame.evaluate(DENIED) == "SecurityError"                      # the browser really denied storage
    assert frame.evaluate("document.documentElement.dataset.storage") == "none"
    assert frame.evaluate("navigator.serviceWorker.controller") is None
    assert frame.locator("#boot-error").is_hidden()
    assert "damaged" not in frame.inner_text("body")
    assert frame.locator("[data-notices], [data-problems], [data-error]").count() == 0
    assert errors == []
    assert {urlsplit(u).hostname for u in requests if urlsplit(u).scheme in ("http", "https")} <= HOSTS


@browser
def test_the_editors_snippet_on_another_site_starts_and_plays_without_storage(
        denying_page: tuple[Any, list[str], list[str]], base_url: str, tmp_path: Path,
        serve_folder: Callable[[Path], str]) -> None:
    """The `<iframe>` the editor copies, pasted into a page of another site: the table is ready and a sale is
    played, though the browser refuses the frame localStorage, IndexedDB and the service worker."""
    page, errors, requests = denying_page
    snippet = make_snippet(make_link(base_url + "index.html", SALE, embed=True), "Jaipur: selling leather")
    page.goto(host_page(tmp_path / "host", snippet, serve_folder))
    frame = framed(page)
    assert frame.evaluate("document.documentElement.dataset.jaipur") == "ready", frame.inner_text("body")
    select_hand(frame, "L", 4)
    frame.click("button[data-action=sell]")
    frame.wait_for_selector("[data-zone=log] [data-move=S4L]", state="attached")
    assert_denied_and_calm(frame, errors, requests)


@browser
def test_a_game_against_the_computer_on_another_site_thinks_in_its_worker(
        denying_page: tuple[Any, list[str], list[str]], base_url: str, tmp_path: Path,
        serve_folder: Callable[[Path], str]) -> None:
    """A new game embedded on another site: a move, and the computer's answer, thought in the page's worker
    (whose Pyodide is denied IndexedDB too)."""
    page, errors, requests = denying_page
    link = make_link(base_url + "index.html", embed=True, opponent="novice", seed=4)
    page.goto(host_page(tmp_path / "host", make_snippet(link, "Jaipur"), serve_folder))
    frame = framed(page)
    assert frame.evaluate("document.documentElement.dataset.jaipur") == "ready", frame.inner_text("body")
    frame.wait_for_function(YOUR_TURN, timeout=30_000)
    frame.wait_for_function("document.documentElement.dataset.thinker === 'worker'", timeout=120_000)
    before = len(logged_moves(frame))
    played = play_one_move(frame)                 # TM, T + good, or S + good
    frame.wait_for_function(f"document.querySelectorAll('[data-zone=log] [data-move]').length >= {before + 2}",
                            timeout=60_000)       # the move, and the computer's answer
    mine = logged_moves(frame)[before]
    assert (mine[0], mine[-1]) == (played[0], played[-1])
    frame.wait_for_function(YOUR_TURN, timeout=60_000)  # the computer answered
    assert frame.evaluate("document.documentElement.dataset.thinker") == "worker"
    assert_denied_and_calm(frame, errors, requests)


@browser
def test_a_refusal_of_the_browser_while_starting_is_not_called_damaged_files(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """A storage refusal that nobody catches (a SecurityError, an IndexedDB error event) while the page starts
    is noted in the console and the boot goes on: "damaged files" is said only when files are damaged."""
    page.add_init_script("""addEventListener("DOMContentLoaded", () => {
        Promise.reject(new DOMException("Access is denied for this document.", "SecurityError"));
        Promise.reject(new Event("error"));
    })""")
    with page.expect_console_message(lambda m: "refused an optional step" in m.text, timeout=30_000):
        page.goto(base_url + "index.html?opponent=novice&seed=3")
    assert wait_settled(page) == "ready"
    assert page.locator("#boot-error").is_hidden()
    assert page_log.foreign_requests() == [] and page_log.failed == []
    assert sorted(page_log.console_errors) == ["uncaught: Access is denied for this document.", "uncaught: Event"]
