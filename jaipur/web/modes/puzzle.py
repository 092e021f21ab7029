"""A puzzle: a position and the moves that solve it. Tries are judged in words (`jaipur.web.teach.puzzle`);
a right move is played (with the scripted reply), a wrong one changes nothing and is said to be wrong at once,
then why: the verifier's counter-example (`jaipur.puzzlebook.think_refute`, from the solver's view only),
looked for in the background when it needs dealings played out. The answer can be revealed (with why it
surely wins); a puzzle solved after its answer was shown is said to be revealed, not solved."""

from __future__ import annotations

from collections.abc import Generator

from ...notation import format_move
from ...position import Position
from ...rules import apply
from ...study.puzzlebook import Refutation, think_refute
from ...view import view
from ..draw.model import Key, LogEntry, MoveEntry, TableState, describe, hint_for, round_start
from ..draw.motion import Played
from ..i18n import Reason, Strings
from ..links import host
from ..teach.puzzle import Puzzle, PuzzleVerdict, refuted
from .base import MODAL, BaseMode, Page, fill
from .thinker import stepped


class PuzzleMode(BaseMode):
    """The table at the puzzle's position, seen by the solver."""

    kind = "puzzle"
    actions = frozenset({"reveal", "retry"})

    def __init__(self, page: Page, puzzle: Puzzle, caption: str = "", players: tuple[str, str] | None = None) -> None:
        self.puzzle = Puzzle(puzzle.start, [" ".join(line) for line in puzzle.lines], puzzle.caption)
        super().__init__(page, self.puzzle.solver, players, caption or puzzle.caption)
        self.verdict: PuzzleVerdict | None = None
        self.answer: Reason | None = None         # the puzzle's answer once revealed (worded when drawn)
        self._why = getattr(self, "_why", 0) + 1  # the wrong try being explained (a newer try or leaving drops it)

    @property
    def position(self) -> Position:
        """Where the tries have led (the puzzle's position until a right move)."""
        return self.puzzle.position

    def _entries(self) -> list[MoveEntry]:
        out: list[MoveEntry] = []
        p = self.puzzle.start
        for move in self.puzzle.played:
            after = apply(p, move)
            out.append(describe(p, move, after))
            p = after
        return out

    @property
    def log(self) -> list[LogEntry]:
        """The deal, then the moves played since (derived from the puzzle's moves)."""
        start = self.puzzle.start
        return [round_start(start, start.starter), *self._entries()]

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The puzzle seen by the solver, with the verdict of the last try and the answer once revealed."""
        p = at or self.position
        seat = self.viewer
        solved = self.puzzle.solved
        playing = p.status == "playing"
        v = dict(view(p, seat))
        fill(st, p, seat, v, selection, playing and p.to_move == seat and not solved and st.dialog not in MODAL)
        if solved:
            st.hint, st.turn = ("revealed" if self.puzzle.revealed else "solved", None, None), "over"
        else:
            st.hint = hint_for(st.actions, v, selection)
            if st.hint[0] == "start":
                st.hint = ("puzzle", None, None)
            st.turn = "over" if not playing else ("you" if p.to_move == seat else "opponent")
        st.names = self.players or ((s.t("name.you"), s.t("name.opponent")) if seat == 0
                                    else (s.t("name.opponent"), s.t("name.you")))
        st.you_are_named = self.players is not None
        st.log = self.log
        entries = self._entries()
        st.last = entries[-1] if entries else None
        st.caption = self.caption
        st.puzzle = {"verdict": self.verdict, "answer": self.answer, "solved": solved,
                     "revealed": self.puzzle.revealed, "caption": self.caption or self.puzzle.caption,
                     "solver": self.puzzle.solver}

    def may_move(self) -> bool:
        """The solver is to move and the puzzle is not solved yet."""
        p = self.position
        return p.status == "playing" and p.to_move == self.viewer and not self.puzzle.solved

    def ready(self) -> tuple[str, str, bool, int | str]:
        """A puzzle, seen by the solver."""
        return ("puzzle", self.position.mode, True, self.viewer)

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Judge a try (puzzle.check): a right move is played (and the reply), a wrong one changes nothing."""
        pz = self.puzzle
        before = pz.position
        played = len(pz.played)
        verdict = pz.check(move)
        self.verdict = verdict
        self._why += 1
        if not verdict.correct and verdict.legal:
            self.explain_wrong(before, format_move(move))
        if verdict.correct:
            p = before
            for m in pz.played[played:]:
                after = apply(p, m)
                self.page.post(host.move_event(p, m, after, len(pz.played)))
                p = after
            if len(pz.played) == played + 1:   # the solver's move alone (a reply too: nothing flies)
                self.page.show_played(Played(before, pz.played[-1], pz.position, chosen))
        self.page.post(host.puzzle_event(str(move), verdict.correct, verdict.done))

    def explain_wrong(self, before: Position, move: str) -> None:
        """A legal try that is not the answer: why, from the verifier's counter-example, found from the solver's
        view. A move that ends the round is judged at once; otherwise the verdict says "not this one" until the
        opponent's reply that beats it is found (in the background: dealings are played out)."""
        thinking = think_refute(before, move)
        try:
            next(thinking)
        except StopIteration as done:
            self.verdict = PuzzleVerdict(False, refuted(before, done.value))
            return
        self.verdict = PuzzleVerdict(False, Reason("puzzle.wrong.thinking"))
        self.page.platform.spawn(self._explain(self._why, before, thinking))

    async def _explain(self, token: int, before: Position, thinking: Generator[None, None, Refutation]) -> None:
        """Look for the counter-example a step at a time, then say it (unless another try or leaving dropped it)."""
        try:
            live, found = await stepped(thinking, self.page.platform, lambda: token == self._why)
        except Exception as exc:  # noqa: BLE001 - the wrong try stays said; only the why is missing
            self.page.platform.console_warn(f"Jaipur could not explain the try: {type(exc).__name__}: {exc}")
            return
        if live and token == self._why:
            self.verdict = PuzzleVerdict(False, refuted(before, found))
            self.page.refresh()

    def leave(self) -> None:
        """Drop the explanation being looked for."""
        self._why += 1

    def act(self, action: str, value: str) -> bool:
        """Reveal the answer (kept as a reason, so switching language words it anew), or try again
        (back to the puzzle's position: True, the table changed)."""
        if action == "reveal":
            self.answer = self.puzzle.answer()
        elif action == "retry":
            self.puzzle.reset()
            self.verdict = None
            self._why += 1
            return True
        return False
