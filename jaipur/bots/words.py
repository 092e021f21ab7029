"""Moves in a player's words, as the terminal's `play` says them: reason codes worded by the catalogues.

>>> describe("S3L", {"goods": {"L": [4, 3, 2, 1]}, "bonus_sizes": {"3": 7}, "market": "DGMMM"})
'sells 3 leather for 9 rupees and a 3-card bonus token'
>>> describe("TM", {"market": "DGMMM"})
'takes the 3 camels'
>>> describe("XDG-LM", {"market": "DGMMM"}, you=True)
'exchange a leather and a camel for a diamond and a gold'
"""

from __future__ import annotations

from ..cards import counts_of
from ..lang import Reason
from ..lang.strings import strings
from ..notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move
from ..types import View

SAY_CODES = ("say.take", "say.camels", "say.exchange", "say.sell", "say.sell-bonus")
"""The codes `saying` gives (each also with `.you`, the second person)."""


def sale_tokens(move: str, view: View) -> tuple[int, bool]:
    """The rupees a sale earns from the goods pile, and whether a bonus pile still has a token for it."""
    m = parse_move(move)
    pile = view["goods"][m.good]
    bonus = m.count >= 3 and view["bonus_sizes"][str(min(m.count, 5))] > 0
    return sum(pile[: m.count]), bonus


def saying(move: str, view: View, you: bool = False) -> Reason:
    """The move as a reason code with values, read against the view before it is played (`you`: second person)."""
    m = parse_move(move)
    who = ".you" if you else ""
    if m.kind == TAKE:
        return Reason(f"say.take{who}", values={"good": m.good})
    if m.kind == CAMELS:
        return Reason(f"say.camels{who}", values={"n": counts_of(view["market"])[6]})
    if m.kind == EXCHANGE:
        return Reason(f"say.exchange{who}", values={"given": m.given, "taken": m.taken})
    if m.kind == SELL:
        rupees, bonus = sale_tokens(move, view)
        values = {"good": m.good, "count": m.count, "rupees": rupees, "size": min(m.count, 5)}
        return Reason(f"say.sell-bonus{who}" if bonus else f"say.sell{who}", values=values)
    raise ValueError(f"'{move}' is not a move")  # pragma: no cover - parse_move knows four kinds


def describe(move: str, view: View, you: bool = False, lang: str = "en") -> str:
    """The move as a verb phrase in `lang` (third person, or second with `you`), read against the view before it."""
    return strings(lang).reason(saying(move, view, you))
