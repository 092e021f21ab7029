"""What the browser tests share: waiting on the page's own signals, reading the table's test hooks, clicking.

Every wait here is on something the page says (`data-jaipur`, `data-turn`, a dialog, a log entry's
`data-move`, a console message), never a fixed sleep.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

YOUR_TURN = "document.querySelector('main.table') && document.querySelector('main.table').dataset.turn === 'you'"
"""The table waits for the seat in front of the screen."""
TURN_OR_DIALOG = """() => document.querySelector('[data-match-result], [data-round-result]')
  || (document.querySelector('main.table') && document.querySelector('main.table').dataset.turn === 'you')
  || document.querySelector('[data-screen=pass]')"""
"""Your turn, a round or match result, or the hot seat's pass screen: the page waits for a person."""


def boot(page: Any, url: str, wait_settled: Callable[..., str]) -> None:
    """Open url and wait until the page says it is ready (`data-jaipur`)."""
    page.goto(url)
    assert wait_settled(page) == "ready"


THINKER = "document.documentElement.dataset.thinker"
"""Where the computer thinks: `page` (its own thread) or `worker` (the PyScript worker, once started)."""
WORKER_START_MS = 120_000
"""How long a page's worker may take to start (its own Pyodide and the package)."""


def boot_without_worker(page: Any, url: str, wait_settled: Callable[..., str]) -> None:
    """Open url with the worker's script blocked, and wait for the page's quiet warning that it thinks on its own
    thread, then for the page to be ready."""
    page.route("**/ai_worker.py", lambda route: route.abort())
    said = "thinks on the page's thread"
    with page.expect_console_message(lambda m: m.type == "warning" and said in m.text, timeout=WORKER_START_MS):
        boot(page, url, wait_settled)


def letters(page: Any, zone: str) -> list[str]:
    """The letters of the card buttons of a zone, in order."""
    return list(page.eval_on_selector_all(f"[data-zone={zone}] button[data-card]", "els => els.map(e => e.dataset.card)"))


def shown(page: Any, zone: str) -> str:
    """Every card a zone shows (buttons or not), as one string of letters."""
    return "".join(page.eval_on_selector_all(f"[data-zone={zone}] [data-card]", "els => els.map(e => e.dataset.card)"))


def enabled(page: Any, action: str) -> bool:
    """Whether the button of an action is enabled."""
    return bool(page.eval_on_selector(f"button[data-action={action}]", "b => !b.disabled"))


def card(page: Any, zone: str, index: int) -> Any:
    """The card button at `index` in a zone."""
    return page.locator(f"[data-zone={zone}] button[data-card]").nth(index)


def clear(page: Any) -> None:
    """Clear the selection when there is one."""
    if enabled(page, "clear"):
        page.click("button[data-action=clear]")


def select_hand(page: Any, letter: str, count: int) -> None:
    """Click `count` cards of `letter` in the hand."""
    cards = page.locator("[data-zone=hand] button[data-card]")
    picked = 0
    for i in range(cards.count()):
        if picked < count and cards.nth(i).get_attribute("data-card") == letter:
            cards.nth(i).click()
            picked += 1


def logged_moves(page: Any) -> list[str]:
    """The moves of the log (each entry's `data-move`), oldest first."""
    return list(page.eval_on_selector_all("[data-zone=log] [data-move]", "els => els.map(e => e.dataset.move).reverse()"))

def play_one_move(page: Any) -> str:
    """Pick a move by clicking, as a player would: the camels if allowed, else a good, else a sale."""
    if enabled(page, "camels"):
        page.click("button[data-action=camels]")
        return "TM"
    for i, letter in enumerate(letters(page, "market")):
        if letter == "M":
            continue
        clear(page)
        card(page, "market", i).click()
        if enabled(page, "take"):
            page.click("button[data-action=take]")
            return "T" + letter
    hand = letters(page, "hand")
    for letter in sorted(set(hand), key=hand.count, reverse=True):
        clear(page)
        for i, x in enumerate(hand):
            if x == letter:
                card(page, "hand", i).click()
        if enabled(page, "sell"):
            page.click("button[data-action=sell]")
            return "S" + letter
    raise AssertionError("no move could be selected")


HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"></head>
<body><iframe id="f" style="width: WIDTHpx; height: HEIGHTpx; border: 0" src="SRC"></iframe>
<script>
  window.got = [];
  const frame = document.getElementById("f");
  addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== "JAIPUR") return;
    window.got.push(event.data);
  });
  window.send = (command) => frame.contentWindow.postMessage(command, "JAIPUR");
</script></body></html>"""
"""A host page on another origin: `window.got` collects the frame's events, `window.send` posts it a command."""


def write_host_page(folder: Path, src: str, jaipur_origin: str, width: int = 800, height: int = 900) -> None:
    """Write `folder`/host.html: HOST_PAGE framing `src` (width x height CSS pixels), talking to `jaipur_origin`."""
    text = (HOST_PAGE.replace("SRC", src.replace("&", "&amp;")).replace("JAIPUR", jaipur_origin)
            .replace("WIDTH", str(width)).replace("HEIGHT", str(height)))
    (folder / "host.html").write_text(text, encoding="utf-8")
