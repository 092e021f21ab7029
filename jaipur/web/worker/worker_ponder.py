"""Pondering in the page's worker: the top level searches while the player thinks (`jaipur.bots.ponder`).

- `Desk` is the worker's side (ai_worker.py holds one). It keeps one bot per level between requests, so what the
  top level pondered is still there for the think that follows. `think(request)` answers as
  `worker_thinker.answer` does, with that bot: a request's `heard` is the player's move since the pondered view,
  and the think starts from what was learned for it. `ponder(request)` searches the request's view (the
  computer's, the player to move) for a slice of time and says how far it got; `{"stop": true}` drops it.
- `Pondering` is the page's side: while the player thinks it asks the worker for slice after slice, pauses while
  the tab is hidden, and ends at `PONDER_LIMIT` seconds, at `stop()` (a think, undo, a new game, leaving), or when
  the worker cannot ponder. It never runs a search on the page's thread.

Pondering reads only the computer's view, as its think does: it never knows more.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from ...bots.budgets import PONDER_LIMIT, PONDER_SLICE
from ...rng import MASK64, Rng
from ..modes.thinker import Bot, Bots, Clock
from .answers import answer_fields, error_answer, remote_function

if TYPE_CHECKING:
    from .worker_thinker import WorkerLink

PAUSED_CHECK = 0.5
"""Seconds between two looks at a hidden tab (pondering waits for it to show again)."""


def wasm_heap() -> int:
    """Bytes of WebAssembly memory this Pyodide holds (0 outside Pyodide): the worker's memory, for the bench."""
    try:
        import pyodide_js  # type: ignore[import-not-found]  # Pyodide only

        return int(pyodide_js._module.HEAP8.length)
    except Exception:  # noqa: BLE001 - CPython, or a Pyodide that does not say
        return 0


def ponder_request(level: str, view: dict[str, Any], seed: int, seconds: float = PONDER_SLICE) -> str:
    """The JSON request of one slice: the level, the computer's VIEW (the player to move), a seed, the seconds."""
    return json.dumps({"level": level, "view": view, "seed": str(seed & MASK64), "seconds": seconds},
                      separators=(",", ":"))


STOP_REQUEST = json.dumps({"stop": True})
"""The request that drops the worker's pondered search (undo, a new game, leaving)."""


class Desk:
    """The worker's bots between requests: one per level, and the search being pondered."""

    def __init__(self, bots: Bots | None = None) -> None:
        self._bots = bots
        self._kept: dict[str, Bot] = {}
        self._pondering: tuple[str, str, Iterator[None]] | None = None  # level, the view's text, the search

    def _package(self) -> Bots:
        if self._bots is None:
            from ... import bots  # imported here: the page imports this module before (or without) the bots

            self._bots = bots  # type: ignore[assignment]
        assert self._bots is not None
        return self._bots

    def bot(self, level: str) -> Bot:
        """The desk's bot for a level (made once)."""
        found = self._kept.get(level)
        if found is None:
            found = self._kept[level] = self._package().get_bot(level)
        return found

    def think(self, request: str) -> str:
        """Choose a move for the request's view (as `worker_thinker.answer`); with `heard`, from what was pondered."""
        try:
            got = json.loads(str(request))
            if not isinstance(got, dict) or not isinstance(got.get("view"), dict):
                raise ValueError("the request is not a level and a view")
            from ...bots.base import run_to_end

            level = str(got.get("level"))
            bot: Any = self.bot(level)
            pondered = self._pondering is not None and self._pondering[0] == level
            self._end()
            heard = got.get("heard")
            if hasattr(bot, "heard"):
                if pondered and isinstance(heard, str):
                    bot.heard(heard)
                else:
                    bot.forget()
            movetime = got.get("movetime")
            move = run_to_end(bot.think(got["view"], Rng(int(str(got.get("seed", "0")))),
                                        None if movetime is None else float(movetime)))
            out: dict[str, Any] = {"move": None if move is None else str(move)}
            if getattr(bot, "last_pondered", 0):
                out["pondered"] = bot.last_pondered
                out["kept"] = bot.last_kept
            heap = wasm_heap()
            if heap:
                out["heap"] = heap
            return json.dumps(out)
        except Exception as exc:  # noqa: BLE001 - the page gets a sentence, never a traceback from the worker
            return error_answer(exc)

    def ponder(self, request: str) -> str:
        """Search the request's view for its `seconds` (a slice); the same view again goes on with the same search."""
        try:
            got = json.loads(str(request))
            if isinstance(got, dict) and got.get("stop") is True:
                self._end(forget=True)
                return json.dumps({"pondered": 0})
            if not isinstance(got, dict) or not isinstance(got.get("view"), dict):
                raise ValueError("the request is not a level and a view")
            level = str(got.get("level"))
            seconds = min(float(got.get("seconds", PONDER_SLICE)), 5.0)
            key = json.dumps(got["view"], sort_keys=True)
            bot: Any = self.bot(level)
            if not hasattr(bot, "ponder"):
                raise ValueError(f"the {level[:20]} level does not ponder")
            if self._pondering is None or self._pondering[:2] != (level, key):
                self._end(forget=True)
                self._pondering = (level, key, bot.ponder(got["view"], Rng(int(str(got.get("seed", "0"))))))
            search = self._pondering[2]
            end = time.monotonic() + seconds
            for _ in search:
                if time.monotonic() >= end:
                    break
            return json.dumps({"pondered": int(getattr(bot, "pondered_iterations", 0))})
        except Exception as exc:  # noqa: BLE001 - the page gets a sentence, never a traceback from the worker
            self._end(forget=True)
            return error_answer(exc)

    def _end(self, forget: bool = False) -> None:
        """Stop driving the pondered search (a think takes it over); with `forget`, the bot drops it too."""
        if self._pondering is None:
            return
        level, _, search = self._pondering
        self._pondering = None
        close = getattr(search, "close", None)
        if callable(close):
            close()
        if forget:
            drop = getattr(self._kept.get(level), "forget", None)
            if callable(drop):
                drop()


class PonderClock(Clock, Protocol):
    """The platform as pondering uses it: tasks, time, and whether the tab is hidden."""

    def hidden(self) -> bool: ...


class Pondering:
    """The page's side of pondering: slices asked of the worker while the player thinks, one turn at a time.

    `show(state)` hears "on", "paused" (the tab is hidden) and "off" (the `<html data-ponder>` test hook)."""

    def __init__(self, clock: PonderClock, link: WorkerLink, show: Callable[[str], None] | None = None,
                 limit: float = PONDER_LIMIT, slice_seconds: float = PONDER_SLICE) -> None:
        self.clock = clock
        self.link = link
        self.show = show
        self.limit = limit
        self.slice_seconds = slice_seconds
        self.level: str | None = None
        """The level pondering the current turn (None: not pondering)."""
        self.slices = 0
        """Slices the worker answered this turn."""
        self._token = 0
        self._state = "off"

    def start(self, level: str, view: dict[str, Any], seed: int) -> bool:
        """Ponder the computer's `view` at `level` until `stop()` (once the worker has started, if it is starting);
        False when the worker cannot (it failed, or an older worker script has no `ponder`)."""
        self.stop(tell=False)
        if self.link.failed or (self.link.remote is not None and remote_function(self.link, "ponder") is None):
            return False
        self._token += 1
        self.level = level
        self.slices = 0
        self.clock.spawn(self._run(self._token, ponder_request(level, view, seed, self.slice_seconds)))
        return True

    def stop(self, tell: bool = True) -> str | None:
        """End this turn's pondering; the level that pondered (None: none). With `tell`, the worker drops its
        search too (without it, the think that follows takes the search over)."""
        level, self.level = self.level, None
        self._token += 1
        self._say("off")
        if level is not None and tell:
            remote = remote_function(self.link, "ponder")
            if remote is not None:
                self.clock.spawn(self._send_stop(remote))
        return level

    def _say(self, state: str) -> None:
        if state != self._state:
            self._state = state
            if self.show is not None:
                self.show(state)

    async def _send_stop(self, remote: Any) -> None:
        try:
            await remote(STOP_REQUEST)
        except Exception:  # noqa: BLE001 - a worker that is gone holds nothing
            return

    async def _run(self, token: int, request: str) -> None:
        """Wait for the worker if it is starting, then ask for slice after slice while this turn's pondering lasts."""
        while self.link.remote is None and not self.link.failed and token == self._token:
            await self.clock.sleep(PAUSED_CHECK)
        remote = remote_function(self.link, "ponder")
        spent = 0.0
        while remote is not None and token == self._token and spent < self.limit:
            if self.clock.hidden():
                self._say("paused")
                await self.clock.sleep(PAUSED_CHECK)
                continue
            self._say("on")
            started = self.clock.now()
            try:
                answer_fields(await remote(request))
            except Exception:  # noqa: BLE001 - a worker that cannot ponder: the computer thinks on its turn only
                break
            spent += self.clock.now() - started
            if token == self._token:
                self.slices += 1
        if token == self._token:
            if remote is None or spent < self.limit:
                self.level = None  # the worker could not ponder; at the limit its search stays for the think
            self._say("off")

__all__ = ["Desk", "PonderClock", "Pondering", "STOP_REQUEST", "ponder_request"]
