"""What the browser benchmarks share: the repository served on 127.0.0.1 by serve.py's server, and Debian's Chromium
launched through Playwright."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def start_server() -> tuple[Any, str]:
    """Fetch the pinned runtime if it is missing and serve the repository on a free port: (the server, its URL).
    The package archive is built before the first page asks for it, as a static host has it at hand."""
    serve.fetch_vendor()
    serve.package_bundle()
    server = serve.make_server(0, directory=ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def stop_server(server: Any) -> None:
    """Stop a server from `start_server`."""
    server.shutdown()
    server.server_close()


def launch_chromium(pw: Any) -> Any:
    """Debian's Chromium through a started Playwright, with the benchmarks' flags."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
