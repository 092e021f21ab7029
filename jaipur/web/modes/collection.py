"""A puzzle of the collection: the puzzle mode, with a caption in the player's language, Back and Next
through the collection, each solve remembered, and each answer shown remembered as revealed, not solved
(`jaipur.web.store.collection`). While it is shown, the page's address names it (`?puzzle=ID`: `address`)."""

from __future__ import annotations

from ...position import Position
from ...study.puzzlebook import Entry
from ..draw.model import Key, TableState
from ..i18n import Strings
from ..store.collection import REVEALED_KEY, keep_outcome, load_solved, puzzle_of
from .base import Page
from .puzzle import PuzzleMode


class CollectionMode(PuzzleMode):
    """Puzzle `index` of the collection `entries`, seen by its solver."""

    actions = frozenset({"reveal", "retry", "puzzle-next", "puzzle-back"})

    def __init__(self, page: Page, entries: list[Entry], index: int) -> None:
        self.entries = entries
        self.index = max(0, min(index, len(entries) - 1))
        super().__init__(page, puzzle_of(self.entry))

    @property
    def entry(self) -> Entry:
        """The collection's puzzle on the table."""
        return self.entries[self.index]

    def _go(self, index: int) -> bool:
        """Open another puzzle of the collection (the table changed when it exists)."""
        if not 0 <= index < len(self.entries) or index == self.index:
            return False
        self.index = index
        PuzzleMode.__init__(self, self.page, puzzle_of(self.entry))
        return True

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The puzzle's table, its caption in the page's language and where it is in the collection."""
        super().table(st, s, selection, at)
        e = self.entry
        caption = s.t("collection.caption", n=s.num(self.index + 1), total=s.num(len(self.entries)),
                      level=s.num(e.level))
        st.caption = caption
        if st.puzzle is not None:
            st.puzzle["caption"] = caption
        solved = load_solved(self.page.platform)
        st.collection = {"id": e.id, "index": self.index, "total": len(self.entries), "solved": e.id in solved,
                         "revealed": e.id not in solved and e.id in load_solved(self.page.platform, REVEALED_KEY)}

    def address(self) -> str:
        """The collection's id of the puzzle shown: the page's address says `?puzzle=` it."""
        return self.entry.id

    def _keep(self, solved: bool) -> None:
        """Remember a solve, or an answer shown (not when embedded: the host page's visitor is not this player)."""
        if not self.page.embed and not keep_outcome(self.page.platform, self.entry.id, solved):
            self.page.storage_refused()

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Judge the try; a solve is remembered in this browser (as revealed when the answer was shown first)."""
        super().play(move, chosen)
        if self.puzzle.solved:
            self._keep(not self.puzzle.revealed)

    def act(self, action: str, value: str) -> bool:
        """Back and Next through the collection, or the puzzle's own buttons (showing the answer is remembered)."""
        if action == "puzzle-next":
            return self._go(self.index + 1)
        if action == "puzzle-back":
            return self._go(self.index - 1)
        changed = super().act(action, value)
        if action == "reveal":
            self._keep(False)
        return changed
