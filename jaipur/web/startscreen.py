"""The start screen's choices: the opponent and game mode chosen, the names two players on one device typed,
and what the screen offers a newcomer (the guided first game suggested, a middle level chosen first).

The controller owns one `StartScreen` and asks it when the start screen's buttons are pressed, when a new
game is dealt (its opponent, mode and players) and when the start screen is drawn (its part of the
`TableState`: the tutorial's suggestion, the statistics, the puzzle collection); render_start.py draws it.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..position import MODES
from .draw.model import TableState
from .i18n import Reason, Strings
from .links.address import PageRequest
from .modes import Platform
from .store.collection import Book, load_revealed, load_solved
from .store.friends import list_games
from .store.names import clean_name, clean_names
from .store.profile import Profile
from .teach.tutorial import load_done


class Chooser(Protocol):
    """What the start screen needs of the controller: storage, the levels, the profile, the collection."""

    platform: Platform
    address: PageRequest
    embed: bool
    levels: tuple[str, ...]
    profile: Profile
    book: Book
    problems: list[Reason]


class StartScreen:
    """The choices made on the start screen (`opponent`, `mode`, `names`) and what it shows besides them."""

    def __init__(self, page: Chooser) -> None:
        self.page = page
        wanted = page.address.opponent
        if wanted is not None and wanted != "human" and wanted not in page.levels:
            page.problems.append(Reason("param.bots", values={"value": wanted}))
            wanted = None
        self.opponent = wanted or self.first_level()   # a level of page.levels, or "human"
        self.mode = page.address.mode                   # a game mode of position.MODES
        self.names = ("", "")                          # the names two players typed (names.py)
        self.friend_said: tuple[str, Reason] | None = None   # a game of the list and why it does not open

    def newcomer(self) -> bool:
        """Nothing played against the computer and no step of the tutorial done in this browser."""
        page = self.page
        return not page.embed and not page.profile.any_played() and not load_done(page.platform)

    def first_level(self) -> str:
        """The opponent chosen at first: a middle level for a newcomer, else the strongest."""
        levels = self.page.levels
        if self.newcomer() and len(levels) >= 2:
            return levels[len(levels) // 2]
        return self.strongest()

    def strongest(self) -> str:
        """The default opponent: the strongest level available, or two players when there is none."""
        return self.page.levels[-1] if self.page.levels else "human"

    def choose(self, what: str, value: str) -> None:
        """The start screen's buttons: an opponent (a level, or "human") or a game mode; anything else is ignored."""
        if what == "opponent" and (value == "human" or value in self.page.levels):
            self.opponent = value
        elif what == "mode" and value in MODES:
            self.mode = value

    def back(self, opponent: str | None) -> None:
        """Back to the start screen from a match against `opponent` (None: no match): it stays chosen if it can."""
        offered = (*self.page.levels, "human")
        if opponent in offered:
            self.opponent = str(opponent)
        elif self.opponent not in offered:
            self.opponent = self.strongest()

    def players(self, names: Any, s: Strings) -> tuple[str, str] | None:
        """The names of a new game's two players on one device, as typed (kept for the next start screen);
        None against the computer, or when none was typed (the page names the seats itself)."""
        if self.opponent != "human" or names is None:
            return None
        players = clean_names(names, (s.t("name.player", n=1), s.t("name.player", n=2)))
        self.names = (clean_name(names[0]), clean_name(names[1])) if players else ("", "")
        return players

    def fill(self, st: TableState) -> None:
        """The start screen's own part of the renderer's state: the suggestion, statistics and collection."""
        page = self.page
        st.learn_new = self.newcomer()
        if page.profile.any_played():
            st.stats = {lv: page.profile.record(lv) for lv in page.levels}
            if page.profile.practice:
                st.practice_stats = {lv: page.profile.practice_record(lv) for lv in page.levels}
        if not page.embed:
            st.friends = list_games(page.platform)
            st.friend_said = self.friend_said
        if not page.embed and page.book.titles:
            solved, revealed = load_solved(page.platform), load_revealed(page.platform)
            st.book = [{"id": ident, "level": level, "solved": ident in solved, "revealed": ident in revealed}
                       for ident, level in page.book.titles]


__all__ = ["Chooser", "StartScreen"]
