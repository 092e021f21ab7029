"""The languages of the page, the bots' reasons and the terminal: the list, and one catalogue per language.

A language is one entry in `LANGUAGES` (its code, its own name, its writing direction and digits) plus
one catalogue module `jaipur.lang.<code>` holding `WORDS` (key -> template with ``{placeholders}``) and
`RULEBOOK` (the "How to play" summary). Bots, puzzles and the page's modules never write sentences:
they return a `Reason` (a code and values) and `strings(lang).reason(...)` words it from the catalogue.

>>> [lang.code for lang in LANGUAGES]
['en', 'fa']
>>> language("fa").dir, language("xx").code
('rtl', 'en')
>>> str(problem("param.mode", value="blitz"))
'The mode must be standard or single-round, not “blitz”.'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Language:
    """One language of the page: its code (as in ``?lang=``), its own name, direction and digits 0-9."""

    code: str
    name: str
    dir: str = "ltr"
    digits: str = "0123456789"


LANGUAGES: tuple[Language, ...] = (
    Language("en", "English"),
    Language("fa", "فارسی", "rtl", "۰۱۲۳۴۵۶۷۸۹"),
)
"""Every language, the default first. Adding one: a catalogue module `jaipur/lang/<code>.py` and its entry here."""

LANGS: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
DEFAULT = LANGUAGES[0].code

ENGINE_KEYS = frozenset({"why.R11", "why.R12", "why.R13", "why.R13a", "why.R13b", "why.R13c", "why.R13d",
                         "why.R15", "why.R16", "why.unavailable"})
"""Keys that translate the rules engine's own English sentences: English has none of them (the engine's
sentence is used as it is), every other catalogue has all of them."""


Paragraph = str | tuple[str, ...]
"""A paragraph of the rulebook: text, or a list of items."""


@dataclass(frozen=True)
class Section:
    """One heading of a catalogue's rulebook: its title, its paragraphs, and the rule ids it covers."""

    title: str
    paragraphs: tuple[Paragraph, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Reason:
    """Why something is so or cannot be done: a code (a rule id like "R13c", or a catalogue key like
    "take.none" or "suggest.sell.plain"), the engine's English sentence when there is one, and values
    for the templates (numbers, card letters, or other Reasons)."""

    code: str
    message: str = ""
    values: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        """The reason in English words."""
        from .strings import strings

        return strings(DEFAULT).reason(self)


def language(code: str) -> Language:
    """The entry of a language by its code; an unknown code gives the default language."""
    for lang in LANGUAGES:
        if lang.code == code:
            return lang
    return LANGUAGES[0]


@lru_cache(maxsize=8)
def _module(code: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{code}")


def catalogue(code: str) -> Mapping[str, str]:
    """Every template of a language (its module's `WORDS`); an unknown code gives the default's."""
    words: Mapping[str, str] = _module(language(code).code).WORDS
    return words


def rulebook(code: str) -> tuple[Section, ...]:
    """The "How to play" sections of a language (its module's `RULEBOOK`), written from RULES.md."""
    sections: tuple[Section, ...] = _module(language(code).code).RULEBOOK
    return sections


def problem(code: str, **values: Any) -> Reason:
    """A problem the page reports (a bad address, save, file or host command): its code, its English
    sentence from the catalogue (what the host page's ``error`` event carries) and its values."""
    from .strings import strings

    return Reason(code, strings(DEFAULT).t(code, **values), values)


__all__ = ["DEFAULT", "ENGINE_KEYS", "LANGS", "LANGUAGES", "Language", "Paragraph", "Reason", "Section", "catalogue", "language", "problem",
           "rulebook"]
