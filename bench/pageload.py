#!/usr/bin/env python3
"""Page-load benchmark: time from navigation start to data-jaipur="ready", app vs bare runtime.

    python bench/pageload.py [--runs 7] [--warm] [--json] [--check]

Serves the repository on 127.0.0.1 with serve.py's server, launches Debian's
Chromium through Playwright, and loads index.html (the app) and bench/bare.html
(the same vendored runtime running one print) alternately, each in a fresh
browser context.

Cold (the default): every run starts with an empty cache and no service worker.
Warm (--warm): a second visit. In each fresh context the page is loaded twice first
(the site's service worker, sw.js, installs and caches the site; the bare page is
given the same worker, and files outside the site's precache list, such as the bare
page itself, are cached on that second load), then the third load is timed: every
file comes from the service worker's cache.

Prints the medians and the ratio app/bare; the target is a ratio of at most 1.15 cold
and 1.10 warm.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from served import launch_chromium, start_server, stop_server  # noqa: E402

import serve  # noqa: E402

PAGES = {"app": "index.html", "bare": "bench/bare.html"}
TARGET_RATIO = 1.15
TARGET_RATIO_WARM = 1.10
CONTROLLED = "navigator.serviceWorker.controller !== null"
# Records when <html data-jaipur> first turns ready or error, in ms since navigation start, and how much
# of that came after Python was up (PyScript's "Loaded interpreter"): the part the page itself costs.
SETTLE_SCRIPT = """
let pythonUp = null;
addEventListener("py:progress", ({ detail }) => { if (detail === "Loaded interpreter") pythonUp = performance.now(); });
new MutationObserver((_, observer) => {
  const state = document.documentElement && document.documentElement.dataset.jaipur;
  if (state === "ready" || state === "error") {
    const ms = performance.now();
    window.__jaipurSettled = { state, ms, after_python_ms: pythonUp === null ? null : ms - pythonUp };
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-jaipur"] });
"""


def load_once(browser: Any, url: str, timeout_s: float, warm: bool = False) -> dict[str, Any]:
    """Load url in a fresh context (after two untimed visits when warm); return its final state and
    ms from navigation start."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(SETTLE_SCRIPT)
        if warm:
            try:
                for _ in range(2):
                    page.goto(url)
                    page.wait_for_function("window.__jaipurSettled", timeout=timeout_s * 1000)
                    # the app registers sw.js itself once ready; the bare page is given the same worker
                    page.evaluate("navigator.serviceWorker.controller || navigator.serviceWorker.register("
                                  "new URL('sw.js', new URL('../', location.href)).href)")
                    page.wait_for_function(CONTROLLED, timeout=timeout_s * 1000)
            except Exception:  # noqa: BLE001 - Playwright's TimeoutError; the run is reported, not raised
                return {"state": "timeout", "ms": None, "after_python_ms": None}
        page.goto(url)
        try:
            page.wait_for_function("window.__jaipurSettled", timeout=timeout_s * 1000)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError; the run is reported, not raised
            return {"state": "timeout", "ms": None, "after_python_ms": None}
        settled: dict[str, Any] = page.evaluate("window.__jaipurSettled")
        return settled
    finally:
        context.close()


def summarize(runs: dict[str, list[dict[str, Any]]], warm: bool = False) -> dict[str, Any]:
    """Medians of the ready runs per page and the ratio app/bare."""
    out: dict[str, Any] = {"runs": runs, "visit": "warm" if warm else "cold",
                           "target_ratio": TARGET_RATIO_WARM if warm else TARGET_RATIO}
    for name, results in runs.items():
        ready = [r for r in results if r["state"] == "ready"]
        states = sorted({r["state"] for r in results})
        out[name] = {"state": "ready" if len(ready) == len(results) else "/".join(states),
                     "median_ms": round(statistics.median(r["ms"] for r in ready)) if ready else None,
                     "median_after_python_ms": round(statistics.median(r["after_python_ms"] for r in ready)) if ready else None}
    app, bare = out["app"]["median_ms"], out["bare"]["median_ms"]
    out["ratio"] = round(app / bare, 3) if app and bare else None
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 with --check when the app is not ready or the ratio misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each page (default 7)")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds before a load counts as a timeout")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--warm", action="store_true", help="time a second visit, served by the service worker's cache")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 unless the app is ready and the ratio <= {TARGET_RATIO} ({TARGET_RATIO_WARM} warm)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server, base = start_server()
    serve.sync_config()
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            load_once(browser, base + PAGES["bare"], args.timeout)  # warm-up: the browser's own first start
            for i in range(args.runs):
                for name in (PAGES if i % 2 == 0 else reversed(PAGES)):
                    runs[name].append(load_once(browser, base + PAGES[name], args.timeout, args.warm))
                    if not args.json:
                        print(f"  {name:4} run {i + 1}: {runs[name][-1]['state']} {runs[name][-1]['ms'] or 0:.0f} ms", flush=True)
            browser.close()
    finally:
        stop_server(server)

    result = summarize(runs, args.warm)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for name in PAGES:
            r = result[name]
            print(f"{name}: {r['state']}, median {r['median_ms']} ms over {args.runs} {result['visit']} loads"
                  f" ({r['median_after_python_ms']} ms of it after Python was up)")
        print(f"ratio app/bare: {result['ratio']} (target <= {result['target_ratio']})")
    ok = result["app"]["state"] == "ready" and result["ratio"] is not None and result["ratio"] <= result["target_ratio"]
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
