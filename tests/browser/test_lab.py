"""The bot lab (lab.html) in real headless Chromium: type a bot, run it against a level in the worker, see the
results; a bot that raises, one that plays an illegal move, one that never returns; share links; and the
table never loads any of the lab's files."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import serve

browser = pytest.mark.browser
BOOT_MS = 120_000            # the worker boots Pyodide and installs the wheel (slow on a loaded machine)
READY = "document.documentElement.dataset.lab === 'ready'"
FINISHED = "document.documentElement.dataset.labResult"

SMALL_BOT = '''from jaipur.bots.base import Bot, legal_from_view


class Small(Bot):
    name = "small"

    def think(self, view, rng, movetime=None):
        moves = legal_from_view(view)
        sells = [m for m in moves if m.startswith("S")]
        print("thinking about", len(moves), "moves")
        return sells[0] if sells else rng.choice(moves)
        yield
'''


def chooser(body: str) -> str:
    """A bot whose choose method's body is `body` (one line, or lines indented by the caller)."""
    lines = "\n".join("        " + line for line in body.splitlines())
    return f"class Mine:\n    def choose(self, view, rng, movetime=None):\n{lines}\n"


def open_lab(page: Any, base_url: str, suffix: str = "") -> None:
    """Open the lab and wait until its worker is ready."""
    page.goto(base_url + "lab.html" + suffix)
    page.wait_for_function(READY, timeout=BOOT_MS)


def type_code(page: Any, code: str) -> None:
    """Replace the editor's text by typing into it (select all, then the text as a keyboard would insert it)."""
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def editor_text(page: Any) -> str:
    """The code the editor shows."""
    return str(page.evaluate("[...document.querySelectorAll('.cm-content .cm-line')].map(l => l.textContent)"
                             ".join('\\n')"))


def run(page: Any, level: str, rounds: int, limit: str = "1") -> None:
    """Choose the opponent, the rounds and the time limit, press Run and wait until the run ends."""
    page.select_option("[data-lab-input=level]", level)
    page.fill("[data-lab-input=rounds]", str(rounds))
    page.select_option("[data-lab-input=limit]", limit)
    page.click("[data-action=run]")
    page.wait_for_function(FINISHED, timeout=BOOT_MS)


def stat(page: Any, name: str) -> str:
    """A cell of the results table."""
    return str(page.inner_text(f"[data-lab-stat={name}]"))


@browser
def test_a_typed_bot_plays_ten_rounds_against_random_and_the_table_fills_in(page: Any, page_log: Any,
                                                                          base_url: str) -> None:
    """Type a small bot, run 10 rounds against random: the table, the chart, the rounds with replay links,
    the printed output and the saved code all follow; nothing leaves 127.0.0.1."""
    open_lab(page, base_url)
    assert "class MyBot(Bot)" in editor_text(page)            # the template is there to start from
    type_code(page, SMALL_BOT)
    run(page, "random", 10)
    assert page.evaluate(FINISHED) == "done"
    counts = [int(stat(page, k)) for k in ("wins", "losses", "ties")]
    assert stat(page, "rounds") == "10" and sum(counts) == 10
    share = stat(page, "share")
    assert share.startswith(f"{(counts[0] + counts[2] / 2) / 10:.3f} (")
    assert float(stat(page, "ms")) > 0
    assert len(page.get_attribute("[data-lab-line]", "points").split()) == 10
    links = page.eval_on_selector_all("[data-lab-rounds] li a[data-action=watch]", "as => as.map(a => a.href)")
    assert len(links) == 10 and all(f"{base_url}index.html?seat=all#record=J1." in href for href in links)
    assert re.search(r"^thinking about \d+ moves$", page.text_content("[data-lab-output]"), re.M)  # (in a closed <details>)
    saved = json.loads(page.evaluate("localStorage.getItem('jaipur.lab.v1')"))
    assert saved["code"] == SMALL_BOT and saved["level"] == "random"
    assert page.evaluate("document.documentElement.dataset.lab") == "ready"
    page_log.assert_clean()


@browser
def test_a_watch_link_opens_the_round_in_the_replay_viewer_with_both_hands(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """A lab round's Watch link is a replay of that round in the table's viewer, every card shown."""
    open_lab(page, base_url)
    run(page, "novice", 1)
    href = page.get_attribute("[data-lab-rounds] li a[data-action=watch]", "href")
    page.goto(base_url + href.removeprefix("./"))
    assert wait_settled(page) == "ready"
    page.wait_for_selector("[data-zone=replay]")
    assert page.get_attribute("[data-zone=replay]", "data-seen") == "all"
    page_log.assert_clean()


@browser
def test_a_bot_that_raises_shows_its_line_and_only_its_own_traceback(page: Any, page_log: Any, base_url: str) -> None:
    """The user's exception: the sentence names the line, the trace has mybot.py frames only; the lab goes on."""
    open_lab(page, base_url)
    type_code(page, chooser("def helper(moves):\n    return moves['first']\nreturn helper([])"))
    run(page, "random", 4)
    assert page.evaluate(FINISHED) == "failed"
    assert page.get_attribute("[data-lab-error]", "data-kind") == "exception"
    message = page.inner_text("[data-lab-error-message]")
    assert "Round 1: Your bot raised TypeError on line 4" in message and "Position: round 1" in message
    trace = page.inner_text("[data-lab-trace]")
    assert 'File "mybot.py", line 5, in choose' in trace and 'File "mybot.py", line 4, in helper' in trace
    assert "jaipur" not in trace and "pyodide" not in trace.lower()
    page.click("[data-action=show-line]")                     # the editor goes to the line
    assert page.evaluate(READY)
    page_log.assert_clean()


@browser
def test_an_illegal_and_a_malformed_move_are_said_in_words_with_the_position(page: Any, page_log: Any,
                                                                            base_url: str) -> None:
    """A bot that prints a lot plays on (its output kept up to a bound, as text); a move that is not legal,
    then one that is not a move at all: each stops the run with a sentence."""
    open_lab(page, base_url)
    type_code(page, chooser("print('<i>x</i>' * 10000)\nreturn 'TM' if 'TM' in __import__('jaipur').bots.base."
                            "legal_from_view(view) else __import__('jaipur').bots.base.legal_from_view(view)[0]"))
    run(page, "random", 1)
    assert page.evaluate(FINISHED) == "done"
    shown = page.text_content("[data-lab-output]")
    assert 0 < len(shown) <= 20_000 and shown.startswith("<i>x</i>")
    assert page.locator("[data-lab-output] i").count() == 0
    assert "more were not kept" in page.text_content("[data-lab-output-box] summary")
    type_code(page, chooser("return 'S5D'"))
    run(page, "random", 2)
    assert page.get_attribute("[data-lab-error]", "data-kind") == "illegal"
    message = page.inner_text("[data-lab-error-message]")
    assert "Your bot chose S5D, which is not a legal move here" in message and "market" in message
    assert "Legal moves:" in message
    type_code(page, chooser("return ['TM']"))
    run(page, "random", 2)
    assert page.get_attribute("[data-lab-error]", "data-kind") == "malformed"
    assert "which is not a move" in page.inner_text("[data-lab-error-message]")
    page_log.assert_clean()


@browser
def test_a_bot_that_never_returns_is_stopped_and_the_lab_still_works(page: Any, page_log: Any, base_url: str) -> None:
    """An endless loop in a move: the worker is ended within the time limit plus a second, the sentence gives
    the position, Python starts again; an endless loop while the code loads is stopped too; the next run plays."""
    open_lab(page, base_url)
    type_code(page, chooser("while True:\n    pass"))
    page.evaluate("""() => { window.__stopped = null; const started = performance.now();
      document.querySelector("[data-action=run]").addEventListener("click", () => { window.__run = performance.now(); });
      new MutationObserver(() => { const box = document.querySelector("[data-lab-error]");
        if (!box.hidden && box.dataset.kind === "timeout" && window.__stopped === null) window.__stopped = performance.now();
      }).observe(document.querySelector("[data-lab-error]"), { attributes: true }); }""")
    run(page, "random", 3, limit="0.5")
    assert page.evaluate(FINISHED) == "failed"
    page.wait_for_function("window.__stopped !== null", timeout=10_000)
    assert page.evaluate("window.__stopped - window.__run") < 500 + 1000
    message = page.inner_text("[data-lab-error-message]")
    assert "did not return within its limit of 0.5 s" in message and "Position: round 1" in message
    page.wait_for_function(READY, timeout=BOOT_MS)            # a new worker
    type_code(page, "while True:\n    pass\n")                 # an endless loop while the code loads
    run(page, "random", 1, limit="0.5")
    assert page.get_attribute("[data-lab-error]", "data-kind") == "timeout"
    assert "did not finish loading within 2.5 s" in page.inner_text("[data-lab-error-message]")
    page.wait_for_function(READY, timeout=BOOT_MS)
    type_code(page, SMALL_BOT)
    run(page, "random", 2)
    assert page.evaluate(FINISHED) == "done" and stat(page, "rounds") == "2"
    page_log.assert_clean()


@browser
def test_stop_ends_a_run_at_once(page: Any, page_log: Any, base_url: str) -> None:
    """Stop during a long run: the run ends with the rounds played so far, and the lab is ready again."""
    open_lab(page, base_url)
    page.select_option("[data-lab-input=level]", "trader")
    page.fill("[data-lab-input=rounds]", "1000")
    page.click("[data-action=run]")
    page.wait_for_selector("[data-lab-rounds] li")
    page.click("[data-action=stop]")
    assert page.evaluate(FINISHED) == "stopped"
    played = int(stat(page, "rounds"))
    assert 1 <= played < 1000
    page.wait_for_function(READY, timeout=BOOT_MS)
    assert int(stat(page, "rounds")) == played
    page_log.assert_clean()


@browser
def test_a_share_link_shows_the_code_and_runs_nothing(browser: Any, page: Any, page_log: Any, base_url: str) -> None:
    """Share puts the code in the link's hash (compressed); another browser opening it sees that code, a
    notice, and no round played until Run."""
    open_lab(page, base_url)
    code = SMALL_BOT.replace("small", "shared ✓ <b>not markup</b>")
    type_code(page, code)
    page.click("[data-action=share]")
    page.wait_for_function("document.querySelector('[data-lab-share-link]').value !== ''")  # compressed, then shown
    link = page.input_value("[data-lab-share-link]")
    assert link.startswith(base_url + "lab.html#code=") and "class" not in link
    other = browser.new_context()
    try:
        reader = other.new_page()
        reader.goto(link)
        reader.wait_for_function(READY, timeout=BOOT_MS)
        assert editor_text(reader) == code
        assert "nothing runs until you do" in reader.inner_text("[data-lab-notice]")
        assert reader.evaluate(FINISHED) is None and stat(reader, "rounds") == "0"
        assert reader.locator("[data-lab-rounds] li").count() == 0
        assert reader.locator("b").count() == 0                 # text, never markup
    finally:
        other.close()
    page_log.assert_clean()


@browser
def test_the_table_requests_no_lab_file_nor_the_editor(page: Any, page_log: Any, base_url: str,
                                                       wait_settled: Callable[..., str]) -> None:
    """A table load, its service worker's install included: no request for lab.html, lab/, the editor or a wheel."""
    seen: list[str] = []
    page.context.on("request", lambda request: seen.append(request.url))
    page.goto(base_url + "?opponent=novice&seed=3")
    assert wait_settled(page) == "ready"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert seen and any(url.endswith("jaipur.zip") for url in seen)
    paths = [url.removeprefix(base_url) for url in [*seen, *page_log.requests]]
    assert [p for p in paths if serve.lab_only(p.split("?")[0])] == []
    assert not [p for p in paths if p.startswith((serve.EDITOR, "lab"))]
    page_log.assert_clean()


@browser
def test_a_package_the_code_asks_for_offline_is_a_sentence(browser: Any, base_url: str) -> None:
    """The code's script block (PEP 723) asks micropip for a package from PyPI: that request is the only one
    leaving 127.0.0.1, and with the network off the lab says so in a sentence and stays usable."""
    context = browser.new_context()
    foreign: list[str] = []

    def offline(route: Any) -> None:
        if route.request.url.startswith(base_url):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", offline)
    try:
        page = context.new_page()
        open_lab(page, base_url)
        type_code(page, '# /// script\n# dependencies = ["toposort"]\n# ///\nimport toposort\n\n\n'
                 + chooser("return 'TM'"))
        run(page, "random", 1)
        assert page.get_attribute("[data-lab-error]", "data-kind") == "install"
        message = page.inner_text("[data-lab-error-message]")
        assert message.startswith("Could not install toposort with micropip") and "network connection" in message
        assert foreign and all("toposort" in url for url in foreign)
        assert page.evaluate(READY)
    finally:
        context.close()


@browser
def test_after_one_visit_the_lab_runs_offline(page: Any, page_log: Any, base_url: str,
                                             wait_settled: Callable[..., str]) -> None:
    """The table's service worker also serves the lab: after one visit to each online, the lab boots its
    worker (Pyodide, micropip, the wheel) and plays with the network off."""
    page.goto(base_url + "?opponent=novice&seed=2")
    assert wait_settled(page) == "ready"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    open_lab(page, base_url)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_MS)
    run(page, "random", 2)
    assert page.evaluate(FINISHED) == "done" and stat(page, "rounds") == "2"
    assert page_log.console_errors == [] and page_log.foreign_requests() == []
