#!/usr/bin/env python3
"""Main-thread long tasks while the computer thinks, and its decision time, in Chromium.

    nice -n 10 python bench/longtasks.py [--moves 20] [--level maharaja] [--thinker worker|page] [--hints] [--wait S]
                                         [--trace FILE] [--json]

Serves the repository on 127.0.0.1 (serve.py's server, no COOP/COEP headers), opens the page against the
level in headless Chromium and plays by clicks (the camels when allowed, else a good, else a sale) until the
computer has moved `--moves` times. `--thinker worker` (the default) waits for `<html data-thinker="worker">`
first; `--thinker page` blocks ai_worker.py so the computer thinks on the page's thread as before.

A think is the span in which `main.table[data-turn]` is "opponent" (from the player's move drawn to the
computer's move drawn): its length is the decision time. A PerformanceObserver records every `longtask`
(a main-thread task over 50 ms). Of those that start inside a think, the one that ends with it draws the
computer's move (its answer played and the table re-rendered, as after any move) and is reported apart; the
rest are "while it thinks". Long animation frames (with the scripts that ran) inside thinks are listed in
--json for diagnosis. Goals: no task over 50 ms while the computer thinks, median decision time at most
1.05 s at the top level. Wall-clock figures: give `uptime` with them (a loaded machine stretches every task).

`--wait S` makes the player think S seconds before each move, while the top level ponders in the worker
(`<html data-ponder="on">`): the main thread's long tasks from the start of each pondering to the player's click
are counted apart, and each think's `data-ponder-kept` and `data-worker-heap` give the share of the pondered
visits it kept and the worker's memory.

`--hints` presses the hint button before each of the player's moves and waits for the suggestion: the spans in
which `main.table[data-hint-state]` is "thinking" are the hint's thinks, and the long tasks in them are counted
apart (the goal is the same: none). `--trace FILE` records a Chromium trace of the measured part and lists, for
each main-thread task over 50 ms, where it fell and what it spent its time on (scripts, style, layout, paint, GC).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from served import launch_chromium, start_server, stop_server  # noqa: E402

GOAL_LONGEST_MS = 50.0
GOAL_MEDIAN_S = 1.05
DRAW_SLACK_MS = 3.0
"""A long task that ends this close to a think's end is the one that drew the computer's move."""
OBSERVE = """
window.__bench = { longtasks: [], frames: [], thinks: [], turn: null, since: null };
try {  // long animation frames name the scripts that ran (diagnostics only; the figures use longtask)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.frames.push([e.startTime, e.duration,
      e.scripts.map((x) => `${x.invoker}|${x.sourceURL.split("/").pop()}|${Math.round(x.duration)}`).join(" ; ")]);
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) {}
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__bench.hints = []; window.__bench.hint = null;
new MutationObserver(() => {  // a suggestion thought (the hint button): from "thinking" to "ready" (or dropped)
  const b = window.__bench, table = document.querySelector("main.table");
  const thinking = !!table && table.dataset.hintState === "thinking";
  if (thinking && b.hint === null) b.hint = performance.now();
  else if (!thinking && b.hint !== null) { b.hints.push([b.hint, performance.now()]); b.hint = null; }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hint-state"] });
new MutationObserver(() => {
  const b = window.__bench, table = document.querySelector("main.table");
  const turn = table ? table.dataset.turn : null;
  if (turn === b.turn) return;
  const now = performance.now();
  if (b.turn === "opponent" && b.since !== null) b.thinks.push([b.since, now]);
  b.turn = turn;
  b.since = turn === "opponent" ? now : null;
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-turn"] });
window.__bench.ponders = []; window.__bench.ponder = null; window.__bench.kept = []; window.__bench.clicks = [];
new MutationObserver((records) => {  // pondering spans (<html data-ponder="on">), and what each think kept of it
  const b = window.__bench, html = document.documentElement;
  if (!html) return;
  for (const r of records) {
    if (r.attributeName === "data-ponder-kept") b.kept.push([html.dataset.ponderKept, Number(html.dataset.workerHeap || 0)]);
  }
  const on = html.dataset.ponder === "on";
  if (on && b.ponder === null) b.ponder = performance.now();
  else if (!on && b.ponder !== null) { b.ponders.push([b.ponder, performance.now()]); b.ponder = null; }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ponder", "data-ponder-kept"] });
"""
MOVE = """() => {
  window.__bench.clicks.push(performance.now());
  const on = (action) => { const b = document.querySelector(`button[data-action=${action}]`); return b && !b.disabled ? b : null; };
  const clear = () => { const b = on("clear"); if (b) b.click(); };
  if (on("camels")) { on("camels").click(); return "camels"; }
  const cards = (zone) => [...document.querySelectorAll(`[data-zone=${zone}] button[data-card]`)];
  for (const c of cards("market")) {
    if (c.dataset.card === "M") continue;
    clear(); c.click();
    if (on("take")) { on("take").click(); return "take"; }
  }
  const hand = cards("hand").map((c) => c.dataset.card);
  const kinds = [...new Set(hand)].sort((a, b) => hand.filter((x) => x === b).length - hand.filter((x) => x === a).length);
  for (const kind of kinds) {
    clear();
    for (const c of cards("hand")) if (c.dataset.card === kind) c.click();
    if (on("sell")) { on("sell").click(); return "sell"; }
  }
  return "none";
}"""
HINT_DONE = "document.querySelector('main.table').dataset.hintState !== 'thinking'"
NEXT = """() => document.querySelector('[data-match-result], [data-round-result]')
  || (document.querySelector('main.table') && document.querySelector('main.table').dataset.turn === 'you')"""


def run(moves: int, level: str, thinker: str, seed: int, timeout_s: float, still: bool = False,
        trace: Path | None = None, hints: bool = False, wait: float = 0.0) -> dict[str, Any]:
    """Play until the computer has moved `moves` times; the thinks and the long tasks the page saw (`trace`: a
    Chromium trace of the measured part written there, and what the main thread's long tasks spent it on)."""
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    deadline = time.monotonic() + timeout_s
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_context(reduced_motion="reduce" if still else "no-preference").new_page()
            if thinker == "page":
                page.route("**/ai_worker.py", lambda route: route.abort())
            page.add_init_script(OBSERVE)
            page.goto(f"{base}index.html?opponent={level}&seed={seed}&mode=standard")
            page.wait_for_function("document.documentElement.dataset.jaipur === 'ready'", timeout=120_000)
            if thinker == "worker":
                page.wait_for_function("document.documentElement.dataset.thinker === 'worker'", timeout=180_000)
            page.evaluate("() => { window.__bench.longtasks = []; }")  # the boot's own tasks are not the think's
            if trace is not None:
                browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
                page.evaluate("() => { window.__bench.mark = performance.now(); performance.mark('bench-start'); }")
            while page.evaluate("window.__bench.thinks.length") < moves:
                if time.monotonic() > deadline:
                    raise SystemExit(f"Stopped after {timeout_s:g} s with fewer than {moves} computer moves.")
                page.wait_for_function(NEXT, polling=100, timeout=60_000)  # not "raf": its callbacks are long frames too
                if page.locator("[data-match-result]").count():
                    raise SystemExit("The match ended first: ask for fewer --moves.")
                if page.locator("[data-round-result]").count():
                    page.click("button[data-action=next-round]")
                    continue
                if hints and page.locator("button[data-action=suggest]").count():
                    page.evaluate("document.querySelector('button[data-action=suggest]').click()")
                    page.wait_for_function(HINT_DONE, polling=100, timeout=60_000)
                    page.evaluate("() => { const b = document.querySelector('button[data-action=clear]'); if (b && !b.disabled) b.click(); }")
                if wait > 0:
                    page.wait_for_timeout(wait * 1000)  # a player who thinks `wait` seconds (the computer ponders)
                if page.evaluate(MOVE) == "none":
                    raise SystemExit("No move could be clicked.")
            bench = page.evaluate("window.__bench")
            where = page.evaluate("document.documentElement.dataset.thinker")
            if trace is not None:
                browser.stop_tracing()
            browser.close()
    finally:
        stop_server(server)
    out = summarize(bench, level, where, still)
    if trace is not None:
        out["traced_long_tasks"] = traced_tasks(trace, bench)
    return out


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8", "toplevel"]
"""What a trace records: the main thread's tasks and what runs inside them (scripts, style, layout, paint, GC)."""
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
"""The names of a main-thread task in a Chromium trace."""


def _close(entry: list[Any], own: dict[str, float]) -> None:
    """Add an event's own time (its length less its direct children's) to its kind's total, in ms."""
    e, kids = entry
    data = e.get("args", {}).get("data") or {}
    name = e["name"] + (f" {str(data.get('url', '')).split('/')[-1]}" if e["name"] in ("FunctionCall", "EvaluateScript")
                        and isinstance(data, dict) else "")
    own[name] = own.get(name, 0.0) + max(0.0, e["dur"] - kids) / 1000.0


def traced_tasks(path: Path, bench: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's main-thread tasks over 50 ms in the trace: when (ms into the nearest think, as the page's clock
    says), how long, and the kinds of work inside them that took longest (their own time, in ms)."""
    events = json.loads(path.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    mark = next((e for e in events if e.get("name") == "bench-start" and e.get("cat", "").find("user_timing") >= 0),
                None)
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    if mark is not None:
        main = {(mark["pid"], mark["tid"])} if (mark["pid"], mark["tid"]) in main else main
    offset = (mark["ts"] / 1000.0 - float(bench.get("mark", 0.0))) if mark is not None else 0.0
    thinks = [(float(a), float(b)) for a, b in bench["thinks"]]
    spans = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e]
    spans.sort(key=lambda e: (e["ts"], -e["dur"]))
    out: list[dict[str, Any]] = []
    reached = -1.0
    for task in (e for e in spans if e["name"] in TASKS and e["dur"] > 50_000):
        start, end = task["ts"], task["ts"] + task["dur"]
        if end <= reached:   # a task inside one listed already (a trace names a task at two levels)
            continue
        reached = end
        own: dict[str, float] = {}
        stack: list[list[Any]] = []   # [event, the length of its direct children so far]
        for e in (e for e in spans if start <= e["ts"] and e["ts"] + e["dur"] <= end):
            while stack and e["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
                _close(stack.pop(), own)
            if stack:
                stack[-1][1] += e["dur"]
            stack.append([e, 0])
        while stack:
            _close(stack.pop(), own)
        at = start / 1000.0 - offset
        think = next(((a, b) for a, b in thinks if a - 5 <= at <= b), None)
        out.append({"at_ms_into_think": None if think is None else round(at - think[0]),
                    "think_ms": None if think is None else round(think[1] - think[0]), "ms": round(task["dur"] / 1000.0),
                    "top": sorted(((k, round(v, 1)) for k, v in own.items() if v >= 1.0), key=lambda kv: -kv[1])[:6]})
    return out


def summarize(bench: dict[str, Any], level: str, where: str, still: bool = False) -> dict[str, Any]:
    """Decision times, and the long tasks that started inside a think: those that end with it (they draw the
    computer's move: the answer is played and the table re-rendered) apart from the rest (while it thinks)."""
    thinks = [(float(a), float(b)) for a, b in bench["thinks"]]
    tasks = [(float(s), float(d)) for s, d in bench["longtasks"]]
    inside = [(s, d, b) for s, d in tasks for a, b in thinks if a <= s <= b]
    drawing = sorted((d for s, d, b in inside if s + d >= b - DRAW_SLACK_MS), reverse=True)
    thinking = sorted((d for s, d, b in inside if s + d < b - DRAW_SLACK_MS), reverse=True)
    frames = [[round(s - a), round(d), w] for s, d, w in bench.get("frames", []) for a, b in thinks if a <= s <= b]
    decisions = [(b - a) / 1000 for a, b in thinks]
    hints = [(float(a), float(b)) for a, b in bench.get("hints", [])]
    in_hints = sorted((d for s, d in tasks for a, b in hints if a <= s <= b), reverse=True)
    clicks = sorted(float(c) for c in bench.get("clicks", []))
    # a pondering span until the player's move is clicked (the click's own task draws the player's move)
    ponders = [(float(a), min([float(b)] + [c for c in clicks if c >= float(a)])) for a, b in bench.get("ponders", [])]
    in_ponders = sorted((d for s, d in tasks for a, b in ponders if a <= s and s + d < b), reverse=True)  # not the click's
    kept = [(str(k), int(h)) for k, h in bench.get("kept", [])]
    kept_visits = sum(int(k.split("/")[0]) for k, _ in kept)
    pondered_visits = sum(int(k.split("/")[1]) for k, _ in kept)
    return {
        "level": level, "thinker": where, "reduced_motion": still, "computer_moves": len(thinks),
        "median_decision_s": round(statistics.median(decisions), 3),
        "max_decision_s": round(max(decisions), 3),
        "longest_task_while_thinking_ms": round(thinking[0], 1) if thinking else 0.0,
        "long_tasks_while_thinking": len(thinking),
        "longest_tasks_while_thinking_ms": [round(d) for d in thinking[:5]],
        "longest_task_drawing_its_move_ms": round(drawing[0], 1) if drawing else 0.0,
        "long_tasks_drawing_its_move": len(drawing),
        "hints": len(hints),
        "median_hint_s": round(statistics.median((b - a) / 1000 for a, b in hints), 3) if hints else 0.0,
        "long_tasks_while_hinting": len(in_hints),
        "longest_tasks_while_hinting_ms": [round(d) for d in in_hints[:5]],
        "ponder_spans": len(ponders),
        "ponder_s_total": round(sum(b - a for a, b in ponders) / 1000, 1),
        "long_tasks_while_pondering": len(in_ponders),
        "longest_tasks_while_pondering_ms": [round(d) for d in in_ponders[:5]],
        "thinks_from_pondering": sum(1 for k, _ in kept if not k.endswith("/0")),
        "kept_share": round(kept_visits / pondered_visits, 3) if pondered_visits else 0.0,
        "worker_heap_mb_after": round(kept[-1][1] / 2**20, 1) if kept else 0.0,
        "worker_heap_mb_max": round(max(h for _, h in kept) / 2**20, 1) if kept else 0.0,
        "long_frames_while_thinking": frames,
    }


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the figures against the goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="computer moves to measure (at least 20 for the goal)")
    parser.add_argument("--level", default="maharaja")
    parser.add_argument("--thinker", choices=("worker", "page"), default="worker")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=900.0, help="give up after this many seconds")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="prefers-reduced-motion: no flights, spinners or pulses (tells rendering from thinking)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--hints", action="store_true", help="press the hint button before each of the player's "
                        "moves and wait for the suggestion (its thinks are measured too)")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds the player thinks before each move (the "
                        "top level ponders meanwhile)")
    parser.add_argument("--trace", type=Path, help="write a Chromium trace of the measured part here, and list what "
                        "the main thread's tasks over 50 ms spent their time on")
    args = parser.parse_args(argv)
    out = run(args.moves, args.level, args.thinker, args.seed, args.timeout, args.reduced_motion, args.trace,
              args.hints, args.wait)
    if args.json:
        print(json.dumps(out))
        return
    ok_tasks = out["longest_task_while_thinking_ms"] <= GOAL_LONGEST_MS
    ok_time = out["median_decision_s"] <= GOAL_MEDIAN_S
    motion = " (reduced motion)" if out["reduced_motion"] else ""
    print(f"{out['level']} thinking on the {out['thinker']}{motion} over {out['computer_moves']} computer moves:")
    print(f"  longest main-thread task while it thinks: {out['longest_task_while_thinking_ms']} ms "
          f"({out['long_tasks_while_thinking']} over 50 ms; goal none) {'ok' if ok_tasks else 'MISSED'}")
    print(f"  longest such tasks: {out['longest_tasks_while_thinking_ms']} ms")
    print(f"  longest task drawing its move (the answer played, the table re-rendered): "
          f"{out['longest_task_drawing_its_move_ms']} ms ({out['long_tasks_drawing_its_move']} over 50 ms)")
    print(f"  median decision time: {out['median_decision_s']} s (max {out['max_decision_s']} s; goal <= "
          f"{GOAL_MEDIAN_S} s) {'ok' if ok_time else 'MISSED'}")
    if out["ponder_spans"]:
        print(f"  pondering: {out['ponder_s_total']} s over {out['ponder_spans']} of the player's turns; main-thread tasks "
              f"over 50 ms meanwhile: {out['long_tasks_while_pondering']} {out['longest_tasks_while_pondering_ms']} ms; "
              f"{out['thinks_from_pondering']} thinks started from it, keeping {out['kept_share']:.1%} of its visits; "
              f"the worker's memory after the last move {out['worker_heap_mb_after']} MB "
              f"(most {out['worker_heap_mb_max']} MB)")
    if out["hints"]:
        print(f"  suggestions (the hint button) thought: {out['hints']}, median {out['median_hint_s']} s; main-thread "
              f"tasks over 50 ms meanwhile: {out['long_tasks_while_hinting']} {out['longest_tasks_while_hinting_ms']}")
    for task in out.get("traced_long_tasks", []):
        where = (f"{task['at_ms_into_think']} ms into a {task['think_ms']} ms think"
                 if task["at_ms_into_think"] is not None else "outside the thinks")
        print(f"  traced task of {task['ms']} ms, {where}: " + ", ".join(f"{k} {v}" for k, v in task["top"]))


if __name__ == "__main__":
    main()
