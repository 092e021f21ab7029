"""The engine as a wheel in a PyScript page: examples/micropip.html installs it with micropip (vendored beside
Pyodide, so nothing leaves 127.0.0.1) and plays a bot's move."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import serve

browser = pytest.mark.browser
EXAMPLE = serve.ROOT / "examples" / "micropip.html"


def test_the_example_names_the_wheel_serve_py_builds() -> None:
    """The example's packages entry and the lab's data-wheel are the wheel of the current version."""
    wanted = f'"packages": ["../{serve.wheel_path()}"]'
    assert wanted in EXAMPLE.read_text(encoding="utf-8")
    assert f'data-wheel="{serve.wheel_name()}"' in (serve.ROOT / "lab.html").read_text(encoding="utf-8")


@browser
def test_the_micropip_example_installs_the_wheel_and_plays_a_move_offline(
        page: Any, page_log: Any, base_url: str, wait_settled: Callable[..., str]) -> None:
    """The page boots, micropip installs the wheel from the origin, the trader bot's move is shown;
    micropip and the wheel were requested from 127.0.0.1 and nothing else left it."""
    serve.vendor_micropip()
    page.goto(base_url + "examples/micropip.html")
    assert wait_settled(page) == "ready"
    moves = page.inner_text("[data-out=moves]").split()
    move = page.inner_text("[data-out=move]")
    assert move in moves and len(moves) >= 2
    assert re.fullmatch(r"[DGSCPLM]{5}", page.inner_text("[data-out=after]"))
    assert "played " + move in page.inner_text("#status")
    wanted = [serve.wheel_name(), serve.MICROPIP_WHEELS["micropip"][1]]   # (micropip 0.11 needs no packaging)
    for name in wanted:
        assert any(url.startswith(base_url) and url.endswith(name) for url in page_log.requests), name
    page_log.assert_clean()
