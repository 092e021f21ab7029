"""The trader heuristic: what each legal move is worth to the side to move, in rupees, one ply deep.

A move's score adds what it changes for the mover (tokens earned now, the worth
of the cards kept, the camel majority, the hand limit) and subtracts what the
market it leaves offers the opponent next turn. Hidden cards enter as
expectations: the unseen cards are equally likely to be in the opponent's hand
or the deck, and unknown bonus values are worth their pile's mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL_INDEX, CAMEL_TOKEN, DECK_COUNTS, GOODS, HAND_LIMIT, counts_of
from ..notation import CAMELS, SELL, TAKE
from ..position import Position
from ..rules import move_delta
from ..types import View
from ..view import unseen_cards
from .weights import DEFAULT_WEIGHTS

Counts = tuple[int, ...]
_PRECIOUS = (True, True, True, False, False, False)
_RANGE6 = range(6)
_PENALTIES: dict[tuple[float, float], tuple[float, ...]] = {}
"""The hand-size penalty row for each (hand6, hand7) weight pair, built once."""


class Weights:
    """The heuristic's tunable numbers, as attributes (see `weights.DEFAULT_WEIGHTS`)."""

    __slots__ = tuple(DEFAULT_WEIGHTS)

    keep_precious: float
    keep_common: float
    keep_bonus: float
    contention: float
    urgency: float
    urgency_turns: float
    camel_scale: float
    camel_use: float
    camel_use_cap: float
    hand7: float
    hand6: float
    threat: float
    threat_take: float
    threat_pair: float
    reveal: float
    win: float

    def __init__(self, values: dict[str, float] | None = None) -> None:
        merged = dict(DEFAULT_WEIGHTS)
        if values:
            for key, value in values.items():
                if key not in merged:
                    raise KeyError(f"unknown heuristic weight {key!r}")
                merged[key] = float(value)
        for key, value in merged.items():
            setattr(self, key, value)

    def as_dict(self) -> dict[str, float]:
        """The weights as plain data."""
        return {key: getattr(self, key) for key in self.__slots__}


DEFAULT = Weights()


class Table:
    """What the side to move knows: public parts, its own hand, and expectations for the hidden rest."""

    __slots__ = (
        "market", "hand", "herd", "opp_herd", "opp_size", "piles", "bonus_left", "bonus_mean",
        "deck_size", "unseen", "my_score", "opp_score", "my_bonus_count", "opp_bonus_count",
        "my_goods_count", "opp_goods_count",
    )

    def __init__(
        self,
        market: Counts,
        hand: Counts,
        herd: int,
        opp_herd: int,
        opp_size: int,
        piles: tuple[tuple[int, ...], ...],
        bonus_left: tuple[int, int, int],
        bonus_mean: tuple[float, float, float],
        deck_size: int,
        unseen: Counts,
        my_score: float,
        opp_score: float,
        counts: tuple[int, int, int, int] = (0, 0, 0, 0),
    ) -> None:
        self.market = market
        self.hand = hand
        self.herd = herd
        self.opp_herd = opp_herd
        self.opp_size = opp_size
        self.piles = piles
        self.bonus_left = bonus_left
        self.bonus_mean = bonus_mean
        self.deck_size = deck_size
        self.unseen = unseen
        self.my_score = my_score
        self.opp_score = opp_score
        self.my_bonus_count, self.opp_bonus_count, self.my_goods_count, self.opp_goods_count = counts


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def table_from_view(v: View) -> Table:
    """The heuristic's table for the seat that owns the view."""
    seat = v["seat"]
    other = 1 - seat
    market = counts_of(v["market"])
    hand = counts_of(v["hand"])
    unseen = unseen_cards(v)
    means = []
    for size in BONUS_SIZES:
        pool = list(BONUS_TOKENS[size])
        for s in (0, 1):
            for tsize, value in v["taken"][s]["bonus"]:
                if tsize == size and value is not None and value in pool:
                    pool.remove(value)
        means.append(_mean(pool))
    bonus_mean = (means[0], means[1], means[2])
    mine = v["taken"][seat]
    theirs = v["taken"][other]
    my_score = float(sum(val for _, val in mine["goods"]) + sum(val or 0 for _, val in mine["bonus"]))
    opp_score = float(sum(val for _, val in theirs["goods"]))
    for tsize, value in theirs["bonus"]:
        opp_score += value if value is not None else bonus_mean[BONUS_SIZES.index(tsize)]
    piles = tuple(tuple(v["goods"][g]) for g in GOODS)
    left = tuple(v["bonus_sizes"][str(size)] for size in BONUS_SIZES)
    return Table(
        market, hand, v["herds"][seat], v["herds"][other], v["opponent_hand_size"], piles,
        (left[0], left[1], left[2]), bonus_mean, v["deck_size"], unseen, my_score, opp_score,
        (len(mine["bonus"]), len(theirs["bonus"]), len(mine["goods"]), len(theirs["goods"])),
    )


def table_from_position(p: Position) -> Table:
    """The table for the side to move of a full (e.g. determinized) position; the other hand stays unread."""
    seat = p.to_move
    other = 1 - seat
    hand = p.hands[seat]
    market = p.market
    discard = p.discard
    herds = p.herds
    unseen = tuple(DECK_COUNTS[i] - market[i] - hand[i] - discard[i] for i in range(6)) + (
        DECK_COUNTS[CAMEL_INDEX] - market[CAMEL_INDEX] - herds[0] - herds[1],
    )
    bonus = p.bonus
    bonus_mean = (_mean(bonus[0]), _mean(bonus[1]), _mean(bonus[2]))
    tg, tb = p.taken_goods, p.taken_bonus
    my_score = float(sum(v for _, v in tg[seat]) + sum(v for _, v in tb[seat]))
    opp_score = float(sum(v for _, v in tg[other]) + sum(v for _, v in tb[other]))
    return Table(
        market, hand, herds[seat], herds[other], sum(p.hands[other]), p.goods,
        (len(bonus[0]), len(bonus[1]), len(bonus[2])), bonus_mean, len(p.deck), unseen, my_score, opp_score,
        (len(tb[seat]), len(tb[other]), len(tg[seat]), len(tg[other])),
    )


def turns_left(t: Table) -> float:
    """A rough count of turns (both players) before the round ends."""
    lens = sorted(len(pile) for pile in t.piles)
    by_tokens = (lens[0] + lens[1] + lens[2]) * 1.3
    by_deck = t.deck_size / 0.75
    return min(by_tokens, by_deck)


def camel_term(mine: int, theirs: int, scale: float) -> float:
    """Expected worth of the camel token to me (negative when the opponent is likely to get it)."""
    return CAMEL_TOKEN * math.tanh((mine - theirs) / scale)


Rows = tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]
_ROWS_CACHE: dict[tuple[Any, ...], Rows] = {}
_ROW_CACHE: dict[tuple[Any, ...], tuple[float, ...]] = {}


def hand_rows(
    piles: tuple[tuple[int, ...], ...],
    bonus_left: tuple[int, int, int],
    bonus_mean: tuple[float, float, float],
    urg: float,
    shifts: tuple[float, ...],
    w: Weights,
) -> Rows:
    """Per good: the worth of holding 0..7 cards (`hv[g][n]`), and what taking one is worth to the opponent."""
    key = (piles, bonus_left, bonus_mean, urg, shifts, w.keep_precious, w.keep_common, w.keep_bonus, w.threat_take)
    found = _ROWS_CACHE.get(key)
    if found is not None:
        return found
    keep_p = w.keep_precious * (1.0 - urg)
    keep_c = w.keep_common * (1.0 - urg)
    keep_b = w.keep_bonus * (1.0 - urg)
    bonus_part = (0.0, 0.0, 0.0) + tuple(
        keep_b * bonus_mean[min(n, 5) - 3] if bonus_left[min(n, 5) - 3] else 0.0 for n in range(3, 8)
    )
    hv: list[tuple[float, ...]] = []
    vt: list[float] = []
    rows = _ROW_CACHE
    for g in _RANGE6:
        pile = piles[g]
        keep = keep_p if _PRECIOUS[g] else keep_c
        shift = shifts[g]
        row_key = (pile, keep, shift, bonus_part)
        row_found = rows.get(row_key)
        if row_found is None:
            lo = int(shift)
            frac = shift - lo
            row = []
            for n in range(8):
                tokens = (1.0 - frac) * sum(pile[lo:lo + n]) + frac * sum(pile[lo + 1:lo + 1 + n])
                row.append(keep * tokens + bonus_part[n])
            if len(rows) > 50_000:
                rows.clear()
            row_found = rows[row_key] = tuple(row)
        hv.append(row_found)
        vt.append(w.threat_take * keep * pile[0] if pile else 0.0)
    found = (tuple(hv), tuple(vt))
    if len(_ROWS_CACHE) > 50_000:
        _ROWS_CACHE.clear()
    _ROWS_CACHE[key] = found
    return found


_MOVE_INFO: dict[str, tuple[int, int, int, tuple[tuple[int, int], ...], int, tuple[int, ...]]] = {}
_KIND_CODE = {SELL: 0, TAKE: 1, CAMELS: 2}


def move_info(move: str) -> tuple[int, int, int, tuple[tuple[int, int], ...], int, tuple[int, ...]]:
    """A move's compact effect: (kind 0 sell/1 take/2 camels/3 exchange, good, count, goods changes, camels given,
    goods given per good)."""
    found = _MOVE_INFO.get(move)
    if found is None:
        kind, idx, count, taken, given = move_delta(move)
        changes = tuple((g, taken[g] - given[g]) for g in _RANGE6 if taken[g] or given[g])
        found = _MOVE_INFO[move] = (_KIND_CODE.get(kind, 3), idx, count, changes, given[CAMEL_INDEX], given[:6])
    return found


CamelTables = tuple[tuple[float, ...], float, tuple[float, ...], float]
_CAMEL_CACHE: dict[tuple[Any, ...], CamelTables] = {}
_ORDER_CACHE: dict[tuple[float, ...], list[int]] = {}


def camel_tables(herd: int, opp: int, market_camels: int, w: Weights) -> CamelTables:
    """(my worth change giving 0..herd camels, taking the market's camels, the opponent's gain taking n camels,
    the camel majority's worth now)."""
    scale, use, cap = w.camel_scale, w.camel_use, w.camel_use_cap
    here = camel_term(herd, opp, scale) + use * min(herd, cap)
    give = tuple(camel_term(herd - gc, opp, scale) + use * min(herd - gc, cap) - here for gc in range(herd + 1))
    c = market_camels
    take = camel_term(herd + c, opp, scale) + use * min(herd + c, cap) - here
    there = camel_term(opp, herd, scale) + use * min(opp, cap)
    opp_gain = (0.0,) + tuple(camel_term(opp + n, herd, scale) + use * min(opp + n, cap) - there for n in range(1, 12))
    if len(_CAMEL_CACHE) > 20_000:
        _CAMEL_CACHE.clear()
    return give, take, opp_gain, camel_term(herd, opp, scale)


def _order(vt: tuple[float, ...]) -> list[int]:
    found = _ORDER_CACHE.get(vt)
    if found is None:
        if len(_ORDER_CACHE) > 20_000:
            _ORDER_CACHE.clear()
        found = _ORDER_CACHE[vt] = sorted(_RANGE6, key=lambda g: -vt[g])
    return found


class Scorer:
    """Per-table precomputation shared by every move's score."""

    __slots__ = ("t", "w", "hv", "vt", "reveal", "urg", "pen", "empties", "current", "order", "camel_give",
                 "camel_take", "opp_camels", "base_threat", "hs", "threat_w")

    def __init__(self, t: Table, w: Weights = DEFAULT, contention: bool = True) -> None:
        self.t = t
        self.w = w
        left = turns_left(t)
        urg = w.urgency * max(0.0, 1.0 - left / w.urgency_turns) if w.urgency_turns > 0 else 0.0
        urg = round(urg * 20) / 20
        self.urg = urg
        unseen = t.unseen
        unseen_goods = sum(unseen[:6])
        bonus_left, bonus_mean = t.bonus_left, t.bonus_mean
        shifts: tuple[float, ...] = (0.0,) * 6
        if contention and unseen_goods:
            shifts = tuple(
                min(w.contention * t.opp_size * unseen[g] / unseen_goods, float(len(t.piles[g]))) for g in _RANGE6
            )
        hv, vt = hand_rows(t.piles, bonus_left, bonus_mean, urg, shifts, w)
        self.hv = hv
        self.vt = vt
        self.order = _order(vt)
        total_unseen = unseen_goods + unseen[CAMEL_INDEX]
        self.reveal = (
            w.reveal * sum(unseen[g] * vt[g] for g in _RANGE6) / total_unseen if total_unseen else 0.0
        )
        pen_key = (w.hand6, w.hand7)
        pen = _PENALTIES.get(pen_key)
        if pen is None:
            pen = _PENALTIES[pen_key] = (0.0,) * 6 + (w.hand6, w.hand7) + (w.hand7 * 3,) * 8
        self.pen = pen
        self.empties = sum(1 for pile in t.piles if not pile)
        hand = t.hand
        self.hs = sum(hand)
        herd, opp = t.herd, t.opp_herd
        c = t.market[CAMEL_INDEX]
        key = (herd, opp, c, w.camel_scale, w.camel_use, w.camel_use_cap)
        camels = _CAMEL_CACHE.get(key)
        if camels is None:
            camels = _CAMEL_CACHE[key] = camel_tables(herd, opp, c, w)
        self.camel_give, self.camel_take, self.opp_camels, here_term = camels
        self.current = t.my_score - t.opp_score + sum(hv[g][hand[g]] for g in _RANGE6) + here_term
        self.threat_w = w.threat
        self.base_threat = self.threat(t.market)

    def threat(self, market: Sequence[int]) -> float:
        """How much the best market-dependent move is worth to the opponent."""
        vt = self.vt
        best = second = 0.0
        for g in self.order:
            n = market[g]
            if n:
                if best == 0.0:
                    best = vt[g]
                    if n > 1:
                        second = best
                        break
                else:
                    second = vt[g]
                    break
        top = best
        pair = (best + second) * self.w.threat_pair
        if pair > top:
            top = pair
        camel = self.opp_camels[market[CAMEL_INDEX]]
        return camel if camel > top else top

    def final_diff(self, gained: float, herd: int) -> float:
        """My final score minus the opponent's if the round ended now, after gaining `gained`."""
        t = self.t
        diff = t.my_score + gained - t.opp_score
        if herd > t.opp_herd:
            diff += CAMEL_TOKEN
        elif herd < t.opp_herd:
            diff -= CAMEL_TOKEN
        return diff

    def ending_score(self, gained: float, herd: int, bonus_tokens: int, goods_tokens: int) -> float:
        """A round-ending move's score: the final margin, a win bonus, minus what the table is worth now."""
        t = self.t
        diff = self.final_diff(gained, herd)
        if diff == 0:
            a = t.my_bonus_count + bonus_tokens - t.opp_bonus_count
            b = t.my_goods_count + goods_tokens - t.opp_goods_count
            diff = 0.01 if (a > 0 or (a == 0 and b > 0)) else (-0.01 if (a < 0 or b < 0) else 0.0)
        win = self.w.win if diff > 0 else (-self.w.win if diff < 0 else 0.0)
        return diff + win - self.current

    def score(self, move: str) -> float:
        """The move's heuristic worth to the side to move."""
        info = _MOVE_INFO.get(move)
        if info is None:
            info = move_info(move)
        kind, idx, count, changes, gc, _ = info
        t = self.t
        hand = t.hand
        hs = self.hs
        pen = self.pen
        if kind == 3:  # exchange
            hv = self.hv
            market = list(t.market)
            gain = pen[hs] - pen[hs + gc]
            for g, d in changes:
                h = hand[g]
                row = hv[g]
                gain += row[h + d] - row[h]
                market[g] -= d
            if gc:
                gain += self.camel_give[gc]
                market[CAMEL_INDEX] += gc
            return gain - self.threat_w * self.threat(market)
        if kind == 0:  # sell
            pile = t.piles[idx]
            got = float(sum(pile[:count]))
            bonus = 0.0
            if count >= 3:
                b = (count if count < 5 else 5) - 3
                if t.bonus_left[b]:
                    bonus = t.bonus_mean[b]
            if pile and count >= len(pile) and self.empties >= 2:
                return self.ending_score(got + bonus, t.herd, 1 if bonus else 0, min(count, len(pile)))
            h = hand[idx]
            row = self.hv[idx]
            return got + bonus + row[h - count] - row[h] + pen[hs] - pen[hs - count] - self.threat_w * self.base_threat
        if kind == 1:  # take one good
            if t.deck_size < 1:
                return self.ending_score(0.0, t.herd, 0, 0)
            h = hand[idx]
            row = self.hv[idx]
            market = list(t.market)
            market[idx] -= 1
            return row[h + 1] - row[h] + pen[hs] - pen[hs + 1] - self.threat_w * (self.threat(market) + self.reveal)
        # take the camels
        c = t.market[CAMEL_INDEX]
        if t.deck_size < c:
            return self.ending_score(0.0, t.herd + c, 0, 0)
        market = list(t.market)
        market[CAMEL_INDEX] = 0
        return self.camel_take - self.threat_w * (self.threat(market) + c * self.reveal)


def score_moves(t: Table, moves: Sequence[str], w: Weights = DEFAULT) -> list[float]:
    """Every move's heuristic score for the side to move (higher is better)."""
    scorer = Scorer(t, w)
    return [scorer.score(m) for m in moves]


def hand_limit_ok(hand: Counts) -> bool:
    """Whether a hand may take one more good (R11)."""
    return sum(hand) < HAND_LIMIT
