"""The computer's thinking, behind one small object that the match mode owns.

`Thinker.think(level, view, rng, done)` starts a bot on a VIEW (never the full position) and, unless
`cancel()` is called first, later calls `done(move, problem)` on the page's event loop: the move the
bot chose (None if it chose none) and the exception it raised (None if it did not). Checking the move
and playing it is the match mode's job; the thinker knows nothing of the table.

Today's thinker drives the bot's `think()` generator from asyncio on the page's own thread, one step
per turn of the event loop (`platform.sleep(0)`), so the page never freezes. This is the seam for
running it elsewhere: `jaipur.web.worker.worker_thinker.WorkerThinker` posts the view and a seed to a PyScript
worker and calls `done` when the answer arrives; it has the same four members (`busy`, `levels`,
`think`, `cancel`), the controller's `thinker()` chooses between them, and no mode changes.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterator, Mapping
from typing import Any, Protocol

from ...rng import Rng
from ..links.address import LEVELS

Done = Callable[[str | None, BaseException | None], None]
"""What a thinker calls when the bot has chosen: (move, problem)."""


class Bot(Protocol):
    """A bot as the page uses it: a thinking generator that yields often and returns a move."""

    def think(self, view: dict[str, Any], rng: Rng, movetime: float | None = None) -> Any: ...


class Bots(Protocol):
    """The jaipur.bots package as the page uses it."""

    LEVELS: tuple[str, ...]

    def get_bot(self, level: str) -> Bot: ...


class Clock(Protocol):
    """What a thinker needs from the platform: tasks and time."""

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...
    async def sleep(self, seconds: float) -> None: ...
    def now(self) -> float: ...


async def stepped(thinking: Iterator[Any], clock: Clock, live: Callable[[], bool]) -> tuple[bool, Any]:
    """Drive a thinking generator to its end, one step per turn of the page's event loop: (True, what it
    returned), or (False, None) as soon as `live()` says, after a step, that the work was dropped."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return True, stop.value
        await clock.sleep(0)
        if not live():
            return False, None


class Thinker:
    """Runs one think at a time on the page's event loop; `cancel` drops the one in flight."""

    def __init__(self, clock: Clock, bots: Bots | None, movetime: Mapping[str, float | None] | None = None,
                 min_think: float = 0.35) -> None:
        self.clock = clock
        self.bots = bots
        self.movetime = dict(movetime or {})
        self.min_think = min_think
        self.busy = False
        self._token = 0

    def levels(self) -> tuple[str, ...]:
        """The page's levels this thinker can play, weakest first."""
        known = getattr(self.bots, "LEVELS", ()) if self.bots is not None else ()
        return tuple(lv for lv in LEVELS if lv in known and hasattr(self.bots, "get_bot"))

    def think(self, level: str, view: dict[str, Any], rng: Rng, done: Done, heard: str | None = None) -> None:
        """Start thinking for `level` on `view`; `done(move, problem)` follows unless cancelled. `heard` is the
        player's move since the view last pondered (a thinker that ponders starts from what it learned)."""
        self._token += 1
        self.busy = True
        self.clock.spawn(self._run(self._token, level, view, rng, done))

    def ponder(self, level: str, view: dict[str, Any], rng: Rng) -> bool:
        """Let the computer think on the player's time, from its own `view`, until the next think or `cancel`.
        This thinker does not: pondering never runs on the page's thread (the worker's thinker does)."""
        return False

    def cancel(self) -> None:
        """Drop the think in flight (its `done` is never called), and any pondering."""
        self._token += 1
        self.busy = False

    async def _run(self, token: int, level: str, view: dict[str, Any], rng: Rng, done: Done) -> None:
        """Drive the bot's generator step by step, yielding to the page between steps; at least `min_think`
        seconds in all, so the computer's move can be followed."""
        started = self.clock.now()
        move: str | None = None
        problem: BaseException | None = None
        try:
            assert self.bots is not None, "there is no bot to think"
            thinking = self.bots.get_bot(level).think(view, rng, self.movetime.get(level))
            live, move = await stepped(thinking, self.clock, lambda: token == self._token)
            if not live:
                return
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the game
            problem = exc
        await self._finish(token, started, move, problem, done)

    async def _finish(self, token: int, started: float, move: str | None, problem: BaseException | None,
                      done: Done) -> None:
        """Hand the choice to `done` once `min_think` seconds have passed since `started`, unless the think was
        cancelled before the wait or during it (a new think may have started meanwhile: its `busy` is kept)."""
        if token != self._token:
            return
        wait = self.min_think - (self.clock.now() - started)
        if wait > 0:
            await self.clock.sleep(wait)
        if token != self._token:
            return
        self.busy = False
        done(move, problem)


def load_bots() -> Bots | None:
    """The jaipur.bots package, or None when it cannot be imported (the page then offers two players only)."""
    try:
        from ... import bots
    except Exception:  # noqa: BLE001 - a missing or broken bots package must not stop the table
        return None
    return bots if hasattr(bots, "get_bot") and hasattr(bots, "LEVELS") else None


def browser_ponderers() -> tuple[str, ...]:
    """The levels that ponder in the page (`BotEntry.ponders`); none when the bots cannot be imported."""
    try:
        from ...bots.registry import page_ponderers
    except Exception:  # noqa: BLE001 - a missing or broken bots package must not stop the table
        return ()
    return tuple(page_ponderers())


def browser_movetimes() -> dict[str, float | None]:
    """Per-level thinking time in the page: the registry's page budgets (`BotEntry.page_movetime`); none when
    the bots cannot be imported (as `load_bots`, the table then offers two players only)."""
    try:
        from ...bots.registry import page_movetimes
    except Exception:  # noqa: BLE001 - a missing or broken bots package must not stop the table
        return {}
    return dict(page_movetimes())
