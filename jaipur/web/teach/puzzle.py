"""Puzzles: a position, the moves that solve it and a caption; checks a try and says why, in words.

A solution is a list of *lines*; any line is an acceptable answer. A line is one
move (``"S4L"``) or moves separated by ``_`` or spaces (``"TD_TM_S3L"``): the
solver's move, the other side's reply, the solver's next move, and so on. Every
line must be legal from the position, start with the side to move, end with a
move of the solver and stay inside the round. In a URL the lines are separated
by commas: ``solution=S4L,S3L`` (two acceptable answers).

Pure Python: no browser imports. Verdicts and answers are reason codes with values; the words come from
the catalogues (`jaipur.lang`) through `jaipur.web.i18n`.

>>> from jaipur import position_from_json
>>> p = position_from_json({"market": "MMMDG", "hands": ["LLLL", "C"], "seed": 1})
>>> pz = Puzzle(p, ["S4L"], "Sell for the biggest bonus.")
>>> pz.check("S3L").correct, pz.check("S4L").message("en")
(False, 'Right: selling 4 leather earns 10 rupees and a 4-card bonus token. Puzzle solved.')
>>> win = position_from_json({"market": "MMDSL", "hands": ["GG", "SC"], "herds": [3, 2], "seed": 1,
...                           "goods": {"D": [], "P": [], "G": [6, 5]}})
>>> Puzzle(win, ["S2G"]).reveal("en")
'The answer: selling 2 gold earns 11 rupees, and it ends the round. Whatever the hidden cards are, you win: at least 16 rupees for you, at most 0 for your opponent.'
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ... import safejson
from ...errors import JaipurError
from ...finish import ending_moves, finish
from ...notation import format_move, parse_move
from ...position import Position, position_from_json
from ...rules import apply, check
from ..i18n import Reason, problem, strings

if TYPE_CHECKING:   # the verifier imports this module's links (puzzlebook's check --link): no import cycle
    from ...study.puzzlebook import Refutation

MAX_CAPTION = 200
"""Captions longer than this are cut (with an ellipsis)."""
_DROP = frozenset(("Cc", "Cs", "Co", "Cn"))
"""Character categories dropped from captions (controls, surrogates, private, unassigned); format
characters such as the zero-width non-joiner that Persian needs are kept."""
MAX_LINES = 12
MAX_LINE_MOVES = 15

PROBLEMS = ("param.puzzle", "param.solution")
"""Problem codes this module reports (words in the catalogues, `jaipur.lang`)."""


class BadPuzzleError(JaipurError):
    """A puzzle whose position or solution cannot be used."""

    code = "bad-puzzle"


@dataclass(frozen=True)
class PuzzleVerdict:
    """The answer to one try: right or not, why (a reason code with values), and what happens next."""

    correct: bool
    reason: Reason
    done: bool = False
    reply: str | None = None
    legal: bool = True

    def message(self, lang: str) -> str:
        """The verdict in words, in `lang` (an unknown language gives English)."""
        return strings(lang).reason(self.reason)


def clean_caption(text: Any, limit: int = MAX_CAPTION) -> tuple[str, bool]:
    """Caption text shown as plain text: control characters dropped, spaces collapsed, cut to `limit`.

    Returns (text, was_cut). Markup is never interpreted: '<b>' stays the four characters '<b>'.

    >>> clean_caption("  Sell\\nnow!  ")
    ('Sell now!', False)
    """
    if not isinstance(text, str):
        return "", False
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch) not in _DROP)
    kept = " ".join(kept.split())
    if len(kept) <= limit:
        return kept, False
    return kept[: limit - 1].rstrip() + "…", True


def split_solution(solution: Any) -> list[list[str]]:
    """Lines of moves from a list of strings or a comma-separated string; raises BadPuzzleError on bad shape.

    >>> split_solution("S4L, td_tm_s3l")
    [['S4L'], ['TD', 'TM', 'S3L']]
    """
    if isinstance(solution, str):
        items: list[Any] = solution.split(",")
    elif isinstance(solution, (list, tuple)):
        items = list(solution)
    else:
        raise BadPuzzleError("'solution' must be a list of moves like [\"S4L\"] or text like \"S4L,S3L\".")
    lines: list[list[str]] = []
    for item in items:
        if not isinstance(item, str):
            raise BadPuzzleError("Each solution must be moves written as text, like \"S4L\" or \"TD_TM_S3L\".")
        moves = item.replace("_", " ").split()
        if not moves:
            continue
        if len(moves) > MAX_LINE_MOVES:
            raise BadPuzzleError(f"A solution line holds at most {MAX_LINE_MOVES} moves.")
        try:
            lines.append([format_move(m) for m in moves])
        except JaipurError as exc:
            raise BadPuzzleError(exc.message) from None
    if not lines:
        raise BadPuzzleError("The puzzle has no solution: give at least one move, like solution=S4L.")
    if len(lines) > MAX_LINES:
        raise BadPuzzleError(f"A puzzle has at most {MAX_LINES} alternative solutions.")
    return lines


def phrase(before: Position, move: str, after: Position) -> Reason:
    """What a move does, as a reason code with values; in English: 'selling 4 leather earns 10 rupees and a
    4-card bonus token' (code `puzzle.sell`, `puzzle.camels`, `puzzle.take` or `puzzle.exchange`)."""
    m = parse_move(move)
    ends = after.round_over
    if m.kind == "sell":
        seat = before.to_move
        values = [v for _, v in after.taken_goods[seat][len(before.taken_goods[seat]):]]
        bonus = len(after.taken_bonus[seat]) > len(before.taken_bonus[seat])
        return Reason("puzzle.sell", values={"good": m.good, "count": m.count, "earned": sum(values) if values else None,
                                             "bonus": min(m.count, 5) if bonus else 0, "ends": ends})
    if m.kind == "camels":
        n = before.market[6] if not before.round_over else 0
        return Reason("puzzle.camels", values={"n": n, "ends": ends})
    if m.kind == "take":
        return Reason("puzzle.take", values={"good": m.good, "ends": ends})
    return Reason("puzzle.exchange", values={"taken": m.taken, "given": m.given, "ends": ends})


def sure_words(before: Position, move: str) -> tuple[Reason, ...]:
    """Why `move` is a sure win for the side to move, as sentences (reason codes): the least it scores and the most
    the opponent can whatever the hidden bonus values are, what makes the difference (the camel token, a
    tie-break) and another move that ends the round too but can lose. None when it is not a sure win now."""
    after = apply(before, move)
    seat = before.to_move
    if not after.round_over:
        return ()
    f = finish(before, after, seat)
    if not f.sure_win:
        return ()
    out = [Reason("puzzle.sure", values={"mine": f.worst[0], "theirs": f.worst[1]})]
    if f.camel:
        out.append(Reason("puzzle.sure.camel"))
    if f.tiebreak:
        out.append(Reason(f"puzzle.sure.tiebreak.{f.tiebreak}"))
    for other in ending_moves(before):
        ended = apply(before, other)
        if other != move and not finish(before, ended, seat).sure_win:
            out.append(Reason("puzzle.sure.trap", values={"trap": phrase(before, other, ended)}))
            break
    return tuple(out)


REFUTATIONS = ("puzzle.refute.wins", "puzzle.refute.behind", "puzzle.refute.may-lose", "puzzle.refute.reply",
               "puzzle.refute.reply-may", "puzzle.refute.later", "puzzle.refute.open")
"""The codes `refuted` gives."""


def refuted(before: Position, ref: Refutation) -> Reason:
    """A wrong try in words: what the move does, then the verifier's counter-example (`jaipur.puzzlebook.refute`,
    found from the solver's view): the round's end it brings and its score, or the opponent's reply that beats it."""
    what = phrase(before, ref.move, apply(before, ref.move))
    code = "puzzle.refute.reply-may" if ref.kind == "reply" and not ref.sure else f"puzzle.refute.{ref.kind}"
    return Reason("puzzle.wrong.why", values={"why": Reason(code, values={
        "what": what, "reply": ref.reply or "", "mine": ref.mine, "theirs": ref.theirs, "lost": ref.lost,
        "played": ref.played})})


def describe_move(before: Position, move: str, lang: str = "en") -> str:
    """A legal move in words, as a phrase in `lang`; raises JaipurError when it is not legal."""
    return strings(lang).reason(phrase(before, format_move(move), apply(before, move)))


class Puzzle:
    """A position, its solution lines and a caption; `check` judges tries and walks along the lines."""

    def __init__(self, position: Position, solution: list[str] | str, caption: str = "") -> None:
        """Check the puzzle; raises BadPuzzleError when the position or a solution line cannot be used."""
        if position.status != "playing":
            raise BadPuzzleError("The puzzle's position must be one where a move can still be played.")
        self.start = position
        self.lines = split_solution(solution)
        self.caption = clean_caption(caption)[0]
        self.solver = position.to_move
        for number, line in enumerate(self.lines, 1):
            if len(line) % 2 == 0:
                raise BadPuzzleError(f"Solution {number} must end with a move of the side to move, not a reply.")
            p = position
            for k, move in enumerate(line):
                err = check(p, move)
                if err is not None:
                    raise BadPuzzleError(f"Solution {number}, move {k + 1} ({move}) is not legal: {err.message}")
                p = apply(p, move)
                if p.round_over and k < len(line) - 1:
                    raise BadPuzzleError(f"Solution {number} goes on after move {k + 1}, which ends the round.")
        self.played: list[str] = []
        self.position = position
        self.revealed = False

    @property
    def solved(self) -> bool:
        """True once a whole line has been played."""
        return any(line == self.played for line in self.lines)

    def _alive(self) -> list[list[str]]:
        n = len(self.played)
        return [line for line in self.lines if line[:n] == self.played and len(line) > n]

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.played = []
        self.position = self.start

    def check(self, move: str) -> PuzzleVerdict:
        """Judge a try of the solver in the current position; a right move is played (and the reply, if any)."""
        if self.solved:
            return PuzzleVerdict(True, Reason("puzzle.solved-already"), done=True)
        err = check(self.position, move)
        if err is not None:
            return PuzzleVerdict(False, Reason("puzzle.illegal", values={"detail": err.message}), legal=False)
        text = format_move(move)
        alive = [line for line in self._alive() if line[len(self.played)] == text]
        if not alive:
            return PuzzleVerdict(False, Reason("puzzle.wrong"))
        before = self.position
        after = apply(before, text)
        what = phrase(before, text, after)
        self.played.append(text)
        self.position = after
        if self.solved:
            more = () if self.revealed else sure_words(before, text)   # a shown answer has said it already
            code = "puzzle.right.revealed" if self.revealed else "puzzle.right.solved"
            return PuzzleVerdict(True, Reason(code, values={"what": what, "more": more}), done=True)
        reply = alive[0][len(self.played)]
        answer = phrase(after, reply, apply(after, reply))
        self.played.append(reply)
        self.position = apply(after, reply)
        return PuzzleVerdict(True, Reason("puzzle.right.reply", values={"what": what, "reply": answer}), reply=reply)

    def answer(self) -> Reason:
        """The answer as a reason: every acceptable line, each move with its phrase (from the puzzle's position)."""
        self.revealed = True
        lines = []
        more: tuple[Reason, ...] = ()
        for line in self.lines:
            p = self.start
            steps = []
            for k, move in enumerate(line):
                after = apply(p, move)
                steps.append((phrase(p, move, after), move))
                if len(self.lines) == 1 and k == len(line) - 1:   # one answer: why it surely wins, if it does
                    more = sure_words(p, move)
                p = after
            lines.append(tuple(steps))
        return Reason("puzzle.reveal", values={"lines": tuple(lines), "more": more})

    def reveal(self, lang: str = "en") -> str:
        """The answer in words, in `lang`, every acceptable line (each from the puzzle's position)."""
        return strings(lang).reason(self.answer())

    def to_json(self) -> dict[str, Any]:
        """The puzzle as a position JSON carrying `solution` (lines joined by '_') and `caption`."""
        from ...position import position_to_json

        out = position_to_json(self.start)
        out.pop("status", None)
        out.pop("result", None)
        out["solution"] = ["_".join(line) for line in self.lines]
        if self.caption:
            out["caption"] = self.caption
        return out


def puzzle_from_json(data: Any) -> Puzzle:
    """A puzzle from a position JSON (text or data) that carries `solution` and maybe `caption`.

    Raises BadPuzzleError with a sentence saying what is wrong.
    """
    if isinstance(data, (str, bytes)):
        try:
            safejson.check(data, "The puzzle")
        except safejson.JsonLimitError as exc:
            raise BadPuzzleError(exc.message) from None
        try:
            data = json.loads(data)
        except (ValueError, RecursionError):
            raise BadPuzzleError("The puzzle is not valid JSON.") from None
    if not isinstance(data, dict):
        raise BadPuzzleError("A puzzle is a position JSON object with a 'solution'.")
    if "solution" not in data:
        raise BadPuzzleError("The puzzle has no 'solution', like \"solution\": [\"S4L\"].")
    try:
        position = position_from_json(data)
    except JaipurError as exc:
        raise BadPuzzleError(exc.message) from None
    return Puzzle(position, data["solution"], data.get("caption", "") if isinstance(data.get("caption"), str) else "")


def load_puzzle(position: Position, solution: Any, caption: str = "") -> Puzzle | Reason:
    """Like `Puzzle(...)`, but a problem is returned (code `param.solution`), never raised."""
    try:
        return Puzzle(position, solution, caption)
    except JaipurError as exc:
        return problem("param.solution", detail=exc.message)
