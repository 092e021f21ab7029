"""What the page opens from its address and the browser's storage, and the saved game's question.

At boot and on reset the address's editor, replay, puzzle, lesson or position opens (`open_linked`), else the saved
match resumes (`resume`). A link that starts a new game while another is saved, or another tab that saves
a game (`on_storage`), holds the new game back from storage and asks (`asking`): back to the saved game
(`resume_previous`) or on with the new one (`keep_new`). The controller owns one `Resumer`.
"""

from __future__ import annotations

from typing import Protocol

from ...record import Record
from ..i18n import LANGS, Reason
from ..modes import Mode, Opener, Page
from ..modes.match import MatchMode, pending_save, saved_match
from ..store.names import saved_names
from ..store.profile import Profile
from ..store.saved import SavedGame
from .address import PageRequest


def _names(saved: SavedGame) -> tuple[str, str] | None:
    """The names two players on one device gave themselves, kept with their save (None: none, or not two players)."""
    return saved_names(saved.extra) if saved.opponent == "human" else None


class Resuming(Page, Opener, Protocol):
    """What the resumer needs of the controller: the address, storage, levels, and the ways to open a mode."""

    address: PageRequest
    levels: tuple[str, ...]
    seed: int | None
    profile: Profile
    notices: list[Reason]
    mode: Mode | None

    def open_match(self, record: Record, opponent: str, human_seat: int, players: tuple[str, str] | None = None,
                   caption: str = "", saves: bool = True, earlier: list[Record] | None = None,
                   undos: int = 0) -> None: ...
    def friend_parts(self, text: str) -> None: ...
    def open_mode(self, mode: Mode) -> None: ...
    def open_collection(self, puzzle_id: str) -> bool: ...


class Resumer:
    """The saved game as the page sees it: resumed, held back from a link's new game, or asked about."""

    def __init__(self, page: Resuming) -> None:
        self.page = page
        self.dropped = False                   # a saved game could not be read (a fresh game starts)
        self.other_tab = False                 # the saved game in question came from another tab
        self.previous: SavedGame | None = None # the saved game a link's new one has not written over yet

    def look(self) -> None:
        """At boot: remember the saved game a link's new game would write over (before anything opens)."""
        page = self.page
        if not page.embed and page.address.interactive:
            self.previous = pending_save(page.platform, page.levels)

    def holds(self, saves: bool) -> bool:
        """Whether a match that `saves` must not be written to storage yet (a saved game waits for the question)."""
        return self.previous is not None and saves

    def open_linked(self, resume: bool) -> bool:
        """Open the replay, puzzle or position the address names (a position may yield to the saved
        game of that same link when `resume`); False when the address names none of them."""
        page, a = self.page, self.page.address
        if a.part is not None:                   # a part of a friend's long message: kept until the others come
            page.friend_parts(f"part={a.part}")
        elif a.friend is not None or a.live is not None:   # a game with a friend: its kept game, or the invitation
            from ..modes.friend import open_link

            parts = ([f"friend={a.friend}"] if a.friend is not None else []) + (
                [f"live={a.live}"] if a.live is not None else [])
            page.open_mode(open_link(page, "&".join(parts)))
        elif a.edit and a.record is None:        # the position editor, at the address's position or puzzle
            from ..modes.editor import editor_at

            lines = a.puzzle.lines if a.puzzle is not None else []
            page.open_mode(editor_at(page, a.position, lines[0][0] if lines and lines[0] else None))
        elif a.record is not None:
            page.open_record(a.record, a.seat)
        elif a.collection is not None and not (a.puzzle or a.position) and page.open_collection(a.collection):
            pass
        elif a.learn and not (a.puzzle or a.position):
            from ..modes.tutorial import TutorialMode

            page.open_mode(TutorialMode(page))
        elif a.puzzle is not None:
            page.open_puzzle(a.puzzle, a.caption, a.players)
        elif a.position is not None:
            if not (resume and self.resume()):
                page.open_position(a.position, seat=a.seat if isinstance(a.seat, int) else None,
                                   interactive=a.interactive, caption=a.caption, players=a.players)
        else:
            return False
        return True

    def resume(self) -> bool:
        """Resume the saved match when there is one and the address asks for nothing else (modes.match.saved_match)."""
        page = self.page
        if page.embed or not page.address.interactive:
            return False
        saved, notices, dropped = saved_match(page.platform, page.address, page.seed, page.levels)
        self.dropped = self.dropped or dropped
        page.notices.extend(notices)
        if saved is None:
            return False
        lang = saved.extra.get("lang")   # a language the player chose (profile) or the address names comes first
        if lang in LANGS and "lang" not in page.address.given and page.profile.lang is None:
            page.lang = str(lang)
        self.previous = None
        page.open_match(saved.record, saved.opponent, saved.human_seat, _names(saved), earlier=saved.earlier,
                        undos=saved.undos)
        page.notices.append(Reason("save.resumed"))
        return True

    def on_storage(self) -> bool:
        """Another tab saved a game: a match saving here stops writing over it and asks (True: drawn again)."""
        m = self.page.mode
        if self.page.embed or not isinstance(m, MatchMode) or not m.saves or m.holding and not self.other_tab:
            return False
        other = pending_save(self.page.platform, self.page.levels)
        if m.holding:  # already asking about another tab's game, which has moved on: ask about (and resume) the latest
            if other is None or self.previous is not None and other.record == self.previous.record:
                return False
            self.previous = other
            return True
        if other is None or other.record.moves == m.record.moves and other.record.seed == m.record.seed:
            return False
        m.holding = True
        self.previous = other
        self.other_tab = True
        return True

    def asking(self) -> Reason | None:
        """The question over a new game a link started while another was saved (before a move is played here)."""
        m = self.page.mode
        if self.previous is None or not isinstance(m, MatchMode) or not m.holding:
            return None
        return Reason("save.other-tab" if self.other_tab else "save.previous",
                      values={"n": len(self.previous.record.moves)})

    def resume_previous(self) -> None:
        """The question's first answer: back to the saved game (the link's new one is dropped, never saved)."""
        prev, self.previous, self.other_tab = self.previous, None, False
        if prev is not None:
            self.page.open_match(prev.record, prev.opponent, prev.human_seat, _names(prev), earlier=prev.earlier,
                                 undos=prev.undos)
            self.page.notices = [Reason("save.resumed")]

    def keep_new(self) -> None:
        """The question's other answer: play the new game; the saved one is kept until a move is played here."""
        self.previous, self.other_tab = None, False
