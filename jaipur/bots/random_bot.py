"""The `random` level: a uniformly random legal move."""

from __future__ import annotations

from ..rng import Rng
from ..types import View
from .base import Bot, Thinking, legal_from_view


class RandomBot(Bot):
    """Plays any legal move, each equally likely."""

    name = "random"

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Pick a legal move uniformly at random."""
        moves = legal_from_view(view)
        return rng.choice(moves)
        yield  # pragma: no cover - makes this a generator
