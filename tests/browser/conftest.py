"""Browser test fixtures: the site on a free 127.0.0.1 port, Debian's Chromium through Playwright, a logged page.

Without Chromium or Playwright the browser tests are skipped with the reason, or fail when CI is set.
"""
from __future__ import annotations

import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BOOT_TIMEOUT_MS = 90_000
LOCAL_HOSTS = {"127.0.0.1"}


def pytest_configure(config: pytest.Config) -> None:
    """Register the `browser` marker."""
    config.addinivalue_line("markers", "browser: runs in real headless Chromium")


def unavailable(reason: str) -> None:
    """Fail under CI (a missing browser must not pass silently), skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the browser tests must run)", pytrace=False)
    pytest.skip(reason)


def start_server(directory: Path) -> tuple[str, Any]:
    """Serve directory on a free 127.0.0.1 port in a daemon thread; return (base URL, server)."""
    server = serve.make_server(0, directory=directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The repository served on a free port, with the pinned runtime fetched first if missing."""
    if not serve.vendor_ready() and shutil.which("npm") is None:
        unavailable("the browser runtime is not in assets/vendor/ and npm is missing to fetch it")
    serve.fetch_vendor()
    url, server = start_server(ROOT)
    yield url
    server.shutdown()
    server.server_close()


HIDDEN = 'Object.defineProperty(document, "hidden", { configurable: true, get: () => true });'
"""Every test page says it is out of sight, so the computer does not ponder on the player's turns (its search would
keep a core busy behind some 200 tests at once); tests/browser/test_ponder.py shows its page again."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install playwright)")
    if not Path(CHROMIUM).exists():
        unavailable(f"Chromium is not at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        new_context = launched.new_context

        def quiet_context(*args: Any, **kwargs: Any) -> Any:
            context = new_context(*args, **kwargs)
            context.add_init_script(HIDDEN)
            return context

        launched.new_context = quiet_context
        yield launched
        launched.close()


@dataclass
class PageLog:
    """What a page did: console errors (and uncaught exceptions), every request URL, failed requests, and the
    requests the page itself abandoned (a reload or a navigation cancels what is still loading, such as the
    computer's worker starting up: that is the browser at work, not a file the site failed to serve)."""

    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    abandoned: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        """Nothing left 127.0.0.1, nothing failed, nothing was written to the console as an error."""
        assert self.foreign_requests() == []
        assert self.failed == []
        assert self.console_errors == []

    def foreign_requests(self) -> list[str]:
        """Requests that left 127.0.0.1 (data: and blob: URLs never leave the page)."""
        return [u for u in self.requests if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).hostname not in LOCAL_HOSTS]


@pytest.fixture
def page_log() -> PageLog:
    """The log that the `page` fixture fills."""
    return PageLog()


def record(target: Any, log: PageLog) -> None:
    """Fill `log` from a page, or from a browser context (every page it opens, and their workers' requests)."""
    def on_console(message: Any) -> None:
        if message.type == "error":
            log.console_errors.append(message.text)

    def on_response(response: Any) -> None:
        if response.status >= 400:
            log.failed.append(f"{response.url} (HTTP {response.status})")

    def on_failed(request: Any) -> None:
        entry = f"{request.url} ({request.failure})"
        (log.abandoned if "ERR_ABORTED" in str(request.failure) else log.failed).append(entry)

    target.on("console", on_console)
    target.on("response", on_response)
    if hasattr(target, "pages"):   # a context: its uncaught errors come as web errors
        target.on("weberror", lambda error: log.console_errors.append(f"uncaught: {error.error}"))
    else:
        target.on("pageerror", lambda error: log.console_errors.append(f"uncaught: {error}"))
    target.on("request", lambda request: log.requests.append(request.url))
    target.on("requestfailed", on_failed)


@pytest.fixture
def page(browser: Any, page_log: PageLog) -> Iterator[Any]:
    """A page in a fresh browser context (empty cache, no service worker) that records into page_log."""
    context = browser.new_context()
    pg = context.new_page()
    record(pg, page_log)
    yield pg
    context.close()


def settle(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until <html data-jaipur> leaves "loading"; return "ready" or "error"."""
    page.wait_for_function("document.documentElement.dataset.jaipur !== 'loading'", timeout=timeout_ms)
    return str(page.evaluate("document.documentElement.dataset.jaipur"))


@pytest.fixture
def wait_settled() -> Callable[..., str]:
    """The helper settle(page, timeout_ms=90_000) -> "ready" | "error"."""
    return settle


@pytest.fixture
def serve_folder() -> Iterator[Callable[[Path], str]]:
    """A factory: serve_folder(directory) -> base URL on a free port, stopped after the test."""
    servers: list[Any] = []

    def start(directory: Path) -> str:
        url, server = start_server(directory)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()
