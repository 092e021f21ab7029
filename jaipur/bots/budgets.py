"""How long the computer may think, set once: the bots, the page, its worker, the lab and the command line import
these and write no number of their own.

>>> BROWSER_MOVETIME <= DEFAULT_MOVETIME <= MAX_MOVETIME
True
"""
from __future__ import annotations

DEFAULT_MOVETIME = 1.0
"""Seconds per move of the top level in the terminal and the arena when no movetime is given."""
BROWSER_MOVETIME = 0.8
"""Seconds per move of the top level in the page (its worker runs the search at about half CPython's speed)."""
HINT_MOVETIME = 0.5
"""Seconds a suggestion may think (at most the page's budget for the computer's own moves)."""
REVIEW_MOVETIME = 0.5
"""Seconds the review's search may think for each move it reviews."""
REVIEW_BUDGET = 45.0
"""Seconds a whole game review may take in the page (then the moves reviewed so far are shown as a part)."""
LAB_MOVETIME = 0.2
"""Seconds per move of the top level as an opponent in the bot lab (many rounds in a few seconds)."""
MAX_MOVETIME = 3600.0
"""The cap on any thinking time: an hour."""

PONDER_SLICE = 0.2
"""Seconds of pondering the page's worker does per request while the player thinks (the page asks again and again,
so a think or a suggestion waits at most this long for the worker)."""
PONDER_LIMIT = 120.0
"""Seconds the page's worker may ponder one turn of the player's (a player who walked away stops costing power)."""
