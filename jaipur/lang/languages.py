"""The list of languages and where each one's words are: `LANGUAGES` (code, own name, direction, digits) and
the catalogue modules `jaipur.lang.<code>` (`WORDS`, `RULEBOOK`). Adding a language: its catalogue module and
its entry in `LANGUAGES` here."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType


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


def language(code: str) -> Language:
    """The entry of a language by its code; an unknown code gives the default language."""
    for lang in LANGUAGES:
        if lang.code == code:
            return lang
    return LANGUAGES[0]


@lru_cache(maxsize=8)
def _module(code: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.{code}")


def catalogue(code: str) -> Mapping[str, str]:
    """Every template of a language (its module's `WORDS`); an unknown code gives the default's."""
    words: Mapping[str, str] = _module(language(code).code).WORDS
    return words


def rulebook(code: str) -> tuple[Section, ...]:
    """The "How to play" sections of a language (its module's `RULEBOOK`), written from RULES.md."""
    sections: tuple[Section, ...] = _module(language(code).code).RULEBOOK
    return sections
