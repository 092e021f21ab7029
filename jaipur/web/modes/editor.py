"""The position editor (`?edit=1`, the start screen, or "Open in editor" from a table): cards clicked into the
market, the hands, the herds and the discard pile; the goods and bonus piles, the turn, the round and the seals
set by buttons. Every change is checked at once by the engine (`jaipur.web.teach.editor.check`, its own sentence);
only a valid position is ever written out: a link, an `<iframe>` snippet (links.make_snippet), or a puzzle whose
solution is played on the table and judged by the puzzle verifier (`jaipur.puzzlebook.judge_steps`, in the
background, a move's playouts at a time).

Opening a position being played never carries what its player may not see: the opponent's hand, the deck order
and the hidden bonus values are dealt afresh (`editor.from_view`). A replay's step is public (its record replays
every card), so it opens as it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import JaipurError
from ...position import Position
from ...rules import new_match
from ...study.puzzlebook import PLAYOUTS as COLLECTION_PLAYOUTS
from ...study.puzzlebook import Verdict, judge_steps
from ...view import view
from ..draw.model import Key, TableState, hint_for
from ..draw.panels import EditorOutput
from ..i18n import Reason, Strings, strings
from ..links.linkwriter import make_link, make_snippet
from ..teach import editor
from ..teach.editor import Draft
from .base import BaseMode, Mode, Page, copy_text, fill

PLAYOUTS = COLLECTION_PLAYOUTS
"""Playouts per move when the page judges a puzzle: the collection's (the verifier yields after each one)."""
SEED_LIMIT = 1 << 31
"""Fresh seeds (a new deal, hidden cards dealt afresh) are drawn below this, so links stay short."""
COPIES = ("link", "embed", "puzzle", "puzzle-embed")
"""What the editor writes out: a link to the position, its `<iframe>`, the puzzle's link, the puzzle's `<iframe>`."""


def _int(text: str, default: int = 0) -> int:
    try:
        return int(text)
    except ValueError:
        return default


class EditorMode(BaseMode):
    """A position draft being edited; `solving` while its solution is played on the table."""

    kind = "editor"
    actions = frozenset({"editor-add", "editor-remove", "editor-zone", "editor-herd", "editor-goods",
                         "editor-bonus", "editor-turn", "editor-round", "editor-seal", "editor-clear",
                         "editor-deal", "editor-copy", "editor-still", "editor-solve", "editor-unsolve",
                         "editor-back"})

    def __init__(self, page: Page, draft: Draft | None = None, notice: Reason | None = None,
                 solution: str | None = None) -> None:
        super().__init__(page)
        self.screen = "editor"
        self.draft = draft if draft is not None else self._deal()
        self.zone = "market"                   # where a card of the palette goes
        self.notice = notice                   # said above the editor (the hidden cards were dealt afresh)
        self.still = False                     # links and snippets show a still picture (interactive=0)
        self.solving = False                   # the table is shown: the next move played is the solution
        self.solution: str | None = None
        self.verdict: Verdict | None = None
        self.judging = False
        self.output: EditorOutput | None = None     # what was written out last: what, text, copied
        self._token = 0                        # a judgement in the background is dropped when it changes
        if solution is not None:
            self._set_solution(solution)

    def _deal(self) -> Draft:
        seed = self.page.platform.random_seed() % SEED_LIMIT
        return editor.from_position(new_match(seed=seed))

    # ------------------------------------------------------------ what the mode shows
    @property
    def position(self) -> Position | None:
        """The draft's position (None while the engine refuses it)."""
        return editor.position_of(self.draft)

    @property
    def viewer(self) -> int:
        """The side to move: it solves the puzzle, and a link shows its side of the table."""
        return self.draft.to_move

    def problem(self) -> str | None:
        """Why the draft cannot be written out: the engine's sentence, or None."""
        message = editor.check(self.draft)
        if message is not None:
            return message
        p = self.position
        if p is not None and p.status == "match-over":
            return "That match is already over: a link opens a position where the match goes on."
        return None

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The editor's state for render_editor; while solving, the table at the draft seen by the solver."""
        d = self.draft
        st.editor = {
            "draft": d, "zone": self.zone, "problem": self.problem(), "notice": self.notice, "still": self.still,
            "solving": self.solving, "solution": self.solution, "verdict": self.verdict, "judging": self.judging,
            "output": self.output, "playing": (p := self.position) is not None and p.status == "playing",
            "goods": {g: editor.goods_left(d, g) for g in editor.GOODS_LETTERS},
            "goods_room": {g: len(editor.goods_room(d, g)) for g in editor.GOODS_LETTERS},
            "bonus": {k: editor.bonus_left(d, k) for k in editor.BONUS_PILES},
            "bonus_room": {k: len(editor.bonus_room(d, k)) for k in editor.BONUS_PILES},
        }
        st.names = (s.t("editor.seat", n=s.num(1)), s.t("editor.seat", n=s.num(2)))
        st.you_are_named = True
        if not self.solving or p is None:
            return
        seat = self.viewer
        v = dict(view(p, seat))
        active = self.may_move() and st.dialog is None
        fill(st, p, seat, v, selection, active)
        st.hint = hint_for(st.actions, v, selection)
        if st.hint[0] == "start":
            st.hint = ("puzzle", None, None)
        st.turn = "you" if active else "over"
        st.can_suggest = False
        st.caption = s.t("editor.solve.task", name=st.names[seat])

    def may_move(self) -> bool:
        """Only while the solution is being played, on a position where the round goes on."""
        p = self.position
        return self.solving and p is not None and p.status == "playing"

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """The move played on the table becomes the puzzle's solution: back to the editor, the verifier judges it."""
        if self.may_move():
            self.solving = False
            self.screen = "editor"
            self._set_solution(move)

    def ready(self) -> tuple[str, str, bool, int | str]:
        """The host's `ready` event: the editor, interactive."""
        p = self.position
        return ("editor", p.mode if p is not None else "standard", True, self.viewer)

    def leave(self) -> None:
        """Drop a judgement running in the background."""
        self._token += 1
        self.judging = False

    # ------------------------------------------------------------ editing
    def _edited(self, draft: Draft) -> bool:
        """A new draft: what was written out and the solution no longer fit it."""
        if draft == self.draft:
            return False
        self.draft = draft
        self.output = None
        self.notice = None
        self._drop_solution()
        return True

    def _drop_solution(self) -> None:
        self.leave()
        self.solution = None
        self.verdict = None

    def act(self, action: str, value: str) -> bool:
        """One of the editor's buttons; True when the draft (or the screen) changed. While the solution is played
        only Back counts (a stale click from the editor's screen changes nothing)."""
        if self.solving and action != "editor-back":
            return False
        d = self.draft
        seat_text, _, rest = value.partition(":")
        try:
            if action == "editor-add" and value in editor.LETTERS:
                return self._edited(editor.add_card(d, self.zone, value))
            if action == "editor-remove" and seat_text in editor.ZONES:
                return self._edited(editor.remove_card(d, seat_text, _int(rest, -1)))
            if action == "editor-zone" and value in editor.ZONES:
                self.zone = value
                return False
            if action == "editor-herd" and seat_text in ("0", "1"):
                seat = int(seat_text)
                return self._edited(editor.set_herd(d, seat, d.herds[seat] + _int(rest)))
            if action == "editor-goods" and seat_text in tuple(editor.GOODS_LETTERS):
                return self._edited(editor.set_goods_left(d, seat_text, len(editor.goods_left(d, seat_text))
                                                          + _int(rest)))
            if action == "editor-bonus" and seat_text in editor.BONUS_PILES:
                return self._edited(editor.set_bonus_left(d, seat_text, editor.bonus_left(d, seat_text)
                                                          + _int(rest)))
            if action == "editor-turn" and value in ("0", "1"):
                return self._edited(editor.set_turn(d, int(value)))
            if action == "editor-round" and value in ("1", "2", "3"):
                return self._edited(editor.set_round(d, int(value), d.seals))
            if action == "editor-seal" and value in ("0", "1"):
                seals = list(d.seals)
                seals[int(value)] = 1 - seals[int(value)]
                return self._edited(editor.set_round(d, d.round, (seals[0], seals[1])))
        except ValueError:
            return False
        return self._command(action, value)

    def _command(self, action: str, value: str) -> bool:
        if action == "editor-clear":
            return self._edited(editor.clear(self.draft))
        if action == "editor-deal":
            return self._edited(self._deal())
        if action == "editor-still":
            self.still = not self.still
            self.output = None
        elif action == "editor-copy" and value in COPIES:
            self.copy(value)
        elif action == "editor-solve" and self.problem() is None:
            p = self.position
            if p is not None and p.status == "playing":
                self._drop_solution()
                self.solving = True
                self.screen = "table"
                return True
        elif action == "editor-unsolve":
            self._drop_solution()
            self.output = None
        elif action == "editor-back" and self.solving:
            self.solving = False
            self.screen = "editor"
            return True
        return False

    # ------------------------------------------------------------ the solution and its verdict
    def _set_solution(self, move: str) -> None:
        """Keep the solution and judge it in the background (a move the engine refuses is no solution)."""
        self._drop_solution()
        p = self.position
        if p is None:
            return
        try:
            steps = judge_steps(p, move, PLAYOUTS, self.draft.seed)
            next(steps)          # checks the move (the engine raises on an illegal one) and finds the sure wins
        except JaipurError:
            return
        self.solution = move
        self.judging = True
        self.page.platform.spawn(self._judge(self._token, steps))

    async def _judge(self, token: int, steps: Any) -> None:
        try:
            for got in steps:
                if token != self._token:
                    return
                if got is not None:
                    self.verdict = got
                await self.page.platform.sleep(0)
        except Exception as exc:  # noqa: BLE001 - a broken verifier says so, the editor goes on
            self.page.fail(exc)
        if token == self._token:
            self.judging = False
            self.page.refresh()

    # ------------------------------------------------------------ writing out
    def text_for(self, what: str) -> str:
        """The link or `<iframe>` of the draft (a puzzle's carries its solution); raises when it is not valid."""

        problem = self.problem()
        if problem is not None:
            raise JaipurError(problem, "bad-position")
        data = editor.export(self.draft)
        puzzle = what.startswith("puzzle")
        if puzzle and self.solution is None:
            raise JaipurError("Play the puzzle's solution on the table first.", "bad-position")
        embed = what.endswith("embed")
        lang = self.page.lang if self.page.lang != "en" else None
        base = self.page.platform.page_url()
        solution: Sequence[str] | None = [self.solution] if puzzle and self.solution else None
        link = make_link(base, data, solution=solution, lang=lang, embed=embed,
                         interactive=False if self.still and not puzzle else None)
        if not embed:
            return link
        s = strings(self.page.lang)
        return make_snippet(link, s.t("editor.iframe.puzzle" if puzzle else "editor.iframe.position"))

    def copy(self, what: str) -> None:
        """Write out the draft and copy it to the clipboard (through the platform's copy, as the share dialog does)."""
        try:
            text = self.text_for(what)
        except JaipurError:
            return
        self.output = {"what": what, "text": text, "copied": None}
        self.page.platform.spawn(self._copy(text))

    async def _copy(self, text: str) -> None:
        ok = await copy_text(self.page.platform, text)
        if self.output is not None and self.output.get("text") == text:
            self.output = {**self.output, "copied": ok}
            self.page.refresh()


def editor_for(page: Page, mode: Mode | None) -> EditorMode:
    """The editor at what a mode shows ("Open in editor"): a replay's step as it is; a position being played as
    its player sees it, the hidden cards dealt afresh (nothing the player may not see is carried); with nothing
    on the table, a new deal."""
    from .replay import ReplayMode

    p = mode.position if mode is not None else None
    if mode is None or p is None:
        return EditorMode(page)
    if isinstance(mode, ReplayMode):
        return EditorMode(page, editor.from_position(p))
    seed = page.platform.random_seed() % SEED_LIMIT
    return EditorMode(page, editor.from_view(view(p, mode.viewer), seed), Reason("editor.dealt"))


def editor_at(page: Page, position: Position | None = None, solution: str | None = None) -> EditorMode:
    """The editor an address opens (`?edit=1`): at its position (a puzzle's with its solution), else a new deal."""
    return EditorMode(page, editor.from_position(position) if position is not None else None, solution=solution)
