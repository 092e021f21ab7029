"""The names two people playing on one device give themselves on the start screen: plain text, bounded.

A name is text, never markup (the renderer writes it as a text node); here it is only cleaned: control
and formatting characters dropped, runs of white space made one space, cut to `MAX_NAME` characters.
A save keeps the names under `"names"`; a save without them (older, or a match against the computer)
loads as before, with the page's own "Player 1" / "Player 2".
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ...bots.registry import COMMAND_LEVELS
from ..i18n import Strings, strings

MAX_NAME = 24
"""Longest name kept (characters): it fits the table's header and the result tables on a phone."""


def clean_name(text: Any) -> str:
    """One name as the table shows it ('' for nothing usable).

    >>> clean_name("  Ava\\u0000  <b>Bo</b>\\n ")
    'Ava <b>Bo</b>'
    >>> len(clean_name("x" * 100))
    24
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in text[:400]
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:MAX_NAME].strip()


def clean_names(raw: Any, defaults: tuple[str, str]) -> tuple[str, str] | None:
    """The two names typed (a list or tuple of two), each empty one replaced by its default; None when neither
    was given (the page then names the seats itself, in its language).

    >>> clean_names(["Ava", ""], ("Player 1", "Player 2"))
    ('Ava', 'Player 2')
    >>> clean_names(["", "  "], ("Player 1", "Player 2")) is None
    True
    """
    if not isinstance(raw, (list, tuple)) or len(raw) != 2:
        return None
    got = (clean_name(raw[0]), clean_name(raw[1]))
    if not any(got):
        return None
    return (got[0] or defaults[0], got[1] or defaults[1])


def saved_names(extra: dict[str, Any]) -> tuple[str, str] | None:
    """The names a save kept (its `"names"` field), cleaned; None when it has none that can be read.

    >>> saved_names({"names": ["Ava", "Bo"]}), saved_names({}), saved_names({"names": [1, 2]})
    (('Ava', 'Bo'), None, None)
    """
    raw = extra.get("names")
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(n, str) for n in raw):
        return None
    got = (clean_name(raw[0]), clean_name(raw[1]))
    return got if all(got) else None


RECORD_LEVELS = COMMAND_LEVELS
"""The computer's levels whose English names the page writes into a record of a match against it."""


def record_name(name: str, s: Strings) -> str:
    """A record's player name as the page shows it: a name the page wrote itself (English: "Player",
    "Player 1", "Player 2", a level's name such as "Trader") in the page's language; a name a player gave, as is.

    >>> from jaipur.web.i18n import strings
    >>> record_name("Trader", strings("fa")), record_name("Player 2", strings("fa")), record_name("Ava", strings("fa"))
    ('تاجر', 'بازیکن ۲', 'Ava')
    """
    en = strings("en")
    if name == en.t("name.record-player"):
        return s.t("name.record-player")
    for n in (1, 2):
        if name == en.t("name.player", n=n):
            return s.t("name.player", n=n)
    for level in RECORD_LEVELS:
        if name == en.t(f"level.{level}"):
            return s.t(f"level.{level}")
    return name
