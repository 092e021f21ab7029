"""The table's controller: ONE object owns what the page shows (a match, a puzzle, a still position
or a replay) and the UI state; ONE dispatcher handles every click, key, file and host message;
after every change the page is re-rendered from `Controller.state()`.

`start()` is the PyScript entry (main.py calls it): it reads the URL (links.parse_page_url),
builds the browser platform (dom.py) and the controller, draws the start screen or the table,
marks `<html data-jaipur="ready">` and tells a host page (postMessage, host.py) that it is ready.

What the page shows (`Controller.kind`):
  game      a new match (or the saved one, resumed) against the computer or two players on one device
  position  a match that starts from the `#position=` of the address (or a host's load-position)
  still     a position as a still picture (`interactive=0`): nothing can be clicked into a move
  puzzle    a position with a solution: tries are judged in words (puzzle.py), the answer can be revealed
  replay    the replay viewer of a `#record=` (replayer.py): step, jump to rounds, autoplay, whose cards

The controller never touches the browser itself: it talks to a *platform* (draw a Node tree,
spawn a task, sleep, storage, post to the host page, download, copy), so the whole flow runs in
CPython tests with a fake platform. The renderer only ever receives a seat's VIEW (model.TableState).
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

from ..errors import JaipurError
from ..position import Position, position_to_json
from ..record import Record
from ..rng import Rng, mix64
from ..rules import apply, check, legal_moves, new_match, next_round
from ..view import view
from . import host
from .i18n import LANGS, Reason, Strings, strings
from .links import make_link
from .model import (
    KINDS,
    OPPONENTS,
    ROVING_ZONES,
    ActionState,
    Options,
    Suggestion,
    TableState,
    action_states,
    describe,
    hint_for,
    key_command,
    move_selection,
    parse_options,
)
from .motion import Flight, Played, flights
from .profile import PROFILE_KEY, Profile, outcome_for, profile_text, read_profile
from .puzzle import Puzzle
from .query import parse_query
from .render import Node, render
from .replayer import Replayer
from .saved import (
    STORAGE_KEY,
    SavedGame,
    export_filename,
    export_record,
    import_record,
    load_text,
    save_text,
    undo_point,
)

COMPUTER_LEVELS = ("novice", "trader", "maharaja")
"""Levels offered on the start screen, weakest first; the strongest available is the default."""
MIN_THINK = 0.35
"""Seconds the computer shows "thinking…" at least, so its move can be followed."""
AUTOPLAY_DELAY = 0.9
"""Seconds between two frames of the replay viewer's autoplay."""
KINDS_PLAYED = ("game", "position")
"""The kinds of table where a match is played on (saved, undone, exported)."""
CLOSABLE_DIALOGS = ("confirm", "game", "share", "import", "keys", "rules")
"""Dialogs that Close and Escape shut (the round and match results wait for their own buttons)."""


class Platform(Protocol):
    """What the controller needs from its surroundings (the browser, or a test double)."""

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


class Controller:
    """Owns what the page shows and the UI state; `on_event` is the single dispatcher."""

    def __init__(self, platform: Platform, options: Options | None = None, problems: list[Reason] | None = None,
                 bots: Any = None, movetime: dict[str, float | None] | None = None,
                 min_think: float = MIN_THINK, autoplay_delay: float = AUTOPLAY_DELAY) -> None:
        self.platform = platform
        self.options = options or Options()
        self.address = dataclasses.replace(self.options)   # what the address asked for: `reset` goes back to it
        self.problems = list(problems or [])
        self.bots = bots
        self.movetime = dict(movetime or {})
        self.min_think = min_think
        self.autoplay_delay = autoplay_delay
        self.levels = self._levels()
        self.embed = self.options.embed
        self.profile = self._load_profile()
        given_lang = "lang" in self.options.given or self.profile.lang is None
        self.lang = self.options.lang if given_lang else str(self.profile.lang)
        self.update_ready = False              # a new release of the site waits (sw.js): offer a reload
        try:
            self.allowed = host.allowed_origins(platform.origin(), self.options.hosts)
        except Exception:  # noqa: BLE001 - no origin (file://): no host page may command the page
            self.allowed = tuple(self.options.hosts)
        # start-screen choices
        wanted = self.options.opponent
        if wanted is not None and wanted != "human" and wanted not in self.levels:
            self.problems.append(Reason("param.bots", values={"value": wanted}))
            wanted = None
        self.choice_opponent = wanted or self.strongest()
        self.choice_mode = self.options.mode
        # what is shown
        self.screen = "start"
        self.kind = "game"
        self.opponent = self.choice_opponent
        self.human_seat = 0
        self.position: Position | None = None
        self.history: list[Position] = []      # positions of the match: the start, then one after each move
        self.moves: list[str] = []
        self.start_position: Position | None = None
        self.seed = 0
        self.mode = "standard"
        self.log: list[dict[str, Any]] = []
        self.players: tuple[str, str] | None = None
        self.caption = ""
        self.viewer = 0
        self.game_id = 0                       # bumped to cancel a computer think (new game, undo, load)
        self.puzzle: Puzzle | None = None
        self.verdict: Any = None               # the last puzzle.PuzzleVerdict
        self.answer: Reason | None = None         # the puzzle's answer once revealed (worded when drawn)
        self.replayer: Replayer | None = None
        self.autoplaying = False
        self.autoplay_id = 0
        # UI state
        self.selection: frozenset[str] = frozenset()
        self.cursor: dict[str, int] = {}        # row of cards -> the card Tab reaches (moved by arrows, clicks)
        self.thinking = False
        self.dialog: str | None = None          # round | match | confirm | game | share | import
        self.error: Reason | None = None
        self.notices: list[Reason] = []
        self.suggestion: Suggestion | None = None
        self.last: dict[str, Any] | None = None
        self.pass_to: int | None = None
        self.played: Played | None = None      # the move just played, shown moving on the next draw of the table
        self.shown = ""                        # the screen drawn last
        self.share: dict[str, Any] | None = None
        self.import_problem: Reason | None = None
        self.storage_warned = False
        self.save_dropped = False              # a saved game could not be read (a fresh game starts)

    # ------------------------------------------------------------ setup
    def _levels(self) -> tuple[str, ...]:
        known = getattr(self.bots, "LEVELS", ()) if self.bots is not None else ()
        return tuple(lv for lv in COMPUTER_LEVELS if lv in known and hasattr(self.bots, "get_bot"))

    def strongest(self) -> str:
        return self.levels[-1] if self.levels else "human"

    def boot(self) -> None:
        """Open what the address asks for: a replay, a puzzle, a position, the saved game, a new game, or
        the start screen. Problems with the address are listed on the start screen, or above the table."""
        o = self.options
        if not self._open_linked(resume=True) and not self.resume():
            if self.embed or self.save_dropped or (o.opponent is not None and not self.problems):
                self.new_game()
        if self.screen != "start":
            self.notices[:0] = self.problems
            self.problems = []
        self.draw()
        self.post_ready()

    @property
    def strings(self) -> Strings:
        return strings(self.lang)

    @property
    def human(self) -> bool:
        return self.opponent == "human"

    def names(self) -> tuple[str, str]:
        """The two seats' names as the table shows them."""
        s = self.strings
        if self.players is not None:
            return self.players
        if self.kind in ("still", "puzzle"):
            me, other = s.t("name.you"), s.t("name.opponent")
        elif self.human:
            return (s.t("name.player", n=1), s.t("name.player", n=2))
        else:
            me, other = s.t("name.you"), s.t("name.computer")
        seat = self.viewer if self.kind in ("still", "puzzle") else self.human_seat
        return (me, other) if seat == 0 else (other, me)

    def record_players(self) -> list[str]:
        """The names written into a record of this match (English, without "you")."""
        if self.players is not None:
            return list(self.players)
        if self.human:
            return ["Player 1", "Player 2"]
        computer = strings("en").t(f"level.{self.opponent}")
        return ["Player", computer] if self.human_seat == 0 else [computer, "Player"]

    # ------------------------------------------------------------ state -> page
    def state(self) -> TableState:
        """Everything the renderer needs, built from the VIEW of the seat in front of the screen."""
        st = TableState(screen=self.screen, lang=self.lang, embed=self.embed,
                        opponent=self.choice_opponent if self.screen == "start" else self.opponent,
                        mode=self.choice_mode, levels=self.levels, bots_ok=bool(self.levels),
                        problems=self.problems, from_position=False, error=self.error,
                        notices=list(self.notices), dialog=self.dialog, share=self.share,
                        import_problem=self.import_problem, tools=not self.embed, kind=self.kind,
                        caption=self.caption, interactive=self.kind not in ("still", "replay"),
                        update_ready=self.update_ready and not self.embed,
                        stats={lv: self.profile.record(lv) for lv in self.levels} if self.profile.any_played() else {})
        if self.screen == "start":
            return st
        if self.kind == "replay" and self.replayer is not None:
            return self._replay_state(st)
        if self.position is None:
            return st
        p = self.position
        seat = self.viewer
        v = view(p, seat)
        playing = p.status == "playing"
        solved = self.puzzle is not None and self.puzzle.solved
        can_move = (playing and p.to_move == seat and not self.thinking and self.kind != "still" and not solved)
        st.view = v
        st.seat = seat
        st.names = self.names()
        st.you_are_named = self.human or self.players is not None
        st.selection = self.selection
        st.cursor = dict(self.cursor)
        modal = self.dialog in ("round", "match", "confirm")    # the game menu, share and import leave the hint be
        st.actions = action_states(p, seat, v, self.selection, can_move and not modal)
        if self.kind == "still":
            st.hint = ("still", None, None)
            st.turn = "over"
        elif solved:
            st.hint = ("solved", None, None)
            st.turn = "over"
        else:
            st.hint = hint_for(st.actions, v, self.selection)
            if self.kind == "puzzle" and st.hint[0] == "start":
                st.hint = ("puzzle", None, None)
            st.turn = "over" if not playing else ("you" if p.to_move == seat and not self.thinking else "opponent")
        st.thinking = self.thinking
        st.log = self.log
        st.last = self.last
        st.suggestion = self.suggestion
        st.pass_to = self.pass_to
        st.can_undo = self.can_undo()
        st.can_suggest = self.kind in KINDS_PLAYED
        if self.puzzle is not None:
            st.puzzle = {"verdict": self.verdict, "answer": self.answer, "solved": solved,
                         "caption": self.caption or self.puzzle.caption, "solver": self.puzzle.solver}
        return st

    def _replay_state(self, st: TableState) -> TableState:
        rp = self.replayer
        assert rp is not None
        v = rp.current_view()
        info = v["replay"]
        seat = 0 if rp.seen_from == "all" else int(rp.seen_from)
        p = rp.position
        st.view = v
        st.seat = seat
        st.names = self.players or (str(info["players"][0])[:40], str(info["players"][1])[:40])
        st.you_are_named = True
        st.actions = action_states(p, seat, v, frozenset(), False)
        st.turn = "over"
        st.hint = ("replay", None, None)
        st.log = rp.log()
        st.last = None          # the move just played is said in the replay controls
        st.replay = dict(info, autoplay=self.autoplaying, rounds=rp.rounds(), round=p.round,
                         to_move=p.to_move, status=p.status)
        return st

    def draw(self) -> None:
        """Render the whole page and hand it to the platform (which patches #app), with the flights of
        the move just played (motion.py) the first time the table shows it."""
        s = self.strings
        played = self.played
        if self.screen != "pass":       # kept while the pass screen hides the table (hot seat)
            self.played = None
        moving = self._flights(played) if played is not None else []
        if moving and played is not None and self.shown != "table":
            self._draw_at(played.before, s)   # after the pass screen: the table as it was, to fly from
        node = render(self.state(), s)
        if moving:
            self.platform.draw(node, s.lang, s.dir, moving)
        else:
            self.platform.draw(node, s.lang, s.dir)
        self.shown = self.screen

    def _flights(self, played: Played) -> list[Flight]:
        """What flies for a move just played, as the seat in front of the screen sees it (none off the table)."""
        if self.screen != "table":
            return []
        if self.kind == "replay":
            rp = self.replayer
            if rp is None or rp.position is not played.after:
                return []
            return flights(rp.seen(played.before), played.move, rp.seen(played.after))
        if self.position is not played.after:
            return []
        return flights(view(played.before, self.viewer), played.move, view(played.after, self.viewer), played.chosen)

    def _draw_at(self, position: Position, s: Strings) -> None:
        """Draw the table at another position; the next draw follows at once, so it is never painted."""
        now, self.position = self.position, position
        try:
            self.platform.draw(render(self.state(), s), s.lang, s.dir)
        finally:
            self.position = now

    # ------------------------------------------------------------ events
    def on_event(self, event: dict[str, Any]) -> None:
        """The one dispatcher: every click, key, file and host message arrives here. Never raises."""
        if event.get("type") == "resize":   # the page's own height changed: tell the host page, nothing to draw
            self.on_resize(event.get("height"))
            return
        try:
            self._dispatch(event)
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.fail(exc)
        try:
            self.draw()
        except Exception as exc:  # noqa: BLE001
            self.platform.console_error(f"Jaipur could not draw the table: {type(exc).__name__}: {exc}")

    def fail(self, exc: BaseException, key: str = "error.internal") -> None:
        """Log an exception to the console in short and show a readable sentence in the page."""
        short = f"{type(exc).__name__}: {' '.join(str(exc).split())[:160]}"
        tb = traceback.format_exception(exc)
        self.platform.console_error("Jaipur: " + short + "\n" + "".join(tb[-3:]))
        self.error = Reason(key, values={"detail": short[:100]})

    def _dispatch(self, event: dict[str, Any]) -> None:
        kind = event.get("type", "click")
        if kind == "key":
            self.on_key(str(event.get("key") or ""), str(event.get("code") or ""))
            return
        if kind == "focus":   # the arrow keys moved the focus within a row of cards (dom.py)
            self.move_cursor(str(event.get("zone") or ""), str(event.get("index") or ""))
            return
        if kind == "message":
            self.on_message(event.get("data"), str(event.get("origin") or ""))
            return
        if kind == "file":
            self.import_text(event.get("text"), too_big=int(event.get("size") or 0) < 0)
            return
        if kind == "update-ready":
            self.update_ready = True
            return
        action = str(event.get("action") or "")
        value = str(event.get("value") or "")
        if not action and event.get("card"):
            if self.can_move():   # the clicked card becomes its row's Tab stop (a still picture does not change)
                self.move_cursor(str(event.get("zone") or ""), str(event.get("index") or ""))
            self.toggle(str(event.get("zone") or ""), str(event.get("index") or ""))
            return
        handler = {
            "start": self.start_from_screen,
            "opponent": lambda: self._choose("opponent", value),
            "mode": lambda: self._choose("mode", value),
            "set-lang": lambda: self._choose("lang", value),
            "switch-lang": lambda: self._choose("lang", value),
            "take": lambda: self.play_selection("take"),
            "camels": lambda: self.play_selection("camels"),
            "exchange": lambda: self.play_selection("exchange"),
            "sell": lambda: self.play_selection("sell"),
            "clear": self.clear,
            "suggest": self.suggest,
            "undo": self.undo,
            "next-round": self.next_round,
            "new-game": self.to_start,
            "menu": self.menu,
            "leave": self.to_start,
            "stay": self.close_dialog,
            "close": self.close_dialog,
            "ready": self.ready,
            "dismiss": self.dismiss,
            "dismiss-notices": self.dismiss_notices,
            "keys": self.toggle_keys,
            "apply-update": self.apply_update,
            "rules": self.open_rules,
            "game": lambda: self.open_dialog("game"),
            "share": self.open_share,
            "copy-link": self.copy_link,
            "export": self.export,
            "import": lambda: self.open_dialog("import"),
            "import-paste": lambda: self.import_text(event.get("text")),
            "reveal": self.reveal,
            "retry": self.retry,
            "replay-first": lambda: self.replay_step("first"),
            "replay-back": lambda: self.replay_step("back"),
            "replay-forward": lambda: self.replay_step("forward"),
            "replay-last": lambda: self.replay_step("last"),
            "replay-round": lambda: self.replay_step("round", value),
            "replay-play": self.toggle_autoplay,
            "replay-seat": lambda: self.replay_seat(value),
        }.get(action)
        if handler is not None:
            handler()

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
                self.selection = frozenset()
                self.suggestion = None
            return
        if self.kind != "replay" or self.replayer is None or self.dialog is not None or self.screen != "table":
            return
        rtl = self.strings.dir == "rtl"
        step = {"ArrowRight": "back" if rtl else "forward", "ArrowLeft": "forward" if rtl else "back",
                "Home": "first", "End": "last"}.get(key)
        if step is not None:
            self.replay_step(step)

    def on_command(self, command: str) -> None:
        """A shortcut key's command: what the button of the same name does, when that button could be pressed."""
        if command == "keys":
            self.toggle_keys()
            return
        if self.screen != "table" or self.dialog is not None:
            return
        if command in KINDS:
            self.play_selection(command)
        elif command == "clear":
            self.clear()
        elif command == "undo" and not self.embed:
            self.undo()
        elif command == "suggest" and not self.embed:
            self.suggest()

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

    # ------------------------------------------------------------ start screen
    def _choose(self, what: str, value: str) -> None:
        if what == "opponent" and (value == "human" or value in self.levels):
            self.choice_opponent = value
        elif what == "mode" and value in ("standard", "single-round"):
            self.choice_mode = value
        elif what == "lang" and value in LANGS:
            self.lang = value
            self.save()
            self._store_profile(self.profile.with_lang(value))

    def start_from_screen(self) -> None:
        self.opponent = self.choice_opponent
        self.new_game()

    def to_start(self) -> None:
        """Back to the start screen (the running game, if any, is dropped)."""
        self._leave()
        self.screen = "start"
        self.kind = "game"
        self.position = None
        self.choice_opponent = self.opponent if self.opponent in (*self.levels, "human") else self.strongest()
        self.problems = []
        self.notices = []

    def menu(self) -> None:
        if self.kind in KINDS_PLAYED and self.position is not None and self.position.status != "match-over" and self.moves:
            self.dialog = "confirm"
        else:
            self.to_start()

    def open_dialog(self, name: str) -> None:
        self.dialog = name
        self.import_problem = None

    def close_dialog(self) -> None:
        if self.dialog in CLOSABLE_DIALOGS:
            self.dialog = None
            self.share = None
            self.import_problem = None

    def dismiss(self) -> None:
        self.error = None

    def dismiss_notices(self) -> None:
        self.notices = []

    # ------------------------------------------------------------ opening what is shown
    def _leave(self) -> None:
        """Drop what is shown: cancel a computer think and an autoplay, close dialogs, clear the UI state."""
        self.game_id += 1
        self.stop_autoplay()
        self.thinking = False
        self.dialog = None
        self.selection = frozenset()
        self.suggestion = None
        self.last = None
        self.pass_to = None
        self.share = None
        self.import_problem = None
        self.puzzle = None
        self.verdict = None
        self.answer = None
        self.replayer = None
        self.log = []
        self.moves = []
        self.history = []
        self.players = None
        self.caption = ""
        self.error = None

    def new_game(self) -> None:
        """Deal a new match for the chosen opponent and mode (the URL's seed is used once)."""
        seed = self.options.seed if self.options.seed is not None else self.platform.random_seed()
        self.options.seed = None
        self._begin("game", self.choice_opponent, 0, seed, self.choice_mode, None, [])

    def _begin(self, kind: str, opponent: str, human_seat: int, seed: int, mode: str, start: Position | None,
               moves: list[str], players: tuple[str, str] | None = None, caption: str = "") -> None:
        """Start (or resume) a match: its record is seed/mode/start and the moves played so far."""
        self._leave()
        self.kind = kind
        self.opponent = opponent
        self.choice_opponent = opponent
        self.human_seat = human_seat
        self.viewer = human_seat
        self.seed, self.mode, self.start_position = seed, mode, start
        self.players = players
        self.caption = caption
        first = start if start is not None else new_match(seed, mode)
        self.history = [first]
        for move in moves:
            self.history.append(apply(self.history[-1], move))
        self.moves = list(moves)
        self._rebuild_log()
        self.position = self.history[-1]
        self.screen = "table"
        self.save()
        self._after_move()

    def _rebuild_log(self) -> None:
        self.log = []
        self._log_replay(self.history, self.moves)

    def open_position(self, position: Position, seat: int | None = None, interactive: bool = True,
                      caption: str = "", players: tuple[str, str] | None = None,
                      opponent: str | None = None) -> None:
        """The table at a position: played on against the opponent from the seat in front of the screen
        (`seat`, default the side to move), or shown as a still picture."""
        seat = position.to_move if seat not in (0, 1) else seat
        if not interactive:
            self._leave()
            self.kind = "still"
            self.position = position
            self.viewer = seat
            self.human_seat = seat
            self.players = players
            self.caption = caption
            self.screen = "table"
            self.log = [{"kind": "round-start", "round": position.round, "seat": position.starter}]
            return
        self._begin("position", opponent or self.choice_opponent, seat, position.seed, position.mode, position, [],
                    players, caption)

    def open_puzzle(self, puzzle: Puzzle, caption: str = "", players: tuple[str, str] | None = None) -> None:
        """The table at the puzzle's position, seen by the solver; tries are judged (`play` -> `try_puzzle`)."""
        self._leave()
        self.kind = "puzzle"
        self.puzzle = Puzzle(puzzle.start, [" ".join(line) for line in puzzle.lines], puzzle.caption)
        self.position = self.puzzle.position
        self.viewer = self.human_seat = self.puzzle.solver
        self.players = players
        self.caption = caption or puzzle.caption
        self.screen = "table"
        self.log = [{"kind": "round-start", "round": self.position.round, "seat": self.position.starter}]

    def open_record(self, record: Record, seat: int | str | None = None) -> None:
        """The replay viewer at the record's first frame, showing the cards `seat` saw (0, 1 or "all")."""
        replayer = Replayer(record, seat if seat in (0, 1, "all") else 0)
        self._leave()
        self.kind = "replay"
        self.replayer = replayer
        self.position = None
        self.screen = "table"

    # ------------------------------------------------------------ the saved game
    def saving(self) -> bool:
        """Whether this table keeps its match in the browser's storage (never when embedded)."""
        return not self.embed and self.kind in KINDS_PLAYED and self.screen != "start"

    def record(self) -> Record:
        """The match so far as a game record."""
        return Record(seed=self.seed, mode=self.mode, players=self.record_players(), moves=list(self.moves),
                      start=self.start_position)

    def save(self) -> None:
        """Write the match in progress to storage (after every move); never raises."""
        if not self.saving():
            return
        try:
            text = save_text(self.record(), {"opponent": self.opponent, "human_seat": self.human_seat,
                                             "lang": self.lang})
            stored = self.platform.store(STORAGE_KEY, text)
        except Exception as exc:  # noqa: BLE001 - saving is a convenience; the game goes on without it
            self.platform.console_warn(f"Jaipur could not save the game: {type(exc).__name__}: {exc}")
            stored = False
        if not stored and not self.storage_warned:
            self.storage_warned = True
            self.notices.append(Reason("save.unavailable"))

    def resume(self) -> bool:
        """Resume the saved match when there is one and the address asks for nothing else.
        A save that cannot be read is removed and said so (a notice); the caller then starts a fresh game."""
        if self.embed or not self.options.interactive:
            return False
        try:
            text = self.platform.load(STORAGE_KEY)
        except Exception:  # noqa: BLE001
            text = None
        if text is None:
            return False
        saved = load_text(text)
        if isinstance(saved, Reason):
            self.notices.append(saved)
            self.save_dropped = True
            self.platform.console_warn(f"Jaipur: the saved game was dropped: {saved.message}")
            try:
                self.platform.remove(STORAGE_KEY)
            except Exception:  # noqa: BLE001
                pass
            return False
        if not self._address_allows(saved):
            return False
        if saved.opponent != "human" and saved.opponent not in self.levels:
            self.notices.append(Reason("save.opponent", values={"value": saved.opponent}))
            return False
        if saved.finished:
            return False
        rec = saved.record
        lang = saved.extra.get("lang")   # a language the player chose (profile) or the address names comes first
        if lang in LANGS and "lang" not in self.options.given and self.profile.lang is None:
            self.lang = str(lang)
        self._begin("game" if rec.start is None else "position", saved.opponent, saved.human_seat, rec.seed,
                    rec.mode, rec.start, list(rec.moves))
        self.notices.append(Reason("save.resumed"))
        return True

    def _address_allows(self, saved: SavedGame) -> bool:
        """The saved match is resumed unless the address asks for another one (another seed, position
        or opponent). A reload of the same address resumes."""
        o = self.options
        rec = saved.record
        if o.opponent is not None and o.opponent != saved.opponent:
            return False
        if o.position is not None:
            return rec.start is not None and position_to_json(rec.start) == position_to_json(o.position)
        if o.seed is not None and (rec.start is not None or rec.seed != o.seed or rec.mode != o.mode):
            return False
        return True

    # ------------------------------------------------------------ the profile, the site's updates
    def _load_profile(self) -> Profile:
        """The language chosen and the statistics kept in the browser (an empty profile when there are none)."""
        if self.embed:  # an embedded table neither reads nor changes the player's own choices
            return Profile()
        try:
            return read_profile(self.platform.load(PROFILE_KEY))
        except Exception:  # noqa: BLE001 - storage refused: nothing remembered
            return Profile()

    def _store_profile(self, profile: Profile) -> None:
        """Keep the profile (in memory always; in storage when the page is not embedded)."""
        self.profile = profile
        if self.embed:
            return
        try:
            self.platform.store(PROFILE_KEY, profile_text(profile))
        except Exception as exc:  # noqa: BLE001 - statistics are a convenience
            self.platform.console_warn(f"Jaipur could not keep the statistics: {type(exc).__name__}: {exc}")

    def _count_match(self, after: Position) -> None:
        """A match against the computer has just ended: count it as won, lost or drawn for its level."""
        if self.kind != "game" or self.human or after.status != "match-over":
            return
        outcome = outcome_for((after.result or {}).get("match_winner"), self.human_seat)
        if outcome is not None:
            self._store_profile(self.profile.with_result(self.opponent, outcome))

    def apply_update(self) -> None:
        """The update notice's button: the match is saved already; load the new release of the site."""
        if self.update_ready:
            self.save()
            self.platform.apply_update()

    # ------------------------------------------------------------ the match
    def _log_replay(self, positions: list[Position], moves: list[str]) -> None:
        self.log.append({"kind": "round-start", "round": positions[0].round, "seat": positions[0].to_move})
        for before, move, after in zip(positions, moves, positions[1:]):
            if before.round_over:
                before = next_round(before)
                self.log.append({"kind": "round-start", "round": before.round, "seat": before.to_move})
            self.log.append(describe(before, move, after))
            if after.round_over:
                self._log_round_end(after)

    def _log_round_end(self, p: Position) -> None:
        res = p.result or {}
        self.log.append({"kind": "round-end", "round": p.round, "scores": list(res.get("scores", [0, 0]))})

    def computer_seat(self) -> int | None:
        return None if self.human or self.kind not in KINDS_PLAYED else 1 - self.human_seat

    def _after_move(self) -> None:
        """Decide what comes next: a dialog, the pass screen, the computer's turn, or the player's."""
        p = self.position
        assert p is not None
        self.selection = frozenset()
        self.suggestion = None
        if self.kind not in KINDS_PLAYED:
            return
        if p.round_over:
            self.thinking = False
            self.dialog = "match" if p.status == "match-over" else "round"
            self.pass_to = None
            self.screen = "table"
            return
        if self.human:
            self.pass_to = p.to_move
            self.screen = "pass"
            return
        self.viewer = self.human_seat
        if p.to_move == self.computer_seat():
            self.thinking = True
            self.platform.spawn(self._computer_turn(self.game_id))

    def ready(self) -> None:
        """The pass screen's button: show the table to the seat to move."""
        if self.screen == "pass" and self.position is not None:
            self.viewer = self.position.to_move
            self.pass_to = None
            self.screen = "table"

    def can_move(self) -> bool:
        p = self.position
        return (self.screen == "table" and p is not None and p.status == "playing" and not self.thinking
                and p.to_move == self.viewer and self.dialog is None and self.kind in (*KINDS_PLAYED, "puzzle")
                and not (self.puzzle is not None and self.puzzle.solved))

    def toggle(self, zone: str, index: str) -> None:
        """Select or unselect one card of the market, the hand or the herd."""
        if not self.can_move():
            return
        if zone not in ("market", "hand", "herd") or not index.isdigit():
            return
        key = f"{zone}:{int(index)}"
        sel = set(self.selection)
        sel.symmetric_difference_update({key})
        self.selection = frozenset(sel)
        self.suggestion = None

    def clear(self) -> None:
        self.selection = frozenset()
        self.suggestion = None

    def current_actions(self) -> dict[str, ActionState]:
        p = self.position
        assert p is not None
        v = view(p, self.viewer)
        return action_states(p, self.viewer, v, self.selection, self.can_move())

    def play_selection(self, kind: str) -> None:
        """An action button: play the selection's move when it is legal; otherwise nothing changes."""
        if self.screen != "table" or self.position is None or not self.can_move():
            return
        action = self.current_actions().get(kind)
        if action is None or not action.enabled or action.move is None:
            return
        if self.kind == "puzzle":
            self.try_puzzle(action.move)
        else:
            self.play(action.move)

    def play(self, move: str) -> None:
        """Apply a move of the side to move, log it, save the match, tell the host page, and go on."""
        before = self.position
        assert before is not None
        after = apply(before, move)
        entry = describe(before, move, after)
        self.position = after
        self.played = Played(before, entry["move"], after, self.selection)
        self.moves.append(entry["move"])
        self.history.append(after)
        self.log.append(entry)
        self.last = entry
        if after.round_over:
            self._log_round_end(after)
        self.save()
        self._count_match(after)
        for message in host.events_after_move(before, entry["move"], after, len(self.moves)):
            self.post(message)
        self._after_move()

    def next_round(self) -> None:
        """The round dialog's button: deal the next round."""
        p = self.position
        if p is None or p.status != "round-over" or self.kind not in KINDS_PLAYED:
            return
        self.position = next_round(p)
        self.dialog = None
        self.last = None
        self.log.append({"kind": "round-start", "round": self.position.round, "seat": self.position.to_move})
        self._after_move()

    # ------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        """Undo is offered against the computer, inside the round being played (saved.undo_point)."""
        if self.kind not in KINDS_PLAYED or self.human or not self.moves or self.screen != "table":
            return False
        if self.position is not None and self.position.status == "match-over":
            return False
        return undo_point(self.record(), self.human_seat, self.history) is not None

    def undo(self) -> None:
        """Back to the human's previous decision: a pending computer think is cancelled, the computer's
        replies and the human's last move are taken back, the saved game follows."""
        if not self.can_undo() or self.dialog is not None:
            return
        keep = undo_point(self.record(), self.human_seat, self.history)
        if keep is None:
            return
        self.game_id += 1            # a computer think in flight sees this and stops
        self.thinking = False
        self.moves = self.moves[:keep]
        self.history = self.history[:keep + 1]
        self.position = self.history[-1]
        self._rebuild_log()
        self.last = None
        self.selection = frozenset()
        self.suggestion = None
        self.save()
        self._after_move()

    # ------------------------------------------------------------ puzzles
    def try_puzzle(self, move: str) -> None:
        """Judge a try (puzzle.check): a right move is played (and the reply), a wrong one changes nothing."""
        pz = self.puzzle
        assert pz is not None
        before = pz.position
        played = len(pz.played)
        verdict = pz.check(move)
        self.verdict = verdict
        chosen, self.selection = self.selection, frozenset()
        self.suggestion = None
        if verdict.correct:
            p = before
            for m in pz.played[played:]:
                after = apply(p, m)
                entry = describe(p, m, after)
                self.log.append(entry)
                self.last = entry
                self.post(host.move_event(p, m, after, len(pz.played)))
                p = after
            self.position = pz.position
            if len(pz.played) == played + 1:   # the solver's move alone (a reply too: nothing flies)
                self.played = Played(before, pz.played[-1], self.position, chosen)
        self.post(host.puzzle_event(str(move), verdict.correct, verdict.done))

    def reveal(self) -> None:
        """Show the puzzle's answer (kept as a reason, so switching language words it anew)."""
        if self.puzzle is not None:
            self.answer = self.puzzle.answer()

    def retry(self) -> None:
        """Back to the puzzle's position (the answer stays shown once revealed)."""
        if self.puzzle is None:
            return
        self.puzzle.reset()
        self.position = self.puzzle.position
        self.verdict = None
        self.selection = frozenset()
        self.last = None
        self.log = [{"kind": "round-start", "round": self.position.round, "seat": self.position.starter}]

    # ------------------------------------------------------------ the replay viewer
    def replay_step(self, how: str, value: str = "") -> None:
        """Step the replay (a manual step stops the autoplay)."""
        rp = self.replayer
        if rp is None:
            return
        self.stop_autoplay()
        if how == "first":
            rp.to_start()
        elif how == "back":
            rp.back()
        elif how == "forward":
            self._replay_forward(rp.forward)
        elif how == "last":
            rp.to_end()
        elif how == "round" and value.isdigit():
            rp.jump_to_round(int(value))

    def _replay_forward(self, step: Callable[[], bool]) -> bool:
        """One step on in the replay (`step` is the replayer's), its move shown moving on the next draw."""
        rp = self.replayer
        assert rp is not None
        at = rp.index
        moved = step()
        shown = rp.played(at)
        if shown is not None:
            self.played = Played(*shown)
        return moved

    def replay_seat(self, value: str) -> None:
        if self.replayer is not None:
            self.replayer.set_seen_from("all" if value == "all" else int(value) if value in ("0", "1") else value)

    def toggle_autoplay(self) -> None:
        """Start the autoplay (from the start again when at the end), or stop it."""
        rp = self.replayer
        if rp is None:
            return
        if self.autoplaying:
            self.stop_autoplay()
            return
        if rp.at_end:
            rp.to_start()
        self.autoplaying = True
        self.autoplay_id += 1
        self.platform.spawn(self._autoplay(self.autoplay_id))

    def stop_autoplay(self) -> None:
        self.autoplaying = False
        self.autoplay_id += 1

    async def _autoplay(self, token: int) -> None:
        """The autoplay timer: a frame on every `autoplay_delay` seconds until the end or a stop."""
        try:
            while token == self.autoplay_id and self.replayer is not None:
                await self.platform.sleep(self.autoplay_delay)
                if token != self.autoplay_id or self.replayer is None:
                    return
                if not self._replay_forward(self.replayer.autoplay_step) or self.replayer.at_end:
                    self.stop_autoplay()
                self.draw()
        except Exception as exc:  # noqa: BLE001
            self.stop_autoplay()
            self.fail(exc)
            self.draw()

    # ------------------------------------------------------------ share, export, import
    def open_share(self) -> None:
        """The share dialog: a link that replays the match (or the replayed record) move by move."""
        rec = self.shareable()
        if rec is None:
            return
        link = make_link(self.platform.page_url(), record=rec, lang=self.lang if self.lang != "en" else None)
        self.share = {"link": link, "copied": None}
        self.dialog = "share"

    def shareable(self) -> Record | None:
        if self.kind == "replay" and self.replayer is not None:
            return self.replayer.record
        if self.kind in KINDS_PLAYED and self.screen != "start" and self.history:
            return self.record()
        return None

    def copy_link(self) -> None:
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
        name = export_filename(rec)
        ok = False
        try:
            ok = bool(self.platform.download(name, export_record(rec)))
        except Exception as exc:  # noqa: BLE001
            self.platform.console_warn(f"Jaipur could not download the record: {exc}")
        self.dialog = None
        self.notices.append(Reason("export.done", values={"name": name}) if ok else Reason("export.failed"))

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
        kind = {"game": "game", "position": "position", "still": "position", "puzzle": "puzzle",
                "replay": "replay"}[self.kind]
        seat: int | str | None = self.viewer
        if self.kind == "replay" and self.replayer is not None:
            seat = self.replayer.seen_from
        self.post(host.ready_event(kind, self.mode_shown(), self.kind not in ("still", "replay"),
                                   seat if self.screen != "start" else None))

    def mode_shown(self) -> str:
        if self.kind == "replay" and self.replayer is not None:
            return self.replayer.record.mode
        if self.position is not None:
            return self.position.mode
        return self.choice_mode

    def on_message(self, data: Any, origin: str) -> None:
        """A message from the parent window (dom.py passes only those): a command of host.py, or ignored."""
        command = host.parse_command(data, origin, self.allowed)
        if command is None:
            return
        if isinstance(command, Reason):
            if command.code == "host.origin":
                self.platform.console_warn("Jaipur: " + command.message)
            else:
                cid = data.get("id") if isinstance(data, dict) else None
                self.post(host.error_event(command, cid))
            return
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
                                   caption=command.caption)
        self.notices = []

    def reset(self) -> None:
        """Back to what the page's own address asked for."""
        self._leave()
        self.options = dataclasses.replace(self.address)
        self.screen = "start"
        self.kind = "game"
        self.position = None
        if not self._open_linked(resume=False) and (self.embed or self.options.opponent is not None):
            self.new_game()

    def _open_linked(self, resume: bool) -> bool:
        """Open the replay, puzzle or position the address names (a position may yield to the saved
        game of that same link when `resume`); False when the address names none of them."""
        o = self.options
        if o.record is not None:
            self.open_record(o.record, o.seat)
        elif o.puzzle is not None:
            self.open_puzzle(o.puzzle, o.caption, o.players)
        elif o.position is not None:
            if not (resume and self.resume()):
                self.open_position(o.position, seat=o.seat if isinstance(o.seat, int) else None,
                                   interactive=o.interactive, caption=o.caption, players=o.players)
        else:
            return False
        return True

    # ------------------------------------------------------------ the computer
    async def _computer_turn(self, game_id: int) -> None:
        """Drive the bot's thinking generator step by step, yielding to the page between steps."""
        try:
            await self._computer_think(game_id)
        except Exception as exc:  # noqa: BLE001
            if game_id == self.game_id:
                self.thinking = False
                self.fail(exc)
        if game_id == self.game_id:
            try:
                self.draw()
            except Exception as exc:  # noqa: BLE001
                self.platform.console_error(f"Jaipur could not draw the table: {type(exc).__name__}: {exc}")

    async def _computer_think(self, game_id: int) -> None:
        p = self.position
        seat = self.computer_seat()
        if p is None or seat is None or p.to_move != seat or p.status != "playing":
            self.thinking = False
            return
        self.draw()
        started = self.platform.now()
        move: str | None = None
        problem: BaseException | None = None
        try:
            bot = self.bots.get_bot(self.opponent)
            rng = Rng(mix64(p.seed ^ (len(self.moves) * 0x9E3779B97F4A7C15)))
            thinking = bot.think(view(p, seat), rng, self.movetime.get(self.opponent))
            while True:
                try:
                    next(thinking)
                except StopIteration as stop:
                    move = stop.value
                    break
                await self.platform.sleep(0)
                if game_id != self.game_id:
                    return
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the game
            problem = exc
        if game_id != self.game_id:
            return
        if move is None or check(p, move) is not None:
            problem = problem or JaipurError(f"the bot chose {str(move)[:20]!r}, which is not legal here")
            self.fail(problem, "error.bot")
            move = legal_moves(p)[0]
        wait = self.min_think - (self.platform.now() - started)
        if wait > 0:
            await self.platform.sleep(wait)
        if game_id != self.game_id or self.position is not p:
            return
        self.thinking = False
        self.play(move)

    def suggest(self) -> None:
        """Ask the trader for a move for the seat in front of the screen; select its cards."""
        p = self.position
        if p is None or not self.can_move() or self.kind not in KINDS_PLAYED:
            return
        v = view(p, self.viewer)
        move: str | None = None
        reason: Reason | str = ""
        fn = getattr(self.bots, "suggest", None) if self.bots is not None else None
        if fn is not None:
            got = fn(v, level="trader")
            if isinstance(got, str):
                move = got
            elif isinstance(got, (tuple, list)):
                move, reason = str(got[0]), str(got[1]) if len(got) > 1 else ""
            else:
                move = getattr(got, "move", None)
                found = getattr(got, "reason", "")
                reason = found if isinstance(found, Reason) else str(found or "")
        if move is not None and check(p, move) is not None:
            move = None
        if reason == move:
            reason = ""
        self.selection = move_selection(v, move) if move else frozenset()
        self.suggestion = Suggestion(move, reason)


def load_bots() -> Any:
    """The jaipur.bots package, or None when it cannot be imported (the page then offers two players only)."""
    try:
        from .. import bots
    except Exception:  # noqa: BLE001 - a missing or broken bots package must not stop the table
        return None
    return bots if hasattr(bots, "get_bot") and hasattr(bots, "LEVELS") else None


def browser_movetimes(bots: Any) -> dict[str, float | None]:
    """Per-level thinking time for the browser (the maharaja's browser budget, when it has one)."""
    out: dict[str, float | None] = {}
    try:
        from ..bots import maharaja

        out["maharaja"] = float(getattr(maharaja, "BROWSER_MOVETIME", 0.8))
    except Exception:  # noqa: BLE001
        pass
    return out


def read_address(search: str, hash_text: str) -> tuple[Options, list[Reason]]:
    """The page's address as controller options and the problems found in it: through
    `links.parse_page_url` (the page-link reader shared with the embedding tools) when it is there,
    else through `model.parse_options`."""
    try:
        from .links import parse_page_url

        request = parse_page_url(search, hash_text)
        options = request.to_options()
        options.given = frozenset(k for k, _ in parse_query(search.lstrip("?")))
        return options, list(request.problems)
    except Exception:  # noqa: BLE001 - the table's own reader covers the game parameters
        return parse_options(search, hash_text)


def start() -> None:
    """The PyScript entry: read the URL, draw the start screen or the table, mark the page ready."""
    import js

    from .dom import BrowserPlatform

    options, problems = read_address(str(js.location.search or ""), str(js.location.hash or ""))
    bots = load_bots()
    platform = BrowserPlatform(js.document.getElementById("app"))
    controller = Controller(platform, options, problems, bots, browser_movetimes(bots))
    platform.listen(controller.on_event)
    try:
        controller.boot()
    except Exception as exc:  # noqa: BLE001 - a bad URL or a broken deal: the start screen says why
        controller._leave()
        controller.fail(exc)
        controller.screen = "start"
        controller.position = None
        controller.draw()
    js.document.documentElement.dataset.jaipur = "ready"


__all__ = ["Controller", "OPPONENTS", "load_bots", "read_address", "start"]
