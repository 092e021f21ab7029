#!/usr/bin/env python3
"""Cross-site embed benchmark: the time until an embedded table is ready when the host page is on another site
(its storage denied), beside the same embed on a host page of the same site.

    python bench/crosssite.py [--runs 5] [--warm] [--json]

The game is served on 127.0.0.1 (one port) and a host page with the explainer's first scenario in an `<iframe>`
(bench/one_embed.html's frame, its address made absolute) on a second port. The same host page is opened as
`http://127.0.0.1:PORT/` (same site: the frame keeps its storage and registers its service worker) and as
`http://localhost:PORT/` (another site: Chromium, with third-party cookies blocked in the profile as its
"Block third-party cookies" setting does, denies the frame localStorage, IndexedDB, caches and the service
worker; the page runs on nostorage.js's IndexedDB in memory). Each load is in a fresh browser profile (empty
cache, no service worker), alternating same-site and cross-site. The time is from the host page's navigation
start to the moment the frame's `<html data-jaipur>` turns `ready` (a MutationObserver in the frame notes it).
Prints each kind's median, the ratio cross/same, and whether every cross-site frame was really denied storage.
With --warm the third visit in the same profile is timed: the same-site frame is then served by its service
worker, the denied frame only by the browser's HTTP cache (the development server sends `no-cache`, so each
file is revalidated).
"""

from __future__ import annotations

import argparse
import html
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "examples"))

from served import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server  # noqa: E402

import serve  # noqa: E402

BLOCK_THIRD_PARTY_COOKIES = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}
NOTE_READY = """(() => {
  const note = () => {
    const html = document.documentElement;
    if (html && html.dataset.jaipur === "ready" && !window.__readyAt) window.__readyAt = performance.timeOrigin + performance.now();
  };
  new MutationObserver(note).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-jaipur"] });
})();"""
"""Run in every frame before its scripts: the wall-clock moment the page says it is ready."""
CONTROLLED = "navigator.serviceWorker.controller !== null"


def host_page(src: str) -> str:
    """A host page with one embed (the explainer's first scenario) framed from `src`."""
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            '<title>Host</title></head><body><iframe src="' + html.escape(src) + '" title="Jaipur" '
            'style="width: 100%; height: 64rem; border: 0"></iframe></body></html>\n')


def load_once(pw: Any, url: str, timeout_s: float, warm: bool = False) -> tuple[float, str]:
    """Milliseconds from the host page's navigation start until its frame is ready, in a fresh profile that
    blocks third-party cookies (with `warm`, the third visit: after two untimed ones, the same-site frame's
    service worker in control); and the frame's `data-storage` ("none" when denied, "" otherwise)."""
    with tempfile.TemporaryDirectory() as profile:
        (Path(profile) / "Default").mkdir()
        (Path(profile) / "Default" / "Preferences").write_text(json.dumps(BLOCK_THIRD_PARTY_COOKIES))
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                        headless=True, viewport={"width": 1024, "height": 800})
        try:
            context.add_init_script(NOTE_READY)
            page = context.pages[0] if context.pages else context.new_page()
            for visit in range(3 if warm else 1):
                page.goto(url)
                frame = page.locator("iframe").element_handle().content_frame()
                frame.wait_for_function("window.__readyAt > 0", timeout=timeout_s * 1000, polling=50)
                storage = str(frame.evaluate("document.documentElement.dataset.storage || ''"))
                if warm and visit < 2 and storage != "none":   # the next visit is served by the service worker
                    frame.wait_for_function(CONTROLLED, timeout=timeout_s * 1000, polling=100)
            ready_at = float(frame.evaluate("window.__readyAt"))
            return ready_at - float(page.evaluate("performance.timeOrigin")), storage
        finally:
            context.close()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--warm", action="store_true", help="time a third visit (the same-site frame from its service worker)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    import make_explainer as ex
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    times: dict[str, list[float]] = {"same-site": [], "cross-site": []}
    denied: list[bool] = []
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "host.html").write_text(host_page(ex.links()["exchange"].replace("../", base)),
                                                encoding="utf-8")
        host = serve.make_server(0, directory=Path(folder))
        threading.Thread(target=host.serve_forever, daemon=True).start()
        port = host.server_address[1]
        urls = {"same-site": f"http://127.0.0.1:{port}/host.html", "cross-site": f"http://localhost:{port}/host.html"}
        try:
            with sync_playwright() as pw:
                for _ in range(args.runs):
                    for kind, url in urls.items():
                        ms, storage = load_once(pw, url, args.timeout, args.warm)
                        times[kind].append(round(ms))
                        if kind == "cross-site":
                            denied.append(storage == "none")
                        elif storage:
                            raise SystemExit("the same-site frame was denied its storage: the comparison is void")
        finally:
            stop_server(host)
            stop_server(server)
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["cross-site"] / med["same-site"]
    out = {"visit": "warm" if args.warm else "cold", "runs": times, "median_ms": med, "ratio": round(ratio, 3),
           "cross_site_denied": all(denied)}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['visit']}: same-site embed: {med['same-site']:.0f} ms   cross-site embed (storage denied: {all(denied)}): "
              f"{med['cross-site']:.0f} ms   ratio {ratio:.2f}   runs: {times}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
