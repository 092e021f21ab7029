"""A lesson: a match played on from a given position (`#position=`, a host's load-position, a saved one),
which the reader can try again (`restart`: back to the position and its caption) and in which the
computer may be told not to answer (`?reply=0`: the reader's move is played and shown, then the table
waits until Try again).

The caption describes the lesson's position, so it is shown only while that position is on the table;
once the reader has played on, the table says so instead (`TableState.restart`)."""

from __future__ import annotations

from ...position import Position
from ...record import Record
from ..draw.model import Key, TableState
from ..i18n import Strings
from .base import Page
from .match import MatchMode
from .thinker import Thinker


class LessonMode(MatchMode):
    """A match from a position: `restart` puts the position back; `reply` False: the computer never moves."""

    actions = MatchMode.actions | {"restart"}

    def __init__(self, page: Page, record: Record, opponent: str, human_seat: int, thinker: Thinker,
                 players: tuple[str, str] | None = None, caption: str = "", saves: bool = True,
                 reply: bool = True) -> None:
        super().__init__(page, record, opponent, human_seat, thinker, players, caption, saves)
        self.reply = reply or opponent == "human"

    @property
    def moved(self) -> bool:
        """The table is no longer at the lesson's position (a move was played, or the next round dealt)."""
        return bool(self.moves) or self._dealt is not None

    @property
    def held(self) -> bool:
        """The computer is to move and does not answer (`reply=0`)."""
        p = self.position
        return not self.reply and p.status == "playing" and not p.round_over and p.to_move != self.human_seat

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The match, its caption only while the lesson's position is shown, and the Try again button."""
        super().table(st, s, selection, at)
        moved = self.moved if at is None else at is not self.history[0]
        st.restart = {"moved": moved, "reply": self.reply, "held": self.held and at is None,
                      "caption": st.caption}   # the text: its room is kept once the table moves on
        if moved:
            st.caption = ""
        if st.restart["held"]:
            st.hint = ("held", None, None)

    def after_move(self) -> None:
        """What comes next; with `reply=0` the computer's turn is not played (the table waits for Try again)."""
        if self.held:
            self._viewer = self.human_seat
            return
        super().after_move()

    def act(self, action: str, value: str) -> bool:
        """Try again (back to the lesson's position), or the match's own buttons."""
        if action == "restart":
            return self.restart()
        return super().act(action, value)

    def restart(self) -> bool:
        """Back to the lesson's position and its caption: the computer's think is dropped, the dialog closed."""
        if not self.moved:
            return False
        self.thinker.cancel()
        del self.record.moves[:]
        self._history = self._history[:1]
        self._dealt = None
        self.last = None
        self.pass_to = None
        self.screen = "table"
        self.page.clear_dialog()
        self.page.show_played(None)
        self._viewer = self.human_seat
        self.save()
        self.after_move()
        return True
