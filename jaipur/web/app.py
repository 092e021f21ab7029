"""The table's controller: ONE object owns the match (full position, record, UI state);
ONE dispatcher handles every click and key; after every change the page is re-rendered.

`start()` is the PyScript entry (main.py calls it): it reads the URL, builds the
browser platform (dom.py) and the controller, draws the start screen or starts
the game, and marks `<html data-jaipur="ready">`.

The controller never touches the browser itself: it talks to a *platform*
(draw a Node tree, spawn a task, sleep, log an error), so the whole flow runs in
CPython tests with a fake platform. The renderer only ever receives the view of
the seat in front of the screen (see model.TableState).
"""

from __future__ import annotations

import traceback
from collections.abc import Coroutine
from typing import Any, Protocol

from ..errors import JaipurError
from ..position import Position
from ..record import replay
from ..rng import Rng, mix64
from ..rules import apply, check, legal_moves, new_match, next_round
from ..view import view
from .i18n import Reason, Strings, strings
from .model import (
    OPPONENTS,
    ActionState,
    Options,
    Suggestion,
    TableState,
    action_states,
    describe,
    hint_for,
    move_selection,
    parse_options,
)
from .render import Node, render

COMPUTER_LEVELS = ("novice", "trader", "maharaja")
"""Levels offered on the start screen, weakest first; the strongest available is the default."""
MIN_THINK = 0.35
"""Seconds the computer shows "thinking…" at least, so its move can be followed."""


class Platform(Protocol):
    """What the controller needs from its surroundings (the browser, or a test double)."""

    def draw(self, node: Node, lang: str, direction: str) -> None: ...
    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...
    async def sleep(self, seconds: float) -> None: ...
    def now(self) -> float: ...
    def console_error(self, text: str) -> None: ...
    def random_seed(self) -> int: ...


class Controller:
    """Owns one match and the UI state; `on_event` is the single dispatcher."""

    def __init__(self, platform: Platform, options: Options | None = None, problems: list[Reason] | None = None,
                 bots: Any = None, movetime: dict[str, float | None] | None = None,
                 min_think: float = MIN_THINK) -> None:
        self.platform = platform
        self.options = options or Options()
        self.problems = list(problems or [])
        self.bots = bots
        self.movetime = dict(movetime or {})
        self.min_think = min_think
        self.levels = self._levels()
        self.lang = self.options.lang
        # start-screen choices
        wanted = self.options.opponent
        if wanted is not None and wanted != "human" and wanted not in self.levels:
            self.problems.append(Reason("param.bots", values={"value": wanted}))
            wanted = None
        self.choice_opponent = wanted or (self.levels[-1] if self.levels else "human")
        self.choice_mode = self.options.mode
        # the match
        self.screen = "start"
        self.opponent = self.choice_opponent
        self.position: Position | None = None
        self.moves: list[str] = []
        self.log: list[dict[str, Any]] = []
        self.record_names: tuple[str, str] | None = None
        self.viewer = 0
        self.game_id = 0
        # UI state
        self.selection: frozenset[str] = frozenset()
        self.thinking = False
        self.dialog: str | None = None
        self.error: Reason | None = None
        self.suggestion: Suggestion | None = None
        self.last: dict[str, Any] | None = None
        self.pass_to: int | None = None

    # ------------------------------------------------------------ setup
    def _levels(self) -> tuple[str, ...]:
        known = getattr(self.bots, "LEVELS", ()) if self.bots is not None else ()
        return tuple(lv for lv in COMPUTER_LEVELS if lv in known and hasattr(self.bots, "get_bot"))

    def boot(self) -> None:
        """Start the game at once when the URL names an opponent (and nothing is wrong); else the start screen."""
        if self.options.opponent is not None and not self.problems:
            self.new_game()
        self.draw()

    @property
    def strings(self) -> Strings:
        return strings(self.lang)

    @property
    def human(self) -> bool:
        return self.opponent == "human"

    def names(self) -> tuple[str, str]:
        s = self.strings
        if self.record_names is not None:
            return self.record_names
        if self.human:
            return (s.t("name.player", n=1), s.t("name.player", n=2))
        return (s.t("name.you"), s.t("name.computer"))

    # ------------------------------------------------------------ state -> page
    def state(self) -> TableState:
        """Everything the renderer needs, built from the VIEW of the seat in front of the screen."""
        st = TableState(screen=self.screen, lang=self.lang, embed=self.options.embed,
                        opponent=self.choice_opponent if self.screen == "start" else self.opponent,
                        mode=self.choice_mode, levels=self.levels, bots_ok=bool(self.levels),
                        problems=self.problems, from_position=self.options.position is not None
                        or self.options.record is not None, error=self.error)
        if self.screen == "start" or self.position is None:
            return st
        p = self.position
        seat = self.viewer
        v = view(p, seat)
        playing = p.status == "playing"
        my_turn = playing and p.to_move == seat and not self.thinking and self.dialog is None
        st.view = v
        st.seat = seat
        st.names = self.names()
        st.you_are_named = self.human
        st.selection = self.selection
        st.actions = action_states(p, seat, v, self.selection, my_turn)
        st.hint = hint_for(st.actions, v, self.selection)
        st.turn = "over" if not playing else ("you" if p.to_move == seat and not self.thinking else "opponent")
        st.thinking = self.thinking
        st.log = self.log
        st.last = self.last
        st.suggestion = self.suggestion
        st.dialog = self.dialog
        st.pass_to = self.pass_to
        return st

    def draw(self) -> None:
        """Render the whole page and hand it to the platform (which patches #app)."""
        s = self.strings
        self.platform.draw(render(self.state(), s), s.lang, s.dir)

    # ------------------------------------------------------------ events
    def on_event(self, event: dict[str, Any]) -> None:
        """The one dispatcher: every click and key of #app arrives here. Never raises."""
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
            if event.get("key") == "Escape":
                if self.dialog == "confirm":
                    self.dialog = None
                elif self.error is not None:
                    self.error = None
                else:
                    self.selection = frozenset()
                    self.suggestion = None
            return
        action = str(event.get("action") or "")
        value = str(event.get("value") or "")
        if not action and event.get("card"):
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
            "next-round": self.next_round,
            "new-game": self.to_start,
            "menu": self.menu,
            "leave": self.to_start,
            "stay": self.close_dialog,
            "ready": self.ready,
            "dismiss": self.dismiss,
        }.get(action)
        if handler is not None:
            handler()

    # ------------------------------------------------------------ start screen
    def _choose(self, what: str, value: str) -> None:
        if what == "opponent" and (value == "human" or value in self.levels):
            self.choice_opponent = value
        elif what == "mode" and value in ("standard", "single-round"):
            self.choice_mode = value
        elif what == "lang" and value in ("en", "fa"):
            self.lang = value

    def start_from_screen(self) -> None:
        self.opponent = self.choice_opponent
        self.new_game()

    def to_start(self) -> None:
        """Back to the start screen (the running game, if any, is dropped)."""
        self.game_id += 1
        self.screen = "start"
        self.position = None
        self.thinking = False
        self.dialog = None
        self.choice_opponent = self.opponent
        self.problems = []

    def menu(self) -> None:
        if self.position is not None and self.position.status != "match-over" and self.moves:
            self.dialog = "confirm"
        else:
            self.to_start()

    def close_dialog(self) -> None:
        if self.dialog == "confirm":
            self.dialog = None

    def dismiss(self) -> None:
        self.error = None

    # ------------------------------------------------------------ the match
    def new_game(self) -> None:
        """Deal a new match for the chosen opponent and mode (the URL's seed/position/record are used once)."""
        self.game_id += 1
        self.opponent = self.choice_opponent
        opts = self.options
        self.moves = []
        self.log = []
        self.record_names = None
        self.error = None
        self.last = None
        self.suggestion = None
        self.selection = frozenset()
        self.thinking = False
        self.dialog = None
        positions: list[Position]
        if opts.record is not None:
            rec = opts.record
            positions = replay(rec)
            self.position = positions[-1]
            self.record_names = (rec.players[0][:40], rec.players[1][:40]) if self.human else None
            self._log_replay(positions, rec.moves)
        elif opts.position is not None:
            self.position = opts.position
        else:
            seed = opts.seed if opts.seed is not None else self.platform.random_seed()
            self.position = new_match(seed, self.choice_mode)
        if not self.log:
            self.log.append({"kind": "round-start", "round": self.position.round, "seat": self.position.to_move})
        opts.record = None
        opts.position = None
        opts.seed = None
        self.screen = "table"
        self._after_move()

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
        return None if self.human else 1

    def _after_move(self) -> None:
        """Decide what comes next: a dialog, the pass screen, the computer's turn, or the player's."""
        p = self.position
        assert p is not None
        self.selection = frozenset()
        self.suggestion = None
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
        self.viewer = 0
        if p.to_move == self.computer_seat():
            self.thinking = True
            self.platform.spawn(self._computer_turn(self.game_id))

    def ready(self) -> None:
        """The pass screen's button: show the table to the seat to move."""
        if self.screen == "pass" and self.position is not None:
            self.viewer = self.position.to_move
            self.pass_to = None
            self.screen = "table"

    def toggle(self, zone: str, index: str) -> None:
        """Select or unselect one card of the market, the hand or the herd."""
        p = self.position
        if (self.screen != "table" or p is None or p.status != "playing" or self.thinking
                or p.to_move != self.viewer or self.dialog is not None):
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
        active = p.status == "playing" and p.to_move == self.viewer and not self.thinking and self.dialog is None
        return action_states(p, self.viewer, v, self.selection, active)

    def play_selection(self, kind: str) -> None:
        """An action button: play the selection's move when it is legal; otherwise nothing changes."""
        if self.screen != "table" or self.position is None:
            return
        action = self.current_actions().get(kind)
        if action is None or not action.enabled or action.move is None:
            return
        self.play(action.move)

    def play(self, move: str) -> None:
        """Apply a move of the side to move, log it, and go on."""
        before = self.position
        assert before is not None
        after = apply(before, move)
        entry = describe(before, move, after)
        self.position = after
        self.moves.append(entry["move"])
        self.log.append(entry)
        self.last = entry
        if after.round_over:
            self._log_round_end(after)
        self._after_move()

    def next_round(self) -> None:
        """The round dialog's button: deal the next round."""
        p = self.position
        if p is None or p.status != "round-over":
            return
        self.position = next_round(p)
        self.dialog = None
        self.last = None
        self.log.append({"kind": "round-start", "round": self.position.round, "seat": self.position.to_move})
        self._after_move()

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
        if p is None or p.status != "playing" or p.to_move != self.viewer or self.thinking:
            return
        v = view(p, self.viewer)
        move: str | None = None
        reason = ""
        fn = getattr(self.bots, "suggest", None) if self.bots is not None else None
        if fn is not None:
            got = fn(v, level="trader")
            if isinstance(got, str):
                move = got
            elif isinstance(got, (tuple, list)):
                move, reason = str(got[0]), str(got[1]) if len(got) > 1 else ""
            else:
                move = getattr(got, "move", None)
                reason = str(getattr(got, "reason_fa" if self.lang == "fa" else "reason", "") or "")
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
        # the table shows no caption, so a shortened caption is nothing to report here
        return request.to_options(), [p for p in request.problems if p.code != "param.caption"]
    except Exception:  # noqa: BLE001 - the table's own reader covers the game parameters
        return parse_options(search, hash_text)


def start() -> None:
    """The PyScript entry: read the URL, draw the start screen or the game, mark the page ready."""
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
        controller.fail(exc)
        controller.screen = "start"
        controller.position = None
        controller.draw()
    js.document.documentElement.dataset.jaipur = "ready"


__all__ = ["Controller", "OPPONENTS", "load_bots", "read_address", "start"]
