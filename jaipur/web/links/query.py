"""Query strings without `urllib.parse` (whose import costs ~60 ms in Pyodide at every page load)."""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote_text(text: str) -> str:
    """Percent-decoding as UTF-8 (bad bytes become U+FFFD), like `urllib.parse.unquote`.

    >>> unquote_text("caf%C3%A9%20%zz")
    'café %zz'
    """
    if "%" not in text:
        return text
    return _ESCAPE.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def parse_query(text: str) -> list[tuple[str, str]]:
    """`a=1&b=x+y` as pairs, blank values kept, like `urllib.parse.parse_qsl(text, keep_blank_values=True)`.

    >>> parse_query("?opponent=trader&caption=Sell+now%21&embed")
    [('opponent', 'trader'), ('caption', 'Sell now!'), ('embed', '')]
    """
    pairs: list[tuple[str, str]] = []
    for part in text.lstrip("?#").split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        pairs.append((unquote_text(key.replace("+", " ")), unquote_text(value.replace("+", " "))))
    return pairs
