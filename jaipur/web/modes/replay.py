"""The replay viewer of a `#record=` (or an imported record, or a host's load-record): step, jump to
rounds or to a reviewed move, whose cards are shown, and the autoplay, which this mode owns (a timer task it
cancels on leaving). The players keep their names: those they gave, the level's name for the computer (in the
page's language), and "you" for the player whose own finished match is replayed, while it is seen from
their seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bots.budgets import REVIEW_BUDGET, REVIEW_MOVETIME
from ...position import Position
from ...record import Record, replay
from ...study.review import Point, Review, marks_of, moves_to_review, searcher, think_point
from ..draw.model import Key, MoveEntry, TableState, action_states, describe
from ..draw.motion import Played
from ..draw.panels import ReplayInfo
from ..i18n import Strings
from ..store.names import record_name
from ..teach.replayer import Replayer
from .base import BaseMode, Page
from .thinker import stepped

if TYPE_CHECKING:
    from ..worker.worker_thinker import WorkerLink

AUTOPLAY_DELAY = 0.9
"""Seconds between two frames of the autoplay."""
REVIEW_PLAYOUTS = 8
"""Playouts per estimate when the page reviews a round."""
REVIEW_ITERATIONS = 40
"""The top bot's iterations per position in the page's review (the same review on every device)..."""
REVIEW_WORKER_WAIT = 15.0
"""Seconds a review waits for the worker to start (once) before it reviews on the page's thread instead (the two
together on a machine's two cores were slower than waiting: 30 s against 20 s for a 48-move round)."""
STEPS = {"replay-first": "first", "replay-back": "back", "replay-forward": "forward", "replay-last": "last",
         "replay-round": "round", "replay-goto": "move"}


class ReplayMode(BaseMode):
    """A record replayed frame by frame, seen from a seat or with every card shown ("all")."""

    kind = "replay"
    actions = frozenset({*STEPS, "replay-play", "replay-seat"})

    def __init__(self, page: Page, record: Record, seat: int | str | None = None,
                 delay: float = AUTOPLAY_DELAY, worker: WorkerLink | None = None, you: int | None = None,
                 locked: bool = False) -> None:
        self.replayer = Replayer(record, seat if seat in (0, 1, "all") else 0)
        self.locked = locked   # a friend game's round: only its own seat is true, the rest are stand-ins
        super().__init__(page)
        self.you = you if you in (0, 1) else None   # the seat of the player whose own match this is (None: a record)
        self.delay = delay
        self.autoplaying = False
        self._token = 0
        self.review: Review | None = None      # the game review of one seat's round (jaipur.review), once made
        self.reviewing = False
        self._review_token = 0
        self.worker = worker                   # the page's worker (worker_thinker.WorkerLink): the review runs there
        self.reviewed = 0                      # moves reviewed so far, of `to_review`
        self.to_review = 0
        self.reviewer = ""                     # where the last move was reviewed: "worker" or "page"

    @property
    def position(self) -> Position:
        """The current frame's position."""
        return self.replayer.position

    @property
    def viewer(self) -> int:
        """The seat whose side of the table is drawn at the bottom."""
        seen = self.replayer.seen_from
        return 0 if seen == "all" else int(seen)

    def seen(self, p: Position) -> dict[str, Any]:
        """A frame as the chosen seat (or everyone) sees it."""
        return self.replayer.seen(p)

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The current frame, its log and the replay controls."""
        rp = self.replayer
        v = rp.current_view()
        info: ReplayInfo = v["replay"]
        p = rp.position
        st.view = v
        st.seat = self.viewer
        names = [record_name(str(name)[:40], s) for name in info["players"]]
        yours = self.you is not None and self.you == self.viewer and rp.seen_from != "all"
        if yours:
            names[self.viewer] = s.t("name.you")
        st.names = (names[0], names[1])
        st.you_are_named = not yours
        st.actions = action_states(p, st.seat, v, frozenset(), False)
        st.turn = "over"
        st.hint = ("replay", None, None)
        st.log = rp.log()
        st.last = None          # the move just played is said in the replay controls
        st.interactive = False
        st.replay = {**info, "autoplay": self.autoplaying, "rounds": rp.rounds(), "round": p.round,
                     "to_move": p.to_move, "status": p.status, "you": self.you, "locked": self.locked}
        st.review = {"running": self.reviewing, "review": self.review, "seat": self._review_seat(),
                     "done": self.reviewed, "total": self.to_review, "where": self.reviewer,
                     "moves": self._marked_moves()}

    def _marked_moves(self) -> dict[int, MoveEntry]:
        """The review's marked moves as log entries (what each did, in words when drawn), by record index."""
        if self.review is None:
            return {}
        positions, moves = self.replayer.positions, self.replayer.record.moves
        return {pt.index: describe(positions[pt.index], moves[pt.index], positions[pt.index + 1])
                for pt in self.review.marks if pt.index < len(moves)}

    def ready(self) -> tuple[str, str, bool, int | str]:
        """A replay, seen from the chosen seat (or "all")."""
        return ("replay", self.replayer.record.mode, False, self.replayer.seen_from)

    def shareable(self) -> Record:
        """The record replayed."""
        return self.replayer.record

    def leave(self) -> None:
        """Stop the autoplay and the review."""
        self.stop_autoplay()
        self._review_token += 1
        self.reviewing = False

    def act(self, action: str, value: str) -> bool:
        """A step (a manual step stops the autoplay), the autoplay's button, or whose cards are shown
        (nothing can be selected in a replay: False)."""
        if action in STEPS:
            self.step(STEPS[action], value)
        elif action == "replay-play":
            self.toggle_autoplay()
        elif action == "replay-seat" and not self.locked:
            self.replayer.set_seen_from("all" if value == "all" else int(value) if value in ("0", "1") else value)
        return False

    def step(self, how: str, value: str = "") -> None:
        """Step the replay: first, back, forward, last, or to the start of round `value`."""
        rp = self.replayer
        self.stop_autoplay()
        if how == "first":
            rp.to_start()
        elif how == "back":
            rp.back()
        elif how == "forward":
            self._forward(rp.forward)
        elif how == "last":
            rp.to_end()
        elif how == "round" and value.isdigit():
            rp.jump_to_round(int(value))
        elif how == "move" and value.isdigit():
            rp.jump_to_move(int(value))

    def _forward(self, step: Any) -> bool:
        """One step on (`step` is the replayer's), its move shown moving on the next draw."""
        rp = self.replayer
        at = rp.index
        moved = bool(step())
        shown = rp.played(at)
        if shown is not None:
            self.page.show_played(Played(*shown))
        return moved

    def toggle_autoplay(self) -> None:
        """Start the autoplay (from the start again when at the end), or stop it."""
        if self.autoplaying:
            self.stop_autoplay()
            return
        if self.replayer.at_end:
            self.replayer.to_start()
        self.autoplaying = True
        self._token += 1
        self.page.platform.spawn(self._autoplay(self._token))

    def stop_autoplay(self) -> None:
        """Stop the autoplay (its timer sees it and ends)."""
        self.autoplaying = False
        self._token += 1

    async def _autoplay(self, token: int) -> None:
        """The autoplay timer: a frame every `delay` seconds until the end or a stop."""
        try:
            while token == self._token:
                await self.page.platform.sleep(self.delay)
                if token != self._token:
                    return
                if not self._forward(self.replayer.autoplay_step) or self.replayer.at_end:
                    self.stop_autoplay()
                self.page.refresh()
        except Exception as exc:  # noqa: BLE001
            self.stop_autoplay()
            self.page.fail(exc)
            self.page.refresh()

    def _review_seat(self) -> int:
        """The seat whose moves the review goes through: the one whose cards are shown (seat 0 for both)."""
        seen = self.replayer.seen_from
        return int(seen) if seen in (0, 1) else 0

    def start_review(self, playouts: int | None = None, iterations: int | None = None) -> None:
        """Review the shown seat's moves in the current frame's round in the background: one move at a time in
        the page's worker (the one the computer thinks in, started now if need be), or on the page's own
        thread in small steps while there is none; how far it has come is shown (`reviewed`, `to_review`)."""
        if self.reviewing:
            return
        self.reviewing = True
        self.review = None
        self._review_token += 1
        record, seat = self.replayer.record, self._review_seat()
        _, picked, rnd = moves_to_review(record, seat, self.position.round)
        self.reviewed, self.to_review = 0, len(picked)
        if self.worker is not None:
            self.worker.start()
        budget = (playouts or REVIEW_PLAYOUTS, iterations or REVIEW_ITERATIONS)
        self.page.platform.spawn(self._run_review(self._review_token, record, seat, rnd, picked, budget))

    async def _run_review(self, token: int, record: Record, seat: int, rnd: int, picked: list[int],
                          budget: tuple[int, int]) -> None:
        """Review the moves one by one (worker, or page's thread), drawing the progress after each; at most
        REVIEW_BUDGET seconds in all (then the moves reviewed so far are shown, and said to be a part)."""
        clock = self.page.platform
        until = clock.now() + REVIEW_BUDGET
        points: list[Point] = []
        complete = True
        try:
            positions = replay(record)
            bot = searcher(budget[1])
            wait_until = clock.now() + REVIEW_WORKER_WAIT
            for i in picked:
                if clock.now() > until:
                    complete = False
                    break
                pt = await self._review_move(token, record, positions, i, seat, budget, bot, wait_until)
                if token != self._review_token:
                    return
                points.append(pt)
                self.reviewed = len(points)
                self.page.refresh()
        except _Dropped:
            return
        except Exception as exc:  # noqa: BLE001
            if token == self._review_token:
                self.reviewing = False
                self.page.fail(exc)
                self.page.refresh()
            return
        if token == self._review_token:
            self.review = Review(seat, rnd, points, marks_of(points), complete)
            self.reviewing = False
            self.page.refresh()

    async def _review_move(self, token: int, record: Record, positions: list[Position], i: int, seat: int,
                           budget: tuple[int, int], bot: Any, wait_until: float) -> Point:
        """One move reviewed: in the worker once it has started (waiting for it until `wait_until`), else on
        the page's thread, handing the page its event loop back every few milliseconds."""
        from ..worker.worker_review import read_point, remote_review, review_request

        clock = self.page.platform
        link = self.worker
        while link is not None and link.remote is None and not link.failed and clock.now() < wait_until:
            await clock.sleep(0.05)
        if token != self._review_token:
            raise _Dropped()
        remote = remote_review(link)
        if remote is not None and link is not None:
            self.reviewer = "worker"
            try:
                text = await remote(review_request(record, seat, i, budget[0], record.seed, budget[1],
                                                   REVIEW_MOVETIME))
            except Exception as exc:  # noqa: BLE001 - a broken worker: this move and the rest on the page
                link.fail(f"the worker failed to review ({type(exc).__name__}: {' '.join(str(exc).split())[:160]})")
            else:
                try:
                    return read_point(text)
                except Exception as exc:  # noqa: BLE001 - the worker could not review this move: the page does
                    clock.console_warn(f"Jaipur reviews move {i + 1} on the page's thread: {exc}")
        self.reviewer = "page"
        thinking = think_point(positions, record.moves, i, seat, budget[0], record.seed, budget[1],
                               REVIEW_MOVETIME, bot)
        live, pt = await stepped(thinking, clock, lambda: token == self._review_token)
        if not live:
            raise _Dropped()
        return pt  # type: ignore[no-any-return]


class _Dropped(Exception):
    """The review was stopped (the viewer left, or a new review began) while a move was being reviewed."""
