"""Computer opponents: `random`, `novice`, `trader` and `maharaja`, and move suggestions with reasons.

Every bot decides from `jaipur.view(position, seat)` only, never the full position.

>>> from jaipur import new_match, view, Rng
>>> p = new_match(seed=3)
>>> move = get_bot("trader").choose(view(p, p.to_move), Rng(1))
>>> move in __import__("jaipur").legal_moves(p)
True
"""

from __future__ import annotations

from typing import Any

from ..errors import JaipurError
from .base import Bot, NoMoveError, Thinking
from .maharaja import BROWSER_MOVETIME, DEFAULT_MOVETIME
from .suggest import Suggestion, suggest, think_suggest

LEVELS = ("random", "novice", "trader", "maharaja")
"""The bot levels, weakest first."""


class UnknownBotError(JaipurError):
    """A bot level that does not exist."""

    code = "bad-input"


SEARCH_OPTIONS = ("movetime", "iterations")
"""Options every level accepts; only maharaja uses them."""


def get_bot(level: str, **options: Any) -> Bot:
    """A new bot of this level; options go to its constructor (e.g. `iterations=200` for maharaja).

    `movetime` and `iterations` are accepted by every level and ignored by those that do not search.
    """
    if level != "maharaja":
        options = {k: v for k, v in options.items() if k not in SEARCH_OPTIONS}
    if level == "random":
        from .random_bot import RandomBot

        return RandomBot(**options)
    if level == "novice":
        from .novice import NoviceBot

        return NoviceBot(**options)
    if level == "trader":
        from .trader import TraderBot

        return TraderBot(**options)
    if level == "maharaja":
        from .maharaja import MaharajaBot

        return MaharajaBot(**options)
    raise UnknownBotError(f"There is no bot called '{str(level)[:30]}': choose one of {', '.join(LEVELS)}.")


__all__ = [
    "BROWSER_MOVETIME", "DEFAULT_MOVETIME", "LEVELS", "Bot", "NoMoveError", "Suggestion", "Thinking",
    "UnknownBotError", "get_bot", "suggest", "think_suggest",
]
