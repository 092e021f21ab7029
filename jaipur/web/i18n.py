"""The page's words: `strings(lang)` and `Reason`, from the catalogues in `jaipur.lang`.

The words themselves live in one catalogue per language (`jaipur/lang/en.py`, `jaipur/lang/fa.py`);
the list of languages, with each one's direction and digits, is `jaipur.lang.LANGUAGES`. The web
modules report problems and reasons as codes with values (`problem(code, **values)`), and the
page words them through `Strings` when it draws.
"""

from __future__ import annotations

from ..lang import LANGS, LANGUAGES, Language, Reason, catalogue, language, problem
from ..lang.strings import Strings, strings

__all__ = ["LANGS", "LANGUAGES", "Language", "Reason", "Strings", "catalogue", "language", "problem", "strings"]
