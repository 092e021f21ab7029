"""The computer's thinking in a PyScript worker, so the page's own thread stays free while it thinks.

Three parts, one job each:
- `answer(request)` is what the worker runs (ai_worker.py at the site root exports it as `think`): a
  JSON request (level, a seat's VIEW, a seed, the movetime) in, a JSON answer (the move, or an error
  text) out. It runs `get_bot(level).choose(...)` to the end, with the same bots as the page.
- `WorkerLink` owns the one worker of a page: it is started after the table is ready (`start`), and
  holds the worker's exported functions once they arrive (`remote`), or gives up after `timeout`
  seconds or on an error (`failed`), saying so in a console warning at most.
- `WorkerThinker` is a `Thinker` (same members: `busy`, `levels`, `think`, `cancel`) that posts the
  think to the worker when the link is ready and thinks on the page's thread otherwise, or when the
  worker fails during a think. `cancel` drops the answer in flight: the worker cannot be interrupted
  without shared memory, so it finishes that think and its answer is ignored.

The worker mode needs no SharedArrayBuffer (`sync_main_only`): the page awaits a function the worker
exposes, and the worker never touches the DOM, so the page works without COOP/COEP headers.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Any, Protocol

from ...rng import MASK64, Rng
from ..modes.thinker import Bots, Clock, Done, Thinker
from .answers import WorkerProblem, answer_fields, error_answer, remote_function
from .worker_ponder import Desk, PonderClock, Pondering

WORKER_SCRIPT = "./ai_worker.py"
"""The worker's entry script, beside main.py at the site root."""
WORKER_NAME = "jaipur-thinker"
"""The PyScript named worker's name."""
START_TIMEOUT = 120.0
"""Seconds the worker may take to start (its own Pyodide and the package) before the page gives up on it."""


def request_text(level: str, view: dict[str, Any], seed: int, movetime: float | None,
                 heard: str | None = None) -> str:
    """The JSON request a worker answers: the level, a seat's VIEW, the seed (as text: 64 bits) and the movetime;
    with `heard`, the player's move since the view the worker pondered."""
    request: dict[str, Any] = {"level": level, "view": view, "seed": str(seed & MASK64), "movetime": movetime}
    if heard is not None:
        request["heard"] = heard
    return json.dumps(request, separators=(",", ":"))


def answer(request: str, bots: Bots | None = None) -> str:
    """The worker's side: run the level's bot on the request's view to the end; the move or an error, as JSON.
    (A fresh bot each time; the worker itself keeps its bots on a `worker_ponder.Desk`, which answers the same.)"""
    return Desk(bots).think(request)


def read_answer(text: str) -> str | None:
    """The move in a worker's answer (None: no move); WorkerProblem when it answered with an error."""
    move = answer_fields(text).get("move")
    return None if move is None else str(move)


class Remote(Protocol):
    """The worker's exported functions as the page sees them."""

    def think(self, request: str) -> Awaitable[str]: ...


class Warner(Protocol):
    """What the link needs from the platform besides a clock: a console warning."""

    def console_warn(self, text: str) -> None: ...


class WorkerLink:
    """The page's one worker: `start()` once the table is ready; `remote` is set when it has started,
    `failed` when it could not (or broke later); `on_change(name)` hears "worker" or "page"."""

    def __init__(self, clock: Clock, warner: Warner, connect: Callable[[], Awaitable[Remote]],
                 timeout: float = START_TIMEOUT, on_change: Callable[[str], None] | None = None) -> None:
        self.clock = clock
        self.warner = warner
        self.connect = connect
        self.timeout = timeout
        self.on_change = on_change
        self.remote: Remote | None = None
        self.started = False
        self.failed = False
        self.on_ponder: Callable[[str], None] | None = None
        """Hears the pondering's state: "on", "paused" or "off" (the browser shows it as `<html data-ponder>`)."""
        self.on_kept: Callable[[str, int], None] | None = None
        """Hears, after each think, what it kept of the pondering ("kept/pondered" visits, "0/0": it started afresh;
        `<html data-ponder-kept>`) and the worker's WebAssembly memory in bytes (`data-worker-heap`; 0: unknown)."""

    @property
    def thinker_name(self) -> str:
        """Where the computer thinks now: "worker" or "page"."""
        return "worker" if self.remote is not None else "page"

    def start(self) -> None:
        """Start the worker in the background, and a watchdog that gives up after `timeout` seconds."""
        if self.started:
            return
        self.started = True
        self.clock.spawn(self._connect())
        self.clock.spawn(self._watch())

    def fail(self, why: str) -> None:
        """Give up on the worker (the computer thinks on the page's thread from now on)."""
        if self.failed:
            return
        self.failed = True
        was = self.remote
        self.remote = None
        self.warner.console_warn(f"The computer thinks on the page's thread: {why}")
        if was is not None and self.on_change is not None:
            self.on_change("page")

    async def _connect(self) -> None:
        """Wait for the worker's exported functions; a worker that arrives after the watchdog gave up is ignored."""
        try:
            remote = await self.connect()
        except Exception as exc:  # noqa: BLE001 - no worker: the page thinks as it always did
            self.fail(f"the worker did not start ({type(exc).__name__}: {' '.join(str(exc).split())[:160]})")
            return
        if self.failed:
            return
        self.remote = remote
        if self.on_change is not None:
            self.on_change("worker")

    async def _watch(self) -> None:
        """After `timeout` seconds without a worker, give up on it."""
        await self.clock.sleep(self.timeout)
        if self.remote is None:
            self.fail(f"the worker did not start within {self.timeout:g} s")


class WorkerThinker(Thinker):
    """A Thinker that thinks in the page's worker when it is there, and on the page's thread otherwise."""

    def __init__(self, clock: PonderClock, bots: Bots | None, link: WorkerLink,
                 movetime: Mapping[str, float | None] | None = None, min_think: float = 0.35,
                 ponders: Collection[str] = ()) -> None:
        super().__init__(clock, bots, movetime, min_think)
        self.link = link
        self.ponders = frozenset(ponders)
        """The levels that ponder while the player thinks (the registry's `ponders`)."""
        self.pondering = Pondering(clock, link, link.on_ponder)

    def ponder(self, level: str, view: dict[str, Any], rng: Rng) -> bool:
        """Let the worker search the computer's `view` while the player thinks (levels that ponder, once the worker
        has started); until the next think or `cancel`. False when it does not ponder."""
        if level not in self.ponders:
            self.pondering.stop()
            return False
        return self.pondering.start(level, view, rng.state)

    def cancel(self) -> None:
        """Drop the think in flight and the pondering (the worker drops its pondered search too)."""
        super().cancel()
        self.pondering.stop()

    def think(self, level: str, view: dict[str, Any], rng: Rng, done: Done, heard: str | None = None) -> None:
        """Start thinking for `level` on `view` (in the worker when it has started); `done` follows unless cancelled.
        After pondering at this level, the worker hears `heard` and starts from what it learned for it."""
        remote = self.link.remote
        pondered = self.pondering.stop(tell=remote is None)
        if remote is None:
            super().think(level, view, rng, done)
            return
        self._token += 1
        self.busy = True
        self.clock.spawn(self._ask(remote, self._token, level, view, rng, done, heard if pondered == level else None))

    async def _ask(self, remote: Remote, token: int, level: str, view: dict[str, Any], rng: Rng, done: Done,
                   heard: str | None = None) -> None:
        """Post the think to the worker and await its answer; at least `min_think` seconds in all. A worker that
        breaks hands this think to the page's thread."""
        if token != self._token:
            return
        started = self.clock.now()
        request = request_text(level, view, rng.state, self.movetime.get(level), heard)
        move: str | None = None
        problem: BaseException | None = None
        try:
            text = await remote.think(request)
        except Exception as exc:  # noqa: BLE001 - a broken worker must not stop the game
            self.link.fail(f"the worker failed ({type(exc).__name__}: {' '.join(str(exc).split())[:160]})")
            if token == self._token:
                await self._run(token, level, view, rng, done)
            return
        try:
            move = read_answer(text)
            self._said_kept(text)
        except Exception as exc:  # noqa: BLE001 - a bot that raised in the worker is reported as today
            problem = exc
        await self._finish(token, started, move, problem, done)

    def _said_kept(self, text: str) -> None:
        """Tell the link what the think kept of its pondering and the worker's memory (`WorkerLink.on_kept`)."""
        if self.link.on_kept is not None:
            got = answer_fields(text)
            self.link.on_kept(f"{int(got.get('kept', 0))}/{int(got.get('pondered', 0))}", int(got.get("heap", 0)))


async def connect_browser() -> Remote:
    """Start the PyScript named worker on the page's own runtime and package (the interpreter and [files] of
    pyscript.toml, without shared memory) and wait for its exported `think`.

    The page fetches ai_worker.py itself, so a script that cannot be fetched is an exception here (and the page
    thinks on its own thread) rather than an uncaught rejection; the worker runs it from the script's text.
    (PyWorker(url, config=...) of PyScript 0.7.31 ignores the interpreter given and would fetch Pyodide from a
    CDN; a named worker's config is honoured.)"""
    import js
    from pyscript import config, workers

    response = await js.fetch(WORKER_SCRIPT)
    if not response.ok:
        raise RuntimeError(f"{WORKER_SCRIPT} answered HTTP {response.status}")
    source = str(await response.text())
    worker_config = {key: value for key, value in dict(config).items() if key in ("interpreter", "files")}
    worker_config["sync_main_only"] = True
    script = js.document.createElement("script")
    script.type = "py"
    script.setAttribute("worker", "")
    script.setAttribute("name", WORKER_NAME)
    script.setAttribute("config", json.dumps(worker_config))
    script.textContent = source
    js.document.body.append(script)
    remote: Remote = await workers[WORKER_NAME]
    return remote


class BrowserClock(Clock, Warner, Protocol):
    """The browser platform as the link uses it (dom.BrowserPlatform)."""


def browser_link(platform: BrowserClock) -> WorkerLink:
    """The page's worker link: `<html data-thinker>` says where the computer thinks ("page" until the worker has
    started, "worker" after; the test hook)."""
    import js

    html = js.document.documentElement

    def show(name: str) -> None:
        html.dataset.thinker = name

    def show_ponder(state: str) -> None:
        html.dataset.ponder = state

    def show_kept(visits: str, heap: int) -> None:
        html.dataset.ponderKept = visits
        html.dataset.workerHeap = str(heap)

    show("page")
    show_ponder("off")
    link = WorkerLink(platform, platform, connect_browser, on_change=show)
    link.on_ponder = show_ponder
    link.on_kept = show_kept
    return link


__all__ = ["browser_link", "WorkerLink", "WorkerProblem", "WorkerThinker", "answer", "connect_browser", "read_answer", "request_text",
           "answer_fields", "error_answer", "remote_function"]
