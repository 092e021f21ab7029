"""Suggestions: the move a bot would play, and the reason for it in a player's words (English and Persian)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..cards import GOODS, NAMES, PLURALS, PRECIOUS, counts_of
from ..notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move
from ..rng import Rng
from .heuristics import Scorer, table_from_view
from .words import FA_NAMES, count_words, count_words_fa, fa_num, group_words, sale_tokens


@dataclass(frozen=True)
class Suggestion:
    """A suggested move and why, in one line of English (`reason`) and of Persian (`reason_fa`)."""

    move: str
    reason: str
    reason_fa: str


def _sell_reason(move: str, view: dict[str, Any], scorer: Scorer) -> tuple[str, str]:
    m = parse_move(move)
    t = scorer.t
    g = m.good
    i = GOODS.index(g)
    pile = t.piles[i]
    rupees, bonus = sale_tokens(move, view)
    size = min(m.count, 5)
    en = f"Sell {count_words(g, m.count)}: {rupees} rupee{'s' if rupees != 1 else ''}"
    fa = f"{count_words_fa(g, m.count)} بفروش: {fa_num(rupees)} روپیه"
    if bonus:
        en += f" plus a {size}-card bonus"
        fa += f" به‌علاوهٔ پاداش {fa_num(size)}کارتی"
    empties = sum(1 for p in t.piles if not p)
    unseen_goods = sum(t.unseen[:6])
    likely = t.opp_size * t.unseen[i] / unseen_goods if unseen_goods else 0.0
    if pile and m.count >= len(pile) and empties + 1 >= 3:
        gained = rupees + (t.bonus_mean[size - 3] if bonus else 0.0)
        if scorer.final_diff(gained, t.herd) > 0:
            en += ": it ends the round with you ahead"
            fa += "؛ دور با برتری تو تمام می‌شود"
        else:
            en += ", though it ends the round"
            fa += "، هرچند دور را تمام می‌کند"
    elif likely >= 0.5 and pile and len(pile) > m.count and pile[0] > pile[m.count]:
        en += f" before your opponent takes the {pile[0]}"
        fa += f"، پیش از آنکه حریف ژتون {fa_num(pile[0])} را بردارد"
    elif sum(t.hand) >= 7:
        en += ", and it makes room in your full hand"
        fa += "، و در دست پُرت جا باز می‌کند"
    elif pile and pile[0] >= 4:
        en += f" while the {NAMES[g]} tokens are still high"
        fa += f"، تا ژتون‌های {FA_NAMES[g]} هنوز گران‌اند"
    return en + ".", fa + "."


def _take_reason(move: str, scorer: Scorer) -> tuple[str, str]:
    t = scorer.t
    g = parse_move(move).good
    i = GOODS.index(g)
    pile = t.piles[i]
    top = pile[0] if pile else 0
    n = t.hand[i] + 1
    name, name_fa = NAMES[g], FA_NAMES[g]
    en = f"Take the {name}: "
    fa = f"{name_fa} را بردار: "
    if g in PRECIOUS and n >= 2 and pile:
        worth = sum(pile[:n])
        en += f"with {n} {PLURALS[g]} you have a sale worth {worth} rupees."
        fa += f"با {fa_num(n)} {name_fa} فروشی به ارزش {fa_num(worth)} روپیه داری."
    elif n >= 3:
        en += f"{n} {PLURALS[g]} earn a {min(n, 5)}-card bonus when you sell them."
        fa += f"با {fa_num(n)} {name_fa} هنگام فروش پاداش {fa_num(min(n, 5))}کارتی می‌گیری."
    elif top and scorer.vt[i] >= max(scorer.vt) - 1e-9:
        en += f"its top token is worth {top} rupees, and your opponent cannot have it."
        fa += f"ژتون بالایش {fa_num(top)} روپیه است و به دست حریف نمی‌افتد."
    elif n == 2:
        en += f"a pair of {PLURALS[g]} is on its way to a bigger sale."
        fa += f"یک جفت {name_fa} داری و فروشی بزرگ‌تر در راه است."
    else:
        en += f"it starts a new set; the top {name} token is worth {top} rupees."
        fa += f"مجموعه‌ای تازه شروع می‌کنی؛ ژتون بالای {name_fa} {fa_num(top)} روپیه است."
    return en, fa


def _camels_reason(view: dict[str, Any], scorer: Scorer) -> tuple[str, str]:
    t = scorer.t
    c = counts_of(view["market"])[6]
    mine = t.herd + c
    theirs = t.opp_herd
    head = "Take the camel" if c == 1 else f"Take the {c} camels"
    head_fa = f"{fa_num(c)} شتر را بردار" if c > 1 else "شتر را بردار"
    if mine > theirs:
        en = f"{head}: your herd leads {mine} to {theirs} for the 5-rupee camel token, and camels pay for exchanges."
        fa = f"{head_fa}: گله‌ات {fa_num(mine)} در برابر {fa_num(theirs)} جلو می‌افتد و ژتون ۵ روپیه‌ای شتر نزدیک‌تر می‌شود."
    else:
        en = f"{head}: your herd closes in, {mine} against {theirs}, and your opponent cannot use them."
        fa = f"{head_fa}: گله‌ات به {fa_num(mine)} در برابر {fa_num(theirs)} می‌رسد و حریف از آن‌ها بهره نمی‌برد."
    return en, fa


def _exchange_reason(move: str, scorer: Scorer) -> tuple[str, str]:
    m = parse_move(move)
    t = scorer.t
    taken = counts_of(m.taken)
    worth = sum(sum(t.piles[i][: taken[i]]) for i in range(6))
    en = f"Exchange {group_words(m.given)} for {group_words(m.taken)}: goods worth about {worth} rupees"
    fa = f"{group_words(m.given, fa=True)} را با {group_words(m.taken, fa=True)} عوض کن: کالایی حدود {fa_num(worth)} روپیه"
    if "M" in m.given:
        en += ", paid with camels from your herd."
        fa += " می‌گیری و بهایش را با شتر می‌پردازی."
    else:
        en += " for cards you need less."
        fa += " می‌گیری، به جای کارت‌هایی که کمتر به کارت می‌آیند."
    return en, fa


def explain(move: str, view: dict[str, Any]) -> tuple[str, str]:
    """Why `move` is good from this view: one English line and one Persian line."""
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
    return move, move  # pragma: no cover


def think_suggest(view: dict[str, Any], level: str = "trader", rng: Rng | None = None,
                  movetime: float | None = None) -> Generator[None, None, Suggestion]:
    """`suggest` as a generator for the page: yields None now and then, returns the Suggestion."""
    from . import get_bot

    move = yield from get_bot(level).think(view, rng if rng is not None else Rng(0), movetime)
    en, fa = explain(move, view)
    return Suggestion(move, en, fa)


def suggest(view: dict[str, Any], level: str = "trader", rng: Rng | None = None,
            movetime: float | None = None) -> Suggestion:
    """The move a bot of this level would play from the view, with a one-line reason in English and Persian."""
    thinking = think_suggest(view, level, rng, movetime)
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            found: Suggestion = stop.value
            return found
