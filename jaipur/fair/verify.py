"""Check a friend game's transcript as anyone can: every signature, every link of the chain, every proof, every
move, and each round's result — with no secret of either player.

A transcript is the game's messages in order (no keys, no secrets): a file with one message per line (the
`friend=` texts the terminal prints, links, or bare base64url), or JSON with a "messages" list of base64url.
A `Watcher` replays it as a third seat: it opens a place only where both players sent their shares (the market,
every card sold or given, the dealt camels shown, the bonus tokens at a round's end), which is exactly what the
table showed both players, and that is enough to check every move and score every round. The hands the rules
kept hidden and the deck stay hidden from the watcher too.

    >>> from jaipur.fair import FriendGame
    >>> ava = FriendGame.invite("Ava")
    >>> report = check_transcript([ava.outgoing_text()])
    >>> report.messages, report.rounds, report.problem is None
    (1, [], True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..record import b64decode
from ..types import RoundResult
from . import dealing, wire
from .errors import Cheated, FairError, Refused
from .game import FriendGame, Round
from .proofs.elgamal import Ciphertext
from .proofs.pace import Steps, finish
from .suite import Element, Suite, secp256k1

MAX_TRANSCRIPT = 4_000_000
"""The most characters of a transcript read (a whole match is about 250,000)."""


class Watcher(FriendGame):
    """A friend game replayed by neither player: it checks everything and opens only what both players opened."""

    def __init__(self, suite: Suite) -> None:
        super().__init__(suite, 0, bytes(32), _no_random)

    def _blind(self) -> tuple[int, ...]:
        return (0, 1)

    def _reveal(self, rd: Round, place: int, c: Ciphertext, sender: int, share: Element) -> Steps[int | None]:
        """The item at a place once both players have sent their shares of it (None before)."""
        rd.shares.setdefault(place, {})[sender] = share
        both = rd.shares[place]
        if len(both) < 2:
            return None
        yield from self._item_points()
        assert self._table is not None
        item = dealing.open_place(self.pg, c, [both[0], both[1]], self._table)
        return -1 if item is None else item

    def watch(self, m: wire.Message) -> None:
        """Take the next message of the transcript: its place in the chain and signature, then all of it."""
        if not self.messages:
            self.game = m.game
        elif m.game != self.game:
            raise Refused(f"Message {m.number + 1} belongs to another game.", "friend-other-game",
                          number=m.number + 1)
        if m.number != self.number or m.prev != self.chain.last_digest():
            raise Refused(f"Message {self.number + 1} is missing or out of order.", "friend-early",
                          number=self.number + 1)
        if not self.chain.signed(m):
            raise Refused(f"Message {m.number + 1} is not as its sender signed it.", "friend-changed",
                          number=m.number + 1)
        finish(self._take(m, mine=False, trusted=False))
        self.chain.append(m)


def _no_random(size: int) -> bytes:
    """A watcher's random source: it never makes a message, so it never draws."""
    raise RuntimeError("a watcher makes no message")


@dataclass
class Report:
    """What a transcript check found: how many messages held, each round's result, the first problem."""

    messages: int = 0
    names: list[str] = field(default_factory=lambda: ["", ""])
    mode: str = ""
    rounds: list[RoundResult] = field(default_factory=list)
    over: bool = False
    problem: FairError | None = None

    def lines(self) -> list[str]:
        """The report as lines of text for a terminal."""
        who = [self.names[0] or "the inviter", self.names[1] or "the friend"]
        out = [f"{self.messages} messages checked: {who[0]} (seat 1) and {who[1]} (seat 2), {self.mode or '?'} "
               "match."]
        for k, res in enumerate(self.rounds, 1):
            scores = res["scores"]
            winner = res["winner"]
            said = "a tie" if winner is None else f"{who[winner]} wins it"
            out.append(f"Round {k}: {who[0]} {scores[0]}, {who[1]} {scores[1]}: {said}.")
        if self.over and self.rounds:
            last = self.rounds[-1]["match_winner"]
            named = who[last] if isinstance(last, int) else "nobody"
            out.append(f"The match is over: {named} wins it.")
        if self.problem is not None:
            out.append(f"NOT VALID ({self.problem.code}): {self.problem.message}")
        elif not self.over:
            out.append("Every message holds; the match is not over yet.")
        else:
            out.append("Every message holds: signatures, chain, shuffles, shares and moves.")
        return out


def read_transcript(text: str) -> list[str]:
    """The message texts of a transcript file (lines, or JSON with "messages"); Refused when it holds none."""
    if len(text) > MAX_TRANSCRIPT:
        raise Refused("This transcript is far too long to be one game.", "friend-malformed")
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data: Any = json.loads(stripped)
        except (ValueError, RecursionError):
            raise Refused("This transcript is not readable JSON.", "friend-malformed") from None
        messages = data.get("messages") if isinstance(data, dict) else None
        if not isinstance(messages, list) or not all(isinstance(x, str) for x in messages):
            raise Refused("This transcript has no list of messages.", "friend-malformed")
        return [wire.LINK_KEY + x for x in messages]
    lines = [line.strip() for line in stripped.splitlines() if line.strip() and not line.startswith("#")]
    if not lines:
        raise Refused("This transcript holds no message.", "friend-malformed")
    parts = wire.Parts()
    out = []
    for line in lines:
        if wire.is_part(line):
            whole = parts.add(line)
            if whole is not None:
                out.append(whole)
        else:
            out.append(line)
    if parts.held:
        raise Refused("This transcript misses parts of a long message.", "friend-malformed")
    return out


def check_transcript(texts: Sequence[str], suite: Suite | None = None) -> Report:
    """Check a game's messages in order; the report holds each scored round's result and the first problem."""
    watcher = Watcher(suite or secp256k1())
    report = Report()
    try:
        for text in texts:
            data = wire.from_text(text) if wire.LINK_KEY in text else b64decode(text.strip())
            watcher.watch(wire.decode(watcher.suite, data))
            report.messages = watcher.number
    except FairError as problem:
        report.problem = problem
    except ValueError:
        report.problem = Refused(f"Message {watcher.number + 1} is not base64url.", "friend-malformed")
    report.names, report.mode = list(watcher.names), watcher.mode
    report.rounds = [rd.result for r, rd in sorted(watcher.rounds.items()) if rd.result is not None]
    report.over = watcher.match_over()
    if watcher.invalid is not None and report.problem is None:
        report.problem = watcher.invalid
    return report


def transcript_of(game: FriendGame) -> str:
    """A game's transcript as a file's text: its messages, one per line (no secret of this side)."""
    return "".join(wire.to_text(raw) + "\n" for raw in game.raw)


__all__ = ["Cheated", "Report", "Watcher", "check_transcript", "read_transcript", "transcript_of"]
