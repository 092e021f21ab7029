"""The page's controller: the chrome around the table (screen, dialogs, language, notices, the
selection and keyboard cursor, share and import, the host page's messages) and ONE dispatcher;
everything the table does is the current mode's (modes/: a match, a puzzle, a replay, a still
picture). After every event the page is re-rendered from `Controller.state()`.

`start()` is the PyScript entry (main.py calls it): it reads the address (address.read_address),
builds the browser platform (dom.py) and the controller, draws the start screen or the table,
marks `<html data-jaipur="ready">` and tells a host page (postMessage, host.py) that it is ready.

The controller never touches the browser itself: it talks to a *platform* (draw a Node tree,
spawn a task, sleep, storage, post to the host page, download, copy), so the whole flow runs in
CPython tests with a fake platform. The renderer only ever receives a seat's VIEW (model.TableState).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from .. import safejson
from ..position import MODES, Position
from ..puzzlebook import Entry
from ..record import Record
from . import host
from .address import PageRequest, read_address
from .collection import book, index_of, load_solved
from .dom import MESSAGE_CHARS
from .i18n import LANGS, Reason, Strings, problem, strings
from .linkwriter import make_link
from .model import ROVING_ZONES, ActionState, Suggestion, TableState, action_states, key_command
from .modes import (
    AUTOPLAY_DELAY,
    Bots,
    CollectionMode,
    MatchMode,
    Mode,
    Platform,
    PuzzleMode,
    ReplayMode,
    StillMode,
    Thinker,
)
from .modes.editor import editor_at, editor_for
from .modes.match import pending_save, saved_match
from .modes.thinker import browser_movetimes, load_bots
from .modes.tutorial import TutorialMode
from .motion import Played
from .profile import Profile, keep_profile, load_profile, outcome_for
from .puzzle import Puzzle
from .render import render
from .saved import SavedGame, download_record, import_record
from .tutorial import load_done
from .worker_thinker import WorkerLink, WorkerThinker, browser_link

MIN_THINK = 0.35
"""Seconds the computer shows "thinking…" at least, so its move can be followed."""
CLOSABLE_DIALOGS = ("confirm", "game", "share", "import", "keys", "rules")
"""Dialogs that Close and Escape shut (the round and match results wait for their own buttons)."""
ARROWS = {"ArrowRight": "replay-forward", "ArrowLeft": "replay-back", "Home": "replay-first", "End": "replay-last"}
"""The replay viewer's keys (left and right swap in a right-to-left language)."""


class Controller:
    """Owns the page's chrome and the current mode (None: the start screen); `on_event` is the one dispatcher."""

    def __init__(self, platform: Platform, address: PageRequest | None = None, bots: Bots | None = None,
                 movetime: dict[str, float | None] | None = None, min_think: float = MIN_THINK,
                 autoplay_delay: float = AUTOPLAY_DELAY, puzzles: list[Entry] | None = None) -> None:
        self.platform = platform
        self.puzzles = book() if puzzles is None else puzzles   # the puzzle collection (jaipur.puzzlebook)
        self.address = address or PageRequest()   # what the address asked for (`reset` goes back to it)
        self.problems = list(self.address.problems)
        self.bots = bots
        self.movetime = dict(movetime or {})
        self.min_think = min_think
        self.autoplay_delay = autoplay_delay
        self.worker: WorkerLink | None = None  # the page's thinking worker (worker_thinker.py; start() sets it)
        self.levels = self.thinker().levels()
        self.embed = self.address.embed
        self.profile = Profile() if self.embed else load_profile(platform)   # embedded: the player's own is left be
        given_lang = "lang" in self.address.given or self.profile.lang is None
        self.lang = self.address.lang if given_lang else str(self.profile.lang)
        self.update_ready = False              # a new release of the site waits (sw.js): offer a reload
        try:
            self.allowed = host.allowed_origins(platform.origin(), self.address.hosts)
        except Exception:  # noqa: BLE001 - no origin (file://): no host page may command the page
            self.allowed = tuple(self.address.hosts)
        wanted = self.address.opponent
        if wanted is not None and wanted != "human" and wanted not in self.levels:
            self.problems.append(Reason("param.bots", values={"value": wanted}))
            wanted = None
        self.choice_opponent = wanted or self.first_level()
        self.choice_mode = self.address.mode
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
        self.share: dict[str, Any] | None = None
        self.import_problem: Reason | None = None
        self.storage_warned = False
        self.save_dropped = False              # a saved game could not be read (a fresh game starts)
        self.other_tab = False                 # the saved game in question came from another tab
        self.caption_used = False              # the address's caption= went with the first new game
        self.previous: SavedGame | None = None # the saved game a link's new one has not written over yet

    def thinker(self) -> Thinker:
        """A new thinker for a match against the computer: in the page's worker once it has started, else on asyncio.

        The worker is started by the first thinker the page needs (a page that only shows — a still picture, a
        replay, a puzzle, the start screen — never starts one); its start runs once the current event is done,
        so a match opened while the page boots still marks the page ready first."""
        if self.worker is not None:
            self.worker.start()
            return WorkerThinker(self.platform, self.bots, self.worker, self.movetime, self.min_think)
        return Thinker(self.platform, self.bots, self.movetime, self.min_think)

    def newcomer(self) -> bool:
        """Nothing played against the computer and no step of the tutorial done in this browser."""
        return not self.embed and not self.profile.any_played() and not load_done(self.platform)

    def first_level(self) -> str:
        """The opponent chosen at first: a middle level for a newcomer, else the strongest."""
        if self.newcomer() and len(self.levels) >= 2:
            return self.levels[len(self.levels) // 2]
        return self.strongest()

    def strongest(self) -> str:
        """The default opponent: the strongest level available, or two players when there is none."""
        return self.levels[-1] if self.levels else "human"

    def boot(self) -> None:
        """Open what the address asks for: a replay, a puzzle, a position, the saved game, a new game, or
        the start screen. Problems with the address are listed on the start screen, or above the table."""
        if not self.embed and self.address.interactive:
            self.previous = pending_save(self.platform, self.levels)
        if not self._open_linked(resume=True) and not self.resume():
            if self.embed or self.save_dropped or (self.address.opponent is not None and not self.problems):
                self.new_game()
        if self.screen != "start":
            self.notices[:0] = self.problems
            self.problems = []
        self.draw()
        self.post_ready()

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
        st = TableState(screen=self.screen, lang=self.lang, embed=self.embed, opponent=self.choice_opponent,
                        mode=self.choice_mode, levels=self.levels, bots_ok=bool(self.levels),
                        problems=self.problems, error=self.error, notices=list(self.notices), dialog=self.dialog,
                        previous=self.asking(),
                        share=self.share, import_problem=self.import_problem, tools=not self.embed,
                        kind=self.kind, update_ready=self.update_ready and not self.embed, cursor=dict(self.cursor),
                        stats={lv: self.profile.record(lv) for lv in self.levels} if self.profile.any_played() else {})
        if self.mode is not None:
            self.mode.table(st, self.strings, self.selection, at)
            st.suggestion = self.suggestion
        else:
            st.learn_new = self.newcomer()
        if self.mode is None and not self.embed and self.puzzles:
            solved = load_solved(self.platform)
            st.book = [{"id": e.id, "level": e.level, "solved": e.id in solved} for e in self.puzzles]
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

    def count_match(self, level: str, after: Position, seat: int) -> None:
        """A match against the computer has just ended: count it as won, lost or drawn for its level."""
        res = after.result
        outcome = outcome_for(res["match_winner"] if res is not None else None, seat)
        if outcome is not None:
            self._store_profile(self.profile.with_result(level, outcome))

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
            self.on_resize(event.get("height"))
            return
        if event.get("type") in ("message", "message-refused"):   # a host message: drawn only when it changed the page
            try:
                if not self.on_host(event):
                    return
            except Exception as exc:  # noqa: BLE001
                self.fail(exc)
            self.refresh()
            return
        if event.get("type") == "storage":   # another tab saved a game
            if not self.on_storage():
                return
            self.refresh()
            return
        try:
            self._dispatch(event)
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.fail(exc)
        self.refresh()

    def _dispatch(self, event: dict[str, Any]) -> None:
        kind = event.get("type", "click")
        zone, index = str(event.get("zone") or ""), str(event.get("index") or "")
        if kind == "key":
            self.on_key(str(event.get("key") or ""), str(event.get("code") or ""))
        elif kind == "focus":   # the arrow keys moved the focus within a row of cards (dom.py)
            self.move_cursor(zone, index)
        elif kind == "file":
            self.import_text(event.get("text"), too_big=int(event.get("size") or 0) < 0)
        elif kind == "update-ready":
            self.update_ready = True
        elif not event.get("action") and event.get("card"):
            if self.can_move():   # the clicked card becomes its row's Tab stop (a still picture does not change)
                self.move_cursor(zone, index)
            self.toggle(zone, index)
        else:
            self.on_action(str(event.get("action") or ""), str(event.get("value") or ""), event)

    def on_action(self, action: str, value: str, event: dict[str, Any]) -> None:
        """A button: the chrome's own, or the current mode's (`Mode.actions`)."""
        chrome: Callable[[], None] | None = {
            "start": self.new_game, "opponent": lambda: self._choose("opponent", value),
            "mode": lambda: self._choose("mode", value), "set-lang": lambda: self._choose("lang", value),
            "switch-lang": lambda: self._choose("lang", value), "clear": self.clear, "suggest": self.suggest,
            "new-game": self.to_start, "menu": self.menu, "leave": self.to_start, "stay": self.close_dialog,
            "close": self.close_dialog, "dismiss": self.dismiss, "dismiss-notices": self.dismiss_notices,
            "keys": self.toggle_keys, "apply-update": self.apply_update, "rules": self.open_rules,
            "game": lambda: self.open_dialog("game"), "share": self.open_share, "copy-link": self.copy_link,
            "export": self.export, "import": lambda: self.open_dialog("import"),
            "import-paste": lambda: self.import_text(event.get("text")),
            "open-puzzle": lambda: self.choose_puzzle(value), "learn": self.open_tutorial,
            "edit": self.open_editor, "open-editor": lambda: self.open_editor(here=True),
            "review-game": self.review_game, "review": self.start_review,
            "resume-previous": self.resume_previous, "keep-new": self.keep_new,
        }.get(action)
        if chrome is not None:
            chrome()
        elif action in ("take", "camels", "exchange", "sell"):
            self.play_selection(action)
        elif self.mode is not None and action in self.mode.actions and self.mode.act(action, value):
            self.clear()        # the table changed under the selection

    def on_key(self, key: str, code: str = "") -> None:
        """Escape closes a dialog or clears the selection; the table's letter keys (model.KEY_COMMANDS,
        by physical key) act like its buttons; in the replay viewer the arrows step (mirrored in Persian,
        right to left), Home and End jump to the first and last frame."""
        command = key_command(code, key)
        if command is not None:
            self.on_command(command)
            return
        if key == "Escape":
            if self.dialog in CLOSABLE_DIALOGS:
                self.close_dialog()
            elif self.error is not None:
                self.error = None
            else:
                self.clear()
            return
        if self.strings.dir == "rtl" and key in ("ArrowRight", "ArrowLeft"):
            key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
        action = ARROWS.get(key)
        if action is not None and self.mode is not None and action in self.mode.actions and self.dialog is None:
            self.mode.act(action, "")

    def on_command(self, command: str) -> None:
        """A shortcut key's command: what the button of the same name does, when that button could be pressed
        (the site's tools, undo and suggest, are not there when embedded)."""
        if command == "keys":
            self.toggle_keys()
        elif self.screen == "table" and self.dialog is None and not (self.embed and command in ("undo", "suggest")):
            self.on_action(command, "", {})

    def open_rules(self) -> None:
        """The rules summary ("How to play"), over the start screen or the table."""
        if self.dialog is None or self.dialog in ("game", "keys"):
            self.open_dialog("rules")

    def toggle_keys(self) -> None:
        """Open the Keys dialog (H, ?, or the bar's Keys button), or close it when it is open."""
        if self.dialog == "keys":
            self.close_dialog()
        elif self.dialog is None:
            self.open_dialog("keys")

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
        """Ask for a move for the seat in front of the screen; select its cards."""
        if self.mode is None or not self.can_move():
            return
        got = self.mode.suggest()
        if got is not None:
            self.selection = got.cards
            self.suggestion = got

    # ------------------------------------------------------------ the start screen and the dialogs
    def _choose(self, what: str, value: str) -> None:
        if what == "opponent" and (value == "human" or value in self.levels):
            self.choice_opponent = value
        elif what == "mode" and value in MODES:
            self.choice_mode = value
        elif what == "lang" and value in LANGS:
            self.lang = value
            if self.mode is not None:
                self.mode.save()
            self._store_profile(self.profile.with_lang(value))

    def to_start(self) -> None:
        """Back to the start screen (the running game, if any, is dropped)."""
        if isinstance(self.mode, MatchMode) and self.mode.opponent in (*self.levels, "human"):
            self.choice_opponent = self.mode.opponent
        elif self.choice_opponent not in (*self.levels, "human"):
            self.choice_opponent = self.strongest()
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
        """Open one of the chrome's dialogs (game, import, keys, rules)."""
        self.dialog = name
        self.import_problem = None

    def close_dialog(self) -> None:
        """Close the dialog open, when Close and Escape may shut it."""
        if self.dialog in CLOSABLE_DIALOGS:
            self.dialog = None
            self.share = None
            self.import_problem = None

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
        self.share = None
        self.import_problem = None
        self.error = None

    def _open(self, mode: Mode) -> None:
        self._leave()
        self.mode = mode

    def new_game(self) -> None:
        """Deal a new match for the chosen opponent and mode (the address's seed and `caption=` are used once)."""
        seed = self.seed if self.seed is not None else self.platform.random_seed()
        caption = "" if self.caption_used else self.address.caption
        self.seed = None
        self.caption_used = True
        self._match(Record(seed=seed, mode=self.choice_mode), self.choice_opponent, 0, caption=caption)

    def _match(self, record: Record, opponent: str, human_seat: int, players: tuple[str, str] | None = None,
               caption: str = "", saves: bool = True) -> None:
        """Start (or resume) a match: its record is seed/mode/start and the moves played so far. `saves`
        False: a game of its own (a host page's command) that is never written over the player's save."""
        self._leave()
        self.choice_opponent = opponent
        match = MatchMode(self, record, opponent, human_seat, self.thinker(), players, caption, saves)
        match.holding = self.previous is not None and saves
        self.mode = match
        match.save()
        match.after_move()

    def open_position(self, position: Position, seat: int | None = None, interactive: bool = True,
                      caption: str = "", players: tuple[str, str] | None = None, saves: bool = True) -> None:
        """The table at a position: played on against the chosen opponent from the seat in front of the
        screen (`seat`, default the side to move), or shown as a still picture."""
        seat = position.to_move if seat not in (0, 1) else seat
        if not interactive:
            self._open(StillMode(self, position, seat, players, caption))
            return
        self._match(Record(seed=position.seed, mode=position.mode, start=position), self.choice_opponent, seat,
                    players, caption, saves)

    def open_puzzle(self, puzzle: Puzzle, caption: str = "", players: tuple[str, str] | None = None) -> None:
        """The table at the puzzle's position, seen by the solver; tries are judged."""
        self._open(PuzzleMode(self, puzzle, caption, players))

    def start_review(self) -> None:
        """The replay viewer's Review button: the shown seat's moves of the frame's round, in the background."""
        if isinstance(self.mode, ReplayMode):
            self.mode.start_review()

    def review_game(self) -> None:
        """The match is over: its replay at the last round, the player's moves of that round reviewed."""
        mode = self.mode
        if not isinstance(mode, MatchMode) or self.embed:
            return
        record, seat = mode.shareable(), mode.human_seat
        self.open_record(record, seat)
        replay = self.mode
        if isinstance(replay, ReplayMode):
            replay.step("last")
            replay.start_review()

    def open_editor(self, here: bool = False) -> None:
        """The position editor: at what the table shows (`here`: "Open in editor"), else at a new deal."""
        mode = editor_for(self, self.mode) if here and self.mode is not None else None
        self.problems = []
        self._open(mode or editor_at(self))

    def open_tutorial(self) -> None:
        """Learn to play: the guided first game, at the first step not done yet."""
        self.problems = []
        self._open(TutorialMode(self))

    def choose_puzzle(self, puzzle_id: str) -> None:
        """The start screen's list: open one of the collection's puzzles."""
        self.problems = []
        self.open_collection(puzzle_id)

    def open_collection(self, puzzle_id: str) -> bool:
        """Puzzle `puzzle_id` of the collection (False, with a problem listed, when there is none)."""
        index = index_of(self.puzzles, puzzle_id)
        if index is None:
            self.problems.append(Reason("param.collection", values={"value": puzzle_id[:40]}))
            return False
        self._open(CollectionMode(self, self.puzzles, index))
        return True

    def open_record(self, record: Record, seat: int | str | None = None) -> None:
        """The replay viewer at the record's first frame, showing the cards `seat` saw (0, 1 or "all")."""
        self._open(ReplayMode(self, record, seat, self.autoplay_delay))

    def reset(self) -> None:
        """Back to what the page's own address asked for."""
        self._leave()
        self.seed = self.address.seed
        if not self._open_linked(resume=False) and (self.embed or self.address.opponent is not None):
            self.new_game()

    def _open_linked(self, resume: bool) -> bool:
        """Open the replay, puzzle or position the address names (a position may yield to the saved
        game of that same link when `resume`); False when the address names none of them."""
        a = self.address
        if a.edit and a.record is None:
            lines = a.puzzle.lines if a.puzzle is not None else []
            self._open(editor_at(self, a.position, lines[0][0] if lines and lines[0] else None))
        elif a.record is not None:
            self.open_record(a.record, a.seat)
        elif a.collection is not None and not (a.puzzle or a.position) and self.open_collection(a.collection):
            pass
        elif a.learn and not (a.puzzle or a.position):
            self._open(TutorialMode(self))
        elif a.puzzle is not None:
            self.open_puzzle(a.puzzle, a.caption, a.players)
        elif a.position is not None:
            if not (resume and self.resume()):
                self.open_position(a.position, seat=a.seat if isinstance(a.seat, int) else None,
                                   interactive=a.interactive, caption=a.caption, players=a.players)
        else:
            return False
        return True

    # ------------------------------------------------------------ the saved game, the profile, updates
    def resume(self) -> bool:
        """Resume the saved match when there is one and the address asks for nothing else (modes.match.saved_match)."""
        if self.embed or not self.address.interactive:
            return False
        saved, notices, dropped = saved_match(self.platform, self.address, self.seed, self.levels)
        self.save_dropped = self.save_dropped or dropped
        self.notices.extend(notices)
        if saved is None:
            return False
        lang = saved.extra.get("lang")   # a language the player chose (profile) or the address names comes first
        if lang in LANGS and "lang" not in self.address.given and self.profile.lang is None:
            self.lang = str(lang)
        self.previous = None
        self._match(saved.record, saved.opponent, saved.human_seat)
        self.notices.append(Reason("save.resumed"))
        return True

    def on_storage(self) -> bool:
        """Another tab saved a game: a match saving here stops writing over it and asks (True: drawn again)."""
        m = self.mode
        if self.embed or not isinstance(m, MatchMode) or not m.saves or m.holding:
            return False
        other = pending_save(self.platform, self.levels)
        if other is None or other.record.moves == m.record.moves and other.record.seed == m.record.seed:
            return False
        m.holding = True
        self.previous = other
        self.other_tab = True
        return True

    def asking(self) -> Reason | None:
        """The question over a new game a link started while another was saved (before a move is played here)."""
        m = self.mode
        if self.previous is None or not isinstance(m, MatchMode) or not m.holding:
            return None
        return Reason("save.other-tab" if self.other_tab else "save.previous",
                      values={"n": len(self.previous.record.moves)})

    def resume_previous(self) -> None:
        """The question's first answer: back to the saved game (the link's new one is dropped, never saved)."""
        prev, self.previous, self.other_tab = self.previous, None, False
        if prev is not None:
            self._match(prev.record, prev.opponent, prev.human_seat)
            self.notices = [Reason("save.resumed")]

    def keep_new(self) -> None:
        """The question's other answer: play the new game; the saved one is kept until a move is played here."""
        self.previous, self.other_tab = None, False

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

    # ------------------------------------------------------------ share, export, import
    def shareable(self) -> Record | None:
        """The record the share dialog and the export offer."""
        return self.mode.shareable() if self.mode is not None else None

    def open_share(self) -> None:
        """The share dialog: a link that replays the match (or the replayed record) move by move."""
        rec = self.shareable()
        if rec is None:
            return
        link = make_link(self.platform.page_url(), record=rec, lang=self.lang if self.lang != "en" else None)
        self.share = {"link": link, "copied": None}
        self.dialog = "share"

    def copy_link(self) -> None:
        """The share dialog's Copy button (the dialog then says whether it worked)."""
        if self.share is not None:
            self.platform.spawn(self._copy(str(self.share["link"])))

    async def _copy(self, text: str) -> None:
        try:
            ok = bool(await self.platform.copy(text))
        except Exception:  # noqa: BLE001 - no clipboard: the link stays shown, to select by hand
            ok = False
        if self.share is not None and self.share.get("link") == text:
            self.share = dict(self.share, copied=ok)
            self.draw()

    def export(self) -> None:
        """Download the record as a JSON file."""
        rec = self.shareable()
        if rec is None:
            return
        self.dialog = None
        self.notices.append(download_record(self.platform, rec))

    def import_text(self, text: Any, too_big: bool = False) -> None:
        """A record from the file picker or pasted text opens in the replay viewer; a bad one is explained."""
        got = import_record("x" * 600_000 if too_big else text)
        if isinstance(got, Reason):
            self.import_problem = got
            self.dialog = "import"
            return
        self.open_record(got, 0)

    # ------------------------------------------------------------ the host page (postMessage)
    def post(self, message: dict[str, Any]) -> None:
        """Send an event to the host page (only the origins allowed to see it); never raises."""
        try:
            self.platform.post(message, host.event_targets(self.allowed))
        except Exception as exc:  # noqa: BLE001
            self.platform.console_warn(f"Jaipur could not tell the host page: {exc}")

    def on_resize(self, height: Any) -> None:
        """An embedded page's content height changed: the host page may fit its iframe to it."""
        if self.embed and isinstance(height, (int, float)) and not isinstance(height, bool):
            self.post(host.resize_event(float(height)))

    def post_ready(self) -> None:
        """Tell the host page what is shown (the start screen: a new game, no seat)."""
        if self.mode is None:
            self.post(host.ready_event("game", self.choice_mode, True, None))
            return
        kind, mode, interactive, seat = self.mode.ready()
        self.post(host.ready_event(kind, mode, interactive, seat))

    def on_host(self, event: dict[str, Any]) -> bool:
        """A `message` or `message-refused` event of dom.py; True when the page changed (it is then drawn)."""
        origin = str(event.get("origin") or "")
        if event.get("type") == "message":
            return self.on_message(event.get("data"), origin)
        if not host.origin_allowed(origin, self.allowed):
            return False
        why, size = event.get("why"), event.get("size")
        size = size if isinstance(size, int) and not isinstance(size, bool) else "more than " + str(MESSAGE_CHARS)
        detail = {"size": f"the message is {size} characters long, and at most "
                          f"{MESSAGE_CHARS} are read.",
                  "deep": f"the message is nested more than {safejson.MAX_DEPTH} levels deep.",
                  }.get(str(why), "the message cannot be copied (it refers to itself, or it is nested too deeply).")
        self.post(host.error_event(problem("host.shape", detail=detail), event.get("id")))
        return False

    def on_message(self, data: Any, origin: str) -> bool:
        """A message from the parent window (dom.py passes only those): a command of host.py, or ignored.
        True when a command changed the page. A game a command opens is never saved over the player's."""
        command = host.parse_command(data, origin, self.allowed)
        if command is None:
            return False
        if isinstance(command, Reason):
            if command.code == "host.origin":
                self.platform.console_warn("Jaipur: " + command.message)
            else:
                cid = data.get("id") if isinstance(data, dict) else None
                self.post(host.error_event(command, cid))
            return False
        if command.type == "reset":
            self.reset()
        elif command.type == "load-record" and command.record is not None:
            self.open_record(command.record, command.seat)
        elif command.type == "load-position" and command.position is not None:
            if command.puzzle is not None:
                self.open_puzzle(command.puzzle, command.caption)
            else:
                interactive = command.interactive if command.interactive is not None else self.address.interactive
                self.open_position(command.position, seat=command.seat, interactive=interactive,
                                   caption=command.caption, saves=False)
        self.notices = []
        return True

def start() -> None:
    """The PyScript entry: read the address, draw the start screen or the table, mark the page ready."""
    import js

    from .dom import BrowserPlatform

    address = read_address(str(js.location.search or ""), str(js.location.hash or ""))
    platform = BrowserPlatform(js.document.getElementById("app"))
    controller = Controller(platform, address, load_bots(), browser_movetimes())
    controller.worker = browser_link(platform)
    platform.listen(controller.on_event, controller.allowed)
    try:
        controller.boot()
    except Exception as exc:  # noqa: BLE001 - a bad URL or a broken deal: the start screen says why
        controller._leave()
        controller.fail(exc)
        controller.draw()
    js.document.documentElement.dataset.jaipur = "ready"  # the worker (if a match needs one) starts after this


__all__ = ["Controller", "load_bots", "start"]
