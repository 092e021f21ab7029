#!/usr/bin/env python3
"""The game review of one round in the page, in Chromium: how long it takes, in the worker and on the page's thread.

    nice -n 10 python bench/review.py [--seed 11] [--reviewer worker|page|both] [--json]

Serves the repository on 127.0.0.1 (serve.py's server), makes a single round (the trader against the novice,
seed 11: 41 moves), opens its replay at the last frame and presses Review. `worker`: the page's worker
reviews (started by the press: its boot is counted, as a reader would wait for it); `page`: ai_worker.py is
blocked, so the page reviews on its own thread in small steps. Reported: the moves reviewed, the seconds from
the press to the first reviewed move and to the end, seconds per move after the first, and the page's
responsiveness — the longest gap between two animation frames, and the long tasks (over 50 ms) seen, after the
first move. The budget is `jaipur.web.modes.replay`'s (REVIEW_PLAYOUTS, REVIEW_ITERATIONS, REVIEW_MOVETIME).
Goal: a 40-move round reviewed within 20 s in the worker. Wall-clock figures: give `uptime` with them.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from served import launch_chromium, start_server, stop_server  # noqa: E402

GOAL_S = 20.0
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


def round_record(seed: int) -> Any:
    """A seeded single round, the trader (seat 0) against the novice."""
    from jaipur import Record, Rng, apply, new_match, view
    from jaipur.bots import get_bot

    p = new_match(seed=seed, mode="single-round")
    bots, rng, moves = (get_bot("trader"), get_bot("novice")), Rng(seed), []
    while not p.round_over:
        move = bots[p.to_move].choose(view(p, p.to_move), rng)
        moves.append(move)
        p = apply(p, move)
    return Record(seed=seed, mode="single-round", moves=moves, players=["Ava", "Bo"])


def run(seed: int, reviewer: str) -> dict[str, Any]:
    """Review the round's seat-0 moves in the page; the times and the page's responsiveness."""
    from playwright.sync_api import sync_playwright

    from jaipur.web.links.linkwriter import make_link

    record = round_record(seed)
    server, base = start_server()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            if reviewer == "page":
                page.route("**/ai_worker.py", lambda route: route.abort())
            page.add_init_script(OBSERVE)
            page.goto(make_link(base + "index.html", record=record, seat=0))
            page.wait_for_function("document.documentElement.dataset.jaipur === 'ready'", timeout=120_000)
            page.click("button[data-action=replay-last]")
            started = time.perf_counter()
            page.click("button[data-action=review]")
            page.wait_for_selector("[data-review-progress='1']", state="attached", timeout=300_000)
            first = time.perf_counter() - started
            page.evaluate("() => { window.__bench.longtasks = []; window.__bench.gap = 0; }")
            page.wait_for_selector("[data-review=done]", timeout=600_000)
            total = time.perf_counter() - started
            bench = page.evaluate("window.__bench")
            points = int(page.get_attribute("[data-review-chart]", "data-review-chart") or 0)
            where = page.get_attribute("[data-review]", "data-reviewer")
            partial = page.locator("[data-review-partial]").count() > 0
            browser.close()
    finally:
        stop_server(server)
    long_ms = sorted((float(d) for _, d in bench["longtasks"]), reverse=True)
    return {"reviewer": where, "asked": reviewer, "record_moves": len(record.moves), "reviewed": points,
            "partial": partial, "first_s": round(first, 2), "total_s": round(total, 2),
            "per_move_s": round((total - first) / max(1, points - 1), 3),
            "longest_frame_gap_ms": round(float(bench["gap"])), "long_tasks": len(long_ms),
            "longest_task_ms": round(long_ms[0]) if long_ms else 0}


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--reviewer", choices=("worker", "page", "both"), default="both")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from jaipur.web.modes import replay

    budget = {"playouts": replay.REVIEW_PLAYOUTS, "iterations": replay.REVIEW_ITERATIONS,
              "movetime": replay.REVIEW_MOVETIME}
    results = [run(args.seed, r) for r in (("worker", "page") if args.reviewer == "both" else (args.reviewer,))]
    if args.json:
        print(json.dumps({"budget": budget, "goal_s": GOAL_S, "runs": results}, indent=2))
        return
    print(f"budget per move: {budget}")
    for r in results:
        print(f"{r['asked']:>6} (reviewed in: {r['reviewer']}): {r['reviewed']} of the round's {r['record_moves']} "
              f"moves in {r['total_s']:.1f} s (first after {r['first_s']:.1f} s, then {r['per_move_s']:.2f} s a move)"
              f"{' PARTIAL' if r['partial'] else ''}; after the first: longest frame gap {r['longest_frame_gap_ms']} ms,"
              f" {r['long_tasks']} long tasks (longest {r['longest_task_ms']} ms)")


if __name__ == "__main__":
    main()
