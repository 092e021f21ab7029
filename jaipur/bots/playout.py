"""The new maharaja's playouts: a cheap policy that never lists every exchange, and a playout to a cut-off.

The policy scores with the trader heuristic a short list of candidates: every
take and sale, the camels, and a handful of exchanges built directly (the best
goods of the market for camels or for the cheapest cards in hand), so a playout
move costs the same whatever the number of legal exchanges.
"""

from __future__ import annotations

from ..cards import CAMEL_INDEX, GOODS, GOODS_TOKENS, HAND_LIMIT, ORDER
from ..position import Position
from ..rng import Rng
from .heuristics import Scorer, Weights, table_from_position

_MIN_SALE = (2, 2, 2, 1, 1, 1)
_TOP = tuple(GOODS_TOKENS[g][0] for g in GOODS)


def _letters(counts: list[int]) -> str:
    return "".join(ORDER[i] * c for i, c in enumerate(counts) if c)


def exchange_candidates(p: Position) -> list[str]:
    """A few legal exchanges for the side to move: the market's best goods for camels or cheap hand cards."""
    seat = p.to_move
    hand = p.hands[seat]
    market = p.market
    herd = p.herds[seat]
    hs = sum(hand)
    goods = p.goods
    worth = [goods[g][0] if goods[g] else 0 for g in range(6)]
    ranked = sorted((g for g in range(6) if market[g]), key=lambda g: -worth[g])
    if not ranked:
        return []
    takes: list[list[int]] = []
    best = ranked[0]
    if market[best] >= 2:
        t = [0] * 7
        t[best] = market[best] if market[best] <= 3 else 3
        takes.append(t)
        if market[best] > 2:
            t2 = [0] * 7
            t2[best] = 2
            takes.append(t2)
    if len(ranked) >= 2:
        t = [0] * 7
        t[ranked[0]] = 1
        t[ranked[1]] = 1
        takes.append(t)
    out: list[str] = []
    cheap = sorted((g for g in range(6) if hand[g]), key=lambda g: worth[g])
    for t in takes:
        k = sum(t)
        head = "X" + _letters(t) + "-"
        if herd >= k and hs + k <= HAND_LIMIT:
            out.append(head + ORDER[CAMEL_INDEX] * k)
        give = [0] * 7
        need = k
        for g in cheap:
            if t[g] or worth[g] >= min(worth[x] for x in range(6) if t[x]):
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
    score = Scorer(table_from_position(p), w, contention=False).score
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
