"""The `random` level: a uniformly random legal move."""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .base import Bot, Thinking, legal_from_view


class RandomBot(Bot):
    """Plays any legal move, each equally likely."""

    name = "random"

    def think(self, view: dict[str, Any], rng: Rng, movetime: float | None = None) -> Thinking:
        """Pick a legal move uniformly at random."""
        moves = legal_from_view(view)
        return rng.choice(moves)
        yield  # pragma: no cover - makes this a generator
