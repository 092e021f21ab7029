"""The hint button's think: the top bot's suggestion for the seat in front of the screen, never blocking the page.

`Hinter.think(view, rng, done)` starts the registry's top bot (`HINT_LEVEL`, `HINT_MOVETIME` seconds) on a VIEW and,
unless `cancel()` is called first, later calls `done(move, reason, problem)` on the page's event loop. It thinks
in the page's worker (its `suggest`, worker_hint.py) once the worker has started, and otherwise, or when the worker
fails, on the page's own thread one step per turn of the event loop (`jaipur.bots.think_suggest` through
`thinker.stepped`). Checking that the answer still fits the table is the match mode's job.

A bots package without `think_suggest` (a test double) has no think: `can_think()` is False and the match asks its
`suggest()` at once instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...bots.budgets import HINT_MOVETIME
from ...lang import Reason
from ...rng import Rng
from .thinker import Clock, stepped

HINT_LEVEL = "maharaja"
"""The bot that suggests the player's moves (the strongest level)."""

HintDone = Callable[[str | None, Reason | None, BaseException | None], None]
"""What the hinter calls when the suggestion is thought: (move, reason, problem)."""


class Hinter:
    """One suggestion at a time, in the page's worker or stepped on the page's thread; `cancel` drops it."""

    def __init__(self, clock: Clock, bots: Any, link: Any = None, level: str = HINT_LEVEL,
                 movetime: float | None = HINT_MOVETIME) -> None:
        self.clock = clock
        self.bots = bots
        self.link = link          # the page's worker_thinker.WorkerLink (None: there is no worker)
        self.level = level
        self.movetime = movetime
        self.busy = False
        self.where = ""           # where the last suggestion was thought: "worker" or "page"
        self._token = 0

    def can_think(self) -> bool:
        """Whether the bots can think a suggestion in steps (the real package can)."""
        return callable(getattr(self.bots, "think_suggest", None))

    def think(self, view: dict[str, Any], rng: Rng, done: HintDone) -> None:
        """Start thinking a suggestion for `view`; `done(move, reason, problem)` follows unless cancelled."""
        self._token += 1
        self.busy = True
        self.clock.spawn(self._run(self._token, view, rng, done))

    def cancel(self) -> None:
        """Drop the suggestion in flight (its `done` is never called; a worker's answer is ignored)."""
        self._token += 1
        self.busy = False

    async def _run(self, token: int, view: dict[str, Any], rng: Rng, done: HintDone) -> None:
        """Ask the worker, or think on the page's thread (also when the worker fails); then `done`, unless dropped."""
        move: str | None = None
        reason: Reason | None = None
        problem: BaseException | None = None
        try:
            got = await self._ask_worker(token, view, rng)
            if token != self._token:
                return
            if got is None:
                self.where = "page"
                thinking = self.bots.think_suggest(view, self.level, rng, self.movetime)
                live, sug = await stepped(thinking, self.clock, lambda: token == self._token)
                if not live:
                    return
                got = (str(sug.move), sug.reason)
            move, reason = got
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the game
            problem = exc
        if token != self._token:
            return
        self.busy = False
        done(move, reason, problem)

    async def _ask_worker(self, token: int, view: dict[str, Any], rng: Rng) -> tuple[str, Reason] | None:
        """The worker's suggestion (None: no worker, or it failed: the page's thread thinks instead, silently)."""
        from ..worker.worker_hint import hint_request, read_hint, remote_hint

        remote = remote_hint(self.link)
        if remote is None:
            return None
        self.where = "worker"
        try:
            text = await remote(hint_request(view, self.level, rng.state, self.movetime))
        except Exception as exc:  # noqa: BLE001 - a broken worker: the page thinks from now on
            self.link.fail(f"the worker failed to suggest ({type(exc).__name__}: {' '.join(str(exc).split())[:160]})")
            return None
        if token != self._token:
            return None
        try:
            return read_hint(text)
        except Exception as exc:  # noqa: BLE001 - the worker could not suggest: the page's thread does
            self._warn(f"Jaipur thinks the suggestion on the page's thread: {exc}")
            return None

    def _warn(self, text: str) -> None:
        """A console warning through the platform, when it has one."""
        warn = getattr(self.clock, "console_warn", None)
        if callable(warn):
            warn(text)
