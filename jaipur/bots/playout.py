"""The new maharaja's playouts: a cheap policy that never lists every exchange, and a playout to a cut-off.

The policy scores with the trader heuristic a short list of candidates: every
take and sale, the camels, and a handful of exchanges built directly (the best
goods of the market for camels or for the cheapest cards in hand), so a playout
move costs the same whatever the number of legal exchanges.
"""

from __future__ import annotations

from operator import itemgetter

from ..cards import CAMEL_INDEX, DECK_COUNTS, GOODS, HAND_LIMIT, ORDER
from ..position import Position
from ..rng import Rng
from .heuristics import Scorer, Table, Weights

_UNSEEN_BASE = tuple(DECK_COUNTS)
_VALUE = itemgetter(1)  # a taken token's value
_MEANS: dict[tuple[int, ...], float] = {}


def _mean(pile: tuple[int, ...]) -> float:
    """A bonus pile's mean, to the nearest half rupee (so the heuristic's tables are shared between dealt worlds)."""
    found = _MEANS.get(pile)
    if found is None:
        if len(_MEANS) > 20_000:
            _MEANS.clear()
        found = _MEANS[pile] = round(2 * sum(pile) / len(pile)) / 2 if pile else 0.0
    return found


def playout_table(p: Position) -> Table:
    """The heuristic's table for the side to move of a dealt world (the other hand stays unread)."""
    seat = p.to_move
    other = 1 - seat
    hand = p.hands[seat]
    market = p.market
    discard = p.discard
    herds = p.herds
    base = _UNSEEN_BASE
    unseen = (
        base[0] - market[0] - hand[0] - discard[0], base[1] - market[1] - hand[1] - discard[1],
        base[2] - market[2] - hand[2] - discard[2], base[3] - market[3] - hand[3] - discard[3],
        base[4] - market[4] - hand[4] - discard[4], base[5] - market[5] - hand[5] - discard[5],
        base[6] - market[6] - herds[0] - herds[1],
    )
    bonus = p.bonus
    tg, tb = p.taken_goods, p.taken_bonus
    my_score = float(sum(map(_VALUE, tg[seat])) + sum(map(_VALUE, tb[seat])))
    opp_score = float(sum(map(_VALUE, tg[other])) + sum(map(_VALUE, tb[other])))
    return Table(
        market, hand, herds[seat], herds[other], sum(p.hands[other]), p.goods,
        (len(bonus[0]), len(bonus[1]), len(bonus[2])), (_mean(bonus[0]), _mean(bonus[1]), _mean(bonus[2])),
        len(p.deck), unseen, my_score, opp_score, (len(tb[seat]), len(tb[other]), len(tg[seat]), len(tg[other])),
    )

_MIN_SALE = (2, 2, 2, 1, 1, 1)


def _letters(counts: list[int]) -> str:
    return "".join(ORDER[i] * c for i, c in enumerate(counts) if c)


def exchange_candidates(p: Position) -> list[str]:
    """A few legal exchanges for the side to move: the market's best goods for camels or cheap hand cards."""
    seat = p.to_move
    hand = p.hands[seat]
    market = p.market
    goods = p.goods
    worth = [pile[0] if pile else 0 for pile in goods]
    ranked = sorted([(worth[g], -g) for g in range(6) if market[g]], reverse=True)
    if not ranked:
        return []
    herd = p.herds[seat]
    hs = sum(hand)
    first = -ranked[0][1]
    takes: list[tuple[dict[int, int], int]] = []
    n_first = market[first]
    if n_first >= 2:
        takes.append(({first: n_first if n_first <= 3 else 3}, worth[first]))
        if n_first > 2:
            takes.append(({first: 2}, worth[first]))
    if len(ranked) >= 2:
        second = -ranked[1][1]
        takes.append(({first: 1, second: 1}, worth[second]))
    out: list[str] = []
    cheap = sorted([(worth[g], g) for g in range(6) if hand[g]])
    for taken, floor in takes:
        k = sum(taken.values())
        head = "X" + "".join(ORDER[g] * n for g, n in sorted(taken.items())) + "-"
        if herd >= k and hs + k <= HAND_LIMIT:
            out.append(head + "M" * k)
        give = [0] * 7
        need = k
        for value, g in cheap:
            if value >= floor:
                break
            if g in taken:
                continue
            n = hand[g] if hand[g] < need else need
            give[g] = n
            need -= n
            if not need:
                break
        if need and herd >= need and hs + need <= HAND_LIMIT:
            give[CAMEL_INDEX] = need
            need = 0
        if not need and give[CAMEL_INDEX] < k:
            out.append(head + _letters(give))
    return out


def candidates(p: Position) -> list[str]:
    """The policy's moves for the side to move: takes, camels, sales and a few exchanges (all legal)."""
    seat = p.to_move
    hand = p.hands[seat]
    market = p.market
    moves: list[str] = []
    if sum(hand) < HAND_LIMIT:
        moves.extend("T" + GOODS[g] for g in range(6) if market[g])
    if market[CAMEL_INDEX]:
        moves.append("TM")
    for g in range(6):
        for n in range(_MIN_SALE[g], hand[g] + 1):
            moves.append(f"S{n}{GOODS[g]}")
    moves.extend(exchange_candidates(p))
    return moves


def policy_move(p: Position, w: Weights, rng: Rng, epsilon: float = 0.0) -> str:
    """The trader heuristic's best candidate for the side to move; with chance `epsilon`, one of its top three."""
    moves = candidates(p)
    if len(moves) == 1:
        return moves[0]
    score = Scorer(playout_table(p), w, contention=False).score
    if epsilon and rng.random() < epsilon:
        ranked = sorted(moves, key=score, reverse=True)
        return ranked[rng.below(min(3, len(ranked)))]
    best = moves[0]
    top = score(best)
    for m in moves[1:]:
        s = score(m)
        if s > top:
            top = s
            best = m
    return best
