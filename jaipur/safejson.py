"""Bounded JSON reading: a cheap scan for size and nesting depth BEFORE `json.loads`, so no input can overflow a stack.

Deeply nested JSON makes `json.loads` recurse once per level; in Pyodide the WebAssembly stack runs out before
Python's recursion limit and the whole interpreter dies. Every reader of JSON text from outside (positions,
records, the page's address, storage and host messages) goes through `loads` here.

>>> loads('{"market": "MMMDG", "hands": ["", ""]}', "The position")["market"]
'MMMDG'
>>> loads("[" * 100 + "]" * 100, "The position")
Traceback (most recent call last):
...
jaipur.safejson.JsonLimitError: The position is nested more than 32 levels deep ([ and { inside each other); \
nothing this engine writes is nested that deeply.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_CHARS = 1_000_000
"""Characters (or bytes) read at most: a whole match's record with its start position is under 100 000."""
MAX_DEPTH = 32
"""Levels of `[` and `{` inside each other read at most: positions and records nest at most 6 deep."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class JsonLimitError(ValueError):
    """JSON text refused before parsing: too large, too deeply nested, or not JSON; `message` is the sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def depth_of(text: str | bytes) -> int:
    """The deepest nesting of `[` and `{` in JSON text, brackets inside strings not counted (no recursion).

    >>> depth_of('{"a": [[1], "[[["]}')
    3
    """
    if isinstance(text, bytes):
        text = text.decode("latin-1")  # one char per byte: enough to find quotes and brackets
    deepest = depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif depth:
            depth -= 1
    return deepest


def check(text: str | bytes, what: str = "The text", max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Raise JsonLimitError with a sentence naming the limit when `text` is too large or too deeply nested."""
    if len(text) > max_chars:
        raise JsonLimitError(
            f"{what} is too large: {len(text)} characters, and at most {max_chars} are read."
        )
    if depth_of(text) > max_depth:
        raise JsonLimitError(
            f"{what} is nested more than {max_depth} levels deep ([ and {{ inside each other); "
            "nothing this engine writes is nested that deeply."
        )


def loads(text: str | bytes, what: str = "The text", max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text after `check`; every failure is a JsonLimitError whose message is a sentence about `what`."""
    check(text, what, max_chars, max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise JsonLimitError(f"{what} is not valid JSON ({str(exc)[:80]}).") from None


def data_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and dicts nest in already-parsed data, counting at most to `limit` + 1 (no recursion).

    >>> data_depth({"a": [[1], []]})
    3
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > deepest:
                deepest = level
                if deepest > limit:
                    return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest
