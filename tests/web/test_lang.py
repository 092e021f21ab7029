"""The catalogues: one per language, the same keys and placeholders in each, an entry for every code the
bots, puzzles and the page's modules emit, and a new language is a catalogue plus its entry in the list."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from jaipur import position_from_json, view
from jaipur.bots.suggest import REASON_CODES
from jaipur.bots.words import SAY_CODES, describe
from jaipur.lang import DEFAULT, ENGINE_KEYS, LANGS, LANGUAGES, Reason, catalogue, language, problem, rulebook
from jaipur.lang.strings import strings
from jaipur.web.links import address, host
from jaipur.web.store import saved
from jaipur.web.teach import puzzle
from jaipur.web.teach.puzzle import Puzzle

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [p for p in (ROOT / "jaipur").rglob("*.py") if "lang" not in p.parts]
OTHERS = [lang for lang in LANGS if lang != DEFAULT]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_list_gives_each_language_its_direction_and_digits() -> None:
    assert LANGS[0] == DEFAULT == "en" and len(set(LANGS)) == len(LANGS)
    for entry in LANGUAGES:
        assert entry.dir in ("ltr", "rtl") and len(entry.digits) == 10 and entry.name
        s = strings(entry.code)
        assert s.dir == entry.dir and s.num(1907) == "".join(entry.digits[int(d)] for d in "1907")
    assert language("xx") == LANGUAGES[0] and strings("xx").lang == DEFAULT


@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalogue_has_the_same_keys_and_placeholders(lang: str) -> None:
    en, other = catalogue(DEFAULT), catalogue(lang)
    assert set(other) == set(en) | ENGINE_KEYS            # English words the engine's rules with its own sentences
    assert not ENGINE_KEYS & set(en)
    for key, template in en.items():
        names = placeholders(other[key])
        # a translation may leave out {detail}, the engine's English sentence
        assert names == placeholders(template) or names == placeholders(template) - {"detail"}, key
    assert len(rulebook(lang)) == len(rulebook(DEFAULT))
    assert [s.rules for s in rulebook(lang)] == [s.rules for s in rulebook(DEFAULT)]


def _literal_codes() -> set[str]:
    """Every code written as a literal in a Reason(...) or problem(...) call, and every key asked of t()."""
    found: set[str] = set()
    call = re.compile(r"(?<!\w)(?:Reason|_?problem)\(\s*((?:\"[^\"]*\"|[^,()\"])*)")
    key = re.compile(r"\.(?:t|plural)\(\s*\"([^\"{}]+)\"")
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for first in call.findall(text):
            found.update(re.findall(r"\"([a-z][\w.-]*)\"", first))
        found.update(key.findall(text))
    return found


def test_every_code_the_code_emits_has_words_in_every_catalogue() -> None:
    codes = _literal_codes()
    assert {"take.none", "param.seed", "puzzle.wrong", "suggest.sell.plain", "host.shape", "save.json"} <= codes
    codes |= set(REASON_CODES) | {c + ".you" for c in SAY_CODES} | set(SAY_CODES)
    for module in (address, host, puzzle, saved):
        codes |= set(module.PROBLEMS)
    for lang in LANGS:
        table = catalogue(lang)
        missing = sorted(c for c in codes - {"puzzle.reveal"} if c not in table and f"why.{c}" not in table)
        assert missing == [], lang


def test_every_code_of_a_friend_game_has_words_in_every_catalogue() -> None:
    """A friend game's refusals and cheats (`jaipur.fair`: Refused, Cheated, FairError, a proof's ProofFailed) are
    said on the page by their code: each has `why.<code>` in every language, and a cheat's words name the message and
    its sender like the others."""
    from jaipur.fair.proofs.errors import SENTENCES

    codes = set(SENTENCES)
    for path in (ROOT / "jaipur" / "fair").rglob("*.py"):
        codes.update(re.findall(r"\"((?:friend|proof)-[a-z-]+)\"", path.read_text(encoding="utf-8")))
    assert {"friend-old-version", "friend-stalled", "friend-not-dealt", "proof-shuffle", "friend-malformed"} <= codes
    for lang in LANGS:
        table = catalogue(lang)
        assert sorted(c for c in codes if f"why.{c}" not in table) == [], lang
        for code in SENTENCES:
            assert {"number", "name"} <= placeholders(table[f"why.{code}"]), (lang, code)


def test_reasons_read_in_every_language_without_templates_left() -> None:
    p = position_from_json({"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [1, 2], "seed": 5})
    v = view(p, 0)
    pz = Puzzle(p, "S4L, TD_TM_S3L", "Which sale?")
    reasons = [pz.check("S3L"), pz.check("TD"), pz.check("XX"), pz.check("S3L")]
    said = [r.reason for r in reasons] + [pz.answer(), problem("param.seed", value="x"), Reason("take.none")]
    for lang in LANGS:
        s = strings(lang)
        for reason in said:
            text = s.reason(reason)
            assert text and "{" not in text and reason.code not in text, (lang, reason.code)
        for move in ("TD", "TM", "XDG-LS", "S4L"):
            assert "{" not in describe(move, {**v, "market": "DGMMM"}, lang=lang)
    assert strings("en").reason(pz.answer()) == pz.reveal("en")
    assert describe("TM", {"market": "DGMMM"}, you=True) == "take the 3 camels"


def test_the_engine_keeps_its_english_sentences() -> None:
    engine = Reason("R13a", "An exchange swaps at least two cards (R13a).")
    assert strings("en").reason(engine) == "An exchange swaps at least two cards."
    for lang in OTHERS:
        assert strings(lang).reason(engine) == strings(lang).t("why.R13a")


THIRD = r'''
import sys, types
import jaipur.lang as lang
from jaipur.lang import Language
from jaipur.lang import en

xx = types.ModuleType("jaipur.lang.xx")
xx.WORDS = {**en.WORDS, "round": "Rund {n}", "turn.you": "Du spielst", "app.title": "Dschaipur"}
xx.RULEBOOK = en.RULEBOOK
sys.modules["jaipur.lang.xx"] = xx
import jaipur.lang.languages as home             # the list's home: one entry more
home.LANGUAGES = home.LANGUAGES + (Language("xx", "Xxisch", "rtl", "٠١٢٣٤٥٦٧٨٩"),)
home.LANGS = tuple(entry.code for entry in home.LANGUAGES)
lang.LANGUAGES, lang.LANGS = home.LANGUAGES, home.LANGS

from jaipur.web.links.address import read_address
from jaipur.web.app import Controller
from jaipur.web.draw.render import text_of
from tests.web.fakes import FakeBots, FakePlatform

address = read_address("?lang=xx", "")
assert address.problems == [], address.problems
pf = FakePlatform()
c = Controller(pf, address, FakeBots(), min_think=0)
c.boot()
pf.run()
offered = "Xxisch" in text_of(pf.node)                 # the start screen offers it by its own name
c.on_event({"action": "start"})
pf.run()
text = text_of(pf.node)
print(pf.node.attrs["lang"], pf.node.attrs["dir"], offered, "Rund ١" in text, "Dschaipur" in text)
'''


def test_a_third_language_is_a_catalogue_and_an_entry_in_the_list() -> None:
    out = subprocess.run([sys.executable, "-c", THIRD], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["xx", "rtl", "True", "True", "True"]


def test_a_count_of_one_is_said_in_the_singular() -> None:
    s = strings("en")
    said = [s.reason(Reason(code, values={"n": 1})) for code in ("save.previous", "save.other-tab")]
    said += [s.plural("review.partial", 1), s.plural("editor.zone.count", 1), s.plural("puzzle.earned", 1)]
    for text in said:
        assert not re.search(r"\b1 (moves|cards|rupees)\b", text), text
    assert "(1 move played)" in said[0] and said[3] == "(1 card)" and said[4] == "1 rupee"
    assert s.plural("editor.zone.count", 3) == "(3 cards)"


def test_the_loading_screen_has_every_languages_words_from_its_catalogue() -> None:
    """index.html's words are the catalogues' `boot.*` keys as `python serve.py` writes them (run it after an edit)."""
    from jaipur.web.bootwords import boot_words, page_with_words

    text = (ROOT / "index.html").read_text(encoding="utf-8")
    assert page_with_words(text) == text, "index.html's loading-screen words are stale: run python serve.py --fetch-only"
    for entry in LANGS:
        words = boot_words(entry)
        assert words["title"] and "{module}" in words["incomplete"] and "{detail}" in words["crashed"]
    from jaipur.web.bootwords import NOSCRIPT_END, NOSCRIPT_START, SCRIPT_END, SCRIPT_START, replace_between

    rest = replace_between(replace_between(text, SCRIPT_START, SCRIPT_END, ""), NOSCRIPT_START, NOSCRIPT_END, "")
    for code in OTHERS:   # outside the written blocks the page names no language but the default
        assert f'"{code}"' not in rest and f"'{code}'" not in rest, code
