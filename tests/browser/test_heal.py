"""A release heals itself, in real headless Chromium: a cached file damaged on disk never bricks the game.

The service worker keeps a copy only when its bytes match the release's sha256 (assets/vendor/precache.js),
checks its copies again after each page load and fetches anew what does not match; a boot failure says a
sentence (never a traceback) with a "Repair and reload" button; and the page cannot be sent to another
origin by a damaged file (its Content-Security-Policy allows only its own).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import serve

browser = pytest.mark.browser
CONTROLLED = "navigator.serviceWorker.controller !== null"
PUT = """async ([file, text]) => {
  const names = (await caches.keys()).filter((n) => n.startsWith('jaipur:'));
  for (const name of names) {
    const cache = await caches.open(name);
    await cache.put(file, new Response(text, {headers: {'Content-Type': 'application/octet-stream'}}));
  }
  return names.length;
}"""
CACHED_TEXT = """async (file) => {
  const names = (await caches.keys()).filter((n) => n.startsWith('jaipur:'));
  const hit = await (await caches.open(names[0])).match(file);
  return hit ? (await hit.text()).slice(0, 200) : null;
}"""


def precache() -> dict[str, Any]:
    """The precache list the development server serves."""
    text = serve.precache_js(serve.ROOT)
    data: dict[str, Any] = json.loads(re.sub(r"^self\.JAIPUR_PRECACHE = |;\s*$", "", text))
    return data


def test_the_precache_list_names_the_sha256_of_every_file() -> None:
    """Every file the worker caches has its hash in the list, and the hashes are of the served bytes."""
    data = precache()
    assert set(data["files"]) == set(data["hashes"])
    import hashlib
    assert data["hashes"]["sw.js"] == hashlib.sha256((serve.ROOT / "sw.js").read_bytes()).hexdigest()
    assert data["hashes"]["./"] == data["hashes"]["index.html"]


def boot_once(page: Any, base_url: str, settle: Callable[..., str]) -> None:
    """A first visit that ends with the service worker in control and every file cached."""
    page.goto(base_url + "?opponent=novice&seed=4")
    assert settle(page) == "ready"
    page.wait_for_function(CONTROLLED, timeout=60_000)


def repair(page: Any) -> None:
    """Press "Repair and reload" and wait for the reload it makes."""
    with page.expect_navigation(timeout=60_000):
        page.click("#boot-error button[data-action=repair]")


@browser
def test_a_damaged_package_in_the_cache_says_a_sentence_and_repair_brings_the_game_back(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """Garbage in the cached package archive: the boot fails with a sentence (no "Traceback") and a
    Repair button; pressing it fetches the file again and the table is back."""
    boot_once(page, base_url, wait_settled)
    assert page.evaluate(PUT, ["assets/vendor/jaipur.zip", "this is not a zip archive"]) >= 1
    page.reload()
    state = wait_settled(page)
    if state == "error":
        message = page.inner_text("#boot-error")
        assert "Traceback" not in message and "Error" not in message
        repair(page)
        assert wait_settled(page) == "ready"
    else:  # the worker had already healed the copy before the archive was read
        assert state == "ready"
    page.wait_for_function("document.querySelector('main.table') !== null", timeout=30_000)
    assert page.evaluate(CACHED_TEXT, "assets/vendor/jaipur.zip") != "this is not a zip archive"
    assert page_log.foreign_requests() == []


@browser
def test_a_damaged_cached_file_is_fetched_again_after_a_page_load(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """A cached copy that does not match its hash is replaced by the worker's background check."""
    boot_once(page, base_url, wait_settled)
    page.evaluate(PUT, ["assets/css/table.css", "/* damaged */"])
    page.reload()
    assert wait_settled(page) == "ready"
    page.wait_for_function(f"({CACHED_TEXT})('./assets/css/table.css').then((t) => t !== '/* damaged */')",
                           timeout=60_000, polling=500)
    assert page_log.foreign_requests() == []


@browser
def test_a_damaged_config_never_sends_a_request_to_another_origin(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """Garbage in the cached pyscript.toml: whatever PyScript makes of it, no request leaves 127.0.0.1,
    and Repair and reload brings the game back."""
    boot_once(page, base_url, wait_settled)
    page.evaluate(PUT, ["pyscript.toml", "interpreter = [[[ not toml"])
    page.reload()
    state = wait_settled(page)
    if state == "error":
        assert "Traceback" not in page.inner_text("#boot-error")
        repair(page)
        state = wait_settled(page)
    assert state == "ready"
    assert page_log.foreign_requests() == []
