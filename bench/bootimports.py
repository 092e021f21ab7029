#!/usr/bin/env python3
"""What the page imports at boot, timed in Chromium: bench/boot.html imports jaipur.web.app as main.py does (every
module's own time recorded) and calls start(); cold loads, each in a fresh context.

    python bench/bootimports.py [--runs 5] [--top 30] [--json]

Prints the medians: the import of jaipur.web.app, start() (the controller built, the first draw), and the
modules that took longest (their own time, their imports apart; stdlib modules that the runtime had not
loaded yet included). Every module listed was imported before the page was ready. The first draw's DOM work
(dom.js, inside BrowserPlatform.draw) is slower on this bare page than in index.html, where it took ~12 ms
on 6 Dec 2026: read the imports and the Python parts here, the page's total in bench/pageload.py.
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


def profile_once(browser: Any, url: str, timeout_s: float) -> dict[str, Any]:
    """One cold load of bench/boot.html: its profile."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.profile", timeout=timeout_s * 1000)
        got: dict[str, Any] = json.loads(page.evaluate("document.documentElement.dataset.profile"))
        return got
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Load the profile page `--runs` times and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads (default 5)")
    parser.add_argument("--top", type=int, default=30, help="modules listed (default 30)")
    parser.add_argument("--timeout", type=float, default=90.0)
    parser.add_argument("--json", action="store_true", help="print every run's profile as JSON")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server, base = start_server()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            runs = [profile_once(browser, base + "bench/boot.html", args.timeout) for _ in range(args.runs)]
            browser.close()
    finally:
        stop_server(server)
    if args.json:
        print(json.dumps(runs, indent=1))
        return 0
    med = {name: statistics.median(r["modules"].get(name, 0.0) for r in runs) for name in runs[0]["modules"]}
    own = [n for n in med if n == "jaipur" or n.startswith("jaipur.")]
    print(f"import jaipur.web.app: median {statistics.median(r['import_ms'] for r in runs):.0f} ms"
          f" ({', '.join(str(round(r['import_ms'])) for r in runs)}); start(): median"
          f" {statistics.median(r['start_ms'] for r in runs):.0f} ms ({', '.join(str(round(r['start_ms'])) for r in runs)})")
    parts = {name: statistics.median(r["parts"].get(name, 0.0) for r in runs) for name in runs[0]["parts"]}
    print("within start() (medians, ms; nested calls count in each):",
          ", ".join(f"{name} {ms:.0f}" for name, ms in parts.items()))
    print(f"modules loaded by the import: {len(med)} ({len(own)} of jaipur, their own time {sum(med[n] for n in own):.0f} ms;"
          f" the others {sum(v for n, v in med.items() if n not in own):.0f} ms)")
    groups: dict[str, list[str]] = {}
    for name in med:
        parts_of = name.split(".")
        group = (".".join(parts_of[:3]) if parts_of[:2] == ["jaipur", "web"] and len(parts_of) > 3 else
                 ".".join(parts_of[:2]) if parts_of[0] == "jaipur" and len(parts_of) > 2 else
                 "jaipur (the engine)" if parts_of[0] == "jaipur" else "the standard library")
        groups.setdefault(group, []).append(name)
    print("by package (modules, their time):", "; ".join(
        f"{group} {len(names)}, {sum(med[n] for n in names):.0f} ms"
        for group, names in sorted(groups.items(), key=lambda kv: -sum(med[n] for n in kv[1]))))
    for name in sorted(med, key=med.__getitem__, reverse=True)[:args.top]:
        print(f"  {med[name]:7.1f} ms  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
