#!/usr/bin/env python3
"""A wrong puzzle try's "why": how long the verifier's counter-example takes (`jaipur.puzzlebook.refute`).

    nice -n 10 python bench/refute.py [--browser] [--json]

CPython: every legal move but the solution of every puzzle of the collection, refuted as the page does it
(REFUTE_DEALS dealings looked at for a reply that ends the round, then REFUTE_PLAYOUTS played out): the number of
each kind of counter-example and the time per try (median, 95th percentile, most). `--browser` also times, in
Chromium, one try of each kind in the page: from pressing the move's button to the verdict's why shown (the page
says "Not this one" at once and looks for the why in the background, a step per turn of its event loop), with
the longest gap between two animation frames and the long tasks (over 50 ms) meanwhile. Wall-clock figures: give
`uptime` with them.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from served import launch_chromium, start_server, stop_server  # noqa: E402

OBSERVE = """
window.__bench = { longtasks: [], gap: 0, last: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
(function frame() {
  const now = performance.now(), b = window.__bench;
  if (b.last !== null) b.gap = Math.max(b.gap, now - b.last);
  b.last = now;
  requestAnimationFrame(frame);
})();
"""


def in_cpython() -> tuple[dict[str, Any], dict[str, tuple[str, str]]]:
    """Every wrong try of the collection refuted: the figures, and one (puzzle id, move) of each kind."""
    from jaipur.rules import legal_moves
    from jaipur.study.puzzlebook import load, refute

    kinds: Counter[str] = Counter()
    times: list[float] = []
    example: dict[str, tuple[str, str]] = {}
    for e in load():
        for move in legal_moves(e.position):
            if move == e.solution:
                continue
            started = time.perf_counter()
            r = refute(e.position, move)
            times.append(time.perf_counter() - started)
            kind = r.kind + ("" if r.kind != "reply" else "-sure" if r.sure else "-may")
            kinds[kind] += 1
            example.setdefault(kind, (e.id, move))
    times.sort()
    return ({"tries": len(times), "kinds": dict(kinds), "median_ms": round(1000 * statistics.median(times), 1),
             "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1), "max_ms": round(1000 * times[-1], 1)},
            example)


def _play(page: Any, move: str) -> None:
    """Select the move's cards as a player would; its button is pressed by the caller."""
    from jaipur.notation import parse_move

    m = parse_move(move)

    def pick(zone: str, wanted: str) -> None:
        need = Counter(wanted)
        letters = page.eval_on_selector_all(f"[data-zone={zone}] button[data-card]", "els => els.map(e => e.dataset.card)")
        for i, letter in enumerate(letters):
            if need[letter] > 0:
                page.locator(f"[data-zone={zone}] button[data-card]").nth(i).click()
                need[letter] -= 1

    if m.kind == "take":
        pick("market", m.good)
    elif m.kind == "sell":
        pick("hand", m.good * m.count)
    elif m.kind == "exchange":
        pick("market", m.taken)
        pick("hand", m.given.replace("M", ""))
        pick("herd", "M" * m.given.count("M"))


def in_browser(examples: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """One try of each kind in the page: seconds to the why, and the page's responsiveness meanwhile."""
    from playwright.sync_api import sync_playwright

    from jaipur.notation import parse_move

    out = []
    server, base = start_server()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            for kind, (pid, move) in sorted(examples.items()):
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                page.add_init_script(OBSERVE)
                page.goto(f"{base}index.html?puzzle={pid}")
                page.wait_for_function("document.documentElement.dataset.jaipur === 'ready'", timeout=120_000)
                _play(page, move)
                page.evaluate("() => { window.__bench.longtasks = []; window.__bench.gap = 0; }")
                started = time.perf_counter()
                page.click(f"button[data-action={parse_move(move).kind}]")
                page.wait_for_function("document.querySelector('[data-verdict=wrong]') && !document.querySelector("
                                       "'[data-verdict=wrong]').textContent.includes('Looking for')", timeout=120_000)
                seconds = time.perf_counter() - started
                bench = page.evaluate("window.__bench")
                long_ms = sorted((float(d) for _, d in bench["longtasks"]), reverse=True)
                out.append({"kind": kind, "puzzle": pid, "move": move, "why_s": round(seconds, 2),
                            "longest_frame_gap_ms": round(float(bench["gap"])), "long_tasks": len(long_ms),
                            "longest_task_ms": round(long_ms[0]) if long_ms else 0})
                page.close()
            browser.close()
    finally:
        stop_server(server)
    return out


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from jaipur.study.puzzlebook import REFUTE_DEALS, REFUTE_PLAYOUTS

    figures, examples = in_cpython()
    runs = in_browser(examples) if args.browser else []
    if args.json:
        print(json.dumps({"deals": REFUTE_DEALS, "playouts": REFUTE_PLAYOUTS, "cpython": figures, "browser": runs},
                         indent=2))
        return
    print(f"CPython: {figures['tries']} wrong tries ({REFUTE_DEALS} dealings, then {REFUTE_PLAYOUTS} playouts): "
          f"median {figures['median_ms']} ms, 95th percentile {figures['p95_ms']} ms, most {figures['max_ms']} ms; "
          f"kinds {figures['kinds']}")
    for r in runs:
        print(f"page, {r['kind']:>10} ({r['puzzle']} {r['move']}): the why after {r['why_s']:.2f} s; longest frame "
              f"gap {r['longest_frame_gap_ms']} ms, {r['long_tasks']} long tasks (longest {r['longest_task_ms']} ms)")


if __name__ == "__main__":
    main()
