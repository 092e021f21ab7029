"""The rules summary shown in the page ("How to play"), in every language, written from RULES.md.

`summary(lang)` gives the sections in order: a title and its paragraphs; a paragraph that is a
list of items is a tuple of strings. The rule ids of RULES.md each section covers are kept beside
it, so a test can check that every rule is summarised. The sections themselves are each catalogue's
`RULEBOOK` (`jaipur/lang/<code>.py`), numbers written in that language's digits.
"""

from __future__ import annotations

from ...lang import Paragraph, Section, rulebook


def summary(lang: str) -> tuple[Section, ...]:
    """The rules summary in `lang` (an unknown language gives English)."""
    return rulebook(lang)


__all__ = ["Paragraph", "Section", "summary"]
