"""A friend game's signed message chain: which message may come next, from whom, signed by whom.

Every message names the game, its number and a hash of the one before, and is signed with the key its sender
made for this game (the invitation carries the inviter's, the answer the friend's). `admit` refuses, with a
sentence and a code and changing nothing, whatever is not the next message of the other side: a link for
another game, one already taken, one of this side's own, a fork of a turn already played, one that skips a
message or answers a message this side does not hold, or one whose bytes were changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import wire
from .errors import Refused
from .suite import Suite


@dataclass
class Chain:
    """The messages of one game in order, as read and as bytes, and the players' signing keys."""

    suite: Suite
    seat: int
    game: bytes = b""
    messages: list[wire.Message] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)
    publics: list[bytes] = field(default_factory=lambda: [b"", b""])

    @property
    def number(self) -> int:
        """How many messages the game has."""
        return len(self.messages)

    def next_sender(self) -> int:
        """The seat whose message comes next (they alternate, the inviter's first)."""
        return len(self.messages) % 2

    def last_digest(self) -> bytes:
        """What the next message must name as the one before it."""
        return self.messages[-1].digest if self.messages else bytes(wire.DIGEST_SIZE)

    def append(self, m: wire.Message) -> None:
        """Keep a message taken."""
        self.messages.append(m)
        self.raw.append(wire.encode(self.suite, m))

    def signed(self, m: wire.Message) -> bool:
        """Whether a message carries its sender's valid signature."""
        public = self.publics[m.sender]
        if m.number == 1 and m.answer is not None:
            public = m.answer.public
        if m.number == 0 and m.invite is not None:
            public = m.invite.public
        return bool(public) and self.suite.verify(public, m.content, m.signature)

    def admit(self, m: wire.Message) -> None:
        """Refuse a message that is not the next one of this game from the other side (nothing changes)."""
        if m.game != self.game:
            raise Refused("This link belongs to another game.", "friend-other-game")
        n = len(self.messages)
        if m.number < n:
            self._seen_before(m)
        if m.number > n:
            raise Refused(f"A link is missing before this one: open message {n + 1} first (links go in the order "
                          "they were made), or ask your friend to send it again.", "friend-early", number=n + 1)
        if m.sender == self.seat:
            raise Refused("This link claims to come from you, but you did not make it.", "friend-changed")
        if not self.signed(m):
            raise Refused("This link was changed after it was made: ask for it again.", "friend-changed")
        if m.prev != self.last_digest():
            raise Refused(f"This link answers a move of yours this browser does not hold (message {m.number}): "
                          "your friend took another move you made for that turn. Open the link where you made it, "
                          "or ask your friend to open the link of the move you made here: their page then gives a "
                          "link that carries the move that counts.", "friend-branch", number=m.number)

    def _seen_before(self, m: wire.Message) -> None:
        """Refuse a message whose number is taken already: the same one again, or another version of it."""
        n = len(self.messages)
        if m.content == self.messages[m.number].content:
            if m.sender == self.seat and m.number == n - 1:
                raise Refused("This is the link you made last: send it to your friend.", "friend-own-link",
                              number=m.number + 1)
            if m.sender == self.seat:
                raise Refused("This is a link you made earlier, and your friend has answered it: nothing "
                              "changed.", "friend-own-old", number=m.number + 1)
            raise Refused(f"You opened this link already (message {m.number + 1}): nothing changed.",
                          "friend-seen", number=m.number + 1)
        if m.number == 1 and m.answer is not None and self.signed(m):
            raise Refused("Someone else already answered this invitation: this answer was not used.",
                          "friend-answered", number=2)
        if m.sender != self.seat and self.signed(m):
            raise Refused(f"This link holds a different move for a turn already played (message "
                          f"{m.number + 1}): the one you opened first counts, and the game goes on from it. "
                          "If your friend's page is stuck, send them your link now: it carries the move that "
                          "counts.", "friend-fork", number=m.number + 1)
        raise Refused("This link was changed after it was made: ask for it again.", "friend-changed")
