"""What every bot shares: the choose/think protocol and legal moves read from a view."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import TypeVar

from ..cards import counts_of
from ..errors import JaipurError
from ..position import PLAYING, Position
from ..rng import Rng
from ..rules import legal_moves
from ..types import View
from .budgets import MAX_MOVETIME

Thinking = Generator[None, None, str]
"""A bot's thinking: yields None now and then (so a page can breathe) and returns the move."""
T = TypeVar("T")


def run_to_end(thinking: Generator[None, None, T]) -> T:
    """Drive a thinking generator to its end without pausing and return what it returns.

    >>> def counting():
    ...     yield None
    ...     return 3
    >>> run_to_end(counting())
    3
    """
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            found: T = stop.value
            return found


class NoMoveError(JaipurError):
    """The view offers no move to choose (the round is over, or it is the other seat's turn)."""

    code = "no-move"


def check_view(v: View) -> None:
    """Raise NoMoveError unless the view's seat is the one to move in a round being played."""
    if not isinstance(v, dict) or "seat" not in v or "market" not in v:
        raise NoMoveError("A bot needs a view of the table (see jaipur.view).")
    if v.get("status", PLAYING) != PLAYING:
        raise NoMoveError("The round is over: there is no move to choose until the next round is dealt.")
    if v["seat"] != v["to_move"]:
        raise NoMoveError("It is the other player's turn: this seat has no move to choose.")


def legal_from_view(v: View) -> list[str]:
    """The legal moves of the view's seat (they depend only on the market, its hand and its herd)."""
    check_view(v)
    seat = v["seat"]
    empty = (0,) * 7
    hand = counts_of(v["hand"])
    herds = (v["herds"][0], v["herds"][1])
    piles = tuple(tuple(v["goods"][g]) for g in "DGSCPL")
    stub = Position(
        v["mode"], v["round"], (v["seals"][0], v["seals"][1]), seat, v["starter"], counts_of(v["market"]),
        (hand, empty) if seat == 0 else (empty, hand), herds, "", empty, piles, ((), (), ()), ((), ()), ((), ()), 0,
    )
    moves = legal_moves(stub)
    if not moves:
        raise NoMoveError("There is no legal move in this view.")
    return moves


class BadBudgetError(JaipurError):
    """A thinking time that cannot bound a search (not a number, not positive, or over an hour)."""

    code = "bad-input"




def check_movetime(movetime: float | None) -> float | None:
    """The movetime itself when it is None or a finite number of seconds in (0, MAX_MOVETIME]; else BadBudgetError."""
    if movetime is None:
        return None
    if (isinstance(movetime, bool) or not isinstance(movetime, int | float) or not math.isfinite(movetime)
            or not 0 < movetime <= MAX_MOVETIME):
        raise BadBudgetError(f"The thinking time must be a number of seconds above 0 and at most {MAX_MOVETIME:.0f}.")
    return float(movetime)


class Bot(ABC):
    """A computer player: decides from a seat's view only, never the full position."""

    name = "bot"

    @abstractmethod
    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Think about the view's position; yields None now and then and returns the chosen move."""

    def choose(self, view: View, rng: Rng, movetime: float | None = None) -> str:
        """The chosen move: the same as running `think` to the end."""
        return run_to_end(self.think(view, rng, movetime))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
