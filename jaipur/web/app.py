"""The page's controller: the chrome around the table (screen, dialogs, language, notices, the
selection and keyboard cursor) and ONE dispatcher; everything the table does is the current mode's
(modes/: a match, a puzzle, a replay, a still picture). Five jobs are objects of their own that the
controller owns: `host` (hostlink.py: the host page's messages), `sharing` (sharing.py: share, export,
import), `resumer` (resumer.py: what the address opens, the saved game and its question), `start_screen`
(startscreen.py: the opponent, game mode and names chosen, what a newcomer is offered) and `keyboard`
(keyboard.py: Escape, the letter keys, the replay's arrows). After every event the page is re-rendered
from `Controller.state()`.

`start()` is the PyScript entry (main.py calls it): it reads the address (address.read_address),
builds the browser platform (dom.py) and the controller, draws the start screen or the table,
marks `<html data-jaipur="ready">` and tells a host page (postMessage, hostlink.py) that it is ready.

The controller never touches the browser itself: it talks to a *platform* (draw a Node tree,
spawn a task, sleep, storage, post to the host page, download, copy), so the whole flow runs in
CPython tests with a fake platform. The renderer only ever receives a seat's VIEW (model.TableState).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from ..position import Position
from ..record import Record
from ..study.puzzlebook import Entry
from .draw.model import ROVING_ZONES, ActionState, Suggestion, TableState, action_states
from .draw.motion import Played
from .draw.render import render
from .i18n import LANGS, Reason, Strings, strings
from .keyboard import CLOSABLE_DIALOGS, Keyboard
from .links.address import PageRequest, read_address
from .links.hostlink import HostLink
from .links.resumer import Resumer
from .links.sharing import Sharing
from .live import LIVE_ACTIONS
from .modes import BaseMode, Bots, MatchMode, Mode, Platform, Thinker
from .modes.thinker import browser_movetimes, browser_ponderers, load_bots
from .startscreen import StartScreen
from .store.collection import Book, index_of
from .store.friends import INDEX_KEY as FRIENDS_INDEX_KEY
from .store.friends import KEY_PREFIX as FRIEND_KEY_PREFIX
from .store.friends import VERSION as FRIEND_VERSION
from .store.friends import forget, kept_game_of, list_games, load_game_data
from .store.profile import Profile, keep_profile, load_profile, outcome_for
from .teach.puzzle import Puzzle
from .worker.worker_thinker import WorkerLink, WorkerThinker, browser_link

FRIEND_ACTIONS = frozenset({"friend-mode", "friend-invite", "friend-accept", "friend-paste", "friend-copy",
                            "friend-share", "friend-abandon", "friend-transcript"}) | LIVE_ACTIONS
"""The buttons of a game with a friend (they read a name or a pasted link: `text`)."""
MIN_THINK = 0.35
"""Seconds the computer shows "thinking…" at least, so its move can be followed."""


class Controller:
    """Owns the page's chrome and the current mode (None: the start screen); `on_event` is the one dispatcher."""

    def __init__(self, platform: Platform, address: PageRequest | None = None, bots: Bots | None = None,
                 movetime: dict[str, float | None] | None = None, min_think: float = MIN_THINK,
                 autoplay_delay: float | None = None, puzzles: list[Entry] | None = None) -> None:
        self.platform = platform
        self.book = Book(puzzles)              # the puzzle collection (jaipur.puzzlebook), read as it is needed
        self.address = address or PageRequest()   # what the address asked for (`reset` goes back to it)
        self.problems = list(self.address.problems)
        self.bots = bots
        self.movetime = dict(movetime or {})
        self.min_think = min_think
        self.autoplay_delay = autoplay_delay   # seconds between a replay's frames (None: modes.replay.AUTOPLAY_DELAY)
        self.worker: WorkerLink | None = None  # the page's thinking worker (worker_thinker.py; start() sets it)
        self.levels = self.thinker().levels()
        self.embed = self.address.embed
        self.profile = Profile() if self.embed else load_profile(platform)   # embedded: the player's own is left be
        given_lang = "lang" in self.address.given or self.profile.lang is None
        self.lang = self.address.lang if given_lang else str(self.profile.lang)
        self.update_ready = False              # a new release of the site waits (sw.js): offer a reload
        self.start_screen = StartScreen(self)  # the start screen's choices: opponent, game mode, names
        self.keyboard = Keyboard(self)         # what a key does (Escape, the letter keys, the replay's arrows)
        self.seed = self.address.seed          # the address's seed deals the first new match only
        self.mode: Mode | None = None          # what the table shows; None: the start screen
        self.selection: frozenset[str] = frozenset()
        self.cursor: dict[str, int] = {}        # row of cards -> the card Tab reaches (moved by arrows, clicks)
        self.dialog: str | None = None          # round | match | confirm | game | share | import | keys | rules
        self.error: Reason | None = None
        self.notices: list[Reason] = []
        self.suggestion: Suggestion | None = None
        self.played: Played | None = None      # the move just played, shown moving on the next draw of the table
        self.shown = ""                        # the screen drawn last
        self.storage_warned = False
        self.caption_used = False              # the address's caption= went with the first new game
        self.host = HostLink(self)             # the host page's messages (postMessage)
        self.sharing = Sharing(self)           # the share dialog, export and import
        self.resumer = Resumer(self)           # what the address opens, the saved game and its question
        self.tools_open = False                # phones: the header's menu of tools is open
        self.friend_open = False               # phones: the friend bar, folded behind the header's friend button, is open
        self.addressed = self.address.collection   # the collection puzzle the address bar names (`?puzzle=`)

    def thinker(self) -> Thinker:
        """A new thinker for a match against the computer: in the page's worker once it has started, else on asyncio.

        The worker is started by the first thinker the page needs (a page that only shows — a still picture, a
        replay, a puzzle, the start screen — never starts one); its start runs once the current event is done,
        so a match opened while the page boots still marks the page ready first."""
        if self.worker is not None:
            self.worker.start()
            return WorkerThinker(self.platform, self.bots, self.worker, self.movetime, self.min_think,
                                 browser_ponderers())
        return Thinker(self.platform, self.bots, self.movetime, self.min_think)

    def boot(self) -> None:
        """Open what the address asks for: a replay, a puzzle, a position, the saved game, a new game, or
        the start screen. Problems with the address are listed on the start screen, or above the table."""
        self.resumer.look()
        if not self.resumer.open_linked(resume=True) and not self.resumer.resume():
            if self.embed or self.resumer.dropped or (self.address.opponent is not None and not self.problems):
                self.new_game()
        if self.screen != "start":
            self.notices[:0] = self.problems
            self.problems = []
        self.draw()
        self.host.post_ready()

    # ------------------------------------------------------------ what the page shows
    @property
    def strings(self) -> Strings:
        """The words of the page's language."""
        return strings(self.lang)

    @property
    def screen(self) -> str:
        """start (no mode), table, or pass (a hot-seat match hides the table)."""
        return "start" if self.mode is None else self.mode.screen

    @property
    def kind(self) -> str:
        """What the table is (the start screen's is a new game)."""
        return "game" if self.mode is None else self.mode.kind

    @property
    def position(self) -> Position | None:
        """The position on the table (a replay's: its current frame; None on the start screen)."""
        return None if self.mode is None else self.mode.position

    @property
    def viewer(self) -> int:
        """The seat in front of the screen."""
        return 0 if self.mode is None else self.mode.viewer

    def state(self, at: Position | None = None) -> TableState:
        """Everything the renderer needs: the chrome here, the table from the mode (a seat's VIEW)."""
        choices = self.start_screen
        st = TableState(screen=self.screen, lang=self.lang, embed=self.embed, opponent=choices.opponent,
                        mode=choices.mode, levels=self.levels, bots_ok=bool(self.levels),
                        problems=self.problems, error=self.error, notices=list(self.notices), dialog=self.dialog,
                        previous=self.resumer.asking(), share=self.sharing.share,
                        import_problem=self.sharing.problem, tools=not self.embed,
                        kind=self.kind, update_ready=self.update_ready and not self.embed, cursor=dict(self.cursor),
                        names_choice=choices.names, tools_open=self.tools_open,
                        friend_open=self.friend_open)
        if self.mode is not None:
            self.mode.table(st, self.strings, self.selection, at)
            st.suggestion = self.suggestion
        else:
            choices.fill(st)
        return st

    def draw(self) -> None:
        """Render the whole page and hand it to the platform (which patches #app), with the flights of
        the move just played (motion.py) the first time the table shows it."""
        s = self.strings
        played = self.played
        if self.screen != "pass":       # kept while the pass screen hides the table (hot seat)
            self.played = None
        moving = self.mode.flights(played) if played is not None and self.mode is not None and self.screen == "table" \
            else []
        if moving and played is not None and self.shown != "table":
            # after the pass screen: the table as it was, to fly from (the next draw follows at once)
            self.platform.draw(render(self.state(played.before), s), s.lang, s.dir)
        node = render(self.state(), s)
        if moving:
            self.platform.draw(node, s.lang, s.dir, moving)
        else:
            self.platform.draw(node, s.lang, s.dir)
        self.shown = self.screen
        self.name_in_address()

    def name_in_address(self) -> None:
        """While a puzzle of the collection is shown, the address bar says `?puzzle=ID` (a copied address opens
        it); once it is not, the parameter goes. Not in an embed: the host page owns the frame's address."""
        wanted = self.mode.address() if isinstance(self.mode, BaseMode) else None
        if self.embed or wanted == self.addressed:
            return
        self.addressed = wanted
        try:
            self.platform.name_in_address("puzzle", wanted)
        except Exception as exc:  # noqa: BLE001 - the address is a convenience: the page goes on without it
            self.platform.console_warn(f"Jaipur could not name the puzzle in the address: {exc}")

    def refresh(self) -> None:
        """Draw now (after a computer's move or an autoplay frame); a failure goes to the console only."""
        try:
            self.draw()
        except Exception as exc:  # noqa: BLE001
            self.platform.console_error(f"Jaipur could not draw the table: {type(exc).__name__}: {exc}")

    # ------------------------------------------------------------ what a mode may ask (modes.Page)
    def storage_refused(self) -> None:
        """The browser would not keep the game: say so once."""
        if not self.storage_warned:
            self.storage_warned = True
            self.notices.append(Reason("save.unavailable"))

    def post(self, message: dict[str, Any]) -> None:
        """Tell the host page (hostlink.HostLink.post); never raises."""
        self.host.post(message)

    def count_match(self, level: str, after: Position, seat: int, practice: bool = False) -> None:
        """A match against the computer has just ended: count it as won, lost or drawn for its level (a practice
        match, one in which undo was used, apart)."""
        res = after.result
        outcome = outcome_for(res["match_winner"] if res is not None else None, seat)
        if outcome is not None:
            self._store_profile(self.profile.with_result(level, outcome, practice))

    def fail(self, exc: BaseException, key: str = "error.internal") -> None:
        """Log an exception to the console in short and show a readable sentence in the page."""
        short = f"{type(exc).__name__}: {' '.join(str(exc).split())[:160]}"
        tb = traceback.format_exception(exc)
        self.platform.console_error("Jaipur: " + short + "\n" + "".join(tb[-3:]))
        self.error = Reason(key, values={"detail": short[:100]})

    # ------------------------------------------------------------ events
    def on_event(self, event: dict[str, Any]) -> None:
        """The one dispatcher: every click, key, file and host message arrives here. Never raises."""
        if event.get("type") == "resize":   # the page's own height changed: tell the host page, nothing to draw
            self.host.on_resize(event.get("height"))
            return
        if event.get("type") in ("message", "message-refused"):   # a host message: drawn only when it changed the page
            try:
                if not self.host.on_host(event):
                    return
            except Exception as exc:  # noqa: BLE001
                self.fail(exc)
            self.refresh()
            return
        if event.get("type") == "storage":   # another tab saved a game
            if not self.on_storage(str(event.get("key") or "")):
                return
            self.refresh()
            return
        try:
            self._dispatch(event)
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.fail(exc)
        self.refresh()

    def on_storage(self, key: str) -> bool:
        """Another tab wrote `key`: a game with a friend shown here follows it, the start screen lists the games
        with friends again, a match saving here asks (True: draw again)."""
        if key.startswith(FRIEND_KEY_PREFIX) or key == FRIENDS_INDEX_KEY:
            if self.mode is None:
                return key == FRIENDS_INDEX_KEY
            follow = getattr(self.mode, "on_storage", None)   # the friend mode, imported only once a game is shown
            return bool(follow()) if follow is not None and key.startswith(FRIEND_KEY_PREFIX) else False
        return self.resumer.on_storage()

    def _dispatch(self, event: dict[str, Any]) -> None:
        kind = event.get("type", "click")
        zone, index = str(event.get("zone") or ""), str(event.get("index") or "")
        if kind == "key":
            self.keyboard.on_key(str(event.get("key") or ""), str(event.get("code") or ""))
        elif kind == "focus":   # the arrow keys moved the focus within a row of cards (dom.py)
            self.move_cursor(zone, index)
        elif kind == "file":
            self.sharing.import_text(event.get("text"), too_big=int(event.get("size") or 0) < 0)
        elif kind == "update-ready":
            self.update_ready = True
        elif kind == "hash":   # a friend's link opened in this tab (only the hash changed: no reload)
            text = str(event.get("text") or "")
            if "friend=" in text or "live=" in text or "part=" in text:   # a move, an offer to go live, a part
                at = min(text.index(k) for k in ("friend=", "live=", "part=") if k in text)
                self.friend_action("friend-paste", "", text[at:])
        elif not event.get("action") and event.get("card"):
            self.tools_open = self.friend_open = False   # a card tapped shuts the header's menu and the friend bar too
            if self.can_move():   # the clicked card becomes its row's Tab stop (a still picture does not change)
                self.move_cursor(zone, index)
            self.toggle(zone, index)
        else:
            self.on_action(str(event.get("action") or ""), str(event.get("value") or ""), event)

    def on_action(self, action: str, value: str, event: dict[str, Any]) -> None:
        """A button: the chrome's own, or the current mode's (`Mode.actions`)."""
        self.tools_open = action == "tools" and not self.tools_open   # the phone's header menu: any other button shuts it
        # the phone's folded friend bar: its button opens and shuts it, its settings keep it open, anything else shuts it
        self.friend_open = (not self.friend_open if action == "friend-panel"
                            else self.friend_open and action in ("live-alert", "live-stun", "friend-copy", "friend-share"))
        chrome: Callable[[], None] | None = {
            "start": lambda: self.new_game(event.get("names")), "opponent": lambda: self.start_screen.choose("opponent", value),
            "mode": lambda: self.start_screen.choose("mode", value), "set-lang": lambda: self.set_lang(value),
            "switch-lang": lambda: self.set_lang(value), "clear": self.clear, "suggest": self.suggest,
            "new-game": self.to_start, "menu": self.menu, "leave": self.to_start, "stay": self.close_dialog,
            "close": self.close_dialog, "dismiss": self.dismiss, "dismiss-notices": self.dismiss_notices,
            "keys": self.keyboard.toggle_keys, "apply-update": self.apply_update, "rules": self.open_rules,
            "game": lambda: self.open_dialog("game"), "share": self.sharing.open_share,
            "copy-link": self.sharing.copy_link, "export": self.sharing.export,
            "import": lambda: self.open_dialog("import"), "import-paste": lambda: self.sharing.import_text(event.get("text")),
            "open-puzzle": lambda: self.choose_puzzle(value), "learn": self.open_tutorial,
            "edit": self.open_editor, "open-editor": lambda: self.open_editor(here=True),
            "review-game": self.review_game, "review": self.start_review,
            "resume-previous": self.resumer.resume_previous, "keep-new": self.resumer.keep_new, "tools": lambda: None,
            "friend-panel": lambda: None,
            "look-table": lambda: self._on_match(lambda m: m.look_at_table(True)),
            "show-result": lambda: self._on_match(lambda m: m.look_at_table(False)),
            "dismiss-own": lambda: self._on_match(MatchMode.dismiss_own),
            "play-friend": self.play_friend, "open-friend": lambda: self.open_friend(value),
            "friend-forget": lambda: self.forget_friend(value),
        }.get(action)
        if chrome is not None:
            chrome()
        elif action in FRIEND_ACTIONS:
            self.friend_action(action, value, str(event.get("text") or ""))
        elif action in ("take", "camels", "exchange", "sell"):
            self.play_selection(action)
        elif self.mode is not None and action in self.mode.actions and self.mode.act(action, value):
            self.clear()        # the table changed under the selection

    def _on_match(self, do: Callable[[MatchMode], None]) -> None:
        """A button of a match's result or own move (the result dialogs, the Hide of the own move's line)."""
        if isinstance(self.mode, MatchMode):
            do(self.mode)

    def open_rules(self) -> None:
        """The rules summary ("How to play"), over the start screen or the table."""
        if self.dialog is None or self.dialog in ("game", "keys"):
            self.open_dialog("rules")

    def move_cursor(self, zone: str, index: str) -> None:
        """Make a card the Tab stop of its row (the arrow keys moved there, or it was clicked)."""
        if zone in ROVING_ZONES and index.isdigit():
            self.cursor[zone] = int(index)

    # ------------------------------------------------------------ the selection
    def can_move(self) -> bool:
        """Whether the seat in front of the screen may choose a move now (no dialog over the table)."""
        return self.mode is not None and self.screen == "table" and self.dialog is None and self.mode.may_move()

    def toggle(self, zone: str, index: str) -> None:
        """Select or unselect one card of the market, the hand or the herd."""
        if not self.can_move() or zone not in ("market", "hand", "herd") or not index.isdigit():
            return
        self.selection = self.selection ^ {f"{zone}:{int(index)}"}
        self.suggestion = None

    def clear(self) -> None:
        """Unselect every card (and drop the suggestion)."""
        self.selection = frozenset()
        self.suggestion = None

    def current_actions(self) -> dict[str, ActionState]:
        """The action buttons for the selection."""
        mode, p = self.mode, self.position
        assert mode is not None and p is not None
        return action_states(p, mode.viewer, mode.seen(p), self.selection, self.can_move())

    def play_selection(self, kind: str) -> None:
        """An action button: play the selection's move when it is legal; otherwise nothing changes."""
        if not self.can_move():
            return
        action = self.current_actions().get(kind)
        if action is not None and action.enabled and action.move is not None:
            self.play(action.move)

    def play(self, move: str) -> None:
        """Play (or, in a puzzle, try) a move of the side to move with the current selection."""
        assert self.mode is not None
        chosen = self.selection
        self.clear()
        self.mode.play(move, chosen)

    def suggest(self) -> None:
        """The hint button: ask for a move for the seat in front of the screen (a mode that thinks it in the
        background shows it later; a second press while it thinks cancels it); select its cards."""
        if self.mode is None or not self.can_move():
            return
        got = self.mode.suggest()
        if got is not None:
            self.show_suggestion(got)

    def show_suggestion(self, suggestion: Suggestion) -> None:
        """Show a suggestion (at once, or when a mode's think for it arrives): select its cards and say it."""
        self.selection = suggestion.cards
        self.suggestion = suggestion

    # ------------------------------------------------------------ the start screen and the dialogs
    @property
    def choice_opponent(self) -> str:
        """The opponent chosen on the start screen (startscreen.StartScreen)."""
        return self.start_screen.opponent

    def set_lang(self, value: str) -> None:
        """The page's language chosen (kept in the profile; a match in progress is saved first)."""
        if value in LANGS:
            self.lang = value
            if self.mode is not None:
                self.mode.save()
            self._store_profile(self.profile.with_lang(value))

    def to_start(self) -> None:
        """Back to the start screen (the running game, if any, is dropped)."""
        self.start_screen.back(self.mode.opponent if isinstance(self.mode, MatchMode) else None)
        self._leave()
        self.problems = []
        self.notices = []

    def menu(self) -> None:
        """The table's New game button: ask first when a match in progress would be dropped."""
        if self.mode is not None and self.mode.asks_before_leaving():
            self.dialog = "confirm"
        else:
            self.to_start()

    def open_dialog(self, name: str) -> None:
        """Open a dialog over the page (the chrome's game, import, keys and rules; a mode's round and match)."""
        self.dialog = name
        self.sharing.problem = None

    def clear_dialog(self) -> None:
        """Take whatever dialog is open off the page (a mode's next round, a lesson tried again)."""
        self.dialog = None

    def show_played(self, played: Played | None) -> None:
        """Show the move just played moving on the next draw of the table (None: nothing moves)."""
        self.played = played

    def add_notice(self, reason: Reason) -> None:
        """Show a notice over the table (one shown already is not repeated)."""
        if reason not in self.notices:
            self.notices.append(reason)

    def close_dialog(self) -> None:
        """Close the dialog open, when Close and Escape may shut it."""
        if self.dialog in CLOSABLE_DIALOGS:
            self.dialog = None
            self.sharing.clear()

    def dismiss(self) -> None:
        """Hide the error sentence."""
        self.error = None

    def dismiss_notices(self) -> None:
        """Hide the notices above the table."""
        self.notices = []

    # ------------------------------------------------------------ opening a mode
    def _leave(self) -> None:
        """Drop what is shown (its background work stopped first) and the UI state that went with it."""
        if self.mode is not None:
            self.mode.leave()
        self.mode = None
        self.dialog = None
        self.clear()
        self.sharing.clear()
        self.error = None

    def open_mode(self, mode: Mode) -> None:
        """Leave what is shown and show `mode` instead."""
        self._leave()
        self.mode = mode

    def new_game(self, names: Any = None) -> None:
        """Deal a new match for the chosen opponent and mode (the address's seed and `caption=` are used once);
        two players on one device are named by what they typed on the start screen (`names`, names.py)."""
        seed = self.seed if self.seed is not None else self.platform.random_seed()
        caption = "" if self.caption_used else self.address.caption
        self.seed = None
        self.caption_used = True
        choices = self.start_screen
        players = choices.players(names, self.strings)
        self.open_match(Record(seed=seed, mode=choices.mode), choices.opponent, 0, players, caption=caption)

    def open_match(self, record: Record, opponent: str, human_seat: int, players: tuple[str, str] | None = None,
                   caption: str = "", saves: bool = True, earlier: list[Record] | None = None, undos: int = 0) -> None:
        """Start (or resume) a match: its record is seed/mode/start and the moves played so far. `saves`
        False: a game of its own (a host page's command) that is never written over the player's save.
        `earlier` and `undos` resume a match in which undo dealt afresh (saved.SavedGame.earlier)."""
        self._leave()
        self.start_screen.opponent = opponent
        if earlier or undos:   # a new deal played on after undos: its record starts at the last new deal
            match: MatchMode = MatchMode(self, record, opponent, human_seat, self.thinker(), players, caption, saves,
                                         earlier=earlier, undos=undos)
        elif record.start is not None:   # a lesson: it can be tried again; `reply=0` holds the computer back
            from .modes.lesson import LessonMode

            reply = self.address.reply or opponent == "human"
            thinker = self.thinker() if reply else Thinker(self.platform, self.bots, self.movetime, self.min_think)
            match = LessonMode(self, record, opponent, human_seat, thinker, players, caption, saves and reply, reply)
        else:
            match = MatchMode(self, record, opponent, human_seat, self.thinker(), players, caption, saves)
        match.holding = self.resumer.holds(saves)
        self.mode = match
        match.save()
        match.after_move()

    def open_position(self, position: Position, seat: int | None = None, interactive: bool = True,
                      caption: str = "", players: tuple[str, str] | None = None, saves: bool = True) -> None:
        """The table at a position: played on against the chosen opponent from the seat in front of the
        screen (`seat`, default the side to move), or shown as a still picture."""
        seat = position.to_move if seat not in (0, 1) else seat
        if not interactive:
            from .modes.still import StillMode

            self.open_mode(StillMode(self, position, seat, players, caption))
            return
        self.open_match(Record(seed=position.seed, mode=position.mode, start=position), self.choice_opponent, seat,
                        players, caption, saves)

    def open_puzzle(self, puzzle: Puzzle, caption: str = "", players: tuple[str, str] | None = None) -> None:
        """The table at the puzzle's position, seen by the solver; tries are judged."""
        from .modes.puzzle import PuzzleMode

        self.open_mode(PuzzleMode(self, puzzle, caption, players))

    def start_review(self) -> None:
        """The replay viewer's Review button: the shown seat's moves of the frame's round, in the background."""
        from .modes.replay import ReplayMode

        if isinstance(self.mode, ReplayMode):
            self.mode.start_review()

    def review_game(self) -> None:
        """The match is over: its replay at the last round, the player's moves of that round reviewed."""
        from .modes.friend import FriendMode
        from .modes.replay import ReplayMode

        mode = self.mode
        if isinstance(mode, FriendMode) and not self.embed:
            found = mode.round_record()
            if found is None:
                return
            record, seat = found, mode.viewer
        elif not isinstance(mode, MatchMode) or self.embed:
            return
        else:
            record, seat = mode.shareable(), mode.human_seat
        self.open_record(record, seat, you=None if isinstance(mode, MatchMode) and mode.human else seat,
                         locked=isinstance(mode, FriendMode))
        replay = self.mode
        if isinstance(replay, ReplayMode):
            replay.step("last")
            replay.start_review()

    def play_friend(self) -> None:
        """The start screen's Play a friend: a new game with a friend (modes/friend.py)."""
        from .modes.friend import FriendMode

        self.open_mode(FriendMode(self))

    def friend_action(self, action: str, value: str, text: str) -> None:
        """A button of a game with a friend (modes/friend.py); a pasted link of another game kept here opens it."""
        from .modes.friend import FriendMode, open_link
        from .store.parts import has_parts

        mode = self.mode
        if action == "friend-paste" and "part=" in text and has_parts(text):
            self.friend_parts(text)
            return
        if action == "friend-paste" and text.strip():
            other = kept_game_of(self.platform, text)
            current = mode.game if isinstance(mode, FriendMode) else None
            if other is not None and (current is None or current.game.hex() != other):
                self.open_mode(open_link(self, text.strip()))
                return
        if not isinstance(mode, FriendMode):
            mode = FriendMode(self)
            self.open_mode(mode)
        mode.on(action, value, text)

    def friend_parts(self, text: str) -> None:
        """Parts of a friend's long message, opened or pasted (several at once, any order): kept in the browser until
        the last comes (store/parts.py), then the whole message is taken as its link would be; until then the
        friend's page says how many are missing."""
        from .modes.friend import FriendMode
        from .store.parts import join_parts

        got = join_parts(self.platform, text)
        if not got.kept:
            self.storage_refused()
        for whole in got.texts:
            self.friend_action("friend-paste", "", whole)
        mode = self.mode
        if not isinstance(mode, FriendMode):
            mode = FriendMode(self)
            self.open_mode(mode)
        mode.gathered(got, text)

    def open_friend(self, ident: str) -> None:
        """The start screen's list: a game with a friend kept in this browser (one an older version started is said
        so, here, and kept until the player removes it)."""
        from .modes.friend import old_version_reason, resume, started_by_older_version

        try:
            data = load_game_data(self.platform, ident)
        except ValueError:
            data = None
        if data is None or started_by_older_version(data):   # said under its line in the list, where the player looks
            why = old_version_reason() if data is not None else Reason(
                "friend-bad-save", "This game with a friend cannot be read from this browser's storage.")
            if any(e.id == ident for e in list_games(self.platform)):
                self.start_screen.friend_said = (ident, why)
            else:
                self.problems = [why]
            return
        self.problems = []
        self.start_screen.friend_said = None
        self.open_mode(resume(self, data))

    def forget_friend(self, ident: str) -> None:
        """The start screen's list: remove a game an older version started (it cannot go on in this one)."""
        if any(e.id == ident and e.version < FRIEND_VERSION for e in list_games(self.platform)):
            forget(self.platform, ident)
            self.start_screen.friend_said = None

    def open_tutorial(self) -> None:
        """Learn to play: the guided first game, at the first step not done yet."""
        from .modes.tutorial import TutorialMode

        self.problems = []
        self.open_mode(TutorialMode(self))

    def open_editor(self, here: bool = False) -> None:
        """The position editor: a fresh draft, or (`here`: the game menu's Open in the editor) the table's position."""
        from .modes.editor import editor_at, editor_for

        self.open_mode(editor_for(self, self.mode) if here else editor_at(self))

    def choose_puzzle(self, puzzle_id: str) -> None:
        """The start screen's list: open one of the collection's puzzles."""
        self.problems = []
        self.open_collection(puzzle_id)

    def open_collection(self, puzzle_id: str) -> bool:
        """Puzzle `puzzle_id` of the collection (False, with a problem listed, when there is none)."""
        from .modes.collection import CollectionMode

        entries = self.book.entries()
        index = index_of(entries, puzzle_id)
        if index is None:
            self.problems.append(Reason("param.collection", values={"value": puzzle_id[:40]}))
            return False
        self.open_mode(CollectionMode(self, entries, index))
        return True

    def open_record(self, record: Record, seat: int | str | None = None, you: int | None = None,
                    locked: bool = False) -> None:
        """The replay viewer at the record's first frame, showing the cards `seat` saw (0, 1 or "all"); `you`:
        the seat of the player in front of the screen, when the record is their own match (said "you");
        `locked`: only that seat may be shown (a friend game's round, whose other cards are stand-ins)."""
        from .modes.replay import AUTOPLAY_DELAY, ReplayMode

        delay = AUTOPLAY_DELAY if self.autoplay_delay is None else self.autoplay_delay
        self.open_mode(ReplayMode(self, record, seat, delay, self.worker, you, locked))

    def reset(self) -> None:
        """Back to what the page's own address asked for."""
        self._leave()
        self.seed = self.address.seed
        if not self.resumer.open_linked(resume=False) and (self.embed or self.address.opponent is not None):
            self.new_game()

    # ------------------------------------------------------------ the profile, updates
    def _store_profile(self, profile: Profile) -> None:
        """Keep the profile (in memory always; in storage when the page is not embedded)."""
        self.profile = profile
        if not self.embed:
            keep_profile(self.platform, profile)

    def apply_update(self) -> None:
        """The update notice's button: the match is saved already; load the new release of the site."""
        if self.update_ready:
            if self.mode is not None:
                self.mode.save()
            self.platform.apply_update()


def start() -> None:
    """The PyScript entry: read the address, draw the start screen or the table, mark the page ready."""
    import js

    from .dom import BrowserPlatform

    address = read_address(str(js.location.search or ""), str(js.location.hash or ""))
    platform = BrowserPlatform(js.document.getElementById("app"))
    controller = Controller(platform, address, load_bots(), browser_movetimes())
    controller.worker = browser_link(platform)
    platform.listen(controller.on_event, controller.host.allowed)
    try:
        controller.boot()
    except Exception as exc:  # noqa: BLE001 - a bad URL or a broken deal: the start screen says why
        controller._leave()
        controller.fail(exc)
        controller.draw()
    js.document.documentElement.dataset.jaipur = "ready"  # the worker (if a match needs one) starts after this


__all__ = ["Controller", "load_bots", "start"]
