"""Scoring a finished round and the match flow it implies (R23–R29); no dealing, no moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CAMEL_TOKEN
from .errors import JaipurError
from .types import Breakdown, RoundResult

if TYPE_CHECKING:  # type-only: position imports this module to derive its status
    from .position import Position


def result(position: Position) -> RoundResult:
    """Score a finished round (R23–R29): scores, camel token, winner, tie-break, seals, next starter, match winner.

    `seals` here are the seals after this round; `next_starter` is None once the match is over.
    """
    p = position
    if not p.round_over:
        raise JaipurError("The round is still being played; there is no result yet.", "bad-position")
    herds = p.herds
    camel = 0 if herds[0] > herds[1] else (1 if herds[1] > herds[0] else None)
    breakdown: list[Breakdown] = []
    for s in (0, 1):
        goods_sum = sum(v for _, v in p.taken_goods[s])
        bonus_sum = sum(v for _, v in p.taken_bonus[s])
        breakdown.append({
            "goods": goods_sum,
            "bonus": bonus_sum,
            "camel": CAMEL_TOKEN if camel == s else 0,
            "goods_tokens": len(p.taken_goods[s]),
            "bonus_tokens": len(p.taken_bonus[s]),
        })
    scores = [b["goods"] + b["bonus"] + b["camel"] for b in breakdown]
    winner: int | None = None
    tiebreak: str | None = None
    if scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
    else:
        counts = (
            ((breakdown[0]["bonus_tokens"], breakdown[1]["bonus_tokens"]), "bonus"),  # R26
            ((breakdown[0]["goods_tokens"], breakdown[1]["goods_tokens"]), "goods"),
        )
        for (a, b), name in counts:
            if a != b:
                winner = 0 if a > b else 1
                tiebreak = name
                break
    seals = list(p.seals)
    if winner is not None:
        seals[winner] += 1
    match_winner: int | str | None = None
    if p.mode == "single-round":
        match_winner = winner if winner is not None else "draw"
    elif winner is not None and seals[winner] >= 2:
        match_winner = winner
    elif p.round >= 3:
        match_winner = "draw" if seals[0] == seals[1] else (0 if seals[0] > seals[1] else 1)
    if match_winner is not None:
        next_starter = None
    elif winner is not None:
        next_starter = 1 - winner
    else:
        next_starter = p.to_move  # R8: the player who did not take the last action
    ended_by = "R21" if sum(1 for pile in p.goods if not pile) >= 3 else "R22"
    return {
        "scores": scores,
        "breakdown": breakdown,
        "camel_token": camel,
        "winner": winner,
        "tiebreak": tiebreak,
        "seals": seals,
        "next_starter": next_starter,
        "match_winner": match_winner,
        "ended_by": ended_by,
    }
