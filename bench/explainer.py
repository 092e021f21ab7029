#!/usr/bin/env python3
"""Explainer benchmark: time until every frame of examples/explainer.html shows its scenario (its table is
ready, or its static picture or poster is up), against a page with one live embed (bench/one_embed.html).

    python bench/explainer.py [--runs 3] [--width 1024] [--json]

Serves the repository on 127.0.0.1 with serve.py's server, launches Debian's Chromium through Playwright and
loads the two pages alternately, each in a fresh browser context (empty cache, no service worker). Prints the
medians and the ratio explainer/one; the goal is a ratio of at most 1.3.
"""

from __future__ import annotations

import argparse
import html
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "examples"))

from served import launch_chromium, start_server, stop_server  # noqa: E402

TARGET_RATIO = 1.3
ONE = ROOT / "bench" / "one_embed.html"
SHOWN = """() => {
  const frames = [...document.querySelectorAll("iframe")];
  return frames.length > 0 && frames.every((f) => {
    const d = f.contentDocument && f.contentDocument.documentElement;
    return d && (d.dataset.jaipur === "ready" || d.dataset.poster === "1") && d.querySelector("main.table");
  });
}"""


def one_embed_page() -> str:
    """The baseline: the explainer's first scenario, one live embed and nothing else."""
    import make_explainer as ex

    src = html.escape(ex.links()["exchange"])
    return ('<!doctype html>\n<!-- Written by bench/explainer.py: the baseline page, one live embed. -->\n'
            '<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>One embed</title>'
            '</head>\n<body><iframe src="' + src + '" title="Jaipur" style="width: 100%; height: 64rem; border: 0">'
            '</iframe></body></html>\n')


def load_once(browser: Any, url: str, width: int, timeout_s: float) -> float:
    """Milliseconds from navigation start until every frame shows its scenario, in a fresh context."""
    context = browser.new_context(viewport={"width": width, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(SHOWN, timeout=timeout_s * 1000, polling=50)
        return float(page.evaluate("performance.now()"))
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--width", type=int, default=1024)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    text = one_embed_page()
    if not ONE.exists() or ONE.read_text(encoding="utf-8") != text:
        ONE.write_text(text, encoding="utf-8")
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    times: dict[str, list[float]] = {"explainer": [], "one": []}
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            for _ in range(args.runs):
                times["one"].append(load_once(browser, base + "bench/one_embed.html", args.width, args.timeout))
                times["explainer"].append(load_once(browser, base + "examples/explainer.html", args.width,
                                                    args.timeout))
            browser.close()
    finally:
        stop_server(server)
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["explainer"] / med["one"]
    out = {"runs": times, "median_ms": med, "ratio": round(ratio, 3), "target": TARGET_RATIO, "width": args.width}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"one embed: {med['one']:.0f} ms   explainer (5 scenarios): {med['explainer']:.0f} ms   "
              f"ratio {ratio:.2f} (goal <= {TARGET_RATIO})   runs: {times}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
