"""Writing a page link (`make_link`): what the page's address can ask for, as a URL. The page itself uses it
(share links), so it lives apart from the link tool's command line (links.py), which also writes static pages.

>>> make_link("index.html", seed=3, lang="fa")
'index.html?seed=3&lang=fa'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...position import Position, position_from_json, position_to_json
from ...record import Record, b64encode, record_from_compact, record_from_json, record_to_compact, record_to_json
from ..draw.nodes import escape
from ..teach.puzzle import Puzzle, clean_caption, load_puzzle


def _position_data(position: Position | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(position, Position):
        data = position_to_json(position)
        data.pop("status", None)
        data.pop("result", None)
        return data
    data = dict(position)
    position_from_json(data)
    return data


def _b64json(data: Any) -> str:
    return b64encode(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def make_link(base: str, position: Position | Mapping[str, Any] | None = None,
              record: Record | Mapping[str, Any] | str | None = None, *,
              solution: Sequence[str] | str | None = None, caption: str | None = None,
              opponent: str | None = None, seed: int | None = None, mode: str | None = None,
              lang: str | None = None, embed: bool = False, interactive: bool | None = None,
              seat: int | str | None = None, hosts: Sequence[str] = (), compact: bool = True,
              edit: bool = False) -> str:
    """A page link. A position with a `solution` becomes `#puzzle=` (caption inside); a record is
    written compact (`J1.…`) unless `compact=False`; `edit` opens it in the position editor (`?edit=1`).
    Raises JaipurError / ValueError on bad input.

    >>> make_link("index.html", {"market": "MMMDG", "hands": ["LLL", "C"]}, embed=True, interactive=False)
    'index.html?embed=1&interactive=0#position=eyJtYXJrZXQiOiJNTU1ERyIsImhhbmRzIjpbIkxMTCIsIkMiXX0'
    """
    if position is not None and record is not None:
        raise ValueError("a link carries a position or a record, not both")
    query: list[tuple[str, str]] = []
    for key, value in (("opponent", opponent), ("seed", seed), ("mode", mode), ("lang", lang)):
        if value is not None:
            query.append((key, str(value)))
    if edit:
        query.append(("edit", "1"))
    if embed:
        query.append(("embed", "1"))
    if interactive is not None:
        query.append(("interactive", "1" if interactive else "0"))
    if seat is not None:
        query.append(("seat", str(seat)))
    if hosts:
        query.append(("host", ",".join(hosts)))
    fragment = ""
    if position is not None:
        data = _position_data(position)
        if solution is not None:
            found = load_puzzle(position_from_json(data), solution, caption or "")
            if not isinstance(found, Puzzle):
                raise ValueError(found.message)
            data["solution"] = ["_".join(line) for line in found.lines]
            if caption:
                data["caption"] = clean_caption(caption)[0]
            fragment = "puzzle=" + _b64json(data)
        else:
            fragment = "position=" + _b64json(data)
    elif record is not None:
        rec = record_from_compact(record) if isinstance(record, str) else (
            record if isinstance(record, Record) else record_from_json(dict(record)))
        fragment = "record=" + (record_to_compact(rec) if compact else _b64json(record_to_json(rec)))
    if caption and not fragment.startswith("puzzle="):
        query.append(("caption", clean_caption(caption)[0]))
    base = base.split("#", 1)[0]
    link = base
    if query:
        from urllib.parse import quote, urlencode  # only when a link is written: a slow import in Pyodide

        link += ("&" if "?" in base else "?") + urlencode(query, quote_via=quote, safe=",:/*")
    if fragment:
        link += "#" + fragment
    return link


EMBED_HEIGHT = "64rem"
"""The height of a replay's snippet (1024 px: its controls, each round's result and the game review), and of any
link whose kind `embed_height` does not know."""

EMBED_HEIGHTS = {"still": "744px", "position": "840px", "puzzle": "1056px"}
"""The snippet's height for each kind of table: the tallest the embedded table was measured in headless Chromium,
from 320 to 1280 px wide, in English and in Persian, in its tallest state (a hand of seven and a herd of five; a
position after a move and the reply, its result shown; a puzzle after a wrong try, its answer revealed): a still
picture 740 px, a position 831 px, a puzzle 1043 px (tests/browser/test_embed_fit.py measures them again). In pixels,
not rem: the host page's root font size must not change it."""

CAPTION_HEIGHT = 56
"""What a caption (a lesson's sentence over the table) adds to a snippet's height, in pixels: two lines on a phone."""


def embed_height(link: str) -> str:
    """The height an `<iframe>` of this page link needs (EMBED_HEIGHTS: the measured table, a caption's lines
    added); EMBED_HEIGHT for a record (a replay) or a link of another kind.

    >>> embed_height("index.html?embed=1&interactive=0#position=e30")
    '744px'
    >>> embed_height("index.html?embed=1&caption=Sell%20now#position=e30")
    '896px'
    """
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(link)
    query = parse_qs(parts.query)
    fragment = parts.fragment
    if fragment.startswith("puzzle="):
        kind = "puzzle"
    elif not fragment.startswith("position="):
        return EMBED_HEIGHT
    elif query.get("interactive") == ["0"]:
        kind = "still"
    else:
        kind = "position"
    pixels = int(EMBED_HEIGHTS[kind].removesuffix("px"))
    if kind != "puzzle" and query.get("caption"):   # a puzzle's task line is in its measured height
        pixels += CAPTION_HEIGHT
    return f"{pixels}px"


def make_snippet(link: str, title: str = "Jaipur", height: str | None = None, lazy: bool = True) -> str:
    """The `<iframe>` element for a page link: every `&` written `&amp;`, the title escaped, and the height the
    embedded table needs (`embed_height`) unless one is given.

    >>> make_snippet("index.html?embed=1&interactive=0#position=e30", "Selling <leather>")
    '<iframe src="index.html?embed=1&amp;interactive=0#position=e30" title="Selling &lt;leather&gt;" \
loading="lazy" style="width: 100%; height: 744px; border: 0"></iframe>'
    """
    if height is None:
        height = embed_height(link)
    if not re.fullmatch(r"\d+(\.\d+)?(px|rem|em|vh)", height):
        raise ValueError(f"the height must be a length like 60rem or 900px, not {height[:20]!r}")
    lazy_attr = ' loading="lazy"' if lazy else ""
    return (f'<iframe src="{escape(link, quote=True)}" title="{escape(title, quote=True)}"{lazy_attr} '
            f'style="width: 100%; height: {height}; border: 0"></iframe>')
