"""The replay viewer of a `#record=` (or an imported record, or a host's load-record): step, jump to
rounds, whose cards are shown, and the autoplay, which this mode owns (a timer task it cancels on leaving)."""

from __future__ import annotations

from typing import Any

from ...position import Position
from ...record import Record
from ...review import Review, think_review
from ..i18n import Strings
from ..model import Key, TableState, action_states
from ..motion import Played
from ..replayer import Replayer
from .base import BaseMode, Page
from .thinker import stepped

AUTOPLAY_DELAY = 0.9
"""Seconds between two frames of the autoplay."""
REVIEW_PLAYOUTS = 4
"""Playouts per estimate when the page reviews a round."""
REVIEW_BUDGET = 30.0
"""Seconds the page's review may take at most (then it shows the moves reviewed so far, and says so)."""
REVIEW_ITERATIONS = 10
"""The search's iterations per position in the page's review."""
STEPS = {"replay-first": "first", "replay-back": "back", "replay-forward": "forward", "replay-last": "last",
         "replay-round": "round"}


class ReplayMode(BaseMode):
    """A record replayed frame by frame, seen from a seat or with every card shown ("all")."""

    kind = "replay"
    actions = frozenset({*STEPS, "replay-play", "replay-seat"})

    def __init__(self, page: Page, record: Record, seat: int | str | None = None,
                 delay: float = AUTOPLAY_DELAY) -> None:
        self.replayer = Replayer(record, seat if seat in (0, 1, "all") else 0)
        super().__init__(page)
        self.delay = delay
        self.autoplaying = False
        self._token = 0
        self.review: Review | None = None      # the game review of one seat's round (jaipur.review), once made
        self.reviewing = False
        self._review_token = 0

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
        info = v["replay"]
        p = rp.position
        st.view = v
        st.seat = self.viewer
        st.names = (str(info["players"][0])[:40], str(info["players"][1])[:40])
        st.you_are_named = True
        st.actions = action_states(p, st.seat, v, frozenset(), False)
        st.turn = "over"
        st.hint = ("replay", None, None)
        st.log = rp.log()
        st.last = None          # the move just played is said in the replay controls
        st.interactive = False
        st.replay = dict(info, autoplay=self.autoplaying, rounds=rp.rounds(), round=p.round,
                         to_move=p.to_move, status=p.status)
        st.review = {"running": self.reviewing, "review": self.review, "seat": self._review_seat()}

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
        elif action == "replay-seat":
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

    def _forward(self, step: Any) -> bool:
        """One step on (`step` is the replayer's), its move shown moving on the next draw."""
        rp = self.replayer
        at = rp.index
        moved = bool(step())
        shown = rp.played(at)
        if shown is not None:
            self.page.played = Played(*shown)
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
        """Review the shown seat's moves in the current frame's round, in the background (yields to the page)."""
        if self.reviewing:
            return
        self.reviewing = True
        self.review = None
        self._review_token += 1
        clock = self.page.platform
        until = clock.now() + REVIEW_BUDGET
        thinking = think_review(self.replayer.record, self._review_seat(), self.position.round,
                                playouts or REVIEW_PLAYOUTS, seed=self.replayer.record.seed,
                                iterations=iterations or REVIEW_ITERATIONS, stop=lambda: clock.now() > until)
        self.page.platform.spawn(self._run_review(self._review_token, thinking))

    async def _run_review(self, token: int, thinking: Any) -> None:
        """Step the review, handing the page back its event loop after every estimate."""
        try:
            live, review = await stepped(thinking, self.page.platform, lambda: token == self._review_token)
            if live and token == self._review_token:
                self.review = review
                self.reviewing = False
                self.page.refresh()
        except Exception as exc:  # noqa: BLE001
            self.reviewing = False
            self.page.fail(exc)
            self.page.refresh()
