"""The game review in real headless Chromium: it runs in the page's worker (started by the Review button), shows
how far it has come, leaves the page free to use meanwhile, and marks the planted blunder; without a worker the
page reviews on its own thread. Every wait is on the page's own signals."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from jaipur.web.links import make_link
from tests.engine.test_review import planted

from .helpers import boot

in_browser = pytest.mark.browser
REVIEW_TIMEOUT_MS = 240_000
"""The whole review of a long round on a loaded two-core machine (the worker's boot included)."""


def open_review(page: Any, base_url: str, wait_settled: Callable[..., str]) -> tuple[int, int]:
    """The planted blunder's replay at its last frame; press Review. The blunder's index and the frame count."""
    record, seat, _, at = planted(3)
    boot(page, make_link(base_url + "index.html", record=record, seat=seat), wait_settled)
    page.click("button[data-action=replay-last]")
    frames = int(page.get_attribute("[data-zone=replay]", "data-frame") or 0)
    page.click("button[data-action=review]")
    return at, frames


@in_browser
def test_the_review_runs_in_the_worker_with_its_progress_and_the_page_stays_usable(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    at, last = open_review(page, base_url, wait_settled)
    page.wait_for_selector("[data-review=running] [data-review-progress]")
    total = int(page.get_attribute("[data-review-progress]", "data-review-total") or 0)
    assert total >= 10
    # while the worker reviews, the replay's own buttons still answer
    page.wait_for_selector("[data-review=running][data-reviewer=worker], [data-review=done]",
                           timeout=REVIEW_TIMEOUT_MS)
    page.click("button[data-action=replay-back]")
    page.wait_for_function(f"document.querySelector('[data-zone=replay]').dataset.frame === '{last - 1}'")
    page.wait_for_selector("[data-review=done]", timeout=REVIEW_TIMEOUT_MS)
    assert page.get_attribute("[data-review]", "data-reviewer") == "worker"
    assert page.get_attribute("html", "data-thinker") == "worker"
    assert int(page.get_attribute("[data-review-chart]", "data-review-chart") or 0) == total
    marks = page.eval_on_selector_all("[data-review-mark]", "els => els.map(e => e.dataset.reviewMark)")
    assert marks and marks[0] == str(at)
    # the chart's axes are labelled; a marked move, clicked, shows the table where it was played
    labels = page.eval_on_selector_all("[data-review-chart] text", "els => els.map(e => e.textContent)")
    assert {"Chance of winning (%)", "Move", "0%", "100%"} <= set(labels)
    page.click(f"[data-review-mark='{at}'] button[data-action=replay-goto]")
    page.wait_for_function(f"document.querySelector('[data-zone=replay]').dataset.ply === '{at}'")
    page_log.assert_clean()


@in_browser
def test_without_a_worker_the_page_reviews_on_its_own_thread(browser: Any, base_url: str,
                                                             wait_settled: Callable[..., str]) -> None:
    # the service worker would answer for ai_worker.py once it controls the page: blocked, so the route holds
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route("**/ai_worker.py", lambda route: route.abort())
        at, _ = open_review(page, base_url, wait_settled)
        page.wait_for_selector("[data-review=done]", timeout=REVIEW_TIMEOUT_MS)
        assert page.get_attribute("[data-review]", "data-reviewer") == "page"
        assert page.get_attribute("html", "data-thinker") == "page"
        marks = page.eval_on_selector_all("[data-review-mark]", "els => els.map(e => e.dataset.reviewMark)")
        assert marks and marks[0] == str(at)
    finally:
        context.close()
