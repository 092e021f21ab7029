"""A player's name as a friend game keeps it: plain text a page shows as text, whatever a message carried."""

from __future__ import annotations

import unicodedata

NAME_CHARS = 24


def clean_name(name: str) -> str:
    """A player's name as the game keeps it: plain text, at most 24 characters, no control or format characters
    (no right-to-left overrides, no zero-width spaces; the zero-width non-joiner of Persian words stays).

    >>> clean_name("  Ava\\n<b>  "), clean_name("Bo\\u202eevil\\u200b")
    ('Ava <b>', 'Bo evil')
    """
    text = " ".join("".join(c if c.isprintable() and not _format(c) else " " for c in str(name)).split())
    return text[:NAME_CHARS].strip()


KEPT = "\u200c"
"""The one format character a name keeps: the zero-width non-joiner, which Persian writing needs (مهر‌نوش)."""


def _format(c: str) -> bool:
    """Whether a character is an invisible format character (Unicode category Cf) other than the non-joiner:
    direction overrides and isolates, zero-width spaces and joiners, marks."""
    return unicodedata.category(c) == "Cf" and c not in KEPT
