"""A game with a friend, dealt fairly with no server (`jaipur.fair`): the invitation made or answered, then
the table as this side sees it, and always the link to send now and a box to paste the friend's link into.

The mode owns one `FriendGame` (or, before there is one, the choices of an invitation being made or the
invitation being looked at). Everything the cryptography does runs in small steps on the page's event loop
(`thinker.stepped`), so the page stays responsive; meanwhile `busy` says what is being done. After every
change the game is kept in the browser (`web/store/friends.py`). The table is drawn from the game's view for
this seat; a round's result opens its dialog once both secrets have been checked.

A message that carries a deck (about 19,000 characters) is sent as several links, `#part=…` (`send_links`,
`jaipur.fair.wire.split`), offered together to send in a row; the friend's page gathers them in any order
(`Controller.friend_parts`, `web/store/parts.py`), says how many are still missing (`gathered`), and takes the
message once its last part is in, exactly as its whole link. A game an older version started (and its links) is
said so (`friend-old-version`) and never read or written here.

One game, any number of tabs: what is kept only moves forward (`keep` refuses to write over a newer chain of
messages). A tab follows the kept game whenever another tab changes it (`on_storage`), and reads it back before
it takes a link or plays, so a link opened in any tab is taken against the newest game; a tab that made a move
another tab had already made differently drops its own, unsent, and says so.

What the bar says lives as long as its moment: a refusal (`problem`) or a note (`note`) is said until the game
changes (a message made, taken, or followed from another tab) or the player does something else.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Generator
from typing import Any, cast

from ...errors import JaipurError
from ...fair import FairError, FriendGame, Refused, clean_name, wire
from ...position import Position
from ...record import Record, b64encode
from ...types import RoundResult
from ...view import view as seat_view
from ..draw.model import FriendPanel, Key, LogEntry, MoveEntry, TableState, describe, round_end, round_start
from ..draw.motion import Flight, Played
from ..i18n import Reason, Strings
from ..live import signal
from ..store.friends import compare, held_chain, keep, load_game_data, newer, remember_name, remembered_name
from ..store.parts import Joined
from .base import MODAL, BaseMode, Page, fill
from .friend_live import LIVE_ACTIONS, LiveSide
from .thinker import stepped

MAX_PASTE = 100_000
"""Characters of a refused paste kept in the box (several links of a long message, one a line)."""
CRYPTO_ARCHIVE = "./assets/vendor/friend.zip"
"""The cryptography's modules (ecdsa), fetched and unpacked the first time a friend game needs them."""


class FriendMode(BaseMode):
    """A game with a friend: setup (making an invitation), invited (answering one), or the game itself."""

    kind = "friend"
    actions = frozenset({"next-round"})

    def __init__(self, page: Page, game: FriendGame | None = None, invitation: str = "") -> None:
        super().__init__(page, game.seat if game is not None else 0)
        self.game = game
        self.invitation = invitation            # the link of an invitation being looked at (no game yet)
        self.inviter = ""                       # its inviter's name, once read
        self.invite_mode = "standard"           # the mode of the invitation being made, or looked at
        self.busy: str | None = None            # what runs now: crypto | invite | accept | receive | play | load
        self._problem: tuple[Reason | None, int] = (None, -1)   # why the last link or action was refused, when
        self._note: tuple[Reason | None, int] = (None, -1)      # what just happened (a link seen again), when
        self.pasted = ""                        # a refused paste's text, kept in the box
        self.stale = False                      # another tab changed the game while this one was busy
        self._replacing: list[str] | None = None   # the chain a catch-up link replaced (written over once)
        self.copied: bool | None = None
        self.copied_part = 0                    # which link Copy put on the clipboard (0: all of them)
        self.gathering = False                  # parts of a friend's long message opened here, no game shown yet
        self.queued: list[str] = []             # links to take once what runs now is done (a message just joined)
        self.results_seen = len(game.results()) if game is not None else 0
        self.result_round: int | None = None    # the round whose result dialog is open
        self._token = 0
        self.side = LiveSide(self)              # the live channel, when the game goes live

    # ------------------------------------------------------------ what the bar says, for as long as it holds
    def moment(self) -> int:
        """The game's moment: how many messages it has (-1 before there is a game)."""
        return self.game.number if self.game is not None else -1

    @property
    def problem(self) -> Reason | None:
        """Why the last link or action was refused, while the game is where it was then."""
        reason, at = self._problem
        return reason if at == self.moment() else None

    @problem.setter
    def problem(self, reason: Reason | None) -> None:
        self._problem = (reason, self.moment())
        if reason is None:
            self.pasted = ""

    @property
    def note(self) -> Reason | None:
        """What just happened that is not a refusal, while the game is where it was then."""
        reason, at = self._note
        return reason if at == self.moment() else None

    @note.setter
    def note(self, reason: Reason | None) -> None:
        self._note = (reason, self.moment())

    # ------------------------------------------------------------ what the table shows
    @property
    def screen(self) -> str:
        """The table once this side holds cards, else the friend screen (invitation, answer, waiting, and a new
        round being dealt once the last one's result is closed)."""
        if self.game is None or self.game.view() is None:
            return "friend"
        return "friend" if self.dealing()[0] and self.page.dialog not in ("round", "match") else "table"

    @screen.setter
    def screen(self, value: str) -> None:
        """Derived: BaseMode's assignment is ignored."""

    def dealing(self) -> tuple[int, int | None]:
        """The round being dealt while this side's cards of it have not come yet (from the moment the round before
        is scored, the match going on: its first shuffle is the friend's), and the seat that starts it; (0, None)
        when the table shows the round being played."""
        g = self.game
        shown = g.table_round() if g is not None else None
        if g is None or shown is None or shown.final is None:
            return 0, None
        result = _result(shown.final, g.seat)
        if max(g.rounds) > shown.number:
            return max(g.rounds), result.get("next_starter")
        if result.get("match_winner") is None and result.get("next_starter") is not None:
            return shown.number + 1, result.get("next_starter")
        return 0, None

    @property
    def position(self) -> Position | None:
        """The position standing for the table as this side sees it (jaipur.fair.FriendGame.position)."""
        return self.game.position if self.game is not None else None

    @property
    def viewer(self) -> int:
        """This side's seat (the inviter is seat 0)."""
        return self.game.seat if self.game is not None else 0

    def seen(self, p: Position) -> dict[str, Any]:
        """The game's own view for its position (with what is still coming); another position's plain view."""
        g = self.game
        if g is not None and p is g.position:
            v = g.view()
            if v is not None:
                return dict(v)
        return dict(seat_view(p, self.viewer))

    def names(self, s: Strings) -> tuple[str, str]:
        """The two seats' names as the table shows them: "You" and the name the friend gave."""
        g = self.game
        friend = (g.names[g.other] if g is not None else self.inviter) or s.t("friend.someone")
        you = s.t("name.you")
        return (you, friend) if self.viewer == 0 else (friend, you)

    def table(self, st: TableState, s: Strings, selection: frozenset[Key], at: Position | None = None) -> None:
        """The friend screen's panel, or the table seen by this side with the friend's bar."""
        st.kind = "friend"
        st.tools = st.tools and self.screen == "table"
        st.friend = self.panel(s)
        g = self.game
        if g is None or self.screen != "table":
            return
        p, v = g.position, g.view()
        shown = g.rounds.get(self.result_round or 0)
        if st.dialog in ("round", "match") and shown is not None and shown.final is not None:
            p, v = shown.final, seat_view(shown.final, g.seat)   # the result's round, until it is closed
        assert p is not None and v is not None
        active = g.move_due() and self.busy is None and st.dialog not in MODAL
        fill(st, p, g.seat, dict(v), selection, active)
        playing = v["status"] == "playing"
        st.turn = "over" if not playing else ("you" if g.move_due() and self.busy is None else "opponent")
        st.names = self.names(s)
        st.opponent = "friend"
        st.log = self.log()
        st.last = self.last_move()
        st.rounds = [_result(q, g.seat) for q in g.results()] if not playing else []
        st.can_undo = False
        st.can_suggest = False
        st.interactive = True

    def panel(self, s: Strings) -> FriendPanel:
        """What the friend's bar (or screen) says: the phase, whose turn, the link to send, what is running."""
        g = self.game
        side = self.side
        links = self.send_links()
        phase = "game" if g is not None else ("invited" if self.invitation else "parts" if self.gathering else "setup")
        invalid = None
        if g is not None and g.invalid is not None:
            invalid = Reason(g.invalid.code, g.invalid.message, dict(g.invalid.values))
        v = g.view() if g is not None else None
        dealt, starter = self.dealing()
        # the inviter's cards of a new round come with the friend's next message, its first move when it starts; the
        # friend's come with the inviter's deal, before anyone moves
        return FriendPanel(
            phase=phase, status=g.status if g is not None else "waiting", link="\n".join(links), links=tuple(links),
            copied_part=self.copied_part,
            live=side.state, live_role=side.role, live_code=side.code(),
            presence=side.presence(), delivered=bool(side.live and side.live.delivered),
            rematch_from=bool(side.rematch), stun=side.settings.stun, alert=side.settings.alert,
            live_ok=bool(g is not None and g.status != "invalid" and not self.page.embed),
            friend=(g.names[g.other] if g is not None else self.inviter) or "",
            me=g.names[g.seat] if g is not None else remembered_name(self.page.platform), seat=self.viewer, busy=self.busy, problem=self.problem or side.problem,
            copied=self.copied, mode=g.mode if g is not None else self.invite_mode, number=g.number if g else 0,
            invalid=invalid, abandoned=bool(g and g.abandoned),
            result_coming=bool(v and v.get("coming", {}).get("result")),
            market_coming=int(v.get("coming", {}).get("market", 0)) if v else 0,
            herd_coming=bool(v and v.get("coming", {}).get("herd")),
            sent_move=bool(g and g.messages and g.messages[-1].sender == g.seat and g.messages[-1].move is not None),
            note=self.note, pasted=self.pasted if self.problem is not None else "",
            dealing=dealt, dealing_they_start=g is not None and g.seat == 0 and starter == g.other,
            dealing_first=bool(dealt and g is not None and g.seat == 0 and dealt not in g.rounds))

    def log(self) -> list[LogEntry]:
        """Every round's deal, moves and (once checked) result, as this side saw them."""
        g = self.game
        if g is None:
            return []
        out: list[LogEntry] = []
        for r in sorted(g.rounds):
            positions = g.round_positions(r)
            if not positions:
                continue
            rd = g.rounds[r]
            out.append(round_start(positions[0]))
            moves = [move for _, move, _ in rd.ledger.moves] if rd.ledger is not None else []
            out += [describe(before, move, after) for before, move, after in zip(positions, moves, positions[1:])]
            if rd.final is not None:
                out.append(round_end(rd.final))
        return out

    def last_move(self) -> MoveEntry | None:
        """The friend's last move, highlighted on the table."""
        for entry in reversed(self.log()):
            if entry["kind"] in ("take", "camels", "exchange", "sell"):
                return entry if entry["seat"] != self.viewer else None
        return None

    def round_record(self, r: int | None = None) -> Record | None:
        """A scored round (the last one by default) as a game record from the deal as this side saw it (stand-ins
        where the rules kept cards hidden: never the other's true cards), for the replay and
        the review of this side's moves; None before a round is checked."""
        g = self.game
        if g is None or not g.results():
            return None
        r = r if r is not None else g.results()[-1].round
        positions = g.round_positions(r)
        rd = g.rounds.get(r)
        if not positions or rd is None or rd.final is None or rd.ledger is None:
            return None
        names = [g.names[0] or "Player 1", g.names[1] or "Player 2"]
        return Record(seed=0, mode=g.mode, players=names, moves=[m for _, m, _ in rd.ledger.moves],
                      start=positions[0])

    def may_move(self) -> bool:
        """This side's turn, its table whole, nothing running."""
        return self.game is not None and self.screen == "table" and self.busy is None and self.game.move_due()

    def flights(self, played: Played) -> list[Flight]:
        """No flights: a card still coming has no face to fly with."""
        return []

    def ready(self) -> tuple[str, str, bool, int | str]:
        """A game with a friend, seen from this side."""
        return ("friend", self.game.mode if self.game is not None else self.invite_mode, True, self.viewer)

    def save(self) -> None:
        """Keep the game in the browser (a refusal is said once); when another tab went on first, follow it."""
        if self.game is None:
            return
        kept = keep(self.page.platform, self.game, self._replacing)
        self._replacing = None
        if kept == "refused":
            self.page.storage_refused()
        elif kept == "behind":
            self.sync()

    # ------------------------------------------------------------ other tabs of the same game
    def on_storage(self) -> bool:
        """Another tab changed what is kept: follow it when it is newer (True: something will change)."""
        if self.game is None:
            return False
        if self.busy is not None:
            self.stale = True
            return False
        return self.sync()

    def sync(self, then: Callable[[], None] | None = None) -> bool:
        """Read the kept game back when another tab made it newer than this one's, then `then` (True: it is
        being read; False: this tab is as new, and `then` has not run)."""
        g = self.game
        self.stale = False
        data = newer(self.page.platform, g) if g is not None else None
        if g is None or data is None:
            return False
        held = held_chain(g)
        lost_move = compare(held, data.get("messages")) == "diverged" and g.messages[-1].sender == g.seat
        before = g.number

        def followed(game: Any) -> None:
            if not isinstance(game, FriendGame):
                return
            self._adopt(game)
            self.side.after_change()
            if lost_move:
                self.note = Reason("friend-tab-lost-move", "Your move here was not sent: this game had already gone "
                                   "on in another tab. This tab now shows where it is.")
            else:
                self.note = Reason("friend-tab-followed", "This game went on in another tab: this tab now shows "
                                   "where it is.", {"n": game.number - before})
            if then is not None:
                self.busy = None   # as when a run ends: `then` may start the next one
                then()
        self._start("load", lambda: FriendGame.from_json_steps(data), followed)
        return True

    def leave(self) -> None:
        """Drop what runs (a step in flight is never continued) and close the live channel."""
        self._token += 1
        self.busy = None
        self.side.close()

    # ------------------------------------------------------------ actions
    def act(self, action: str, value: str) -> bool:
        """The round dialog's button closes it (the next round comes with the friend's messages)."""
        if action == "next-round":
            self.page.clear_dialog()
            self.result_round = None
        return False

    def on(self, action: str, value: str, text: str) -> None:
        """A friend button: make or answer an invitation, paste a link, copy or share the link, stop waiting."""
        self.problem = self.side.problem = None
        if action in LIVE_ACTIONS:
            self.side.on(action, value, text)
        elif action == "friend-mode" and value in wire.MODES and self.game is None:
            self.invite_mode = value
        elif action == "friend-invite" and self.game is None and not self.invitation and self.busy is None:
            name, mode = clean_name(text), self.invite_mode
            remember_name(self.page.platform, name)
            self._start("invite", lambda: FriendGame.invite_steps(name, mode), self._adopt)
        elif action == "friend-accept" and self.game is None and self.invitation and self.busy is None:
            name, link = clean_name(text), self.invitation
            remember_name(self.page.platform, name)
            self._start("accept", lambda: FriendGame.accept_steps(link, name), self._adopt)
        elif action == "friend-paste":
            self.pasted = text.strip()[:MAX_PASTE]   # shown again in the box when it is refused
            self.take_link(text)
        elif action == "friend-copy":
            self.page.platform.spawn(self._copy(int(value) if value.isdigit() else 0))
        elif action == "friend-share":
            self.page.platform.spawn(self._share())
        elif action == "friend-abandon" and self.game is not None and self.game.status in ("waiting", "their-turn"):
            self.game.abandon()
            self.save()
        elif action == "friend-transcript" and self.game is not None:
            self.download_transcript(self.game)

    def download_transcript(self, g: FriendGame) -> None:
        """Offer the game's messages as a file anyone can check (`python -m jaipur friend --check FILE`): no secret
        of this side is in it, only what both players sent each other."""
        from ...fair.verify import transcript_of

        name = f"jaipur-friend-{b64encode(g.game)}-{g.number}-messages.txt"
        try:
            ok = bool(self.page.platform.download(name, transcript_of(g)))
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.page.platform.console_warn(f"Jaipur could not download the game's messages: {exc}")
            ok = False
        self.note = (Reason("friend-transcript-done", "", {"name": name}) if ok
                     else Reason("friend-transcript-failed", "The game's messages could not be downloaded."))

    def take_link(self, text: str) -> None:
        """A link of this game (pasted or opened): take it; an invitation with no game yet: look at it."""
        text = text.strip()
        if not text:
            self.problem = Reason("friend-not-a-link", "Paste the link your friend sent you.")
            return
        if "live=" in text:     # a connection code: the friend's offer (with its message, maybe) or answer
            carried = text[text.index("friend="):].split("&", 1)[0] if "friend=" in text else ""
            if carried:
                try:
                    number = wire.peek(carried)[1]
                except Refused as exc:
                    self.problem = _reason(exc)
                    return
                if self.game is None or number >= self.game.number:
                    self.take_link(carried)
                    if self.problem is not None:
                        return
            self.side.take(text)
            self.problem = self.side.problem
            return
        pieces = wire.pieces(text)   # a catch-up link carries several messages in a row
        try:
            ident, number = wire.peek(pieces[0])
        except Refused as exc:
            self.problem = _reason(exc)
            return
        g = self.game
        if g is not None and ident == g.game and self.busy is None and self.sync(lambda: self.take_link(text)):
            return   # another tab went on: the link is taken against the newest game
        if len(pieces) > 1 and g is not None and ident == g.game and self.busy is None:
            self._start("receive", lambda: g.catch_up_steps(pieces), self._caught_up)
            return
        if g is None:
            if number != 0:
                self.problem = Reason("friend-unknown-game", "This link belongs to a game this browser does not hold: "
                                      "open it in the browser where you play that game.")
                return
            self.invitation = text
            self._start("read", lambda: _steps(lambda: FriendGame.read_invitation(text)), self._look)
            return
        if ident != g.game:
            self.problem = Reason("friend-other-game", "This link belongs to another game.")
            return
        if self.busy is not None:   # taken once the link being checked is done
            if len(self.queued) < wire.MAX_PIECES:
                self.queued.append(text)
            return
        if number < g.number and (
                g.messages[number].content == wire.from_text(text)[:len(g.messages[number].content)]):
            self.note = seen_again(g, number)   # a link this game holds, opened again: said, nothing changes
            return
        self._start("receive", lambda: g.receive_steps(text), lambda _: None)

    # ------------------------------------------------------------ running the cryptography
    def play(self, move: str, chosen: frozenset[Key] = frozenset()) -> None:
        """Play this side's move: the message carrying it is made in steps, then shown to send (unless another
        tab went on meanwhile: then this tab follows it, and the move is not played)."""
        g = self.game
        if g is None or not self.may_move() or self.sync():
            return
        self._start("play", lambda: g.play_steps(move), lambda _: None)

    def _start(self, what: str, steps: Callable[[], Generator[None, None, Any]],
               then: Callable[[Any], None]) -> None:
        self._token += 1
        self.busy = what
        self.copied = None
        self.page.platform.spawn(self._run(self._token, steps, then))

    async def _run(self, token: int, steps: Callable[[], Generator[None, None, Any]],
                   then: Callable[[Any], None]) -> None:
        def live() -> bool:
            return token == self._token
        try:
            if not await self._crypto():
                self.problem = Reason("friend-no-crypto", "The cryptography for games with friends could not be "
                                      "loaded: check the connection and reload the page.")
                return
            ok, value = await stepped(steps(), self.page.platform, live)
            if ok and live():
                then(value)
        except FairError as exc:
            self.problem = _reason(exc)
        except JaipurError as exc:
            self.problem = Reason(exc.code, exc.message)
        except Exception as exc:  # noqa: BLE001 - a player never sees a traceback
            self.page.fail(exc)
        finally:
            if live():
                self.busy = None
                self.after_change()
                self.side.after_run()
                if self.stale and self.busy is None:
                    self.sync()
                if self.queued and self.busy is None:
                    self.take_link(self.queued.pop(0))
            self.page.refresh()

    async def _crypto(self) -> bool:
        """Make `ecdsa` importable (fetched once from the site when the page does not have it)."""
        if importlib.util.find_spec("ecdsa") is not None:
            return True
        loaded = await self.page.platform.load_package(CRYPTO_ARCHIVE)
        importlib.invalidate_caches()
        return bool(loaded) and importlib.util.find_spec("ecdsa") is not None

    def _caught_up(self, game: Any) -> None:
        """A catch-up link taken: when it replaced this side's last move by the one the friend kept, say so."""
        if isinstance(game, FriendGame) and game is not self.game:
            self._replacing = held_chain(self.game) if self.game is not None else None
            self._adopt(game)
            self.note = Reason("friend-kept-other", "", {"name": game.names[game.other]})

    def catch_up_text(self) -> str:
        """After the friend sent two versions of one message: a link's text (`friend=…`) carrying the one this side
        took and what came after it, for the friend's page that holds the other ('' when there is none to offer)."""
        g, fork = self.game, self.problem
        if g is None or fork is None or fork.code != "friend-fork":
            return ""
        k = int(fork.values.get("number", 0)) - 1
        if not 0 <= k < g.number or g.messages[k].sender != g.other or g.number - k > wire.MAX_PIECES:
            return ""
        text = wire.catch_up_text(g.raw[k:])
        return text if len(text) <= wire.MAX_TEXT else ""

    def send_links(self) -> list[str]:
        """The links to send now, in a row: the live offer (or the answer's text), or this side's last message (a
        catch-up after a fork) as one link, or as several parts when it is long; none while the channel carries it."""
        g, side = self.game, self.side
        code = side.code()
        if code:
            return [code]
        text = self.catch_up_text()
        if not text and g is not None and g.outgoing() is not None and not side.carries() and not side.holds_last():
            text = g.outgoing_text()
        url = self.page.platform.page_url()
        return [url + "#" + piece for piece in wire.split(text)] if text else []

    def _adopt(self, game: Any) -> None:
        """An invitation made or answered: this mode now holds its game."""
        if isinstance(game, FriendGame):
            self.game = game
            self.invitation = ""
            self._viewer = game.seat

    def rematch(self, then: Callable[[], None]) -> None:
        """A new match with the same friend: this side invites (same mode, same name); `then` once it is made."""
        g = self.game
        if g is None:
            return
        name, mode = g.names[g.seat], g.mode

        def made(game: Any) -> None:
            self._new_game(game)
            then()
        self._start("invite", lambda: FriendGame.invite_steps(name, mode), made)

    def accept_rematch(self, invitation: str) -> None:
        """The friend's rematch invitation, answered under this side's name: the live channel carries the new game."""
        g = self.game
        if g is None:
            return
        name = g.names[g.seat]

        def made(game: Any) -> None:
            self._new_game(game)
            if self.side.live is not None and isinstance(game, FriendGame):
                self.side.live.follow(game.game)
        self._start("accept", lambda: FriendGame.accept_steps(invitation, name), made)

    def _new_game(self, game: Any) -> None:
        if isinstance(game, FriendGame):
            self._adopt(game)
            self.results_seen = 0
            self.result_round = None
            self.page.clear_dialog()

    def _look(self, invitation: Any) -> None:
        """An invitation read (its signature checked): show who invites and to what."""
        if isinstance(invitation, wire.Message) and invitation.invite is not None:
            self.inviter = invitation.invite.name
            self.invite_mode = invitation.invite.mode

    def after_change(self) -> None:
        """Keep the game, and open a round's result the first time it is known."""
        g = self.game
        if g is None:
            return
        self.save()
        self.side.after_change()
        results = g.results()
        if len(results) > self.results_seen:
            self.results_seen = len(results)
            self.result_round = results[-1].round
            self.page.open_dialog("match" if g.match_over() else "round")

    async def _copy(self, which: int = 0) -> None:
        """Copy the links to send (all of them, one a line), or only link `which` (from 1) of several."""
        links = self.send_links()
        text = links[which - 1] if 0 < which <= len(links) else "\n".join(links)
        if text:
            from .base import copy_text
            self.copied_part = which if 0 < which <= len(links) else 0
            self.copied = await copy_text(self.page.platform, text)
            self.page.refresh()

    async def _share(self) -> None:
        link = "\n".join(self.send_links())
        if not link:
            return
        share = getattr(self.page.platform, "share", None)
        shared = False
        if share is not None:
            try:
                shared = bool(await share(link))
            except Exception:  # noqa: BLE001 - no share sheet: copy instead
                shared = False
        if not shared:
            await self._copy()

    # ------------------------------------------------------------ parts of a friend's long message
    def gathered(self, got: Joined, text: str) -> None:
        """Parts of a long message were opened or pasted (`Controller.friend_parts`): say how many are still missing,
        that a part opened was one of a message that came whole already, or why a part was refused."""
        if got.problem is not None:
            self.problem = _part_reason(got.problem)
            self.pasted = text.strip()[:MAX_PASTE]
        elif not got.texts:
            self.problem = None
        if got.total and got.missing:
            values = {"n": got.missing, "have": got.have, "total": got.total}
            self.note = Reason("friend-parts-again" if got.again else "friend-parts-missing", "", values)
        elif got.problem is not None and self.note is not None and self.note.code.startswith("friend-parts"):
            self.note = None   # every part is in, and they do not fit together: no count to say
        self.gathering = self.game is None and not self.invitation and not got.texts


def seen_again(g: FriendGame, number: int) -> Reason:
    """What to say of a link of this game opened again: one's own last link (or invitation) to send, one's own
    earlier link the friend has answered, or the friend's link taken already."""
    m = g.messages[number]
    values = {"name": g.names[g.other], "number": number + 1}
    if m.sender == g.seat and number == g.number - 1:
        if number == 0:
            return Reason("friend-own-invitation", "", values)
        return Reason("friend-own-link", "", values)
    return Reason("friend-own-old" if m.sender == g.seat else "friend-seen", "", values)


def _result(p: Position, seat: int) -> RoundResult:
    """A checked round's result as `seat` sees it (everything is public once the round is scored)."""
    v = seat_view(p, seat)
    # a checked round's last position is scored: its view always has the result (the empty fallback is kept as it was)
    return v["result"].copy() if "result" in v else cast(RoundResult, {})


def _steps(make: Callable[[], Any]) -> Generator[None, None, Any]:
    """A quick computation as a one-step generator (so it runs where the cryptography is loaded)."""
    yield
    return make()


def _reason(exc: FairError) -> Reason:
    if exc.code == "friend-old-version":
        return old_version_reason()
    return Reason(exc.code, exc.message, dict(exc.values))


def _part_reason(exc: FairError) -> Reason:
    """A refused part as the page says it: which part is damaged, or that the parts do not fit together (the ones
    opened are kept either way)."""
    if exc.code == "friend-parts-mismatch":
        return Reason("friend-parts-mismatch", "", {"n": int(exc.values.get("n", 0))})
    if "k" in exc.values:
        return Reason("friend-part-damaged", "", {"k": int(exc.values["k"]), "n": int(exc.values.get("n", 0))})
    return Reason("friend-part-unreadable", "")


def old_version_reason() -> Reason:
    """A game (or a link of one) an older version of the friend games started: it cannot go on in this one."""
    return Reason("friend-old-version", "")


def started_by_older_version(data: Any) -> bool:
    """Whether a kept game's data is the saved form of an older version's game (`jaipur.fair.game.OLD_FORMATS`)."""
    from ...fair.game import OLD_FORMATS

    return isinstance(data, dict) and data.get("format") in OLD_FORMATS


def link_game(text: str) -> tuple[bytes, int | None]:
    """The game a link or a pasted text belongs to, and its message's number (None: a connection code alone);
    Refused when it is neither."""
    if "live=" in text and "friend=" not in text:
        return signal.read(text).game, None
    return wire.peek(text)


def open_link(page: Page, text: str) -> FriendMode:
    """The mode a friend link opens: its game kept in this browser (then the link is taken), or the invitation
    it holds; a link of a game this browser does not hold says so."""
    try:
        ident, number = link_game(text)
    except Refused as exc:
        mode = FriendMode(page)
        mode.problem = _reason(exc)
        return mode
    try:
        data = load_game_data(page.platform, ident.hex())
    except ValueError:
        data = None
        mode = FriendMode(page)
        mode.problem = Reason("friend-bad-save", "The game this link belongs to is damaged in this browser's storage: "
                              "it cannot go on.")
        return mode
    if started_by_older_version(data):
        mode = FriendMode(page)
        mode.problem = old_version_reason()
        return mode
    if data is None:
        mode = FriendMode(page)
        if number is None:
            mode.problem = Reason("friend-unknown-game", "This link belongs to a game this browser does not hold: "
                                  "open it in the browser where you play that game.")
        else:
            mode.take_link(text)
        return mode
    return resume(page, data, text)


def resume(page: Page, data: Any, link: str = "") -> FriendMode:
    """A game kept in this browser, read back (in steps), then `link` taken when there is one."""
    mode = FriendMode(page)

    def restored(game: Any) -> None:
        mode._adopt(game)
        mode.results_seen = len(game.results()) if isinstance(game, FriendGame) else 0
        mode.busy = None
        if link:
            mode.take_link(link)

    mode._start("load", lambda: FriendGame.from_json_steps(data), restored)
    return mode
