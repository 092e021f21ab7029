"""Computer opponents: `random`, `novice`, `trader` and `maharaja` (and the frozen `maharaja-1`), and move
suggestions with reasons.

Every bot decides from `jaipur.view(position, seat)` only, never the full position.

>>> from jaipur import new_match, view, Rng
>>> p = new_match(seed=3)
>>> move = get_bot("trader").choose(view(p, p.to_move), Rng(1))
>>> move in __import__("jaipur").legal_moves(p)
True
"""

from __future__ import annotations

from .base import Bot, NoMoveError, Thinking
from .budgets import BROWSER_MOVETIME, DEFAULT_MOVETIME
from .registry import COMMAND_LEVELS, SEARCH_OPTIONS, UnknownBotError, get_bot
from .suggest import Suggestion, suggest, think_suggest

LEVELS = COMMAND_LEVELS
"""The bot levels, weakest first (`registry.LEVELS` are those offered to players; `registry.ARENA_BOTS` adds
the frozen baselines)."""


__all__ = [
    "BROWSER_MOVETIME", "DEFAULT_MOVETIME", "LEVELS", "Bot", "NoMoveError", "Suggestion", "Thinking",
    "SEARCH_OPTIONS", "UnknownBotError", "get_bot", "suggest", "think_suggest",
]
