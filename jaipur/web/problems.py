"""The one way the web layer quotes a bad value and builds a problem `Reason` from a module's templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import Reason


def short(value: Any, limit: int = 40) -> str:
    """A value quoted in a sentence: whitespace folded, cut to `limit` characters with an ellipsis.

    >>> short("  a \\n b  "), short("x" * 50, 10)
    ('a b', 'xxxxxxxxx…')
    """
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def problem(templates: Mapping[str, tuple[str, str]], code: str, **values: Any) -> Reason:
    """A Reason for `code`: its English sentence from `templates` (code -> (English, Persian)) and its values."""
    return Reason(code, templates[code][0].format(**values), values)
