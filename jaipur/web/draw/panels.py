"""The shapes of `model.TableState`'s per-feature payloads: what a mode (modes/) writes and a render module reads,
one `TypedDict` each, so `mypy --strict` checks every key on both sides. Nothing here runs: the types are read by
the checker only (this module imports its names for annotations alone, so it imports nothing of the page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from ...study.puzzlebook import Verdict
    from ...study.review import Review
    from ..i18n import Reason
    from ..teach.editor import Draft
    from ..teach.puzzle import PuzzleVerdict
    from .model import MoveEntry, ReplayedMove


class PuzzlePanel(TypedDict):
    """A puzzle under the table (modes/puzzle.py; render_panel, render_table): the verdict on the last try, the
    answer once revealed, whether it is solved (`revealed`: after the answer was shown), its task and solver."""

    verdict: PuzzleVerdict | None
    answer: Reason | None
    solved: bool
    revealed: bool
    caption: str
    solver: int
    title: NotRequired[str]          # a tutorial step's "Step n of N" (modes/tutorial.py), else "Puzzle"


class ReplayInfo(TypedDict):
    """The replay block of the replayer's current view (`replayer.Replayer.current_view`)."""

    frame: int
    frames: int
    ply: int
    plies: int
    round_starts: list[int]
    seen_from: int | str             # 0, 1 or "all"
    players: list[str]
    at_start: bool
    at_end: bool
    last: ReplayedMove | None        # the move that led to this frame (None at a start or a deal)


class ReplayFrame(ReplayInfo):
    """The replay viewer's frame (modes/replay.py; render_replay, render_table): the replayer's block, plus the
    autoplay, the rounds held, the frame's round, who is to move, its status and the player's own seat."""

    autoplay: bool
    rounds: list[int]
    round: int
    to_move: int
    status: str
    you: int | None                  # the seat of the player whose own match this is (None: a record)
    locked: bool                     # only the player's own seat may be shown (a friend game: the rest stand-ins)


class SharePanel(TypedDict):
    """The share dialog (sharing.py; render_dialogs): the link, and whether Copy worked (None: not tried)."""

    link: str
    copied: bool | None


class CollectionPanel(TypedDict):
    """A puzzle of the collection (modes/collection.py; render_collection, render): its id, where it is, and
    whether it was solved here or its answer shown without a solve."""

    id: str
    index: int
    total: int
    solved: bool
    revealed: bool


class BookEntry(TypedDict):
    """One puzzle of the collection on the start screen (startscreen.py; render_collection)."""

    id: str
    level: int
    solved: bool
    revealed: bool


class ReviewPanel(TypedDict):
    """A replay's game review (modes/replay.py; render_review): running or made, of which seat, how far it has
    come, where the moves were reviewed ("worker", "page" or ""), and the marked moves as log entries by index."""

    running: bool
    review: Review | None
    seat: int
    done: int
    total: int
    where: str
    moves: dict[int, MoveEntry]


class LessonPanel(TypedDict):
    """A step of Learn to play (modes/tutorial.py; render_tutorial, render_table): its id, where it is, whether
    it is solved, and how many steps are done."""

    id: str
    index: int
    total: int
    solved: bool
    done: int


class EditorOutput(TypedDict):
    """What the editor wrote out last (modes/editor.py): which copy, its text, and whether Copy worked."""

    what: str
    text: str
    copied: bool | None


class EditorPanel(TypedDict):
    """The position editor (modes/editor.py; render_editor): the draft, the palette's zone, the engine's problem
    (an English sentence) and the notice, the puzzle's solution and the verifier's verdict, what was written
    out, and the tokens left (and the room for more) on every pile."""

    draft: Draft
    zone: str
    problem: str | None
    notice: Reason | None
    still: bool
    solving: bool
    solution: str | None
    verdict: Verdict | None
    judging: bool
    output: EditorOutput | None
    playing: bool
    goods: dict[str, tuple[int, ...]]
    goods_room: dict[str, int]
    bonus: dict[str, int]
    bonus_room: dict[str, int]


class RestartPanel(TypedDict):
    """A match from a lesson's position (modes/lesson.py; render_lesson, render_table): whether the table moved
    on, whether the computer replies, whether it is holding its turn, and the lesson's caption."""

    moved: bool
    reply: bool
    held: bool
    caption: str
