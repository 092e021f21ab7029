"""One player's side of a friend game: the messages it made and took, and everything derived from them.

A `FriendGame` holds this side's secrets (its signing key, one 32-byte secret per round) and the game's
messages; everything else — the deal's decks, which cards this side knows, the ledger of each round, the
position it sees, whose turn it is, the verified results — is derived from them, the same way whether the
messages were just exchanged or read back from storage.

The protocol (two-pass commutative encryption, "mental poker", on a prime-order group):

- Round 1 begins with the invitation (message 1): the inviter's mode, public key, name, a commitment to its
  coin, and its deck: every item of the round (52 cards, 18 bonus tokens, each its own element hashed from a
  public label) times its one key, shuffled. The friend's answer (message 2) carries its key, name and coin,
  its deck (the inviter's shuffled again, each place locked under a key of its own), and its layers for the
  places the inviter may see (the inviter's hand and the market's two cards). Message 3 reveals the
  inviter's coin (who starts round 1 is a bit of the hash of both coins) and its layers for the friend's
  hand and the market; from then on every message carries the layers its sender owes (the other player may
  see those places and lacks only this sender's layer), its dealt camels in its first message after it knows
  its hand (R6), and on its turn a move.
- A card is opened to the friend by the inviter's layer (its one key removed), to the inviter by the
  friend's key for that place, to both by both; each opened card is checked on arrival against the 70
  items. A sale or an exchange opens the hand cards it uses, those the other player has seen first.
- The move that ends a round carries its sender's round secret; the reply carries the other's. Each side
  then checks the whole round: the other's deck against its secret, every card opened, every dealt camel
  shown, every move legal with the real hands (`jaipur.rules.apply`), and scores it. The inviter deals the
  next round in its message that ends the round or reveals its secret.
- Every message carries the game's id, its number and a hash of the previous one, and is signed with the
  key its sender made for this game, so a forged, changed, replayed or reordered message is refused.

What it guarantees, and what it cannot: an honest page never holds a card of the other before the rules show
it, and a deal, a card or a move that is not what the rules say is caught when it is opened, or at the latest
when the round ends. Without zero-knowledge proofs of each shuffle (kilobytes per shuffle: too long for a
link), a page changed to cheat could make its shuffle alias places of the other's, so that the other's layers
show it cards it may not see; but it cannot end that round without showing its secret, which proves the
shuffle false (friend-bad-deal). So a game a cheater wins is never a valid one: it is caught, or it stops
answering and the game shows as stopped before the round could be checked.
"""

from __future__ import annotations

import copy
import secrets as _secrets
from collections.abc import Callable, Generator
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ..cards import CAMEL_INDEX, ORDER, counts_of
from ..errors import BadMoveError, IllegalMoveError, JaipurError
from ..notation import Move, parse_move
from ..position import PLAYING, Position
from ..record import b64decode, b64encode
from ..rules import apply, check, deal_from, legal_moves
from ..types import Coming, RoundResult, View
from ..view import view as seat_view
from . import wire
from .derive import SECRET_SIZE, coin, commitment, first_starter
from .errors import Cheated, FairError, Refused
from .items import (
    BONUS_PILES,
    BONUS_VALUES,
    CARD_LETTERS,
    CARDS,
    FIXED_CAMELS,
    HANDS,
    ITEMS,
    group_of,
    item_name,
    label,
    letter_of,
)
from .keys import FriendKeys, InviterKeys, dealt_items, friend_keys, inviter_keys
from .ledger import Ledger, LedgerError, bit
from .suite import Element, Suite, secp256k1

T = TypeVar("T")
Steps = Generator[None, None, T]
"""A computation that yields between pieces of heavy work (so a page can draw meanwhile); `finish` runs one."""
FORMAT = "jaipur-friend/1"
ROUNDS = 3
PACE = 3
"""Group operations between two yields of a stepped computation (a few milliseconds in the page)."""
STATUSES = ("waiting", "your-turn", "their-turn", "over", "invalid")


def finish(steps: Generator[None, None, T]) -> T:
    """Run a stepped computation to its end and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


@dataclass
class Round:
    """What one side holds of one round: the two decks, the ledger, the cards it knows, the secrets shown."""

    number: int
    deck1: list[bytes]
    deck1_at: int
    deck2: list[bytes] | None = None
    deck2_at: int = 0
    ledger: Ledger | None = None
    opened: dict[int, int] = field(default_factory=dict)
    """place -> item, the cards this side knows."""
    theirs: bytes | None = None
    theirs_at: int = 0
    revealed: bool = False
    move_at: list[int] = field(default_factory=list)
    """The message number of each move of the ledger."""
    final: Position | None = None
    """The round's last position, known once both secrets are and the round checked."""
    result: RoundResult | None = None
    """`final`'s result."""
    table1: dict[bytes, int] | None = None
    """The inviter's own deck, element encoding -> item (to read the friend's keys)."""
    stand: list[int] | None = None
    """The item this side puts at each place: the true one where it knows it, a stand-in elsewhere (a
    permutation of the items within their groups; see `FriendGame._proxy`)."""
    proxy: Position | None = None
    proxy_moves: int = 0
    proxy_start: tuple[Any, ...] = ()
    dirty: bool = False
    """The stand-ins changed since `proxy` was made: its hidden parts are to be laid out again."""
    rebuild: bool = False
    """What changed moves a card between hand and herd: the proxy is to be dealt and played again."""

    def copy(self) -> Round:
        """An independent copy of what changes as messages come (the decks, once made, never change)."""
        out = copy.copy(self)
        out.opened, out.move_at = dict(self.opened), list(self.move_at)
        out.stand = list(self.stand) if self.stand is not None else None
        out.ledger = self.ledger.clone() if self.ledger is not None else None
        return out


class FriendGame:
    """One side of a game between two friends, dealt fairly with no server.

    Make one with `invite` or `accept`, pass each message the other side sends to `receive`, play with `play`
    when `status` is "your-turn", send `outgoing` (the last message made here, until the reply comes), and
    keep `to_json()`; `from_json` brings it back.

    >>> ava = FriendGame.invite("Ava")
    >>> bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    >>> ava.receive(bo.outgoing_text())        # the deal is done: Ava sees her hand, and who starts
    >>> ava.status in ("your-turn", "their-turn"), len(ava.view()["hand"]) + ava.view()["herds"][0]
    (True, 5)
    """

    def __init__(self, suite: Suite, seat: int, signing: bytes, random: Callable[[int], bytes]) -> None:
        self.suite = suite
        self.group = suite.group
        self.seat = seat
        self._signing = signing
        self._signer = suite.signer(signing)
        self._random = random
        self._secrets: dict[int, bytes] = {}
        self.game = b""
        self.mode = "standard"
        self.names = ["", ""]
        self.publics = [b"", b""]
        self.commitment = b""
        self.coins: list[bytes | None] = [None, None]
        self.messages: list[wire.Message] = []
        self.raw: list[bytes] = []
        self.rounds: dict[int, Round] = {}
        self.invalid: FairError | None = None
        self.invalid_at = 0
        self.abandoned = False
        self._memo: dict[tuple[int, int], int] = {}
        self._elements: dict[bytes, Element] = {}
        self._points: list[Element] | None = None
        self._point_table: dict[bytes, int] | None = None
        self._keys: dict[int, InviterKeys | FriendKeys] = {}
        self._first: int | None = None

    # ------------------------------------------------------------ making a game

    @classmethod
    def invite(cls, name: str, mode: str = "standard", suite: Suite | None = None,
               random: Callable[[int], bytes] = _secrets.token_bytes) -> FriendGame:
        """A new game as the inviter (seat 0); `outgoing` is the invitation to send."""
        return finish(cls.invite_steps(name, mode, suite, random))

    @classmethod
    def invite_steps(cls, name: str, mode: str = "standard", suite: Suite | None = None,
                     random: Callable[[int], bytes] = _secrets.token_bytes) -> Steps[FriendGame]:
        """`invite`, stepped."""
        if mode not in wire.MODES:
            raise FairError(f"Unknown mode '{mode}': use 'standard' or 'single-round'.", "friend-mode", value=mode)
        chosen: Suite = suite or secp256k1()
        g = cls(chosen, 0, random(32), random)
        g.game = random(wire.GAME_ID_SIZE)
        promise = commitment(g.game, coin(g._secret(1), g.game))
        yield from g._send(invite=wire.Invite(mode, g._signer.public(), clean_name(name), promise))
        return g

    @staticmethod
    def read_invitation(text: str, suite: Suite | None = None) -> wire.Message:
        """The invitation a link holds, its signature checked; Refused when the link is not one."""
        chosen: Suite = suite or secp256k1()
        m = wire.decode(chosen, wire.from_text(text))
        if m.number != 0 or m.invite is None:
            raise Refused("This link is not an invitation: it is a later message of a friend game this browser "
                          "does not hold.", "friend-unknown-game")
        if not chosen.verify(m.invite.public, m.content, m.signature):
            raise Refused("This invitation was changed after it was made: ask for it again.", "friend-changed")
        return m

    @classmethod
    def accept(cls, text: str, name: str, suite: Suite | None = None,
               random: Callable[[int], bytes] = _secrets.token_bytes) -> FriendGame:
        """Answer an invitation as the friend (seat 1); `outgoing` is the answer to send back."""
        return finish(cls.accept_steps(text, name, suite, random))

    @classmethod
    def accept_steps(cls, text: str, name: str, suite: Suite | None = None,
                     random: Callable[[int], bytes] = _secrets.token_bytes) -> Steps[FriendGame]:
        """`accept`, stepped."""
        chosen: Suite = suite or secp256k1()
        m = cls.read_invitation(text, chosen)
        g = cls(chosen, 1, random(32), random)
        g.game = m.game
        yield from g._take(m, mine=False, trusted=False)
        g._append(m)
        yield from g._send(answer=wire.Answer(g._signer.public(), clean_name(name), coin(g._secret(1), g.game)))
        return g

    # ------------------------------------------------------------ taking a message

    def receive(self, text: str) -> None:
        """Take the other side's message (a link, the part after `#`, or the base64url), then make this side's
        reply when one is due without a move. Raises Refused (nothing changed) or Cheated (game not valid)."""
        finish(self.receive_steps(text))

    def receive_steps(self, text: str) -> Steps[None]:
        """`receive`, stepped."""
        if self.invalid is not None:
            raise Refused("This game was found not valid: it cannot go on.", "friend-game-invalid")
        data = wire.from_text(text)
        m = wire.decode(self.suite, data)
        self._admit(m)
        saved = self._snapshot()
        try:
            yield from self._take(m, mine=False, trusted=False)
        except Cheated as cheat:
            self._restore(saved)
            self.invalid = cheat
            self.invalid_at = m.number + 1
            return
        except BaseException:
            self._restore(saved)
            raise
        self._append(m)
        if self._next_sender() == self.seat and not self.move_due():
            parts = yield from self._plan(None)
            if parts:
                yield from self._send(parts=parts)
            elif not self.match_over():  # messages alternate: what the other left out can never come
                latest = max(self.rounds)
                due = latest if self.rounds[latest].deck2 is None else latest + 1
                self.invalid = self._cheat(m, f"it leaves out what it owes (the deal of round {due}), so the game "
                                              "cannot go on.", "friend-stalled", round=due)
                self.invalid_at = m.number + 1

    def catch_up_steps(self, texts: list[str]) -> Steps[FriendGame]:
        """Messages in a row, as a friend's catch-up link carries them (`wire.pieces`): those held already are passed
        over; this side's own last message, not answered yet, is replaced by another version of it that the friend
        took (made by this side elsewhere: signed with its own key, on the same message before); the rest are taken
        in order. Returns the game that goes on (a new one when this side's last message was replaced)."""
        game = self
        for text in texts:
            data = wire.from_text(text)
            m = wire.decode(game.suite, data)
            if m.game != game.game:
                raise Refused("This link belongs to another game.", "friend-other-game")
            n = game.number
            if m.number < n and m.content == game.messages[m.number].content:
                continue
            last = game.messages[-1]
            if (m.number == n - 1 and m.sender == game.seat == last.sender and m.prev == last.prev
                    and game.suite.verify(game.publics[game.seat], m.content, m.signature)):
                game = yield from game._replaced_steps(data)
                continue
            yield from game.receive_steps(text)
        return game

    def _replaced_steps(self, data: bytes) -> Steps[FriendGame]:
        """This side with its last message replaced by `data` (its own other version of it), replayed."""
        saved = self.to_json()
        saved["messages"] = saved["messages"][:-1] + [b64encode(data)]
        try:
            return (yield from FriendGame.from_json_steps(saved, self.suite))
        except FairError:
            raise Refused("Your friend kept another move of yours for this turn, made in another browser whose keys "
                          "this one does not hold: go on where you made it.", "friend-branch-lost") from None

    def _admit(self, m: wire.Message) -> None:
        """Refuse a message that is not the next one of this game from the other side (nothing changes)."""
        if m.game != self.game:
            raise Refused("This link belongs to another game.", "friend-other-game")
        n = len(self.messages)
        if m.number < n:
            if m.content == self.messages[m.number].content:
                if m.sender == self.seat and m.number == n - 1:
                    raise Refused("This is the link you made last: send it to your friend.", "friend-own-link",
                                  number=m.number + 1)
                if m.sender == self.seat:
                    raise Refused("This is a link you made earlier, and your friend has answered it: nothing "
                                  "changed.", "friend-own-old", number=m.number + 1)
                raise Refused(f"You opened this link already (message {m.number + 1}): nothing changed.",
                              "friend-seen", number=m.number + 1)
            if m.number == 1 and m.answer is not None and self._signed(m):
                raise Refused("Someone else already answered this invitation: this answer was not used.",
                              "friend-answered", number=2)
            if m.sender != self.seat and self._signed(m):
                raise Refused(f"This link holds a different move for a turn already played (message "
                              f"{m.number + 1}): the one you opened first counts, and the game goes on from it. "
                              "If your friend's page is stuck, send them your link now: it carries the move that "
                              "counts.", "friend-fork", number=m.number + 1)
            raise Refused("This link was changed after it was made: ask for it again.", "friend-changed")
        if m.number > n:
            raise Refused(f"A link is missing before this one: open message {n + 1} first (links go in the order "
                          "they were made), or ask your friend to send it again.", "friend-early", number=n + 1)
        if m.sender == self.seat:
            raise Refused("This link claims to come from you, but you did not make it.", "friend-changed")
        if not self._signed(m):
            raise Refused("This link was changed after it was made: ask for it again.", "friend-changed")
        if m.prev != self._last_digest():
            raise Refused(f"This link answers a move of yours this browser does not hold (message {m.number}): "
                          "your friend took another move you made for that turn. Open the link where you made it, "
                          "or ask your friend to open the link of the move you made here: their page then gives a "
                          "link that carries the move that counts.", "friend-branch", number=m.number)

    def _signed(self, m: wire.Message) -> bool:
        public = self.publics[m.sender]
        if m.number == 1 and m.answer is not None:
            public = m.answer.public
        return bool(public) and self.suite.verify(public, m.content, m.signature)

    # ------------------------------------------------------------ playing

    def play(self, move: str) -> None:
        """Play a move on this side's turn; `outgoing` then carries it. Raises IllegalMoveError, BadMoveError
        (the engine's sentence) or FairError when it is not this side's turn."""
        finish(self.play_steps(move))

    def play_steps(self, move: str) -> Steps[None]:
        """`play`, stepped."""
        if not self.move_due():
            raise FairError("It is not your turn in this game.", "friend-not-your-turn")
        position = self.position
        assert position is not None
        err = check(position, move)
        if err is not None:
            raise err
        yield from self._send(move=str(parse_move(move)))

    def abandon(self) -> None:
        """Stop waiting for the other player (it stopped answering): the game shows as abandoned by it."""
        self.abandoned = True

    # ------------------------------------------------------------ what this side sees

    @property
    def number(self) -> int:
        """How many messages the game has."""
        return len(self.messages)

    @property
    def other(self) -> int:
        """The other player's seat."""
        return 1 - self.seat

    def outgoing(self) -> bytes | None:
        """The last message made here while the other side has not answered it (what to send now)."""
        if self.messages and self.messages[-1].sender == self.seat:
            return self.raw[-1]
        return None

    def outgoing_text(self) -> str:
        """`outgoing` as link text (`friend=…`); empty when there is nothing to send."""
        data = self.outgoing()
        return wire.to_text(data) if data is not None else ""

    @property
    def status(self) -> str:
        """waiting | your-turn | their-turn | over | invalid (what the table's `data-friend` says)."""
        if self.invalid is not None:
            return "invalid"
        if self.match_over():
            return "over"
        if self.move_due():
            return "your-turn"
        if self._next_sender() == self.other and self._their_move_due():
            return "their-turn"
        return "waiting"

    def move_due(self) -> bool:
        """Whether this side must play a move now (its turn, its table whole)."""
        if self.invalid is not None or self._next_sender() != self.seat:
            return False
        return self._moving(self.seat)

    def _their_move_due(self) -> bool:
        return self._moving(self.other)

    def _moving(self, seat: int) -> bool:
        rd = self._live(seat)
        if rd is None or rd.ledger is None or not rd.ledger.hand_known(seat) or rd.ledger.pending(seat):
            return False
        p = self._proxy(rd, rd.ledger)
        return p is not None and p.status == PLAYING and p.to_move == seat

    def _live(self, seat: int) -> Round | None:
        """The round `seat` plays in: the last one with a ledger whose secret `seat` has not revealed."""
        for r in sorted(self.rounds, reverse=True):
            rd = self.rounds[r]
            if rd.ledger is not None:
                shown = rd.revealed if seat == self.seat else rd.theirs is not None
                return None if shown else rd
        return None

    def table_round(self) -> Round | None:
        """The round the table shows: the last one whose cards this side holds (its hand known)."""
        for r in sorted(self.rounds, reverse=True):
            rd = self.rounds[r]
            if rd.final is not None:
                return rd
            if rd.ledger is not None and rd.ledger.hand_known(self.seat) and self._start(r) is not None:
                return rd
        return None

    @property
    def position(self) -> Position | None:
        """A full position whose view for this seat is what this side sees (hidden parts stand-ins, never the
        other's cards: it knows none); None before its first hand. Use `view()` for what to show."""
        rd = self.table_round()
        if rd is None:
            return None
        if rd.final is not None:
            return rd.final
        assert rd.ledger is not None
        return self._proxy(rd, rd.ledger)

    def view(self) -> View | None:
        """What this seat sees now, as `jaipur.view` writes it, plus `coming`: what is on its way (a refill
        this seat's own move drew, its own bonus token's value, the other's dealt camels, the round's result)."""
        rd = self.table_round()
        if rd is None:
            return None
        coming: Coming = {"market": 0, "bonus": 0, "herd": False, "result": False}
        if rd.final is not None:
            v = seat_view(rd.final, self.seat)
            v["coming"] = coming
            return v
        led = rd.ledger
        assert led is not None
        p = self._proxy(rd, led)
        assert p is not None
        v = seat_view(p, self.seat)
        market = list(v["market"])
        assert rd.stand is not None
        for ref in led.market:
            if ref not in FIXED_CAMELS and ref not in rd.opened:
                market.remove(CARD_LETTERS[rd.stand[ref]])
                coming["market"] += 1
        v["market"] = "".join(market)
        mine = v["taken"][self.seat]["bonus"]
        for i, place in enumerate(led.bonus_taken[self.seat]):
            if place not in rd.opened:
                mine[i][1] = None
                coming["bonus"] += 1
        coming["herd"] = not led.camels_shown[self.other]
        if p.status != PLAYING:
            v["status"] = "round-over"
            v.pop("result", None)
            coming["result"] = True
            for token in v["taken"][self.other]["bonus"]:
                token[1] = None  # the other's values are stand-ins until its secret shows them
        v["coming"] = coming
        return v

    def legal_moves(self) -> list[str]:
        """This side's legal moves when it must move (else none)."""
        p = self.position
        return legal_moves(p) if p is not None and self.move_due() else []

    def match_over(self) -> bool:
        """Whether the match has ended and its last round has been checked."""
        last = max(self.rounds) if self.rounds else 0
        for r in range(last, 0, -1):
            res = self.rounds[r].result
            if res is not None:
                return res["match_winner"] is not None
        return False

    def results(self) -> list[Position]:
        """The last position of every round checked so far, in order."""
        return [self.rounds[r].final for r in sorted(self.rounds) if self.rounds[r].final is not None]  # type: ignore[misc]

    def moves(self) -> list[tuple[int, int, str]]:
        """Every move played so far: (round, seat, move in notation)."""
        out = []
        for r in sorted(self.rounds):
            led = self.rounds[r].ledger
            if led is not None:
                out += [(r, seat, move) for seat, move, _ in led.moves]
        return out

    def round_positions(self, r: int) -> list[Position]:
        """Round r as this side has seen it: its deal (the true one once the round is checked, stand-ins for
        what this side does not know before) and the position after each move; empty before it is dealt."""
        rd = self.rounds.get(r)
        start = self._start(r)
        if rd is None or rd.ledger is None or start is None:
            return []
        stand = self._stand_ins(rd)
        cards = "".join(CARD_LETTERS[i] for i in stand[:CARDS])
        bonus = tuple(tuple(BONUS_VALUES[stand[q] - CARDS][1] for q in pile) for pile in BONUS_PILES)
        out = [deal_from(cards, (bonus[0], bonus[1], bonus[2]), r, self.mode, *start)]
        for _, move, _ in rd.ledger.moves:
            out.append(apply(out[-1], move))
        return out

    # ------------------------------------------------------------ storage

    def to_json(self) -> dict[str, Any]:
        """Everything to resume this side later: its secrets, the messages, and the cards it has opened."""
        return {
            "format": FORMAT,
            "seat": self.seat,
            "signing": self._signing.hex(),
            "secrets": {str(r): s.hex() for r, s in sorted(self._secrets.items())},
            "messages": [b64encode(raw) for raw in self.raw],
            "opened": {f"{r}:{p}": item for r, rd in sorted(self.rounds.items()) for p, item in sorted(rd.opened.items())},
            "abandoned": self.abandoned,
            "invalid": None if self.invalid is None else {
                "code": self.invalid.code, "message": self.invalid.message, "values": self.invalid.values,
                "number": self.invalid_at},
        }

    @classmethod
    def from_json(cls, data: Any, suite: Suite | None = None) -> FriendGame:
        """A side saved by `to_json`; FairError (code friend-bad-save) when the data is not one."""
        return finish(cls.from_json_steps(data, suite))

    @classmethod
    def from_json_steps(cls, data: Any, suite: Suite | None = None) -> Steps[FriendGame]:
        """`from_json`, stepped."""
        def bad(why: str) -> FairError:
            return FairError(f"This saved friend game cannot be read ({why}): it cannot go on.", "friend-bad-save",
                             why=why)

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad("it is not a saved friend game")
        seat, signing, mine = data.get("seat"), data.get("signing"), data.get("secrets")
        messages, opened = data.get("messages"), data.get("opened", {})
        if seat not in (0, 1) or isinstance(seat, bool) or not isinstance(signing, str) or not isinstance(mine, dict):
            raise bad("its keys are missing")
        if not isinstance(messages, list) or not messages or not isinstance(opened, dict):
            raise bad("its messages are missing")
        try:
            chosen: Suite = suite or secp256k1()
            g = cls(chosen, seat, bytes.fromhex(signing), _secrets.token_bytes)
            g._secrets = {int(r): bytes.fromhex(s) for r, s in mine.items()}
            g._memo = {(int(k.split(":")[0]), int(k.split(":")[1])): int(v) for k, v in opened.items()}
            if any(len(s) != SECRET_SIZE for s in g._secrets.values()) or len(g._signing) != 32:
                raise ValueError("key size")
            raws = [b64decode(text) for text in messages]
        except (ValueError, TypeError, AttributeError, IndexError):
            raise bad("its keys or messages are damaged") from None
        try:
            for raw in raws:
                m = wire.decode(g.suite, raw)
                if not g.messages:
                    g.game = m.game
                elif m.game != g.game or m.number != len(g.messages) or m.prev != g._last_digest():
                    raise bad("its messages do not follow each other")
                yield from g._take(m, mine=m.sender == seat, trusted=True)
                g._append(m)
        except FairError as exc:
            if exc.code == "friend-bad-save":
                raise
            raise bad(f"message {len(g.messages) + 1} does not replay ({exc.message})") from None
        except (JaipurError, ValueError, KeyError, IndexError) as exc:
            raise bad(f"message {len(g.messages) + 1} does not replay ({exc})") from None
        if len(g.messages) > seat and g._signer.public() != g.publics[seat]:
            raise bad("its signing key is not the game's")
        if not g._signed(g.messages[-1]):  # the others' contents are held by the hash each next message names
            raise bad("its last message is not as its sender signed it")
        for r, rd in g.rounds.items():
            try:
                dealt = (rd.deck1 if seat == 0 else rd.deck2) is None or str(r) in mine and g._dealt_with(rd)
            except FairError:
                dealt = False
            if not dealt:
                raise bad(f"its key for round {r} is lost or is not the one it dealt with")
        g.abandoned = bool(data.get("abandoned", False))
        invalid = data.get("invalid")
        if isinstance(invalid, dict) and isinstance(invalid.get("message"), str):
            values = invalid.get("values")
            g.invalid = Cheated(invalid["message"], str(invalid.get("code", "friend-cheat")),
                                **(values if isinstance(values, dict) else {}))
            g.invalid_at = int(invalid.get("number", 0)) if isinstance(invalid.get("number"), int) else 0
        return g

    # ------------------------------------------------------------ internals: state

    def _next_sender(self) -> int:
        return len(self.messages) % 2

    def _last_digest(self) -> bytes:
        return self.messages[-1].digest if self.messages else bytes(wire.DIGEST_SIZE)

    def _append(self, m: wire.Message) -> None:
        self.messages.append(m)
        self.raw.append(wire.encode(self.suite, m))

    def _snapshot(self) -> tuple[Any, ...]:
        return ({r: rd.copy() for r, rd in self.rounds.items()}, list(self.coins), list(self.names), list(self.publics), self.mode,
                self.commitment)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        self.rounds, self.coins, self.names, self.publics, self.mode, self.commitment = saved

    def _secret(self, r: int) -> bytes:
        """This side's secret for round r (made from `secrets` the first time it is needed)."""
        if r not in self._secrets:
            self._secrets[r] = self._random(SECRET_SIZE)
        return self._secrets[r]

    def _my_keys(self, r: int) -> InviterKeys | FriendKeys:
        if r not in self._keys:
            make = inviter_keys if self.seat == 0 else friend_keys
            self._keys[r] = make(self._secret(r), self.game, r, self.group.order)
        return self._keys[r]

    def _dealt_with(self, rd: Round) -> bool:
        """Whether this side's secret for a round made its deck there (its first place checked: one group
        operation), so a lost or changed key is never taken for the other's cheat."""
        keys = self._my_keys(rd.number)
        if isinstance(keys, InviterKeys):
            first = self.group.hash_to_element(label(self.game, keys.items[0]))
            return self.group.encode(self.group.mul(first, keys.key)) == rd.deck1[0]
        assert rd.deck2 is not None
        first = self._element(rd.deck1[keys.source[0]])
        return self.group.encode(self.group.mul(first, keys.keys[0])) == rd.deck2[0]

    def _element(self, encoding: bytes) -> Element:
        """A checked element from its encoding (decoded once)."""
        found = self._elements.get(encoding)
        if found is None:
            found = self._elements[encoding] = self.group.decode(encoding)
        return found

    def _item_points(self) -> Steps[list[Element]]:
        """The 70 items' elements of this game (hashed from their labels once)."""
        if self._points is None:
            points = []
            for i in range(ITEMS):
                points.append(self.group.hash_to_element(label(self.game, i)))
                if i % PACE == 0:
                    yield
            self._points = points
            self._point_table = {self.group.encode(pt): i for i, pt in enumerate(points)}
        return self._points

    def _start(self, r: int) -> tuple[tuple[int, int], int] | None:
        """Round r's seals and starter (round 1: the coins; later: the last round's checked result)."""
        if r == 1:
            theirs = self.coins[self.other]
            if theirs is None:
                return None
            if self._first is None:
                mine = coin(self._secret(1), self.game)
                self._first = first_starter(*((mine, theirs) if self.seat == 0 else (theirs, mine)))
            return (0, 0), self._first
        before = self.rounds.get(r - 1)
        if before is None or before.result is None:
            return None
        res = before.result
        if res["match_winner"] is not None or res["next_starter"] is None:
            return None
        return (res["seals"][0], res["seals"][1]), res["next_starter"]

    def _continues_after(self, r: int) -> bool:
        """Whether a round r + 1 is played (round r checked and the match not over)."""
        return self._start(r + 1) is not None

    def _letter(self, rd: Round) -> Callable[[int], str | None]:
        def letter(ref: int) -> str | None:
            if ref in FIXED_CAMELS:
                return "M"
            item = rd.opened.get(ref)
            return None if item is None or item >= CARDS else CARD_LETTERS[item]
        return letter

    def _stand_ins(self, rd: Round) -> list[int]:
        """A deal as this side knows it: the item it knows at each place, stand-ins elsewhere (goods first in
        the other's unknown dealt places, then the remaining items in order). Made from what it knows only."""
        stand = [-1] * ITEMS
        for place, item in rd.opened.items():
            stand[place] = item
        used = set(rd.opened.values())
        for group in (range(CARDS), *BONUS_PILES):
            spare = [i for i in group if i not in used]
            if group.start == 0:
                goods = [i for i in spare if CARD_LETTERS[i] != "M"]
                for p in HANDS[self.other]:
                    if stand[p] < 0:
                        stand[p] = goods.pop(0)
                        spare.remove(stand[p])
            for p in group:
                if stand[p] < 0:
                    stand[p] = spare.pop(0)
        return stand

    def _learn(self, rd: Round, place: int, item: int) -> None:
        """This side now knows the item at a place: put it there in the stand-ins (swapping it with the place
        that stood in for it), keeping the other's hand free of camels."""
        rd.opened[place] = item
        stand = rd.stand
        if stand is None or stand[place] == item:
            return
        led = rd.ledger
        y = stand.index(item)
        stand[place], stand[y] = stand[y], stand[place]
        rd.dirty = True
        if led is None or place >= CARDS:
            return
        hands = set(led.hands[0]) | set(led.hands[1])
        if (place in hands or y in hands) and "M" in (CARD_LETTERS[stand[place]], CARD_LETTERS[stand[y]]):
            rd.rebuild = True  # a camel would enter or leave a hand: deal the stand-ins again

    def _proxy(self, rd: Round, led: Ledger) -> Position | None:
        """The round as this side sees it, as a full position: the stand-in deal played by the engine. Its view
        for this seat is what this side may see (but what `view` marks as coming). Kept up to date as moves
        come (played on it) and as cards are learned (its hidden parts laid out again from the stand-ins);
        `led` may be a copy of the round's ledger with moves tried on top."""
        start = self._start(rd.number)
        real = rd.ledger
        if start is None or real is None:
            return None
        if rd.proxy is None or rd.stand is None or rd.proxy_start != start or rd.rebuild:
            rd.stand = self._stand_ins(rd)
            cards = "".join(CARD_LETTERS[i] for i in rd.stand[:CARDS])
            bonus = tuple(tuple(BONUS_VALUES[rd.stand[q] - CARDS][1] for q in pile) for pile in BONUS_PILES)
            rd.proxy = deal_from(cards, (bonus[0], bonus[1], bonus[2]), rd.number, self.mode, *start)
            rd.proxy_moves, rd.proxy_start, rd.dirty, rd.rebuild = 0, start, False, False
        # moves first, on the stand-ins they were checked with; then the hidden parts from what is known now
        while rd.proxy_moves < len(real.moves):
            rd.proxy = apply(rd.proxy, real.moves[rd.proxy_moves][1])
            rd.proxy_moves += 1
        if rd.dirty:
            self._lay_out(rd)
        p = rd.proxy
        for _, move, _ in led.moves[len(real.moves):]:
            p = apply(p, move)
        return p

    def _lay_out(self, rd: Round) -> None:
        """The proxy's hidden parts (market, hands, deck, bonus piles and values) laid out again from the
        stand-ins where the ledger says each place is; its public parts stay."""
        led, p, stand = rd.ledger, rd.proxy, rd.stand
        assert led is not None and p is not None and stand is not None

        def letter(ref: int) -> str:
            return "M" if ref in FIXED_CAMELS else CARD_LETTERS[stand[ref]]

        def token(q: int) -> tuple[int, int]:
            return BONUS_VALUES[stand[q] - CARDS]

        hands = tuple(counts_of("".join(c for c in map(letter, led.hands[s]) if c != "M")) for s in (0, 1))
        bonus = tuple(tuple(token(q)[1] for q in range(led.bonus_next[k], pile.stop))
                      for k, pile in enumerate(BONUS_PILES))
        taken = tuple(tuple(token(q) for q in led.bonus_taken[s]) for s in (0, 1))
        rd.proxy = Position(p.mode, p.round, p.seals, p.to_move, p.starter, counts_of("".join(map(letter, led.market))),
                            (hands[0], hands[1]), p.herds, "".join(map(letter, range(led.deck_next, CARDS))), p.discard,
                            p.goods, bonus, p.taken_goods, (taken[0], taken[1]), p.seed, p.known)
        rd.dirty = False

    # ------------------------------------------------------------ internals: making a message

    def _send(self, move: str | None = None, invite: wire.Invite | None = None, answer: wire.Answer | None = None,
              parts: dict[str, Any] | None = None) -> Steps[wire.Message]:
        """Make this side's next message (what it owes, and its move), sign it, take it, keep it."""
        if parts is None:
            parts = yield from self._plan(move)
        m = wire.Message(self.game, len(self.messages), self._last_digest(), invite=invite, answer=answer, **parts)
        content = wire.content_of(self.suite, m)
        m = replace(m, content=content, signature=self._signer.sign(content))
        yield from self._take(m, mine=True, trusted=True)
        self._append(m)
        return m

    def _plan(self, move: str | None) -> Steps[dict[str, Any]]:
        """The sections this side's next message must carry."""
        parts: dict[str, Any] = {}
        n = len(self.messages)
        if self.seat == 0 and n == 0:
            parts["deck"] = yield from self._deck1(1)
        if self.seat == 0 and n == 2:
            parts["coin"] = coin(self._secret(1), self.game)
        rd = self._live(self.seat)
        if rd is not None and rd.ledger is not None and self._start(rd.number) is not None:
            led = rd.ledger.clone()
            p = self._proxy(rd, led)
            assert p is not None
            if p.status == PLAYING:
                if led.camels_due(self.seat):
                    led.show_camels(self.seat, self._my_camels(rd, led))
                if move is not None:
                    m = parse_move(move)
                    places = self._places_for(rd, led, m)
                    led.play(self.seat, m, places, self._letter(rd))
                    parts["move"] = wire.MoveSection(rd.number, str(m), tuple(places))
            owed = led.owed(self.seat)
            if owed and p.status == PLAYING:  # a message that only shows the secret needs no layers
                parts["opens"] = yield from self._layers(rd, owed)
            after = self._proxy(rd, led)
            assert after is not None
            if after.status != PLAYING:
                parts["secret"] = wire.Secret(rd.number, self._secret(rd.number))
                if "move" in parts and self.seat == 0 and self.mode == "standard" and rd.number < ROUNDS:
                    parts["deck"] = yield from self._deck1(rd.number + 1)
        if "deck" not in parts:
            latest = max(self.rounds) if self.rounds else 0
            if self.seat == 0 and latest and self._continues_after(latest) and latest + 1 not in self.rounds:
                parts["deck"] = yield from self._deck1(latest + 1)
            elif self.seat == 1 and latest and self.rounds[latest].deck2 is None and (
                    latest == 1 or self._continues_after(latest - 1)):
                parts["deck"] = yield from self._deck2(latest)
                fresh = Ledger()
                parts["opens"] = yield from self._layers(self.rounds[latest], fresh.owed(self.seat))
        return parts

    def _my_camels(self, rd: Round, led: Ledger) -> list[int]:
        letter = self._letter(rd)
        return [p for p in HANDS[self.seat] if p in led.hidden_hand(self.seat) and letter(p) == "M"]

    def _places_for(self, rd: Round, led: Ledger, move: Move) -> list[int]:
        """The hidden hand places a sale or an exchange must name: those the other has not seen, used only
        after the ones it has (lowest place first)."""
        if move.kind == "sell":
            goods = move.good * move.count
        elif move.kind == "exchange":
            goods = move.given.replace("M", "")
        else:
            return []
        letter = self._letter(rd)
        hidden = led.hidden_hand(self.seat)
        seen = [p for p in led.hands[self.seat] if p not in hidden]
        named: list[int] = []
        for good in sorted(set(goods), key=ORDER.index):
            need = goods.count(good) - sum(1 for p in seen if letter(p) == good)
            named += sorted(p for p in hidden if letter(p) == good)[:max(0, need)]
        return sorted(named)

    def _deck1(self, r: int) -> Steps[wire.Deck]:
        """The inviter's pass over round r: every item times its key, shuffled."""
        keys = self._my_keys(r)
        assert isinstance(keys, InviterKeys)
        points = yield from self._item_points()
        out = []
        for k in range(ITEMS):
            out.append(self.group.encode(self.group.mul(points[keys.items[k]], keys.key)))
            if k % PACE == 0:
                yield
        return wire.Deck(r, self.group.pack(out))

    def _deck2(self, r: int) -> Steps[wire.Deck]:
        """The friend's pass over round r: the inviter's deck shuffled, each place locked by its own key."""
        keys = self._my_keys(r)
        assert isinstance(keys, FriendKeys)
        deck1 = self.rounds[r].deck1
        out = []
        for j in range(ITEMS):
            out.append(self.group.encode(self.group.mul(self._element(deck1[keys.source[j]]), keys.keys[j])))
            if j % PACE == 0:
                yield
        return wire.Deck(r, self.group.pack(out))

    def _layers(self, rd: Round, places: list[int]) -> Steps[wire.Opens]:
        """This side's layers for places of a round: the inviter's key removed, or the friend's place keys."""
        keys = self._my_keys(rd.number)
        layers = []
        for i, place in enumerate(places):
            if isinstance(keys, InviterKeys):
                assert rd.deck2 is not None
                layer = self.group.encode(self.group.mul(self._element(rd.deck2[place]), keys.inverse))
            else:
                layer = keys.keys[place].to_bytes(self.group.scalar_size, "big")
            layers.append((place, layer))
            if i % PACE == 0:
                yield
        return wire.Opens(rd.number, tuple(layers))

    # ------------------------------------------------------------ internals: taking a message

    def _cheat(self, m: wire.Message, message: str, code: str, **values: Any) -> Cheated:
        who = self.names[m.sender] or ("the inviter" if m.sender == 0 else "the friend")
        return Cheated(f"Message {m.number + 1} from {who}: {message}", code, number=m.number + 1, name=who,
                       **values)

    def _take(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        """Apply one message (this side's own or the other's) to the derived state; Cheated when it breaks the
        protocol or the rules."""
        if (m.invite is not None) != (m.number == 0) or (m.answer is not None) != (m.number == 1) or (
                (m.coin is not None) != (m.number == 2)) or not any(
                (m.deck, m.opens, m.move, m.secret, m.invite, m.answer, m.coin)):
            raise self._cheat(m, "its parts are not those of its place in the game.", "friend-structure")
        if m.invite is not None:
            self.mode, self.names[0], self.publics[0] = m.invite.mode, m.invite.name, m.invite.public
            self.commitment = m.invite.commitment
            if m.deck is None or m.deck.round != 1:
                raise self._cheat(m, "the invitation deals no round.", "friend-structure")
        if m.answer is not None:
            self.names[1], self.publics[1], self.coins[1] = m.answer.name, m.answer.public, m.answer.coin
            if m.deck is None:
                raise self._cheat(m, "the answer deals no cards.", "friend-structure")
        if m.coin is not None:
            if commitment(self.game, m.coin) != self.commitment:
                raise self._cheat(m, "its coin is not the one its invitation promised.", "friend-coin")
            self.coins[0] = m.coin
        opens = m.opens
        early = opens is not None and opens.round in self.rounds and self.rounds[opens.round].ledger is not None
        if opens is not None and early:
            yield from self._open(m, opens, mine, trusted)
        self._camels(m)
        if m.move is not None:
            self._play(m)
            if m.secret is None and self._round_over(self.rounds[m.move.round]):
                raise self._cheat(m, "it ends the round without showing its secret.", "friend-no-secret")
        if m.secret is not None:
            yield from self._reveal(m, mine, trusted)
        if m.deck is not None:
            yield from self._take_deck(m, mine, trusted)
        if opens is not None and not early:
            if opens.round not in self.rounds or self.rounds[opens.round].ledger is None:
                raise self._cheat(m, "it opens cards of a round not dealt.", "friend-structure")
            yield from self._open(m, opens, mine, trusted)
        self._check_owed(m)
        if not mine and self._moving(m.sender):  # messages alternate: its move cannot come later
            raise self._cheat(m, "it does not play the move its player owes.", "friend-no-move")

    def _open(self, m: wire.Message, opens: wire.Opens, mine: bool, trusted: bool) -> Steps[None]:
        rd = self.rounds[opens.round]
        led = rd.ledger
        assert led is not None
        s = m.sender
        if (rd.revealed if s == self.seat else rd.theirs is not None):
            raise self._cheat(m, "it opens cards of a round whose secret it has shown.", "friend-structure")
        for i, (place, layer) in enumerate(opens.layers):
            if place in led.sent[s]:
                raise self._cheat(m, f"it opens place {place} a second time.", "friend-open-twice", place=place)
            if not mine:
                item = self._memo.get((rd.number, place)) if trusted else None
                if item is None:
                    item = yield from self._decrypt(m, rd, place, layer)
                if item is not None:
                    if item in rd.opened.values() and rd.opened.get(place) != item:
                        raise self._cheat(m, f"it opens a {item_name(item)} that was already opened elsewhere: "
                                             "a card dealt twice.", "friend-duplicate", card=item_name(item))
                    self._learn(rd, place, item)
            led.sent[s].add(place)
            if i % PACE == 0:
                yield

    def _decrypt(self, m: wire.Message, rd: Round, place: int, layer: bytes) -> Steps[int | None]:
        """The item a layer of the other side opens at a place; None when this side still lacks its own part
        (never: this side's layer is always at hand)."""
        if place >= ITEMS:
            raise self._cheat(m, "it opens a place that does not exist.", "friend-structure")
        keys = self._my_keys(rd.number)
        assert rd.deck2 is not None
        if isinstance(keys, FriendKeys):
            try:
                x = self.group.decode(layer)
            except FairError:
                raise self._cheat(m, f"its layer for place {place} is not a point.", "friend-bad-point",
                                  place=place) from None
            yield from self._item_points()
            assert self._point_table is not None
            opened = self.group.mul(x, pow(keys.keys[place], -1, self.group.order))
            item = self._point_table.get(self.group.encode(opened))
            if item is None:
                raise self._cheat(m, f"it opens place {place} to a card that was never dealt.", "friend-not-dealt",
                                  place=place)
        else:
            b = int.from_bytes(layer, "big")
            if not 0 < b < self.group.order:
                raise self._cheat(m, f"its key for place {place} is not a key.", "friend-bad-key", place=place)
            opened = self.group.mul(self._element(rd.deck2[place]), pow(b, -1, self.group.order))
            if rd.table1 is None:
                rd.table1 = {enc: keys.items[k] for k, enc in enumerate(rd.deck1)}
            found = rd.table1.get(self.group.encode(opened))
            if found is None:
                raise self._cheat(m, f"its key for place {place} opens nothing that was dealt: a forged key.",
                                  "friend-forged-key", place=place)
            item = found
        if item not in group_of(place):
            raise self._cheat(m, f"it opens place {place} to a card of another pile.", "friend-wrong-pile",
                              place=place)
        return item

    def _camels(self, m: wire.Message) -> None:
        """The sender's dealt camels, shown in its first message after it knows its hand (R6)."""
        s = m.sender
        rd = self._live(s)
        if rd is None or rd.ledger is None or not rd.ledger.camels_due(s):
            return
        if m.secret is not None and m.secret.round == rd.number:
            return
        named = set(m.move.places) if m.move is not None and m.move.round == rd.number else set()
        opened = {p for p, _ in m.opens.layers} if m.opens is not None and m.opens.round == rd.number else set()
        hidden = set(rd.ledger.hidden_hand(s))
        places = sorted(p for p in opened if p in hidden and p in HANDS[s] and p not in named)
        letter = self._letter(rd)
        for p in places:
            if letter(p) != "M":
                raise self._cheat(m, f"it shows a dealt card as a camel, but it is a {letter(p)}.", "friend-camel",
                                  place=p)
        try:
            rd.ledger.show_camels(s, places)
        except LedgerError as err:
            raise self._cheat(m, str(err), err.code, **err.values) from None

    def _play(self, m: wire.Message) -> None:
        assert m.move is not None
        mv = m.move
        rd = self.rounds.get(mv.round)
        if rd is None or rd.ledger is None or self._live(m.sender) is not rd:
            raise self._cheat(m, "it plays in a round that is not being played.", "friend-structure")
        p = self._proxy(rd, rd.ledger)
        if p is None or p.status != PLAYING or p.to_move != m.sender:
            raise self._cheat(m, "it plays a move out of turn.", "friend-turn")
        try:
            move = parse_move(mv.move)
        except BadMoveError:
            raise self._cheat(m, f"“{mv.move}” is not a move.", "friend-bad-move", move=mv.move) from None
        if str(move) != mv.move:
            raise self._cheat(m, f"the move “{mv.move}” is not written as the notation writes it.", "friend-bad-move",
                              move=mv.move)
        err = check(p, move)
        if err is not None:
            raise self._cheat(m, f"its move {mv.move} is illegal: {err.message}", "friend-illegal", move=mv.move,
                              rule=err.code)
        try:
            rd.ledger.play(m.sender, move, mv.places, self._letter(rd))
        except LedgerError as err2:
            raise self._cheat(m, str(err2), err2.code, **err2.values) from None
        rd.move_at.append(m.number)

    def _reveal(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        assert m.secret is not None
        rd = self.rounds.get(m.secret.round)
        if rd is None or rd.ledger is None or self._live(m.sender) is not rd:
            raise self._cheat(m, "it shows the secret of a round that is not being played.", "friend-structure")
        p = self._proxy(rd, rd.ledger)
        if p is None or p.status == PLAYING:
            raise self._cheat(m, "it shows its round secret before the round is over.", "friend-early-secret")
        if mine:
            rd.revealed = True
            return
        rd.theirs = m.secret.value
        rd.theirs_at = m.number
        yield from self._verify(m, rd, trusted)

    def _take_deck(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        assert m.deck is not None
        r = m.deck.round
        try:
            encodings = self.group.unpack(m.deck.packed, ITEMS)
        except FairError:
            raise self._cheat(m, "its deck is damaged.", "friend-bad-point") from None
        if len(set(encodings)) != ITEMS:
            raise self._cheat(m, "its deck holds the same card twice.", "friend-duplicate", card="")
        if m.sender == 0:
            first = m.number == 0 and r == 1
            later = r > 1 and r - 1 in self.rounds and r not in self.rounds and self.mode == "standard" and (
                r <= ROUNDS) and self.rounds[r - 1].ledger is not None and self._round_over(self.rounds[r - 1])
            if not (first or later):
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
        else:
            rd = self.rounds.get(r)
            if rd is None or rd.deck2 is not None or (r > 1 and not self._continues_after(r - 1)):
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
        if not mine and not trusted:
            for i, enc in enumerate(encodings):
                try:
                    self._element(enc)
                except FairError:
                    raise self._cheat(m, "its deck holds a value that is not a point.", "friend-bad-point") from None
                if i % PACE == 0:
                    yield
        if m.sender == 0:
            self.rounds[r] = Round(r, encodings, m.number)
        else:
            rd = self.rounds[r]
            rd.deck2, rd.deck2_at, rd.ledger = encodings, m.number, Ledger()

    def _round_over(self, rd: Round) -> bool:
        if rd.final is not None:
            return True
        if rd.ledger is None:
            return False
        p = self._proxy(rd, rd.ledger)
        return p is not None and p.status != PLAYING

    def _check_owed(self, m: wire.Message) -> None:
        """After a message its sender owes nothing: every layer the other may now see was sent, no more."""
        s = m.sender
        for rd in self.rounds.values():
            led = rd.ledger
            shown_now = m.secret is not None and m.secret.round == rd.number
            if led is None or (rd.revealed if s == self.seat else rd.theirs is not None) and not (
                    shown_now and m.move is not None and m.move.round == rd.number):
                continue
            if m.opens is not None and m.opens.round == rd.number:
                for place, _ in m.opens.layers:
                    if not led.seen.get(place, 0) & bit(1 - s):
                        raise self._cheat(m, f"it opens place {place}, which the rules keep hidden from the other "
                                             "player.", "friend-over-open", place=place)
            missing = led.owed(s)
            if missing:
                raise self._cheat(m, f"it does not open place {missing[0]}, which the other player may now see.",
                                  "friend-under-open", place=missing[0])

    def _verify(self, m: wire.Message, rd: Round, trusted: bool) -> Steps[None]:
        """Check round rd whole once both secrets are known: the other's deck, the coins, every opened card,
        every dealt camel shown, every move legal with the real cards; then keep its last position."""
        assert rd.theirs is not None and rd.ledger is not None and rd.deck2 is not None
        r = rd.number
        inv_secret, fr_secret = (self._secret(r), rd.theirs) if self.seat == 0 else (rd.theirs, self._secret(r))
        ik = inviter_keys(inv_secret, self.game, r, self.group.order)
        fk = friend_keys(fr_secret, self.game, r, self.group.order)
        at = rd.deck1_at if self.seat == 1 else rd.deck2_at
        if not trusted:
            if self.seat == 1:
                points = yield from self._item_points()
                for k in range(ITEMS):
                    if self.group.encode(self.group.mul(points[ik.items[k]], ik.key)) != rd.deck1[k]:
                        raise self._cheat(m, f"the deal of round {r} (message {at + 1}) was not made from the secret "
                                             "it shows.", "friend-bad-deal", round=r, deal=at + 1)
                    if k % PACE == 0:
                        yield
            else:
                for j in range(ITEMS):
                    expect = self.group.mul(self._element(rd.deck1[fk.source[j]]), fk.keys[j])
                    if self.group.encode(expect) != rd.deck2[j]:
                        raise self._cheat(m, f"the deal of round {r} (message {at + 1}) was not made from the secret "
                                             "it shows.", "friend-bad-deal", round=r, deal=at + 1)
                    if j % PACE == 0:
                        yield
        if r == 1 and (self.coins[0] != coin(inv_secret, self.game) or self.coins[1] != coin(fr_secret, self.game)):
            raise self._cheat(m, "a coin of round 1 was not made from its player's secret.", "friend-coin")
        items = dealt_items(ik, fk)
        for place, item in rd.opened.items():
            if items[place] != item:
                raise self._cheat(m, f"place {place} was opened as {item_name(item)} but holds "
                                     f"{item_name(items[place])}.", "friend-bad-open", place=place)
        for seat in (0, 1):
            shown = set(rd.ledger.dealt_camels[seat])
            dealt = {p for p in HANDS[seat] if letter_of(items[p]) == "M"}
            if shown != dealt:
                who = self.names[seat] or "a player"
                raise self._cheat(m, f"{who} kept a dealt camel in the hand instead of the herd (R6).",
                                  "friend-hidden-camel", who=who)
        cards = "".join(CARD_LETTERS[items[p]] for p in range(CARDS))
        bonus = tuple(tuple(BONUS_VALUES[items[p] - CARDS][1] for p in pile) for pile in BONUS_PILES)
        start = self._start(r)
        assert start is not None
        position = deal_from(cards, (bonus[0], bonus[1], bonus[2]), r, self.mode, start[0], start[1])
        for k, (seat, move, places) in enumerate(rd.ledger.moves):
            at_move = rd.move_at[k] if k < len(rd.move_at) else m.number
            for place in places:
                if place >= CARDS or letter_of(items[place]) not in move:
                    raise self._cheat(m, f"message {at_move + 1} used a card it did not have.", "friend-bad-open",
                                      place=place)
            try:
                position = apply(position, move)
            except (IllegalMoveError, JaipurError) as err:
                who = self.names[seat] or "a player"
                raise self._cheat(m, f"{who}'s move {move} in message {at_move + 1} was illegal with the cards "
                                     f"dealt: {err.message}", "friend-illegal-dealt", move=move,
                                  at=at_move + 1, who=who) from None
        if position.status == PLAYING:
            raise self._cheat(m, f"round {r} is not over with the cards dealt.", "friend-not-over", round=r)
        rd.final = position
        rd.result = position.result
        for place in range(ITEMS):
            rd.opened.setdefault(place, items[place])


def clean_name(name: str) -> str:
    """A player's name as the game keeps it: plain text, at most 24 characters, no control characters.

    >>> clean_name("  Ava\\n<b>  ")
    'Ava <b>'
    """
    text = " ".join("".join(c if c.isprintable() else " " for c in str(name)).split())
    return text[:wire.NAME_CHARS].strip()


def hand_letters(p: Position, seat: int) -> str:
    """A seat's hand as letters (a small helper for terminals and tests)."""
    return "".join(ORDER[i] * n for i, n in enumerate(p.hands[seat]) if i != CAMEL_INDEX)
