"""The loading screen's words, written into `index.html` from the catalogues (`boot.*` keys of `jaipur.lang`).

The loading screen speaks before Python has started, so its words must sit in the page itself, as JavaScript:
`python serve.py` rewrites the two marked blocks of `index.html` (`sync_page`), and a test checks they are current.
A new language therefore needs nothing here: its catalogue's `boot.*` words and its entry in `LANGUAGES`.

>>> "fa" in script_block() and 'dir="rtl"' in noscript_block()
True
"""
from __future__ import annotations

import html
import json

from ..lang import LANGUAGES, catalogue

SCRIPT_START = "/* The loading screen's words, by language: written by python serve.py from jaipur/lang (do not edit). */"
SCRIPT_END = "/* End of the loading screen's words. */"
NOSCRIPT_START = "<!-- Without JavaScript, in every language: written by python serve.py from jaipur/lang. -->"
NOSCRIPT_END = "<!-- End of the words without JavaScript. -->"
PREFIX = "boot."


def boot_words(code: str) -> dict[str, str]:
    """A language's loading-screen words, keyed without their `boot.` prefix."""
    return {key[len(PREFIX):]: text for key, text in catalogue(code).items() if key.startswith(PREFIX)}


def script_block(indent: str = "      ") -> str:
    """The JavaScript that defines `LANGS` (code → direction and words) and `DEFAULT_LANG`, between its markers."""
    langs = {lang.code: {"dir": lang.dir, "words": boot_words(lang.code)} for lang in LANGUAGES}
    body = json.dumps(langs, ensure_ascii=False, indent=1).replace("<", "\\u003c").replace("\n", "\n" + indent)
    return (f"{SCRIPT_START}\n{indent}const LANGS = {body};\n"
            f"{indent}const DEFAULT_LANG = {json.dumps(LANGUAGES[0].code)};\n{indent}{SCRIPT_END}")


def noscript_block(indent: str = "    ") -> str:
    """The `<noscript>` paragraphs, the default language's first (it carries the id tests look for)."""
    lines = []
    for i, lang in enumerate(LANGUAGES):
        text = html.escape(boot_words(lang.code)["noscript"])
        attrs = ' id="boot-noscript"' if i == 0 else f' lang="{lang.code}" dir="{lang.dir}"'
        lines.append(f"<p{attrs}>{text}</p>")
    inner = f"\n{indent}  ".join(lines)
    return f"{NOSCRIPT_START}\n{indent}<noscript>{inner}</noscript>\n{indent}{NOSCRIPT_END}"


def replace_between(text: str, start: str, end: str, block: str) -> str:
    """text with the part from start to end (both included) replaced by block; ValueError if a marker is missing."""
    a = text.index(start)
    b = text.index(end, a) + len(end)
    return text[:a] + block + text[b:]


def page_with_words(text: str) -> str:
    """The page's text with both blocks written from the catalogues."""
    text = replace_between(text, SCRIPT_START, SCRIPT_END, script_block())
    return replace_between(text, NOSCRIPT_START, NOSCRIPT_END, noscript_block())
