"""Maharaja's fast parts: the cheap trader policy that plays rollouts, and the margin estimate at their end."""

from __future__ import annotations

from ..cards import HAND_LIMIT
from ..position import Position
from ..rng import Rng
from ..rules import legal_tuple
from .heuristics import Scorer, Weights, camel_term, hand_rows, table_from_position, turns_left


def policy_move(p: Position, w: Weights, rng: Rng, epsilon: float = 0.0) -> str:
    """The trader's best move for the side to move (no contention estimate); with chance `epsilon`, one of its top three."""
    moves = legal_tuple(p)
    if len(moves) == 1:
        return moves[0]
    scorer = Scorer(table_from_position(p), w, contention=False)
    score = scorer.score
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


def evaluate(p: Position, seat: int, w: Weights) -> float:
    """Estimated final margin (seat's score minus the other's) of a round still being played."""
    t = table_from_position(p)
    left = turns_left(t)
    urg = w.urgency * max(0.0, 1.0 - left / w.urgency_turns) if w.urgency_turns > 0 else 0.0
    urg = round(urg * 20) / 20
    hv, _ = hand_rows(p.goods, t.bonus_left, t.bonus_mean, urg, (0.0,) * 6, w)
    other = 1 - seat
    mine = p.hands[seat]
    theirs = p.hands[other]
    tg, tb = p.taken_goods, p.taken_bonus
    diff = float(sum(v for _, v in tg[seat]) + sum(v for _, v in tb[seat])
                 - sum(v for _, v in tg[other]) - sum(v for _, v in tb[other]))
    for g in range(6):
        a = mine[g]
        b = theirs[g]
        if a:
            diff += hv[g][a]
        if b:
            diff -= hv[g][b]
    diff += camel_term(p.herds[seat], p.herds[other], w.camel_scale)
    if sum(mine) >= HAND_LIMIT:
        diff -= w.hand7
    if sum(theirs) >= HAND_LIMIT:
        diff += w.hand7
    return diff
