"""Static HTML of a still picture (jaipur/web/draw/static.py) and the `<iframe>` snippet writer (links.make_snippet)."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from jaipur import position_from_json
from jaipur.web.draw.static import static_page
from jaipur.web.links import CAPTION_HEIGHT, EMBED_HEIGHTS, make_link, make_snippet
from jaipur.web.links.__main__ import main

POSITION = {"market": "MMMDG", "hands": ["LLLS", "CCPP"], "herds": [1, 2], "seed": 4,
            "bonus": {"3": [3, 1, 2], "4": [6, 4, 5], "5": [10, 8, 9]}}


class _Cards(HTMLParser):
    """Every data-card, with the zone it is in, and every text."""

    def __init__(self) -> None:
        super().__init__()
        self.zones: list[str] = []
        self.cards: list[tuple[str, str]] = []
        self.text: list[str] = []
        self.iframes: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "iframe":
            self.iframes.append(a)
        if a.get("data-zone"):
            self.zones.append(str(a["data-zone"]))
        if a.get("data-card"):
            self.cards.append((self.zones[-1] if self.zones else "", str(a["data-card"])))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _still(**kw: object) -> str:
    return static_page(make_link("../index.html", POSITION, embed=True, interactive=False, **kw))  # type: ignore[arg-type]


def test_the_still_picture_is_the_pages_table_without_hidden_cards() -> None:
    page = _still(caption="Sell <b>now</b>")
    assert page.startswith("<!doctype html>")
    assert 'href="../assets/css/table.css"' in page and 'data-jaipur="ready"' in page
    parsed = _Cards()
    parsed.feed(page)
    hand = sorted(c for z, c in parsed.cards if z == "hand")
    assert hand == sorted("LLLS")
    assert sorted(c for z, c in parsed.cards if z == "market") == sorted("MMMDG")
    assert not [c for z, c in parsed.cards if z.startswith("opponent")], "the opponent's hand is hidden"
    assert page.count("<script") == 1 and "postMessage" in page and "<b>now" not in page and "Sell <b>now</b>" in "".join(parsed.text)
    p = position_from_json(POSITION)
    assert "".join(p.deck) not in page
    for value in ("10", "8", "9"):   # the five-card bonus values are not shown
        assert not re.search(rf">\s*{value}\s*<", page.split('data-zone="bonus"')[1].split("</section>")[0])


def test_persian_still_picture_is_right_to_left() -> None:
    assert '<html lang="fa" dir="rtl"' in _still(lang="fa")


def test_only_a_still_position_becomes_static() -> None:
    with pytest.raises(ValueError):
        static_page(make_link("../index.html", POSITION, embed=True))
    with pytest.raises(ValueError, match="market"):
        static_page("../index.html?interactive=0#position=eyJtYXJrZXQiOiJNTSIsImhhbmRzIjpbIiIsIiJdfQ")


def test_the_snippet_escapes_every_ampersand_and_the_title() -> None:
    link = make_link("../index.html", POSITION, embed=True, interactive=False, caption="a & b")
    snippet = make_snippet(link, 'Jaipur: "sell" <now>')
    parsed = _Cards()
    parsed.feed(snippet)
    (frame,) = parsed.iframes
    assert frame["src"] == link and frame["title"] == 'Jaipur: "sell" <now>'
    assert "&amp;" in snippet and not re.search(r"&(?!amp;|lt;|gt;|quot;|#x27;)", snippet)
    still = int(EMBED_HEIGHTS["still"].removesuffix("px")) + CAPTION_HEIGHT   # a still picture with a caption
    assert f"height: {still}px" in str(frame["style"])
    with pytest.raises(ValueError):
        make_snippet(link, height="1px; background: url(x)")


def test_the_command_line_prints_the_snippet_and_the_static_page(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import json

    f = tmp_path / "p.json"
    f.write_text(json.dumps(POSITION))
    assert main(["embed", "--position", str(f), "--interactive", "0", "--title", "Sell"]) == 0
    out = capsys.readouterr().out.strip()
    assert out == make_snippet(make_link("index.html", POSITION, embed=True, interactive=False), "Sell")
    assert main(["static", "--position", str(f)]) == 0
    assert capsys.readouterr().out.startswith("<!doctype html>")
    f.write_text(json.dumps({"market": "MM", "hands": ["", ""]}))
    assert main(["embed", "--position", str(f)]) == 2
    assert "market holds 2 cards" in capsys.readouterr().err
    run = subprocess.run([sys.executable, "-m", "jaipur.web.links", "--position", str(f)], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr
