"""A friend game's live channel as this side sees it: connecting (an offer made, or an answer to one),
connected, or lost; what travels over it; what to send again when it comes back.

The channel carries the same signed messages as links (`jaipur.fair`), in frames of JSON text:

- `{"t": "have", "g": game id, "n": count}` — how many messages of the game this side holds, sent when the
  channel opens and after every message taken: the acknowledgement, and what tells the other side to send
  its last message again (after a reconnect, or when one was lost);
- `{"t": "msg", "m": text}` — a message, the same text a link carries after `#`;
- `{"t": "rematch", "m": text}` — an invitation to a new match (its first message);
- `{"t": "bye"}` — the other side left the game's page; `{"t": "bye", "w": "stop"}` — it stopped playing live
  and goes on by links (its page is still there).

Nothing here trusts the other side: a frame that is not one of these is dropped, and every message goes to
the game, which checks it like a pasted link. The browser side (`assets/js/live.js`) owns the timers: it
pings every 2 s, says `gone` when nothing has been heard for 10 s, and `failed` when a connection does not
open within 20 s of the answer being taken.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ... import safejson
from ...fair.errors import Refused
from . import signal

STATES = ("off", "connecting", "connected", "lost")
MAX_FRAME = 40_000
"""The longest frame read (characters): a move's message is under 4,000, one that deals (a deck and the argument of its
shuffle) about 20,000; a message goes whole over the channel, never in parts. `assets/js/live.js` has the same bound."""


class Channel(Protocol):
    """One RTCPeerConnection with its data channel (the browser's, or a test double)."""

    def offer(self) -> Awaitable[str]:
        """Make the offer; its session description once candidates are gathered (or the cap passed)."""
    def answer(self, sdp: str) -> Awaitable[str]:
        """Take an offer's description; the answer's."""
    def accept(self, sdp: str) -> Awaitable[Any]:
        """Take the answer's description (the offering side)."""
    def send(self, text: str) -> bool:
        """Send a frame; False when the channel is not open."""
    def close(self) -> None:
        """Close the connection; nothing is reported after."""
    def servers(self) -> str:
        """The connection's ICE servers as JSON (empty unless the player named a STUN server)."""


class Host(Protocol):
    """What the live channel asks of the friend game's mode."""

    def held(self) -> tuple[bytes, int]:
        """The game's id and how many of its messages this side holds."""
    def pending(self) -> tuple[int, str] | None:
        """This side's last message when the other side may lack it: its number and its text."""
    def arrived(self, text: str) -> None:
        """A message of the game came over the channel (taken like a pasted link)."""
    def invited(self, text: str) -> None:
        """The friend asks for a rematch: its invitation."""
    def changed(self) -> None:
        """The channel's state changed (`Live.state`; lost: the friend left or stopped answering): draw again."""


Report = Callable[[str, str], None]
Maker = Callable[[Report], "Channel | None"]
"""Makes a connection whose events go to the report callback (the platform's `live`, bound to a STUN URL)."""


class Live:
    """One live channel of a friend game: its state, the code to send, and the frames in and out."""

    def __init__(self, host: Host, game: bytes, make: Maker) -> None:
        self.host = host
        self.game = game
        self.make = make
        self.state = "off"
        self.role = ""                          # offer | answer
        self.code: signal.Signal | None = None  # this side's offer or answer, once made
        self.channel: Channel | None = None
        self.problem: Refused | None = None
        self.peer_has = -1                      # the messages the other side holds (its last `have`)
        self.stopped = False                    # the friend stopped playing live (said once by the host)
        self.sent: set[int] = set()             # the messages sent over this connection

    # ------------------------------------------------------------ connecting
    async def offer(self) -> None:
        """Make the offer (this side goes live first)."""
        channel = self._open("offer")
        sdp = await channel.offer()
        if self.channel is channel and self.state == "connecting":
            self.code = signal.from_sdp(str(sdp), self.game, signal.OFFER)

    async def answer(self, offer: signal.Signal) -> None:
        """Answer the friend's offer: the answer to paste back into the friend's page."""
        channel = self._open("answer")
        sdp = await channel.answer(offer.to_sdp())
        if self.channel is channel and self.state == "connecting":
            self.code = signal.from_sdp(str(sdp), self.game, signal.ANSWER)

    async def accept(self, answer: signal.Signal) -> None:
        """The friend's answer, pasted into this (offering) page: the connection is made."""
        if self.channel is None or self.role != "offer" or self.state != "connecting":
            raise Refused("This page made no offer to connect: press Play live to make one.", "live-no-offer")
        await self.channel.accept(answer.to_sdp())

    def _open(self, role: str) -> Channel:
        """A new connection (the one before dropped); only this one's events reach `report`."""
        self.close(say_bye=False)

        def report(kind: str, data: str = "") -> None:
            if self.channel is channel:
                self.report(str(kind), str(data))

        channel = self.make(report)
        if channel is None:
            self.problem = Refused("This browser cannot connect pages directly (it has no WebRTC): send your moves "
                                   "by links.", "live-unsupported")
            raise self.problem
        self.channel, self.role, self.state, self.problem, self.code = channel, role, "connecting", None, None
        self.follow(self.game)
        return channel

    # ------------------------------------------------------------ what the browser reports
    def report(self, kind: str, data: str = "") -> None:
        """An event of the channel: open, message (a frame), close, gone (nothing heard), failed."""
        if self.channel is None:
            return
        if kind == "open":
            self.state = "connected"
            self.problem = None
            self._have()
            self.sync()
            self.host.changed()
        elif kind == "message":
            self._frame(data)
        elif kind in ("close", "gone", "failed"):
            self.lost(kind)

    def lost(self, why: str = "close") -> None:
        """The channel dropped (or never opened), or the friend stopped it (`stop`): links carry the game on."""
        was = self.state
        self._drop()
        if why == "stop" and was == "connected":
            self.state, self.stopped = "off", True
        elif was == "connected":
            self.state = "lost"
        else:
            self.state = "off"
            self.problem = Refused("The live connection could not be made: send your moves by links, or try "
                                   "again (on another network, name a STUN server in the settings).", "live-failed")
        self.host.changed()

    def close(self, say_bye: bool = True, stop: bool = False) -> None:
        """Stop the live channel (this side leaves, or goes on by links: `stop`): the friend is told."""
        if say_bye and self.state == "connected":
            self._send({"t": "bye", "w": "stop"} if stop else {"t": "bye"})
        self._drop()
        self.state = "off"

    def _drop(self) -> None:
        channel, self.channel = self.channel, None
        if channel is not None:
            try:
                channel.close()
            except Exception:  # noqa: BLE001 - closing what is already gone
                pass

    # ------------------------------------------------------------ frames
    def _frame(self, text: str) -> None:
        try:
            frame = safejson.loads(text, "The frame", max_chars=MAX_FRAME, max_depth=2)
        except ValueError:
            return
        if not isinstance(frame, dict):
            return
        kind, body = frame.get("t"), frame.get("m")
        if kind == "have" and isinstance(frame.get("n"), int) and frame.get("g") == self.host.held()[0].hex():
            self.peer_has = int(frame["n"])
            self.sync()
            self.host.changed()
        elif kind == "msg" and isinstance(body, str):
            self.host.arrived(body)
        elif kind == "rematch" and isinstance(body, str):
            self.host.invited(body)
        elif kind == "bye":
            self.lost("stop" if frame.get("w") == "stop" else "bye")

    def _send(self, frame: dict[str, Any]) -> bool:
        channel = self.channel
        if channel is None:
            return False
        return bool(channel.send(json.dumps(frame, separators=(",", ":"))))

    def _have(self) -> None:
        game, count = self.host.held()
        self._send({"t": "have", "g": game.hex(), "n": count})

    def sync(self) -> None:
        """Send this side's last message when the friend lacks it (once per connection, or again when the friend
        says it still lacks it), and say how many messages this side holds."""
        if self.state != "connected":
            return
        pending = self.host.pending()
        if pending is None:
            return
        number, text = pending
        if self.peer_has > number:
            return
        if number in self.sent and self.peer_has < 0:
            return
        if self._send({"t": "msg", "m": text}):
            self.sent.add(number)

    def taken(self) -> None:
        """A message was taken (or made): acknowledge it, and send what this side owes."""
        if self.state == "connected":
            self._have()
            self.sync()

    def rematch(self, invitation: str, game: bytes) -> bool:
        """Ask the friend for a rematch over the channel; the channel now carries the new game."""
        self.follow(game)
        return self.state == "connected" and self._send({"t": "rematch", "m": invitation})

    def follow(self, game: bytes) -> None:
        """The channel now carries `game` (a rematch made or answered; a new connection): nothing of it sent yet."""
        self.game, self.peer_has, self.sent = game, -1, set()

    @property
    def delivered(self) -> bool:
        """The friend holds this side's last message."""
        pending = self.host.pending()
        return pending is None or self.peer_has > pending[0]

    def link(self, page_url: str, carried: str = "") -> str:
        """The offer as a link (with `carried`, this side's pending message, `friend=…`), or the answer as text to
        paste; empty until made."""
        if self.code is None:
            return ""
        if self.role == "answer":
            return self.code.to_text()
        return page_url + "#" + (carried + "&" if carried else "") + self.code.to_text()
