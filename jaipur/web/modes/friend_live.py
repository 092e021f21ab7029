"""A friend game played live: the page's side of the direct channel (`jaipur.web.live`), owned by the friend
game's mode.

Going live makes an offer, sent as a link (with this side's pending message, so one link carries both); the
friend's page opens it (in the tab that holds the game, or a new one), answers, and shows the answer as text
to paste back here, never as a link (opening it would reload this page and drop the connection). Once the
channel is open, every message of the game goes over it as it is made; each side says how many messages it
holds, so after a reconnect the last one is sent again, and a dropped channel leaves the link to send, so
nothing is lost. The table shows the friend connected, thinking or gone; the friend's move is announced by a
tone and a buzz unless the player turned them off; a finished match offers a rematch in one click.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ...fair import Refused, wire
from ..i18n import Reason
from ..live import LIVE_ACTIONS, signal
from ..live.session import Live
from ..store.live import LiveSettings, clean_stun, keep_settings, load_settings

if TYPE_CHECKING:
    from .friend import FriendMode

__all__ = ["LIVE_ACTIONS", "LiveSide"]



class LiveSide:
    """The live channel of one friend game's page, with what the player chose for it (STUN server, alerts)."""

    def __init__(self, mode: FriendMode) -> None:
        self.mode = mode
        self.settings: LiveSettings = load_settings(mode.page.platform)
        self.live: Live | None = None
        self.offer: signal.Signal | None = None   # an offer that came with an invitation, answered once accepted
        self.inbox: list[str] = []                # messages that came while the page was busy
        self.rematch = ""                         # the friend's invitation to a rematch, over the channel
        self.problem: Reason | None = None
        self._turn = False
        self._lost_at: int | None = None          # the game's moment when the channel was lost

    # ------------------------------------------------------------ what the table shows
    @property
    def role(self) -> str:
        """offer | answer: which side of the connection this page is ('' when not live)."""
        return self.live.role if self.live is not None else ""

    @property
    def state(self) -> str:
        """off | connecting | connected | lost (the table's `data-friend-live`); a lost channel reads as off once
        the game has gone on by links (its sentence has had its moment)."""
        if self.live is None:
            return "off"
        if self.live.state == "lost" and self._lost_at is not None and self._lost_at != self.mode.moment():
            return "off"
        return self.live.state

    def holds_last(self) -> bool:
        """The friend's page said it holds this side's last message (over a channel since closed): nothing to
        send by hand."""
        g, live = self.mode.game, self.live
        return g is not None and live is not None and live.game == g.game and g.outgoing() is not None and live.delivered

    def presence(self) -> str:
        """The friend as the bar shows them: connected, thinking (their turn), gone, or '' (not live)."""
        g = self.mode.game
        if self.state == "lost":
            return "gone"
        if self.state != "connected":
            return ""
        return "thinking" if g is not None and g.status == "their-turn" else "connected"

    def code(self) -> str:
        """What to send now to connect: the offer's link (with this side's pending message when it fits one link: a
        long one goes over the channel once it opens), or the answer's text ('' when none)."""
        live = self.live
        if live is None or live.state != "connecting":
            return ""
        carried = self.mode.game.outgoing_text() if self.mode.game else ""
        if len(wire.split(carried)) > 1:
            carried = ""
        return live.link(self.mode.page.platform.page_url(), carried)

    def carries(self) -> bool:
        """The channel is open: the game's messages go over it (no link to send by hand)."""
        return self.state == "connected"

    # ------------------------------------------------------------ Host (jaipur.web.live.session)
    def held(self) -> tuple[bytes, int]:
        g = self.mode.game
        return (g.game, g.number) if g is not None else (b"", 0)

    def pending(self) -> tuple[int, str] | None:
        g = self.mode.game
        if g is None or g.outgoing() is None:
            return None
        return g.number - 1, g.outgoing_text()

    def arrived(self, text: str) -> None:
        """A message over the channel: taken like a pasted link (after what runs now); one already held (sent
        again after a reconnect) or of another game is dropped in silence."""
        g = self.mode.game
        try:
            ident, number = wire.peek(text)
        except Refused:
            return
        if g is None or ident != g.game or number < g.number:
            return   # another game's (a rematch comes in its own frame), or one this side holds already
        if self.mode.busy is not None:
            self.inbox.append(text)
            return
        self.mode.take_link(text)
        self.mode.page.refresh()

    def invited(self, text: str) -> None:
        """The friend asks for a rematch (their new game's invitation)."""
        g = self.mode.game
        if g is not None and g.status == "over":
            self.rematch = text
            self.mode.page.refresh()

    def changed(self) -> None:
        live = self.live
        if live is not None and live.problem is not None:
            self.problem, live.problem = Reason(live.problem.code, live.problem.message, dict(live.problem.values)), None
        if live is not None:
            if live.state != "lost":
                self._lost_at = None
            elif self._lost_at is None:
                self._lost_at = self.mode.moment()
            if live.stopped:   # the friend pressed Stop playing live: said until the game goes on
                live.stopped = False
                g = self.mode.game
                self.mode.note = Reason("live-friend-stopped", "", {"name": g.names[g.other] if g else ""})
        self.mode.page.refresh()

    # ------------------------------------------------------------ the player's buttons
    def on(self, action: str, value: str, text: str) -> None:
        """go-live, live-off, live-stun (the STUN URL typed), live-alert, friend-rematch, friend-accept-rematch."""
        self.problem = None
        g = self.mode.game
        if action == "go-live" and g is not None and g.status not in ("invalid",) and self.mode.busy is None:
            self._spawn(lambda live: live.offer())
        elif action == "live-off" and self.live is not None:
            self.live.close(stop=True)
        elif action == "live-stun":
            stun = clean_stun(text)
            if stun is None:
                self.problem = Reason("live-bad-stun", "A STUN server is named stun:host or stun:host:port.")
            else:
                self._keep(LiveSettings(stun, self.settings.alert))
        elif action == "live-alert":
            self._keep(LiveSettings(self.settings.stun, not self.settings.alert))
        elif action == "friend-rematch" and g is not None and g.status == "over" and self.mode.busy is None:
            self.mode.rematch(self._rematched)
        elif action == "friend-accept-rematch" and self.rematch and self.mode.busy is None:
            invitation, self.rematch = self.rematch, ""
            self.mode.accept_rematch(invitation)

    def _keep(self, settings: LiveSettings) -> None:
        self.settings = settings
        if not keep_settings(self.mode.page.platform, settings):
            self.mode.page.storage_refused()

    def _rematched(self) -> None:
        """This side's rematch invitation is made: over the channel when it is open (else its link is shown)."""
        g = self.mode.game
        if g is not None and self.live is not None:
            self.live.rematch(g.outgoing_text(), g.game)

    def take(self, text: str) -> None:
        """A connection code pasted or opened: the friend's offer (answer it) or answer (connect)."""
        try:
            code = signal.read(text)
        except Refused as exc:
            self.problem = Reason(exc.code, exc.message, dict(exc.values))
            return
        g = self.mode.game
        if code.kind == signal.ANSWER:
            live = self.live
            if live is None or live.role != "offer" or live.state != "connecting" or live.code is None:
                self.problem = Reason("live-no-offer", "This page is not waiting for an answer: press Play live to "
                                      "make an offer, and paste your friend's answer here.")
            elif g is None or code.game != g.game:
                self.problem = Reason("friend-other-game", "This link belongs to another game.")
            else:
                self._spawn(lambda live: live.accept(code), keep=True)
            return
        if g is None:
            self.offer = code        # the invitation it came with is answered first
        elif code.game != g.game:
            self.problem = Reason("friend-other-game", "This link belongs to another game.")
        else:
            self._spawn(lambda live: live.answer(code))

    def after_run(self) -> None:
        """The page is free again: an offer that waited for its game is answered, a message that waited is taken."""
        g = self.mode.game
        if self.offer is not None and g is not None:
            offer, self.offer = self.offer, None
            if offer.game == g.game:
                self._spawn(lambda live: live.answer(offer))
        if self.inbox and self.mode.busy is None:
            self.arrived(self.inbox.pop(0))

    def after_change(self) -> None:
        """A message was made or taken: over the channel it goes (and the friend's move is announced)."""
        g = self.mode.game
        if self.live is not None:
            self.live.taken()
        turn = g is not None and g.status == "your-turn"
        if turn and not self._turn and self.carries() and self.settings.alert:
            self.mode.page.platform.alert_turn()
        self._turn = turn

    def close(self) -> None:
        """The page leaves the game: the channel is closed (the friend sees it)."""
        if self.live is not None:
            self.live.close()
            self.live = None

    # ------------------------------------------------------------ running
    def _spawn(self, step: Callable[[Live], Awaitable[Any]], keep: bool = False) -> None:
        g = self.mode.game
        if g is None:
            return
        if self.live is None or (not keep and self.live.game != g.game):
            if self.live is not None:
                self.live.close()
            platform = self.mode.page.platform
            self.live = Live(self, g.game, lambda report: platform.live(self.settings.stun, report))   # as set now
        live = self.live

        async def run() -> None:
            try:
                await step(live)
            except Refused as exc:
                self.problem = Reason(exc.code, exc.message, dict(exc.values))
                if live.state == "connecting":
                    live.close(say_bye=False)
            except Exception as exc:  # noqa: BLE001 - the browser refused a description: said, never a traceback
                self.mode.page.platform.console_warn(f"Jaipur: the live connection failed: {exc}")
                self.problem = Reason("live-failed", "The live connection could not be made: send your moves by "
                                      "links, or try again.")
                live.close(say_bye=False)
            self.mode.page.refresh()

        self.mode.page.platform.spawn(run())
