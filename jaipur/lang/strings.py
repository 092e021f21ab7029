"""Words from codes: `strings(lang)` gives a `Strings` that fills a catalogue's templates.

`t(key, **values)` fills one template (numbers in the language's digits), `cards()` names a group
of cards, `move()` and `did()` describe a move (as an option, or as a log line), and `reason()`
turns a `Reason` (a rule id, a UI code, a bot's or a puzzle's reason code) into one sentence.
English reasons from the rules engine keep the engine's own sentence; other languages translate
them by their code (the broken rule's id).

>>> from jaipur.lang import Reason
>>> strings("en").reason(Reason("suggest.sell.plain", values={"good": "L", "count": 3, "rupees": 6, "bonus": 3}))
'Sell 3 leather: 6 rupees plus a 3-card bonus.'
>>> strings("fa").cards("DGG")
'۱ الماس و ۲ طلا'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..cards import ORDER
from .languages import DEFAULT, catalogue, language


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
        return strings(DEFAULT).reason(self)


_RULE_ID = re.compile(r"\s*\((R\d+[a-z]?)\)")
_WESTERN = "0123456789"


class Strings:
    """The words of one language, with the helpers that build sentences from them."""

    def __init__(self, lang: str) -> None:
        entry = language(lang)
        self.lang = entry.code
        self.dir = entry.dir
        self.table: Mapping[str, str] = catalogue(self.lang)
        self.english: Mapping[str, str] = catalogue(DEFAULT)
        self._digits = str.maketrans(_WESTERN, entry.digits)
        self._composers: dict[str, Callable[[Mapping[str, Any], dict[str, Any]], dict[str, Any]]] = {
            "suggest": self._suggest_values, "say": self._suggest_values, "puzzle": self._puzzle_values}

    # ------------------------------------------------------------ basics
    def num(self, n: int | str) -> str:
        """A number as this language writes it (Persian digits in Persian)."""
        return str(n).translate(self._digits)

    def has(self, key: str) -> bool:
        """Whether this language (or English, its fallback) has a template `key`."""
        return key in self.table or key in self.english

    def t(self, key: str, **values: Any) -> str:
        """The template `key` filled with values; ints are written with this language's digits."""
        template = self.table.get(key)
        if template is None:
            template = self.english.get(key, key)
        filled = {k: (self.num(v) if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in values.items()}
        try:
            return template.format(**filled)
        except (KeyError, IndexError, ValueError):
            return template

    def plural(self, key: str, n: int, **values: Any) -> str:
        """The template `key`, or `key.one` when n == 1 (English has singular forms; Persian keeps one)."""
        one = key + ".one"
        return self.t(one if n == 1 and self.has(one) else key, n=n, **values)

    def name(self, letter: str) -> str:
        """A card's name (singular)."""
        return self.t(f"card.{letter}")

    def names(self, letter: str) -> str:
        """A card's name after a number other than one ('diamonds'; Persian keeps the singular)."""
        return self.t(f"cards.{letter}")

    def title(self, letter: str) -> str:
        """A card's name as a label (capitalized where the language has capitals)."""
        name = self.name(letter)
        return name[:1].upper() + name[1:]

    def keycap(self, key: str) -> str:
        """A key's label in the Keys dialog: 'T', and in Persian 'T / ف' (the letter that key types there)."""
        if self.has(f"keycap.{key}"):
            return self.t(f"keycap.{key}")
        return self.num(key) if key.isdigit() else key

    def count(self, letter: str, n: int) -> str:
        """'3 leather', '2 diamonds', '1 diamond', '۲ الماس'."""
        return self.t("count.good", n=n, name=self.name(letter) if n == 1 else self.names(letter))

    def count_a(self, letter: str, n: int) -> str:
        """Like `count`, but one card with its article: 'a diamond', '2 diamonds', 'یک الماس'."""
        return self.t("card.a", name=self.name(letter)) if n == 1 else self.count(letter, n)

    def join(self, parts: list[str]) -> str:
        """'a, b and c' in this language."""
        if not parts:
            return ""
        if len(parts) == 1:
            return parts[0]
        return self.t("comma").join(parts[:-1]) + self.t("and") + parts[-1]

    def cards(self, letters: str) -> str:
        """A group of cards in words: 'DGG' -> '1 diamond and 2 gold'."""
        return self.join([self.count(letter, letters.count(letter)) for letter in ORDER if letter in letters])

    def group(self, letters: str) -> str:
        """A group of cards as a player says it: 'DDL' -> '2 diamonds and a leather'."""
        return self.join([self.count_a(letter, letters.count(letter)) for letter in ORDER if letter in letters])

    def values(self, values: list[int]) -> str:
        """Token values as a sum: 4+3+2."""
        return "+".join(self.num(v) for v in values)

    # ------------------------------------------------------------ moves
    def move(self, move: str) -> str:
        """A move as an option: 'sell 3 leather', 'take 1 diamond and 1 gold for 2 leather'."""
        kind, rest = move[:1], move[1:]
        if move == "TM":
            return self.t("desc.all-camels")
        if kind == "T":
            return self.t("desc.take", cards=self.cards(rest))
        if kind == "X":
            taken, _, given = rest.partition("-")
            return self.t("desc.exchange", taken=self.cards(taken), given=self.cards(given))
        if kind == "S":
            count, good = int(rest[:-1]), rest[-1]
            return self.t("desc.sell", cards=self.count(good, count))
        return move

    def camels_option(self, n: int) -> str:
        """'take the 3 camels' for the ready hint."""
        return self.t("desc.camel") if n == 1 else self.t("desc.camels", n=n)

    def did(self, entry: Mapping[str, Any], actor: str | None) -> str:
        """A log line for a move entry (see model.describe); actor None means 'you'."""
        kind = entry["kind"]
        who = "you" if actor is None else "other"
        name = actor or ""
        if kind == "take":
            return self.t(f"log.take.{who}", name=name, cards=self.cards(entry["taken"]))
        if kind == "camels":
            n = entry["camels"]
            return self.t(f"log.{'camel' if n == 1 else 'camels'}.{who}", name=name, n=n)
        if kind == "exchange":
            return self.t(f"log.exchange.{who}", name=name, taken=self.cards(entry["taken"]),
                          given=self.cards(entry["given"]))
        if kind == "sell":
            values = self.values(entry["values"]) if entry["values"] else self.t("log.nothing")
            bonus = self.t("log.bonus") if entry["bonus"] else ""
            return self.t(f"log.sell.{who}", name=name, cards=self.count(entry["good"], entry["count"]),
                          values=values, bonus=bonus)
        return str(entry.get("move", ""))

    # ------------------------------------------------------------ reasons
    def reason(self, reason: Reason | None) -> str:
        """One sentence saying why (engine sentences kept in English, translated by rule id elsewhere)."""
        if reason is None:
            return ""
        if self.lang == "en" and reason.message:
            return _RULE_ID.sub("", reason.message)
        values = self._words(reason.code, reason.values)
        key = f"why.{reason.code}"
        if self.has(key):
            return self.t(key, **values)
        if reason.code == "puzzle.reveal":
            return self._more(self._reveal(values["lines"]), reason)
        if self.has(reason.code):
            n = reason.values.get("n")
            rest = {k: v for k, v in values.items() if k != "n"}
            text = self.plural(reason.code, n, **rest) if isinstance(n, int) else self.t(reason.code, **values)
            if reason.code.startswith("puzzle.") and reason.values.get("ends"):
                text += self.t("puzzle.ends-round")
            return self._more(text, reason)
        if reason.message:  # a code the catalogues do not know: the sender's own (English) sentence
            return _RULE_ID.sub("", reason.message)
        if reason.code == "over":
            return self.t("why.over-match")
        return self.t("why.default")

    def _more(self, text: str, reason: Reason) -> str:
        """The sentence, then the reasons of its `more` value (a tuple of Reasons), each a sentence of its own."""
        more = reason.values.get("more")
        if not isinstance(more, (tuple, list)):
            return text
        return " ".join([text, *(self.reason(r) for r in more if isinstance(r, Reason))])

    def _words(self, code: str, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A reason's values ready for its template: nested reasons in words, a good's letter as its name."""
        values: dict[str, Any] = {k: self.reason(v) if isinstance(v, Reason) else v for k, v in raw.items()}
        good = raw.get("good")
        if isinstance(good, str) and len(good) == 1 and good in ORDER:
            values["good"], values["goods"] = self.name(good), self.names(good)
        composer = self._composers.get(code.partition(".")[0])
        return composer(raw, values) if composer is not None else values

    def _suggest_values(self, raw: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """A suggestion's (or a terminal line's) values: the cards sold, rupees, bonus clause, a camels head."""
        out = values
        if "count" in raw and isinstance(raw.get("good"), str):
            out["cards"] = self.count_a(raw["good"], raw["count"])
        if "rupees" in raw:
            out["rupees"] = self.plural("rupees", raw["rupees"])
        if "bonus" in raw:
            out["bonus"] = self.t("suggest.bonus", size=raw["bonus"]) if raw["bonus"] else ""
        for side in ("given", "taken"):
            if isinstance(raw.get(side), str):
                out[side] = self.group(raw[side])
        if "mine" in raw:
            out["head"] = self.plural("suggest.camels.head", raw["n"])
        return out

    def _puzzle_values(self, raw: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """A puzzle phrase's values: the cards sold, what the sale earns, the cards of an exchange."""
        out = values
        if "count" in raw and isinstance(raw.get("good"), str):
            out["cards"] = self.count(raw["good"], raw["count"])
        if "earned" in raw:
            earned = raw["earned"]
            out["earned"] = self.plural("puzzle.earned", earned) if earned is not None else self.t("puzzle.no-goods")
        if "bonus" in raw:
            out["bonus"] = self.t("puzzle.bonus", size=raw["bonus"]) if raw["bonus"] else ""
        for side in ("given", "taken"):
            if isinstance(raw.get(side), str):
                out[side] = self.cards(raw[side])
        if isinstance(raw.get("reply"), str) and raw["reply"]:   # the opponent's answer, in notation: in words
            out["reply"] = self.move(raw["reply"])
        return out

    def _reveal(self, lines: Any) -> str:
        """A puzzle's answer: every acceptable line, each step a phrase and its move."""
        texts = [self.t("puzzle.then").join(self.t("puzzle.step", what=self.reason(phrase))
                                            for phrase, _ in line) for line in lines]
        if len(texts) == 1:
            return self.t("puzzle.reveal.one", lines=texts[0])
        return self.t("puzzle.reveal.many", lines=self.t("puzzle.or").join(texts))


@lru_cache(maxsize=8)
def strings(lang: str) -> Strings:
    """The words of a language by its code (an unknown code gives English)."""
    return Strings(lang)


def problem(code: str, **values: Any) -> Reason:
    """A problem the page reports (a bad address, save, file or host command): its code, its English
    sentence from the catalogue (what the host page's ``error`` event carries) and its values."""
    return Reason(code, strings(DEFAULT).t(code, **values), values)
