"""Suggestions: the move a bot would play, and why, as a reason code with values (never a sentence).

>>> from jaipur import position_from_json, view
>>> p = position_from_json({"market": "MMMDG", "hands": ["LLLL", "SC"], "herds": [0, 1], "seed": 4})
>>> r = explain("S4L", view(p, 0))
>>> r.code, r.values["rupees"], str(r)
('suggest.sell.tokens-high', 10, 'Sell 4 leather: 10 rupees plus a 4-card bonus while the leather tokens are still high.')
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..cards import GOODS, PRECIOUS, counts_of
from ..lang import Reason
from ..notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move
from ..rng import Rng
from ..types import View
from .base import run_to_end
from .heuristics import Scorer, table_from_view
from .words import sale_tokens


@dataclass(frozen=True)
class Suggestion:
    """A suggested move and why: a reason code with values (`jaipur.lang.Reason`), worded by a catalogue
    (`str(reason)` is English; `jaipur.lang.strings.strings(lang).reason(reason)` any language)."""

    move: str
    reason: Reason


REASON_CODES = (
    "suggest.sell.ends-round-ahead", "suggest.sell.ends-round", "suggest.sell.before-opponent",
    "suggest.sell.makes-room", "suggest.sell.tokens-high", "suggest.sell.plain",
    "suggest.take.precious-sale", "suggest.take.bonus-set", "suggest.take.top-token", "suggest.take.pair",
    "suggest.take.new-set", "suggest.camels.lead", "suggest.camels.close", "suggest.exchange.camels",
    "suggest.exchange.cards",
)
"""Every reason code `explain` gives (each has a template in every catalogue)."""


def _sell_reason(move: str, view: View, scorer: Scorer) -> Reason:
    m = parse_move(move)
    t = scorer.t
    g = m.good
    i = GOODS.index(g)
    pile = t.piles[i]
    rupees, bonus = sale_tokens(move, view)
    size = min(m.count, 5)
    values: dict[str, Any] = {"good": g, "count": m.count, "rupees": rupees, "bonus": size if bonus else 0}
    empties = sum(1 for p in t.piles if not p)
    unseen_goods = sum(t.unseen[:6])
    likely = t.opp_size * t.unseen[i] / unseen_goods if unseen_goods else 0.0
    if pile and m.count >= len(pile) and empties + 1 >= 3:
        gained = rupees + (t.bonus_mean[size - 3] if bonus else 0.0)
        ahead = scorer.final_diff(gained, t.herd) > 0
        return Reason("suggest.sell.ends-round-ahead" if ahead else "suggest.sell.ends-round", values=values)
    if likely >= 0.5 and pile and len(pile) > m.count and pile[0] > pile[m.count]:
        return Reason("suggest.sell.before-opponent", values=values | {"top": pile[0]})
    if sum(t.hand) >= 7:
        return Reason("suggest.sell.makes-room", values=values)
    if pile and pile[0] >= 4:
        return Reason("suggest.sell.tokens-high", values=values)
    return Reason("suggest.sell.plain", values=values)


def _take_reason(move: str, scorer: Scorer) -> Reason:
    t = scorer.t
    g = parse_move(move).good
    i = GOODS.index(g)
    pile = t.piles[i]
    top = pile[0] if pile else 0
    n = t.hand[i] + 1
    if g in PRECIOUS and n >= 2 and pile:
        return Reason("suggest.take.precious-sale", values={"good": g, "n": n, "worth": sum(pile[:n])})
    if n >= 3:
        return Reason("suggest.take.bonus-set", values={"good": g, "n": n, "size": min(n, 5)})
    if top and scorer.vt[i] >= max(scorer.vt) - 1e-9:
        return Reason("suggest.take.top-token", values={"good": g, "top": top})
    if n == 2:
        return Reason("suggest.take.pair", values={"good": g})
    return Reason("suggest.take.new-set", values={"good": g, "top": top})


def _camels_reason(view: View, scorer: Scorer) -> Reason:
    t = scorer.t
    c = counts_of(view["market"])[6]
    mine = t.herd + c
    theirs = t.opp_herd
    values = {"n": c, "mine": mine, "theirs": theirs}
    return Reason("suggest.camels.lead" if mine > theirs else "suggest.camels.close", values=values)


def _exchange_reason(move: str, scorer: Scorer) -> Reason:
    m = parse_move(move)
    t = scorer.t
    taken = counts_of(m.taken)
    worth = sum(sum(t.piles[i][: taken[i]]) for i in range(6))
    values = {"given": m.given, "taken": m.taken, "worth": worth}
    return Reason("suggest.exchange.camels" if "M" in m.given else "suggest.exchange.cards", values=values)


def explain(move: str, view: View) -> Reason:
    """Why `move` is good from this view, as a reason code with values (see REASON_CODES)."""
    scorer = Scorer(table_from_view(view))
    kind = parse_move(move).kind
    if kind == SELL:
        return _sell_reason(move, view, scorer)
    if kind == TAKE:
        return _take_reason(move, scorer)
    if kind == CAMELS:
        return _camels_reason(view, scorer)
    if kind == EXCHANGE:
        return _exchange_reason(move, scorer)
    raise ValueError(f"'{move}' is not a move")  # pragma: no cover - parse_move knows four kinds


def think_suggest(view: View, level: str = "trader", rng: Rng | None = None,
                  movetime: float | None = None) -> Generator[None, None, Suggestion]:
    """`suggest` as a generator for the page: yields None now and then, returns the Suggestion."""
    from .registry import get_bot

    move = yield from get_bot(level).think(view, rng if rng is not None else Rng(0), movetime)
    return Suggestion(move, explain(move, view))


def suggest(view: View, level: str = "trader", rng: Rng | None = None,
            movetime: float | None = None) -> Suggestion:
    """The move a bot of this level would play from the view, with its reason (a code with values)."""
    return run_to_end(think_suggest(view, level, rng, movetime))
