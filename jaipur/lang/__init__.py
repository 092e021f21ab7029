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

from .languages import (
    DEFAULT,
    ENGINE_KEYS,
    LANGS,
    LANGUAGES,
    Language,
    Paragraph,
    Section,
    catalogue,
    language,
    rulebook,
)
from .strings import Reason, problem

__all__ = ["DEFAULT", "ENGINE_KEYS", "LANGS", "LANGUAGES", "Language", "Paragraph", "Reason", "Section", "catalogue",
           "language", "problem", "rulebook"]
