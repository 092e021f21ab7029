"""What every bot shares: the choose/think protocol and legal moves read from a view."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import Any

from ..cards import counts_of
from ..errors import JaipurError
from ..position import Position
from ..rng import Rng
from ..rules import legal_moves

Thinking = Generator[None, None, str]
"""A bot's thinking: yields None now and then (so a page can breathe) and returns the move."""


class NoMoveError(JaipurError):
    """The view offers no move to choose (the round is over, or it is the other seat's turn)."""

    code = "no-move"


def check_view(v: dict[str, Any]) -> None:
    """Raise NoMoveError unless the view's seat is the one to move in a round being played."""
    if not isinstance(v, dict) or "seat" not in v or "market" not in v:
        raise NoMoveError("A bot needs a view of the table (see jaipur.view).")
    if v.get("status", "playing") != "playing":
        raise NoMoveError("The round is over: there is no move to choose until the next round is dealt.")
    if v["seat"] != v["to_move"]:
        raise NoMoveError("It is the other player's turn: this seat has no move to choose.")


def legal_from_view(v: dict[str, Any]) -> list[str]:
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


MAX_MOVETIME = 3600.0
"""The longest thinking time accepted, in seconds."""


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
    def think(self, view: dict[str, Any], rng: Rng, movetime: float | None = None) -> Thinking:
        """Think about the view's position; yields None now and then and returns the chosen move."""

    def choose(self, view: dict[str, Any], rng: Rng, movetime: float | None = None) -> str:
        """The chosen move: the same as running `think` to the end."""
        thinking = self.think(view, rng, movetime)
        while True:
            try:
                next(thinking)
            except StopIteration as stop:
                move: str = stop.value
                return move

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
