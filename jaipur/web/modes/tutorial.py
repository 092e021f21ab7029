"""Learn to play: the guided first game (`jaipur.web.teach.tutorial`), one step at a time on the table itself.

Each step is shown like a puzzle (the learner at seat 0, the step's instruction as the caption): a move
that does what the step asks is played and explained in a sentence; another legal move is refused with a
sentence that says what it would have done and what the step asks instead, and changes nothing. Only the
buttons of the kinds of move the step asks for are highlighted. Steps done are kept in this browser
(`tutorial.LEARN_KEY`)."""

from __future__ import annotations

from ...bots.words import saying
from ...position import Position
from ...view import view
from ..draw.model import Key, TableState
from ..i18n import Reason, Strings
from ..teach.puzzle import Puzzle, PuzzleVerdict
from ..teach.tutorial import STEPS, Step, first_open, keep_done, load_done
from .base import Page
from .puzzle import PuzzleMode


class TutorialMode(PuzzleMode):
    """Step `index` of the tutorial on the table."""

    kind = "puzzle"
    actions = frozenset({"reveal", "retry", "learn-next", "learn-back"})

    def __init__(self, page: Page, index: int | None = None) -> None:
        self.index = first_open(load_done(page.platform)) if index is None else max(0, min(index, len(STEPS) - 1))
        super().__init__(page, self._puzzle())

    @property
    def step(self) -> Step:
        """The step on the table."""
        return STEPS[self.index]

    def _puzzle(self) -> Puzzle:
        return Puzzle(self.step.position, self.step.moves())

    def _go(self, index: int) -> bool:
        if not 0 <= index < len(STEPS) or index == self.index:
            return False
        self.index = index
        PuzzleMode.__init__(self, self.page, self._puzzle())
        return True

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The step's table, its instruction as the caption and where it is in the tutorial."""
        super().table(st, s, selection, at)
        told = s.t(f"learn.{self.step.id}.try")
        st.caption = told
        if st.hint[0] in ("puzzle", "solved", "revealed"):   # the step's own words, not a puzzle's
            st.hint = ("learn" if st.hint[0] == "puzzle" else "learned", None, None)
        st.wanted = self.step.kinds()
        if st.puzzle is not None:
            st.puzzle["caption"] = told
            st.puzzle["title"] = s.t("learn.step", n=s.num(self.index + 1), total=s.num(len(STEPS)))
        done = load_done(self.page.platform)
        st.lesson = {"id": self.step.id, "index": self.index, "total": len(STEPS), "solved": self.puzzle.solved,
                     "done": len(done | ({self.step.id} if self.puzzle.solved else set()))}

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """A move that does what the step asks is played and explained; another one is refused in a sentence."""
        super().play(move, chosen)
        v = self.verdict
        if v is None:
            return
        if v.correct:
            self.verdict = PuzzleVerdict(True, Reason(f"learn.{self.step.id}.right"), done=True)
            platform = self.page.platform
            if not self.page.embed and not keep_done(platform, load_done(platform) | {self.step.id}):
                self.page.storage_refused()

    def explain_wrong(self, before: Position, move: str) -> None:
        """A legal move that is not the step's: what it would have done, and what the step asks instead."""
        did = saying(move, view(before, before.to_move), you=True)
        self.verdict = PuzzleVerdict(False, Reason("learn.wrong", values={"did": did,
                                                                          "why": Reason(self.step.refusal(move))}))

    def act(self, action: str, value: str) -> bool:
        """Next and Back through the steps, or Try again."""
        if action == "learn-next":
            return self._go(self.index + 1)
        if action == "learn-back":
            return self._go(self.index - 1)
        return super().act(action, value)
