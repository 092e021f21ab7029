"""Pondering: a bot that searches while its opponent thinks. What every driver (the arena, the terminal, the
page's worker) needs: whether a bot ponders, a view that follows a pondered one, and pondering for a while.

A bot ponders when it has `ponder(view, rng, iterations=None)` (a generator over the opponent's turn, from this
seat's view) and `heard(move)` (the opponent's move: keep what was learned for it). Its next `think` starts from
there. Pondering reads the same view `think` would: it never knows more.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..rng import Rng
from ..types import View

T = TypeVar("T")


@runtime_checkable
class Ponderer(Protocol):
    """A bot that can search during its opponent's turn."""

    ponder_time: float

    def ponder(self, view: View, rng: Rng, iterations: int | None = None) -> Any: ...

    def heard(self, move: str) -> None: ...

    def forget(self) -> None: ...


def ponders(bot: object) -> bool:
    """Whether `bot` can ponder (it has `ponder` and `heard`).

    >>> from jaipur.bots import get_bot
    >>> ponders(get_bot("maharaja")), ponders(get_bot("trader"))
    (True, False)
    """
    return isinstance(bot, Ponderer)


def follows(before: View, after: View) -> bool:
    """Whether `after` can be the same seat's view once the opponent has made one move in `before`: the seat, the
    round, this seat's hand, herd and takings unchanged, the opponent's takings grown, the deck no bigger.
    (What the move and the refill were is not checked here: the search keeps only the moves the new view has.)"""
    try:
        seat = before["seat"]
        other = 1 - seat
        before_goods = before["taken"][other]["goods"]
        return bool(
            after["seat"] == seat and before["to_move"] == other and after["to_move"] == seat
            and all(after[k] == before[k] for k in ("mode", "round", "seals", "hand", "starter"))
            and after["taken"][seat] == before["taken"][seat]
            and after["herds"][seat] == before["herds"][seat]
            and after["taken"][other]["goods"][: len(before_goods)] == before_goods
            and 0 <= before["deck_size"] - after["deck_size"] <= 5
            and len(after["discard"]) >= len(before["discard"])
        )
    except (KeyError, TypeError, IndexError, AttributeError):
        return False


def ponder_for(bot: Ponderer, view: View, rng: Rng, seconds: float | None = None,
               iterations: int | None = None) -> None:
    """Ponder the view for `seconds` (monotonic clock) or exactly `iterations` (seeded: deterministic)."""
    if seconds is None and iterations is None:
        raise ValueError("Pondering needs a number of seconds or of iterations.")
    thinking = bot.ponder(view, rng, iterations)
    end = None if seconds is None else time.monotonic() + seconds
    for _ in thinking:
        if end is not None and time.monotonic() >= end:
            break
    thinking.close()


class Background:
    """A view pondered in a thread while the caller waits for something else (the terminal's player typing).

    `during(wait)` ponders until `wait()` returns, then stops the thread and returns what it returned; the same
    search goes on at the next `during`. `close()` ends it (call the bot's `heard` or `forget` as well).

    >>> from jaipur import new_match, view, Rng
    >>> from jaipur.bots import get_bot
    >>> bot, p = get_bot("maharaja"), new_match(seed=2)
    >>> background = Background(bot, view(p, 1 - p.to_move), Rng(1))
    >>> background.during(lambda: time.sleep(0.05) or "TM")
    'TM'
    >>> bot.pondered_iterations > 0
    True
    >>> background.close()
    """

    def __init__(self, bot: Ponderer, view: View, rng: Rng) -> None:
        self._thinking = bot.ponder(view, rng)

    def during(self, wait: Callable[[], T]) -> T:
        """Ponder in a thread while `wait()` runs; return what it returns."""
        stop = threading.Event()
        thread = threading.Thread(target=self._drive, args=(stop,), daemon=True, name="jaipur-ponder")
        thread.start()
        try:
            return wait()
        finally:
            stop.set()
            thread.join()

    def _drive(self, stop: threading.Event) -> None:
        try:
            for _ in self._thinking:
                if stop.is_set():
                    return
        except Exception:  # noqa: BLE001 - a pondering that fails only means the bot thinks on its own turn
            return

    def close(self) -> None:
        """End the search."""
        self._thinking.close()
