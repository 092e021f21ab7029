"""Learn to play in real Chromium: a newcomer's start screen suggests it, and the guided first game is
completed by clicks in English and in Persian (a wrong try refused in words, each step's move explained)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from jaipur.rules import legal_moves
from jaipur.web.i18n import catalogue
from jaipur.web.teach.tutorial import STEPS

from .helpers import boot
from .test_collection import play_by_clicks

browser = pytest.mark.browser


@browser
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_tutorial_is_completed_by_clicks(lang: str, page: Any, page_log: Any, base_url: str,
                                             wait_settled: Callable[..., str]) -> None:
    words = catalogue(lang)
    boot(page, f"{base_url}index.html?lang={lang}", wait_settled)
    page.click("[data-learn-suggest] button[data-action=learn]")
    for n, step in enumerate(STEPS):
        page.wait_for_selector(f"[data-lesson='{step.id}']", state="attached")
        assert page.inner_text("[data-caption]") == words[f"learn.{step.id}.try"]
        wrong = next(m for m in legal_moves(step.position) if not step.accepts(m))
        play_by_clicks(page, wrong)
        page.wait_for_selector("[data-verdict=wrong]", state="attached")
        said = page.inner_text("[data-verdict]")            # what the move would do, then what the step asks
        assert said.startswith(words["learn.wrong"].split("{")[0]) and said.endswith(words[step.refusal(wrong)])
        if step.id == "take":                               # only the asked action is highlighted
            assert "primary" not in (page.get_attribute("button[data-action=camels]", "class") or "")
        play_by_clicks(page, step.moves()[0])
        page.wait_for_selector("[data-verdict=solved]", state="attached")
        assert page.inner_text("[data-verdict]") == words[f"learn.{step.id}.right"]
        if n + 1 < len(STEPS):
            page.click("button[data-action=learn-next]")
    page.wait_for_selector("[data-learn-done]", state="attached")
    assert page.evaluate("JSON.parse(localStorage.getItem('jaipur.learn.v1')).length") == len(STEPS)
    page_log.assert_clean()
