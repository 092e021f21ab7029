"""A match played on: a new deal, a saved match resumed, or a position played on (`#position=`, a host's
load-position), against the computer (its turn, undo, suggestions) or two people on one device (the
pass screen between their turns).

The record (seed, mode, start, moves) is the state. The positions (`history`), the one on the table
(`position`) and the log are derived from it; the positions are kept as a cache of `replay(record)`
that grows and shrinks with the moves, never as a second truth.

Undo in a new deal against the computer deals afresh what the player cannot see (`saved.redeal`): the record
played so far is kept in `earlier` (one per such undo; the log and the round results are drawn from them too)
and the match goes on from a record that starts at the new deal. Such a match is practice: counted apart in the
statistics. A lesson (a match from a given position) undoes as before: its Try again replays the lesson's own
deck by design, and it counts in no statistics. Two people on one device have no undo.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...errors import JaipurError
from ...position import Position, position_to_json
from ...record import Record, record_to_json, replay
from ...rng import Rng, mix64
from ...rules import apply, check, legal_moves, next_round
from ...types import RoundResult
from ...view import view
from ..draw.model import (
    Key,
    LogEntry,
    MoveEntry,
    Suggestion,
    TableState,
    describe,
    match_log,
    move_selection,
    round_start,
)
from ..draw.motion import Played
from ..i18n import Reason, Strings, strings
from ..links import host
from ..links.address import PageRequest
from ..store.saved import (
    EARLIER,
    MAX_EARLIER,
    STORAGE_KEY,
    UNDOS,
    SavedGame,
    load_text,
    redeal,
    save_text,
    set_aside,
    undo_point,
)
from .base import MODAL, BaseMode, Page, Platform, fill
from .hinter import Hinter
from .thinker import Thinker

SPREAD = 0x9E3779B97F4A7C15
"""Mixed with the seed and the ply into the computer's random stream (the same game thinks the same)."""
PONDER_SPREAD = 0x2545F4914F6CDD1D
"""Mixed in for the computer's pondering on the player's turn (its own stream too)."""
HINT_SPREAD = 0x5DEECE66D
"""Mixed in too for the player's suggestions (their own stream, apart from the computer's)."""


class MatchMode(BaseMode):
    """A match in progress (kind `game` for a new deal, `position` for one that started from a position)."""

    actions = frozenset({"undo", "next-round", "ready"})

    def __init__(self, page: Page, record: Record, opponent: str, human_seat: int, thinker: Thinker,
                 players: tuple[str, str] | None = None, caption: str = "", saves: bool = True,
                 hinter: Hinter | None = None, earlier: list[Record] | None = None, undos: int = 0) -> None:
        super().__init__(page, human_seat, players, caption)
        self.saves = saves                      # False: a host page's game, never written over the player's save
        self.holding = False                    # True: another game is saved; not written over before the player moves
        self.earlier = list(earlier or [])      # the match before each undo that dealt afresh, oldest first
        self.undos = max(undos, len(self.earlier))   # such undos (a save whose `earlier` was lost still counts them)
        self.kind = "game" if (self.earlier[0] if self.earlier else record).start is None else "position"
        self.opponent = opponent
        self.human_seat = human_seat
        self.thinker = thinker
        self.hinter = hinter or Hinter(thinker.clock, thinker.bots, getattr(thinker, "link", None))
        self.record = Record(seed=record.seed, mode=record.mode, players=self.record_players(),
                             moves=list(record.moves), start=record.start)
        self.last: MoveEntry | None = None      # the move just played on this table, highlighted
        self.pass_to: int | None = None         # the pass screen: the seat to hand the device to
        self.dismissed = 0                      # the player hid their own move's result when this many moves were played
        self._history = replay(self.record)    # cache of replay(record)
        self._dealt: Position | None = None     # cache of next_round(history[-1]) once Next round is pressed
        self._log: tuple[tuple[int, int, bool], list[LogEntry]] | None = None
        self._before: tuple[int, list[LogEntry], list[Position], bool, list[Position]] | None = None  # _earlier()

    # ------------------------------------------------------------ derived from the record
    @property
    def moves(self) -> list[str]:
        """The moves played so far."""
        return self.record.moves

    @property
    def history(self) -> list[Position]:
        """The start, then the position after each move (replay(record), cached)."""
        if len(self._history) != len(self.record.moves) + 1:
            self._history = replay(self.record)
        return self._history

    @property
    def position(self) -> Position:
        """The position on the table: after the last move, or the next round's deal once it is dealt."""
        return self._dealt if self._dealt is not None else self.history[-1]

    @property
    def practice(self) -> bool:
        """Undo dealt afresh in this match: it is practice, counted apart in the statistics."""
        return self.undos > 0

    @property
    def plies(self) -> int:
        """Moves played in the whole match, those before each undo's new deal included."""
        return sum(len(r.moves) for r in self.earlier) + len(self.record.moves)

    def _earlier(self) -> tuple[list[LogEntry], list[Position], bool, list[Position]]:
        """The log of the match before the last new deal, its rounds' ends, whether it stopped at a round's end
        (then the new deal is the next round's, and its log starts with that round), and the positions of the
        last earlier record (where a further undo goes) — cached per undo."""
        if self._before is None or self._before[0] != len(self.earlier):
            log: list[LogEntry] = []
            ends: list[Position] = []
            over = False
            positions: list[Position] = []
            for r in self.earlier:
                positions = replay(r)
                part = match_log(positions, r.moves)
                log.extend(part[1:] if log and not over else part)   # a round under way goes on: no new start
                ends.extend(q for q in positions if q.round_over)
                over = positions[-1].round_over
            self._before = (len(self.earlier), log, ends, over, positions)
        return self._before[1], self._before[2], self._before[3], self._before[4]

    @property
    def log(self) -> list[LogEntry]:
        """The table's log of the match so far (cached per number of moves)."""
        key = (len(self.earlier), len(self.record.moves), self._dealt is not None)
        if self._log is None or self._log[0] != key:
            before, _, over, _ = self._earlier()
            entries = match_log(self.history, self.record.moves)
            if before and not over:
                entries = entries[1:]   # the new deal goes on with the round already under way
            entries = before + entries
            if self._dealt is not None:
                entries.append(round_start(self._dealt))
            self._log = (key, entries)
        return self._log[1]

    @property
    def human(self) -> bool:
        """Two people on one device (no computer)."""
        return self.opponent == "human"

    @property
    def thinking(self) -> bool:
        """The computer is choosing its move."""
        return self.thinker.busy

    def computer_seat(self) -> int | None:
        """The computer's seat (None for two players)."""
        return None if self.human else 1 - self.human_seat

    def names(self, s: Strings) -> tuple[str, str]:
        """The two seats' names as the table shows them."""
        if self.players is not None:
            return self.players
        if self.human:
            return (s.t("name.player", n=1), s.t("name.player", n=2))
        me, other = s.t("name.you"), s.t("name.computer")
        return (me, other) if self.human_seat == 0 else (other, me)

    def record_players(self) -> list[str]:
        """The names written into a record of this match (English, without "you")."""
        if self.players is not None:
            return list(self.players)
        if self.human:
            return ["Player 1", "Player 2"]
        computer = strings("en").t(f"level.{self.opponent}")
        return ["Player", computer] if self.human_seat == 0 else [computer, "Player"]

    # ------------------------------------------------------------ the table
    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The match seen by the seat in front of the screen."""
        p = at or self.position
        seat = self.viewer
        playing = p.status == "playing"
        can_move = playing and p.to_move == seat and not self.thinking
        fill(st, p, seat, dict(view(p, seat)), selection, can_move and st.dialog not in MODAL)
        st.turn = "over" if not playing else ("you" if p.to_move == seat and not self.thinking else "opponent")
        st.names = self.names(s)
        st.you_are_named = self.human or self.players is not None
        st.opponent = self.opponent
        st.thinking = self.thinking
        st.log = self.log
        st.last = self.last
        st.own = self.own_move() if at is None else None
        st.rounds = [] if playing else self.round_results(seat)
        st.pass_to = self.pass_to
        st.can_undo = self.can_undo()
        st.practice = self.practice
        st.can_suggest = True
        st.suggesting = self.suggesting and at is None
        st.interactive = True
        st.caption = self.caption

    def round_results(self, seat: int) -> list[RoundResult]:
        """Each finished round's result as `seat` sees it (public once the round is over), first round first."""
        out: list[RoundResult] = []
        for q in self._earlier()[1] + self.history:
            if q.round_over:
                seen: dict[str, Any] = dict(view(q, seat))
                res: RoundResult = seen["result"]
                out.append(res)
        return out

    def own_move(self) -> MoveEntry | None:
        """The viewer's own last move of the round being played, kept in view (apart from the computer's reply)
        until the player hides it or plays again; None for two players on one device (the pass screen says it)."""
        if self.human or self.last is None:
            return None
        ply = 0
        found: MoveEntry | None = None
        for entry in self.log:
            if entry["kind"] in ("take", "camels", "exchange", "sell"):
                ply += 1
                if entry["seat"] == self.viewer:
                    found = entry if ply > self.dismissed else None
        if found is None or found["round"] != self.position.round or self._dealt is not None:
            return None
        return found

    def may_move(self) -> bool:
        """The seat in front of the screen is to move and the computer is not thinking."""
        p = self.position
        return self.screen == "table" and p.status == "playing" and not self.thinking and p.to_move == self.viewer

    def ready(self) -> tuple[str, str, bool, int | str]:
        """A match, seen from the viewer."""
        return (self.kind, self.record.mode, True, self.viewer)

    def asks_before_leaving(self) -> bool:
        """A match with moves that is not over."""
        return bool(self.moves) and self.position.status != "match-over"

    def shareable(self) -> Record:
        """The match so far as a game record."""
        return dataclasses.replace(self.record, players=list(self.record.players), moves=list(self.moves))

    def leave(self) -> None:
        """Cancel the computer's think and the suggestion being thought."""
        self.thinker.cancel()
        self.hinter.cancel()

    # ------------------------------------------------------------ playing
    def act(self, action: str, value: str) -> bool:
        """Undo, Next round, or the pass screen's Ready; True when the table changed."""
        if action == "undo":
            return self.undo()
        if action == "next-round":
            return self.next_round()
        if action == "ready" and self.screen == "pass":
            self._viewer = self.position.to_move
            self.pass_to = None
            self.screen = "table"
        return False

    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Apply a move of the side to move, save the match, tell the host page, and go on."""
        self.hinter.cancel()
        before = self.position
        after = apply(before, move)
        entry = describe(before, move, after)
        self.record.moves.append(entry["move"])
        self._history.append(after)
        self._dealt = None
        self.page.show_played(Played(before, entry["move"], after, chosen))
        self.last = entry
        if self.opponent == "human" or before.to_move == self.human_seat:
            self.holding = False                # the player played on: this game is now the one saved
        self.save()
        if self.kind == "game" and not self.human and after.status == "match-over":
            self.page.count_match(self.opponent, after, self.human_seat, self.practice)
        for message in host.events_after_move(before, entry["move"], after, self.plies):
            self.page.post(message)
        self.after_move()

    def after_move(self) -> None:
        """What comes next: the round's dialog, the pass screen, the computer's turn, or the player's (a suggestion
        being thought for the table before is dropped)."""
        self.hinter.cancel()
        p = self.position
        if p.round_over:
            self.thinker.cancel()
            self.page.open_dialog("match" if p.status == "match-over" else "round")
            self.pass_to = None
            self.screen = "table"
            return
        if self.human:
            self.pass_to = p.to_move
            self.screen = "pass"
            return
        self._viewer = self.human_seat
        seat = self.computer_seat()
        if seat is None:
            return
        rng = Rng(mix64(p.seed ^ (len(self.moves) * SPREAD)))
        if p.to_move == seat:
            heard = self.moves[-1] if self.moves and self._dealt is None else None  # the player's move, if any
            self.thinker.think(self.opponent, dict(view(p, seat)), rng, self._thought, heard)
        else:
            # the player's turn: the computer thinks meanwhile, from its own view (the worker's top level only)
            self.thinker.ponder(self.opponent, dict(view(p, seat)), Rng(mix64(rng.state ^ PONDER_SPREAD)))

    def _thought(self, move: str | None, problem: BaseException | None) -> None:
        """The computer has chosen: play its move (a move that is not legal is said, and a legal one played)."""
        try:
            p = self.position
            if move is None or check(p, move) is not None:
                self.page.fail(problem or JaipurError(f"the bot chose {str(move)[:20]!r}, which is not legal here"),
                               "error.bot")
                move = legal_moves(p)[0]
            self.play(move)
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.page.fail(exc)
        self.page.refresh()

    def dismiss_own(self) -> None:
        """The own move's Hide button: its result leaves the table (the next move of the player shows again)."""
        self.dismissed = self.plies

    def look_at_table(self, look: bool) -> None:
        """The result dialog's "Look at the table" (look) and the table's "Back to the result" (not look)."""
        if not self.position.round_over or self.screen != "table":
            return
        over = "match" if self.position.status == "match-over" else "round"
        if look and self.page.dialog == over:
            self.page.clear_dialog()
        elif not look and self.page.dialog is None:
            self.page.open_dialog(over)

    def next_round(self) -> bool:
        """The round dialog's button: deal the next round."""
        p = self.position
        if p.status != "round-over":
            return False
        self._dealt = next_round(p)
        self.page.clear_dialog()
        self.last = None
        self.after_move()
        return True

    # ------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        """Undo is offered against the computer, inside the round being played (saved.undo_point)."""
        if self.human or self.screen != "table" or self.position.status == "match-over":
            return False
        return self._undo_from() is not None

    def _undo_from(self) -> tuple[int, int, list[Position]] | None:
        """Where an undo goes back to: the record it takes moves from (its index in earlier + [record]: the last
        one with moves, so undo after undo walks back through the new deals), how many of its moves stay, and
        its positions; None when there is nothing to undo (no move, or only across a round's end)."""
        i = len(self.earlier)
        while i > 0 and not (self.earlier[i] if i < len(self.earlier) else self.record).moves:
            i -= 1
        if i == len(self.earlier):
            rec, positions = self.record, self.history
        else:
            rec = self.earlier[i]
            positions = self._earlier()[3] if i == len(self.earlier) - 1 else replay(rec)
        keep = undo_point(rec, self.human_seat, positions)
        return None if keep is None else (i, keep, positions)

    @property
    def redeals(self) -> bool:
        """Undo deals afresh what the player cannot see: in a new deal against the computer (not in a lesson)."""
        return self.kind == "game" and not self.human

    def undo(self) -> bool:
        """Back to the human's previous decision: a pending computer think is cancelled, the computer's
        replies and the human's last move are taken back, the saved game follows. In a new deal against the
        computer the deck, its unseen cards and the hidden bonus values are dealt afresh (`saved.redeal`), so the
        undo shows nothing new, and the match becomes practice."""
        if not self.can_undo() or self.page.dialog is not None:
            return False
        found = self._undo_from()
        if found is None:
            return False
        i, keep, positions = found
        self.thinker.cancel()
        self.hinter.cancel()
        if self.redeals:
            rec = self.earlier[i] if i < len(self.earlier) else self.record
            done, fresh = redeal(rec, keep, self.human_seat, self.page.platform.random_seed(), positions)
            del self.earlier[i:]          # the new deals after it were never played on (no moves)
            self.earlier.append(done)
            self.undos += 1
            self.record = fresh
            self._history = replay(fresh)
            self._before = self._log = None   # the earlier records changed (not only in number)
            self.page.add_notice(Reason("undo.redealt"))
        else:
            del self.record.moves[keep:]
            del self._history[keep + 1:]
        self.dismissed = min(self.dismissed, self.plies)
        self._dealt = None
        self.last = None
        self.save()
        self.after_move()
        return True

    # ------------------------------------------------------------ suggestions
    @property
    def suggesting(self) -> bool:
        """A suggestion is being thought for the player (the hint button shows it is busy)."""
        return self.hinter.busy

    def suggest(self) -> Suggestion | None:
        """The hint button: start the top bot's suggestion for the seat in front of the screen (it arrives later,
        through `Page.show_suggestion`; None now), or cancel the one being thought (a second press). A bots
        package without a stepped think (a test double) answers at once with its `suggest` (the trader's)."""
        if self.hinter.busy:
            self.hinter.cancel()
            return None
        if not self.may_move():
            return None
        p = self.position
        v = dict(view(p, self.viewer))
        if self.hinter.can_think():
            ply = len(self.moves)
            rng = Rng(mix64(p.seed ^ (ply * SPREAD) ^ HINT_SPREAD))
            self.hinter.think(v, rng, lambda move, reason, problem: self._hinted(p, ply, move, reason, problem))
            return None
        move: str | None = None
        reason: Reason | str = ""
        bots: Any = self.thinker.bots
        fn = getattr(bots, "suggest", None) if bots is not None else None
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
        return self._suggestion(v, move, reason)

    def _suggestion(self, v: dict[str, Any], move: str | None, reason: Reason | str) -> Suggestion:
        """A suggestion for the table: a move that is not legal here is none, and its cards are selected."""
        if move is not None and check(self.position, move) is not None:
            move = None
        if reason == move:
            reason = ""
        return Suggestion(move, reason, move_selection(v, move) if move else frozenset())

    def _hinted(self, at: Position, ply: int, move: str | None, reason: Reason | None,
                problem: BaseException | None) -> None:
        """The suggestion has been thought for the position `at` (after `ply` moves): shown when that position is
        still on the table and the player may move (a stale answer is dropped); a failed think says there is none."""
        try:
            if self.position is not at or len(self.moves) != ply or not self.may_move():
                return
            if problem is not None:
                self.page.platform.console_warn(f"Jaipur has no suggestion: {type(problem).__name__}: {problem}")
                move = None
            sug = self._suggestion(dict(view(at, self.viewer)), move, reason or "")
            self.page.show_suggestion(dataclasses.replace(sug, where=self.hinter.where))
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.page.fail(exc)
        self.page.refresh()

    # ------------------------------------------------------------ the saved game
    def save(self) -> None:
        """Write the match in progress to storage (after every move; never when embedded nor for a game a host
        page's command opened); never raises."""
        if self.page.embed or not self.saves or self.holding:
            return
        try:
            extra: dict[str, Any] = {"opponent": self.opponent, "human_seat": self.human_seat, "lang": self.page.lang}
            if self.undos:   # what was played before each new deal (the log; not past MAX_EARLIER), and the undos
                if len(self.earlier) <= MAX_EARLIER:
                    extra[EARLIER] = [record_to_json(r) for r in self.earlier]
                extra[UNDOS] = self.undos
            if self.human and self.players is not None:
                extra["names"] = list(self.players)   # names.saved_names reads them back; older saves have none
            text = save_text(self.record, extra)
            stored = self.page.platform.store(STORAGE_KEY, text)
        except Exception as exc:  # noqa: BLE001 - saving is a convenience; the game goes on without it
            self.page.platform.console_warn(f"Jaipur could not save the game: {type(exc).__name__}: {exc}")
            stored = False
        if not stored:
            self.page.storage_refused()


def saved_match(platform: Platform, address: PageRequest, seed: int | None,
                levels: tuple[str, ...]) -> tuple[SavedGame | None, list[Reason], bool]:
    """The saved match to resume, the notices to show, and whether a save was dropped. A save that cannot
    be read is set aside (saved.set_aside) and said so (the caller then starts a fresh game); a finished one, one against a
    level that is not available, or one the address does not ask for (another seed, position or
    opponent; a reload of the same address resumes) is left alone."""
    try:
        text = platform.load(STORAGE_KEY)
    except Exception:  # noqa: BLE001
        text = None
    if text is None:
        return None, [], False
    saved = load_text(text)
    if isinstance(saved, Reason):
        platform.console_warn(f"Jaipur: the saved game was dropped: {saved.message}")
        set_aside(platform, STORAGE_KEY, text)
        return None, [saved], True
    rec = saved.origin   # what the match began with (before any undo's new deal)
    if address.opponent is not None and address.opponent != saved.opponent:
        return None, [], False
    if address.position is not None:
        if rec.start is None or position_to_json(rec.start) != position_to_json(address.position):
            return None, [], False
    elif seed is not None and (rec.start is not None or rec.seed != seed or rec.mode != address.mode):
        return None, [], False
    elif "mode" in address.given and (rec.start is not None or rec.mode != address.mode):
        return None, [], False   # ?mode=single-round starts what it asks
    if saved.opponent != "human" and saved.opponent not in levels:
        return None, [Reason("save.opponent", values={"value": saved.opponent})], False
    return (None if saved.finished else saved), [], False


def pending_save(platform: Platform, levels: tuple[str, ...]) -> SavedGame | None:
    """The saved match a new one would write over: readable, unfinished, against a level available
    (None otherwise; nothing is changed in storage)."""
    try:
        text = platform.load(STORAGE_KEY)
    except Exception:  # noqa: BLE001
        return None
    saved = load_text(text) if text is not None else None
    if not isinstance(saved, SavedGame) or saved.finished:
        return None
    return saved if saved.opponent == "human" or saved.opponent in levels else None
