"""What every page mode shares: the `Mode` protocol the controller talks to, the `Page` it may ask
things of, and `BaseMode`, the defaults (nothing to play, nothing to share, no flights).

A mode owns what the table shows (a match, a puzzle, a replay, a still picture) and nothing of the
page's chrome (screen, dialogs, language, notices, selection, keyboard cursor): the controller owns
those and hands every other event to the current mode. Leaving a mode is dropping its object
(after `leave()` has cancelled what it runs in the background).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

from ...position import Position
from ...record import Record
from ...view import view
from ..draw.model import Key, Suggestion, TableState, action_states, hint_for
from ..draw.motion import Flight, Played, flights
from ..draw.render import Node
from ..i18n import Reason, Strings
from ..teach.puzzle import Puzzle


class Platform(Protocol):
    """What the page needs from its surroundings (the browser, or a test double)."""

    def draw(self, node: Node, lang: str, direction: str, flights: Sequence[Flight] = ()) -> None: ...
    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...
    async def sleep(self, seconds: float) -> None: ...
    def now(self) -> float: ...
    def console_error(self, text: str) -> None: ...
    def console_warn(self, text: str) -> None: ...
    def random_seed(self) -> int: ...
    def load(self, key: str) -> str | None: ...
    def store(self, key: str, text: str) -> bool: ...
    def remove(self, key: str) -> None: ...
    def origin(self) -> str: ...
    def page_url(self) -> str: ...
    def post(self, message: dict[str, Any], targets: list[str]) -> None: ...
    def download(self, filename: str, text: str) -> bool: ...
    def apply_update(self) -> None: ...
    def copy(self, text: str) -> Awaitable[bool]: ...
    def name_in_address(self, key: str, value: str | None) -> None:
        """Make the page's address name what is shown, `?key=value` (a hash, which would open something else,
        dropped), or drop `key` (None); the history entry is replaced: nothing reloads, Back skips it."""
    async def load_package(self, url: str) -> bool: ...
    def live(self, stun: str, report: Callable[[str, str], None]) -> Any:
        """A direct connection to a friend's page (`jaipur.web.live.session.Channel`), or None without WebRTC."""
    def alert_turn(self) -> None:
        """Say with a tone and a buzz that the friend's move has come (where the browser allows)."""
    def hidden(self) -> bool:
        """Whether the page is out of sight (a background tab, a minimised window): the computer stops pondering."""



async def copy_text(platform: Platform, text: str) -> bool:
    """Put `text` on the clipboard; False when the platform has none or refuses (the text stays shown instead)."""
    try:
        return bool(await platform.copy(text))
    except Exception:  # noqa: BLE001 - no clipboard: the caller keeps the text shown, to select by hand
        return False

class Page(Protocol):
    """What a mode may ask of the page's controller: a few things to read (the platform, whether the page is
    embedded, its language, the dialog open) and a few requests, each a method; a mode sets none of its attributes."""

    platform: Platform
    embed: bool
    lang: str

    @property
    def dialog(self) -> str | None:
        """The dialog open over the page (None: none)."""
    def open_dialog(self, name: str) -> None:
        """Open a dialog over the page (a mode opens the round's or the match's result: "round", "match")."""
    def clear_dialog(self) -> None:
        """Take whatever dialog is open off the page."""
    def show_played(self, played: Played | None) -> None:
        """Show the move just played moving on the next draw of the table (None: nothing moves)."""
    def add_notice(self, reason: Reason) -> None:
        """Show a notice over the table, such as undo's new deal (one shown already is not repeated)."""
    def refresh(self) -> None:
        """Draw the page now (after something that happened outside an event); never raises."""
    def post(self, message: dict[str, Any]) -> None:
        """Tell the host page (never raises)."""
    def fail(self, exc: BaseException, key: str = "error.internal") -> None:
        """Log an exception and show a sentence."""
    def storage_refused(self) -> None:
        """The browser's storage refused to keep the game (said once)."""
    def count_match(self, level: str, after: Position, seat: int, practice: bool = False) -> None:
        """A match against the computer at `level` has ended: count it for the player in `seat` (apart, when it
        was `practice`: undo was used)."""
    def show_suggestion(self, suggestion: Suggestion) -> None:
        """A suggestion thought in the background has arrived: select its cards and say it."""


class Opener(Protocol):
    """The controller's ways to open something on the table (the host link's commands and the resumer use them)."""

    def open_record(self, record: Record, seat: int | str | None = None) -> None: ...
    def open_puzzle(self, puzzle: Puzzle, caption: str = "", players: tuple[str, str] | None = None) -> None: ...
    def open_position(self, position: Position, seat: int | None = None, interactive: bool = True,
                      caption: str = "", players: tuple[str, str] | None = None, saves: bool = True) -> None: ...


class Mode(Protocol):
    """One page mode, as the controller sees it."""

    kind: str
    """What the table is: game | position | still | puzzle | replay (`data-view`, the host's `ready`)."""
    screen: str
    """What it shows: table, or pass (a hot-seat match hides the table until the next player is ready)."""
    actions: frozenset[str]
    """The `data-action`s it handles (`act`)."""

    @property
    def position(self) -> Position | None: ...
    @property
    def viewer(self) -> int: ...
    def seen(self, p: Position) -> dict[str, Any]:
        """A position as the seat in front of the screen sees it (a view: nothing hidden from it)."""
    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """Fill the table part of the renderer's state (from the viewer's VIEW); `at` draws another position."""
    def may_move(self) -> bool:
        """Whether the seat in front of the screen may choose a move now."""
    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Play (or try) a legal move of the side to move; `chosen` is the selection that made it."""
    def act(self, action: str, value: str) -> bool:
        """One of its `actions` was pressed; True when the table changed (the selection is dropped)."""
    def suggest(self) -> Suggestion | None:
        """A move suggested to the seat in front of the screen (None: this mode suggests nothing)."""
    def flights(self, played: Played) -> list[Flight]:
        """What flies for the move just played, as the viewer sees it (none when the table moved on)."""
    def shareable(self) -> Record | None:
        """The record the share dialog and the export offer (None: nothing to share)."""
    def ready(self) -> tuple[str, str, bool, int | str]:
        """The host's `ready` event: kind, game mode, interactive, seat."""
    def asks_before_leaving(self) -> bool:
        """Whether leaving would drop something the player may want (a match in progress): ask first."""
    def save(self) -> None:
        """Keep what is played in the browser's storage (when this mode keeps anything)."""
    def leave(self) -> None:
        """Stop what runs in the background (a computer's think, an autoplay): the object is dropped next."""


MODAL = ("round", "match", "confirm")
"""Dialogs that stop the table's buttons (the game menu, share and import leave them and the hint be)."""


def fill(st: TableState, p: Position, seat: int, v: dict[str, Any], selection: frozenset[Key], active: bool) -> None:
    """The table state every mode shares: the view, the seat, the selection, the buttons and the hint."""
    st.view = v
    st.seat = seat
    st.selection = selection
    st.actions = action_states(p, seat, v, selection, active)
    st.hint = hint_for(st.actions, v, selection)


class BaseMode:
    """The defaults of a mode: a table seen by `viewer` at `position`, nothing to play, share or keep."""

    kind = "still"
    actions: frozenset[str] = frozenset()

    def __init__(self, page: Page, viewer: int = 0, players: tuple[str, str] | None = None,
                 caption: str = "") -> None:
        self.page = page
        self.screen = "table"
        self._viewer = viewer
        self.players = players
        self.caption = caption

    @property
    def position(self) -> Position | None:
        """The position on the table."""
        return None

    @property
    def viewer(self) -> int:
        """The seat in front of the screen."""
        return self._viewer

    def seen(self, p: Position) -> dict[str, Any]:
        """A position as the seat in front of the screen sees it."""
        return dict(view(p, self.viewer))

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """Nothing to draw on the table."""

    def may_move(self) -> bool:
        """Nothing can be played."""
        return False

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Nothing can be played."""

    def act(self, action: str, value: str) -> bool:
        """No buttons of its own."""
        return False

    def suggest(self) -> Suggestion | None:
        """No suggestions."""
        return None

    def address(self) -> str | None:
        """What the page's address names while this is shown (`?puzzle=ID`); None: nothing."""
        return None

    def flights(self, played: Played) -> list[Flight]:
        """The flights of the move just played, unless the table has moved on since."""
        if self.position is not played.after:
            return []
        return flights(self.seen(played.before), played.move, self.seen(played.after), played.chosen)

    def shareable(self) -> Record | None:
        """Nothing to share."""
        return None

    def ready(self) -> tuple[str, str, bool, int | str]:
        """A still position, seen from the viewer."""
        p = self.position
        return ("position", p.mode if p is not None else "standard", False, self.viewer)

    def asks_before_leaving(self) -> bool:
        """Nothing to lose."""
        return False

    def save(self) -> None:
        """Nothing to keep."""

    def leave(self) -> None:
        """Nothing runs in the background."""
