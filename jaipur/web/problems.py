"""The one way the web layer quotes a bad value in a problem's sentence (the problem itself: i18n.problem)."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 40) -> str:
    """A value quoted in a sentence: whitespace folded, cut to `limit` characters with an ellipsis.

    >>> short("  a \\n b  "), short("x" * 50, 10)
    ('a b', 'xxxxxxxxx…')
    """
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
