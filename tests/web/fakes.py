"""Test doubles for the table's controller: a platform (no browser), a bots package, and a whole match."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from jaipur import Position, Record, Rng, apply, determinize, legal_moves, new_match, next_round
from jaipur.web.draw.model import Suggestion
from jaipur.web.draw.motion import Flight, Played
from jaipur.web.draw.render import Node
from jaipur.web.i18n import Reason
from jaipur.web.modes import MatchMode


class _Tick:
    """One suspension of a task (what a real sleep is to the event loop): `run` and `step` resume it."""

    def __await__(self) -> Any:
        yield None


class FakePlatform:
    """The controller's surroundings in CPython: keeps the last tree, runs tasks on demand, stores
    in a dict, records what is posted to the host page, downloaded and copied."""

    def __init__(self, storage: dict[str, str] | None = None, origin: str = "http://127.0.0.1:8000",
                 can_store: bool = True, can_copy: bool = True) -> None:
        self.node: Node | None = None
        self.tasks: list[Any] = []
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.draws = 0
        self.storage = storage if storage is not None else {}
        self.posted: list[tuple[dict[str, Any], list[str]]] = []
        self.downloads: list[tuple[str, str]] = []
        self.loaded: list[str] = []
        self.copied: list[str] = []
        self._origin = origin
        self.can_store = can_store
        self.can_copy = can_copy
        self.slept: list[float] = []
        self.flights: list[Flight] = []          # what flew with the last draw (motion.py)
        self.flown: list[list[Flight]] = []      # every draw's flights that had any
        self.updates_applied = 0
        self.addressed: list[tuple[str, str | None]] = []   # what the page's address was made to name
        self.tab_hidden = False                                # the page is out of sight (pondering pauses)

    def draw(self, node: Node, lang: str, direction: str, flights: Sequence[Flight] = ()) -> None:
        self.node = node
        self.draws += 1
        self.flights = list(flights)
        if flights:
            self.flown.append(list(flights))

    def spawn(self, coro: Any) -> None:
        self.tasks.append(coro)

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        await _Tick()

    def now(self) -> float:
        return time.perf_counter()

    def console_error(self, text: str) -> None:
        self.errors.append(text)

    def console_warn(self, text: str) -> None:
        self.warnings.append(text)

    def random_seed(self) -> int:
        return 11

    def load(self, key: str) -> str | None:
        return self.storage.get(key)

    def store(self, key: str, text: str) -> bool:
        if not self.can_store:
            return False
        self.storage[key] = text
        return True

    def remove(self, key: str) -> None:
        self.storage.pop(key, None)

    def origin(self) -> str:
        return self._origin

    def page_url(self) -> str:
        return self._origin + "/index.html"

    def post(self, message: dict[str, Any], targets: list[str]) -> None:
        self.posted.append((message, list(targets)))

    def download(self, filename: str, text: str) -> bool:
        self.downloads.append((filename, text))
        return True

    async def copy(self, text: str) -> bool:
        self.copied.append(text)
        return self.can_copy

    async def load_package(self, url: str) -> bool:
        self.loaded.append(url)
        return True

    def apply_update(self) -> None:
        self.updates_applied += 1

    def name_in_address(self, key: str, value: str | None) -> None:
        self.addressed.append((key, value))

    def live(self, stun: str, report: Any) -> Any:
        return None          # no WebRTC here, unless a FakeNet is attached

    def alert_turn(self) -> None:
        return None

    def hidden(self) -> bool:
        return self.tab_hidden

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """The events posted to the host page (of one type)."""
        return [m for m, _ in self.posted if kind is None or m.get("type") == kind]

    def run(self, limit: int = 100_000) -> None:
        """Run the spawned tasks to the end (a sleep suspends once and is resumed at once, so no event loop
        is needed: these tests also run in a thread where Playwright's loop is already running)."""
        steps = 0
        while self.tasks:
            coro = self.tasks.pop(0)
            try:
                while True:
                    coro.send(None)
                    steps += 1
                    if steps > limit:
                        raise AssertionError("a task never ends")
            except StopIteration:
                pass

    def step(self, coro_index: int = 0) -> bool:
        """Advance one spawned task by one await; False when it has ended (and is dropped)."""
        coro = self.tasks[coro_index]
        try:
            coro.send(None)
            return True
        except StopIteration:
            self.tasks.pop(coro_index)
            return False


class FakePage:
    """A page as a mode sees it (modes.base.Page) and nothing more: the mode's requests are recorded."""

    def __init__(self, platform: FakePlatform | None = None, embed: bool = False, lang: str = "en") -> None:
        self.platform = platform or FakePlatform()
        self.embed = embed
        self.lang = lang
        self.dialog: str | None = None
        self.played: Played | None = None
        self.notices: list[Reason] = []
        self.failures: list[tuple[BaseException, str]] = []
        self.posted: list[dict[str, Any]] = []
        self.refreshes = 0
        self.refusals = 0
        self.counted: list[tuple[str, int, bool]] = []
        self.suggestions: list[Suggestion] = []

    def open_dialog(self, name: str) -> None:
        """Open a dialog over the page."""
        self.dialog = name

    def clear_dialog(self) -> None:
        """Take whatever dialog is open off the page."""
        self.dialog = None

    def show_played(self, played: Played | None) -> None:
        """Keep the move to show moving (None: nothing moves)."""
        self.played = played

    def add_notice(self, reason: Reason) -> None:
        """Add a notice, once."""
        if reason not in self.notices:
            self.notices.append(reason)

    def refresh(self) -> None:
        """Count the draws asked for."""
        self.refreshes += 1

    def post(self, message: dict[str, Any]) -> None:
        """Keep what would go to the host page."""
        self.posted.append(message)

    def fail(self, exc: BaseException, key: str = "error.internal") -> None:
        """Keep the failure and its sentence's key."""
        self.failures.append((exc, key))

    def storage_refused(self) -> None:
        """Count the refusals."""
        self.refusals += 1

    def count_match(self, level: str, after: Position, seat: int, practice: bool = False) -> None:
        """Keep the match counted."""
        self.counted.append((level, seat, practice))

    def show_suggestion(self, suggestion: Suggestion) -> None:
        """Keep the suggestion shown."""
        self.suggestions.append(suggestion)


class FirstLegalBot:
    """A trivial stand-in for jaipur.bots (tests only): thinks in two steps, plays the first legal move."""

    def think(self, v: dict[str, Any], rng: Rng, movetime: float | None = None) -> Any:
        yield None
        stub = determinize(v, Rng(1))
        return legal_moves(stub)[0]


class FakeBots:
    """The jaipur.bots API as the app uses it: LEVELS, get_bot(level), suggest(view, level)."""

    LEVELS = ("random", "novice", "trader", "maharaja")

    def __init__(self, bot: Any = None) -> None:
        self.bot = bot or FirstLegalBot()

    def get_bot(self, level: str) -> Any:
        return self.bot

    def suggest(self, v: dict[str, Any], level: str = "trader") -> Any:
        from jaipur.bots.suggest import explain

        class S:
            move = legal_moves(determinize(v, Rng(2)))[-1]
            reason = explain(move, v)              # a reason code with values, as the real suggest() gives
        return S()


def full_match(seed: int = 11, mode: str = "standard") -> Record:
    """A whole match, the same moves every time: each seat plays a fixed pick among its legal moves."""
    p = new_match(seed, mode)
    moves: list[str] = []
    while p.status != "match-over":
        q = next_round(p) if p.round_over else p
        legal = legal_moves(q)
        moves.append(legal[(len(moves) * 7) % len(legal)])
        p = apply(p, moves[-1])
    return Record(seed=seed, mode=mode, players=["Ava", "Bo"], moves=moves)


def table_at(c: Any, p: Position, seat: int = 0, opponent: str = "trader", kind: str = "game") -> MatchMode:
    """A match mode standing at position `p`, seen from `seat` (to draw the table there); nothing is started."""
    mode = MatchMode(c, Record(seed=p.seed, mode=p.mode, start=p), opponent, seat, c.thinker())
    mode.kind = kind
    return mode


class FakeNet:
    """Direct connections between fake pages (jaipur.web.live.session.Channel): an offer names its channel by its
    ufrag, the answer pairs the two, and taking the answer opens both. Frames and events wait in a queue until
    `flush` delivers them (as a browser delivers events between tasks); `cut` drops a connection, `refuse`
    makes the next ones never open (no candidate pair)."""

    def __init__(self) -> None:
        self.channels: dict[str, FakeChannel] = {}
        self.queue: list[tuple[Any, str, str]] = []
        self.opens = True
        self.sent: list[str] = []

    def attach(self, platform: FakePlatform) -> None:
        """Give a fake page the browser's `live` and `alert_turn`."""
        platform.alerts = 0  # type: ignore[attr-defined]

        def live(stun: str, report: Any) -> FakeChannel:
            channel = FakeChannel(self, f"u{len(self.channels) + 1}", stun, report)
            self.channels[channel.ufrag] = channel
            return channel

        def alert_turn() -> None:
            platform.alerts += 1  # type: ignore[attr-defined]

        platform.live = live  # type: ignore[attr-defined]
        platform.alert_turn = alert_turn  # type: ignore[attr-defined]

    def flush(self, limit: int = 10_000) -> int:
        """Deliver what waits; how many were delivered."""
        done = 0
        while self.queue and done < limit:
            report, kind, data = self.queue.pop(0)
            report(kind, data)
            done += 1
        return done

    def cut(self) -> None:
        """Every open connection drops (both sides hear `close`)."""
        for channel in list(self.channels.values()):
            if channel.open and not channel.closed:
                channel.open = False
                self.queue.append((channel.report, "close", ""))


class FakeChannel:
    """One side of a fake direct connection."""

    def __init__(self, net: FakeNet, ufrag: str, stun: str, report: Any) -> None:
        self.net, self.ufrag, self.stun, self.report = net, ufrag, stun, report
        self.peer: FakeChannel | None = None
        self.open = False
        self.closed = False

    def _sdp(self, kind: int, setup: str) -> str:
        from jaipur.web.live.signal import Candidate, Signal
        return Signal(kind, b"\0" * 12, setup, self.ufrag, "p" * 22, bytes(32),
                      (Candidate("host", "192.0.2.7", 4000 + len(self.net.channels)),)).to_sdp()

    async def offer(self) -> str:
        return self._sdp(0, "actpass")

    async def answer(self, sdp: str) -> str:
        self.peer = self.net.channels[_ufrag(sdp)]
        return self._sdp(1, "active")

    async def accept(self, sdp: str) -> bool:
        peer = self.net.channels[_ufrag(sdp)]
        self.peer = peer
        if self.net.opens and peer.peer is self and not peer.closed:
            for side in (self, peer):
                side.open = True
                self.net.queue.append((side.report, "open", ""))
        return True

    def send(self, text: str) -> bool:
        if not self.open or self.closed or self.peer is None or self.peer.closed:
            return False
        self.net.sent.append(text)
        self.net.queue.append((self.peer.report, "message", text))
        return True

    def close(self) -> None:
        if self.closed:
            return
        was_open = self.open
        self.closed, self.open = True, False
        peer = self.peer
        if was_open and peer is not None and peer.open and not peer.closed:
            peer.open = False
            self.net.queue.append((peer.report, "close", ""))

    def servers(self) -> str:
        return json.dumps([{"urls": self.stun}] if self.stun else [])


def _ufrag(sdp: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in sdp.splitlines() if line.startswith("a=ice-ufrag:"))
