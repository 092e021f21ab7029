"""The `trader` level: a solid one-ply player scoring every legal move with the trader heuristic."""

from __future__ import annotations

from ..rng import Rng
from ..types import View
from .base import Bot, Thinking, legal_from_view
from .heuristics import DEFAULT, Scorer, Weights, table_from_view


def best_moves(moves: list[str], scores: list[float], tolerance: float = 1e-9) -> list[str]:
    """The moves whose score is within `tolerance` of the best, in their listed order."""
    top = max(scores)
    return [m for m, s in zip(moves, scores) if s >= top - tolerance]


class TraderBot(Bot):
    """Scores each legal move by token values left, bonus odds, camel majority, hand limit and market threat."""

    name = "trader"

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or DEFAULT

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Score every legal move and return the best (ties broken by the seeded generator)."""
        moves = legal_from_view(view)
        scorer = Scorer(table_from_view(view), self.weights)
        scores = []
        for i, move in enumerate(moves):
            scores.append(scorer.score(move))
            if i % 64 == 63:
                yield None
        return rng.choice(best_moves(moves, scores))
