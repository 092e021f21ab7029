"""The rules summary ("How to play"): every rule of RULES.md is summarised, in every language alike (each
catalogue's RULEBOOK), and the dialog opens over the start screen and the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jaipur.lang import LANGS, language
from jaipur.web.draw.render import text_of, walk
from jaipur.web.teach.rulebook import summary

from .test_app import BASE, click, open_page

RULES_MD = Path("/work/shared/RULES.md")
RULE_IDS = [f"R{n}" for n in range(1, 31)]


def texts(lang: str) -> list[str]:
    out: list[str] = []
    for sec in summary(lang):
        out.append(sec.title)
        for par in sec.paragraphs:
            out.extend(par if isinstance(par, tuple) else [par])
    return out


def test_every_rule_id_is_summarised() -> None:
    covered = {rule for sec in summary("en") for rule in sec.rules}
    assert covered == set(RULE_IDS)
    if RULES_MD.exists():   # the rules text itself: no rule id it defines is missing here
        defined = set(re.findall(r"\*\*(R\d+)", RULES_MD.read_text(encoding="utf-8")))
        assert defined <= covered


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_language_has_the_same_sections_and_lists(lang: str) -> None:
    en, fa = summary("en"), summary(lang)
    assert [s.rules for s in en] == [s.rules for s in fa]
    shape = [[len(p) if isinstance(p, tuple) else 0 for p in s.paragraphs] for s in en]
    assert shape == [[len(p) if isinstance(p, tuple) else 0 for p in s.paragraphs] for s in fa]


def test_persian_summary_has_no_latin_letters_and_persian_digits_only() -> None:
    for text in texts("fa"):
        assert not re.search(r"[A-Za-z0-9]", text), text
    assert any("۵۵" in t for t in texts("fa"))


@pytest.mark.parametrize("lang", LANGS)
def test_key_numbers_of_the_rules_are_in_the_summary(lang: str) -> None:
    digits = str.maketrans("0123456789", language(lang).digits)     # each language writes its own digits
    whole = " ".join(texts(lang))
    for number in ("55", "11", "7", "5", "3"):
        assert number.translate(digits) in whole


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_dialog_opens_from_the_start_screen_and_the_table(lang: str) -> None:
    c, pf = open_page(BASE + f"?lang={lang}")
    click(c, "rules")
    dialogs = [n for n in walk(pf.node) if n.attrs.get("data-dialog") == "rules"]
    assert len(dialogs) == 1
    assert summary(lang)[0].title in text_of(dialogs[0])
    assert [n for n in walk(pf.node) if n.attrs.get("class") == "start" and "inert" in n.attrs]
    c.on_event({"type": "key", "key": "Escape", "code": "Escape"})
    assert c.dialog is None
    click(c, "start")
    click(c, "rules")
    assert c.dialog == "rules"
    click(c, "close")
    assert c.dialog is None
