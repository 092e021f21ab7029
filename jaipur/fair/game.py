"""One player's side of a friend game: the messages it made and took, and everything derived from them.

A `FriendGame` holds this side's secrets (its signing key, its dealing key, its coin) and the game's messages;
everything else — the decks, the shares, which cards this side knows, the ledger of each round, the position it
sees, whose turn it is, the results — is derived from them, the same way whether the messages were just
exchanged or read back from storage.

The protocol (Barnett–Smart on secp256k1, every step proven; docs/fair-play.md gives it message by message):
the invitation carries the inviter's dealing key with a Schnorr proof; the answer the friend's key and its
proven shuffle of round 1's public deck under the joint key; the inviter's next message its coin, its proven
shuffle of the friend's deck (the deal) and its proven shares of the places the friend may see; the friend's
next its shares of the inviter's hand and the market. From then on every message carries the shares its
sender owes (places the other may now see: market refills, cards sold or given, a bonus token to its taker,
at a round's end the bonus tokens taken), its dealt camels once it knows its hand, and on its turn a move.
Every proof is checked when its message arrives: a page changed to cheat is refused at that message, with a
code, and the game is marked not valid. Nothing is revealed at a round's end but the bonus tokens taken: the
hands and the deck stay hidden, and the round is scored from what was opened during it.
"""

from __future__ import annotations

import secrets as _secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..cards import CAMEL_INDEX, ORDER
from ..errors import BadMoveError, JaipurError
from ..notation import Move, parse_move
from ..position import PLAYING, Position
from ..record import b64decode, b64encode
from ..rules import apply, check, legal_moves
from ..types import Coming, View
from ..view import view as seat_view
from . import dealing, table, wire
from .chain import Chain
from .derive import SECRET_SIZE, coin, commitment, first_starter, scalar
from .errors import Cheated, FairError, Refused
from .items import CARD_LETTERS, FIXED_CAMELS, HANDS, group_of, item_name
from .ledger import Ledger, LedgerError, bit
from .proofs.elgamal import Ciphertext, KeyPair, joint_key
from .proofs.errors import ProofFailed
from .proofs.group import suite_group
from .proofs.pace import Pacer, Steps, finish
from .suite import Element, Suite, secp256k1
from .table import Round

FORMAT = "jaipur-friend/2"
"""The saved form of a game of this protocol."""
OLD_FORMATS = ("jaipur-friend/1",)
"""Saved forms of earlier protocols: recognised, never replayed (`friend-old-version`)."""
ROUNDS = 3
STATUSES = ("waiting", "your-turn", "their-turn", "over", "invalid")
SLICE = 0.012
"""Seconds of work between two yields of this side's stepped work: what cannot be cut finer (reading a shuffle
argument's points) adds about as much again in the page, which keeps every task under 50 ms."""
KEY_SECRET, COIN_SECRET = 0, 1
"""Which of this side's 32-byte secrets makes its dealing key, and which its coin."""

__all__ = ["FORMAT", "OLD_FORMATS", "ROUNDS", "STATUSES", "FriendGame", "Round", "clean_name", "finish",
           "hand_letters"]


class FriendGame:
    """One side of a game between two friends, dealt fairly with no server.

    Make one with `invite` or `accept`, pass each message the other side sends to `receive`, play with `play`
    when `status` is "your-turn", send `outgoing` (the last message made here, until the reply comes; long ones
    as `outgoing_parts`), and keep `to_json()`; `from_json` brings it back.

    >>> ava = FriendGame.invite("Ava")
    >>> bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    >>> ava.receive(bo.outgoing_text())        # Bo's shuffle checked; Ava deals and opens Bo's hand
    >>> bo.receive(ava.outgoing_text())        # Bo sees his hand and opens Ava's
    >>> ava.receive(bo.outgoing_text())
    >>> len(ava.view()["hand"]) + ava.view()["herds"][0], len(bo.view()["hand"]) + bo.view()["herds"][1]
    (5, 5)
    """

    def __init__(self, suite: Suite, seat: int, signing: bytes, random: Callable[[int], bytes]) -> None:
        self.suite = suite
        self.pg = suite_group(suite)
        self.seat = seat
        self._signing = signing
        self._signer = suite.signer(signing)
        self._random = random
        self._secrets: dict[int, bytes] = {}
        self.chain = Chain(suite, seat)
        self.mode = "standard"
        self.names = ["", ""]
        self.keys: list[Element | None] = [None, None]
        """The players' dealing keys (ElGamal public keys), each checked by its Schnorr proof."""
        self.joint: Element | None = None
        self.commitment = b""
        self.coins: list[bytes | None] = [None, None]
        self.rounds: dict[int, Round] = {}
        self.invalid: FairError | None = None
        self.invalid_at = 0
        self.abandoned = False
        self._memo: dict[tuple[int, int], int] = {}
        self._points: list[Element] | None = None
        self._table: dict[bytes, int] | None = None
        self._key: KeyPair | None = None
        self._first: int | None = None
        self._pace = Pacer(SLICE)

    # ------------------------------------------------------------ the chain, as before

    @property
    def game(self) -> bytes:
        """The game's id (12 random bytes chosen by the inviter)."""
        return self.chain.game

    @game.setter
    def game(self, value: bytes) -> None:
        self.chain.game = value

    @property
    def messages(self) -> list[wire.Message]:
        """The game's messages, in order."""
        return self.chain.messages

    @property
    def raw(self) -> list[bytes]:
        """The game's messages as bytes."""
        return self.chain.raw

    @property
    def publics(self) -> list[bytes]:
        """The players' signing keys."""
        return self.chain.publics

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
        promise = commitment(g.game, coin(g._secret(COIN_SECRET), g.game))
        key, proof = dealing.prove_key(g.pg, g._dealing_key(), g.game, 0, g._random)
        yield from g._send(invite=wire.Invite(mode, g._signer.public(), clean_name(name), promise, key, proof))
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
        """Answer an invitation as the friend (seat 1); `outgoing` is the answer to send back (it carries the
        friend's shuffle of round 1: a long message, sent in parts)."""
        return finish(cls.accept_steps(text, name, suite, random))

    @classmethod
    def accept_steps(cls, text: str, name: str, suite: Suite | None = None,
                     random: Callable[[int], bytes] = _secrets.token_bytes) -> Steps[FriendGame]:
        """`accept`, stepped."""
        chosen: Suite = suite or secp256k1()
        m = cls.read_invitation(text, chosen)
        g = cls(chosen, 1, random(32), random)
        g.game = m.game
        try:
            yield from g._take(m, mine=False, trusted=False)
        except Cheated as cheat:
            raise Refused(f"This invitation cannot be played: {cheat.message}", cheat.code, **cheat.values) from None
        g.chain.append(m)
        g.joint = joint_key(g.pg, [g.keys[0], g._dealing_key().public])   # the answer deals under it
        key, proof = dealing.prove_key(g.pg, g._dealing_key(), g.game, 1, g._random)
        yield from g._send(answer=wire.Answer(g._signer.public(), clean_name(name), coin(g._secret(COIN_SECRET),
                                                                                       g.game), key, proof))
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
        m = wire.decode(self.suite, wire.from_text(text))
        self.chain.admit(m)
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
        self.chain.append(m)
        if self.chain.next_sender() == self.seat and not self.move_due() and not self.match_over():
            parts = yield from self._plan(None)
            if parts:
                yield from self._send(parts=parts)

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
        return self.chain.number

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

    def outgoing_parts(self) -> list[str]:
        """`outgoing_text` as the link texts to send: itself, or its parts when it is long (`wire.split`)."""
        text = self.outgoing_text()
        return wire.split(text) if text else []

    @property
    def status(self) -> str:
        """waiting | your-turn | their-turn | over | invalid (what the table's `data-friend` says)."""
        if self.invalid is not None:
            return "invalid"
        if self.match_over():
            return "over"
        if self.move_due():
            return "your-turn"
        if self.chain.next_sender() == self.other and self._moving(self.other):
            return "their-turn"
        return "waiting"

    def move_due(self) -> bool:
        """Whether this side must play a move now (its turn, its table whole)."""
        if self.invalid is not None or self.chain.next_sender() != self.seat:
            return False
        return self._moving(self.seat)

    def _moving(self, seat: int) -> bool:
        rd = self._live()
        if rd is None or rd.ledger is None or not rd.ledger.hand_known(seat) or rd.ledger.pending(seat):
            return False
        p = self._proxy(rd, rd.ledger)
        return p is not None and p.status == PLAYING and p.to_move == seat

    def _live(self) -> Round | None:
        """The round being played: the last one dealt."""
        for r in sorted(self.rounds, reverse=True):
            if self.rounds[r].ledger is not None:
                return self.rounds[r]
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
            for k, token in enumerate(v["taken"][self.other]["bonus"]):
                if led.bonus_taken[self.other][k] not in rd.opened:
                    token[1] = None  # stand-ins until the other's share shows them
        v["coming"] = coming
        return v

    def legal_moves(self) -> list[str]:
        """This side's legal moves when it must move (else none)."""
        p = self.position
        return legal_moves(p) if p is not None and self.move_due() else []

    def match_over(self) -> bool:
        """Whether the match has ended and its last round has been scored."""
        last = max(self.rounds) if self.rounds else 0
        for r in range(last, 0, -1):
            res = self.rounds[r].result
            if res is not None:
                return res["match_winner"] is not None
        return False

    def results(self) -> list[Position]:
        """The last position of every round scored so far, in order (hidden parts stand-ins: the hands and the
        deck are never shown; what is scored — goods, bonus tokens, camels — is as played)."""
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
        """Round r as this side has seen it: a deal consistent with what it knows (stand-ins where the rules kept
        cards from it, never the other's true cards) and the position after each move; empty before it is dealt."""
        rd = self.rounds.get(r)
        start = self._start(r)
        if rd is None or rd.ledger is None or start is None:
            return []
        out = [table.dealt(table.stand_ins(rd, (self.other,)), r, self.mode, start)]
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
        """A side saved by `to_json`; FairError (code friend-bad-save, or friend-old-version for a game of an
        earlier protocol) when the data is not one."""
        return finish(cls.from_json_steps(data, suite))

    @classmethod
    def from_json_steps(cls, data: Any, suite: Suite | None = None) -> Steps[FriendGame]:
        """`from_json`, stepped."""
        def bad(why: str) -> FairError:
            return FairError(f"This saved friend game cannot be read ({why}): it cannot go on.", "friend-bad-save",
                             why=why)

        if isinstance(data, dict) and data.get("format") in OLD_FORMATS:
            raise FairError("This game was started by an older version of Jaipur's friend games, which this page no "
                            "longer plays: finish it where it was started, or start a new game together.",
                            "friend-old-version")
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
                elif m.game != g.game or m.number != len(g.messages) or m.prev != g.chain.last_digest():
                    raise bad("its messages do not follow each other")
                yield from g._take(m, mine=m.sender == seat, trusted=True)
                g.chain.append(m)
        except FairError as exc:
            if exc.code == "friend-bad-save":
                raise
            raise bad(f"message {len(g.messages) + 1} does not replay ({exc.message})") from None
        except (JaipurError, ValueError, KeyError, IndexError) as exc:
            raise bad(f"message {len(g.messages) + 1} does not replay ({exc})") from None
        if len(g.messages) > seat and g._signer.public() != g.publics[seat]:
            raise bad("its signing key is not the game's")
        if not g.chain.signed(g.messages[-1]):  # the others' contents are held by the hash each next message names
            raise bad("its last message is not as its sender signed it")
        if len(g.messages) > seat and (KEY_SECRET not in g._secrets or not g.pg.equal(g._dealing_key().public,
                                                                                      g.keys[seat])):
            raise bad("its dealing key is lost or is not the one it dealt with")
        g.abandoned = bool(data.get("abandoned", False))
        invalid = data.get("invalid")
        if isinstance(invalid, dict) and isinstance(invalid.get("message"), str):
            values = invalid.get("values")
            g.invalid = Cheated(invalid["message"], str(invalid.get("code", "friend-cheat")),
                                **(values if isinstance(values, dict) else {}))
            g.invalid_at = int(invalid.get("number", 0)) if isinstance(invalid.get("number"), int) else 0
        return g

    # ------------------------------------------------------------ internals: state

    def _snapshot(self) -> tuple[Any, ...]:
        return ({r: rd.copy() for r, rd in self.rounds.items()}, list(self.coins), list(self.names),
                list(self.publics), self.mode, self.commitment, list(self.keys), self.joint)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (self.rounds, self.coins, self.names, publics, self.mode, self.commitment, self.keys,
         self.joint) = saved
        self.chain.publics = publics

    def _secret(self, k: int) -> bytes:
        """This side's secret k (made from `secrets` the first time it is needed)."""
        if k not in self._secrets:
            self._secrets[k] = self._random(SECRET_SIZE)
        return self._secrets[k]

    def _dealing_key(self) -> KeyPair:
        """This side's ElGamal key for the game's deal (from its secret, bound to the game)."""
        if self._key is None:
            sk = scalar(self._secret(KEY_SECRET), self.game, 0, b"dealing-key", 0, self.pg.order)
            self._key = KeyPair.from_secret(self.pg, sk)
        return self._key

    def _pacer(self) -> Pacer:
        """The one clock of this side's stepped work: it yields every ~20 ms of work, across messages too."""
        return self._pace

    def _item_points(self) -> Steps[list[Element]]:
        """The 70 items' points of this game (hashed from their labels once)."""
        if self._points is None:
            self._points = yield from dealing.item_points(self.pg, self.game, self._pacer())
            self._table = {self.pg.encode(pt): i for i, pt in enumerate(self._points)}
        return self._points

    def _start(self, r: int) -> table.Start | None:
        """Round r's seals and starter (round 1: the coins; later: the last round's result)."""
        if r == 1:
            if self.coins[0] is None or self.coins[1] is None:
                return None
            if self._first is None:
                self._first = first_starter(self.coins[0], self.coins[1])
            return (0, 0), self._first
        before = self.rounds.get(r - 1)
        if before is None or before.result is None:
            return None
        res = before.result
        if res["match_winner"] is not None or res["next_starter"] is None:
            return None
        return (res["seals"][0], res["seals"][1]), res["next_starter"]

    def _continues_after(self, r: int) -> bool:
        """Whether a round r + 1 is played (round r scored and the match not over)."""
        return self.mode == "standard" and r < ROUNDS and self._start(r + 1) is not None

    def _blind(self) -> tuple[int, ...]:
        """The seats whose dealt hands this side cannot see."""
        return (self.other,)

    def _proxy(self, rd: Round, led: Ledger) -> Position | None:
        return table.proxy(rd, led, self._start(rd.number), self.mode, self._blind())

    # ------------------------------------------------------------ internals: making a message

    def _send(self, move: str | None = None, invite: wire.Invite | None = None, answer: wire.Answer | None = None,
              parts: dict[str, Any] | None = None) -> Steps[wire.Message]:
        """Make this side's next message (what it owes, and its move), sign it, take it, keep it."""
        if parts is None:
            parts = yield from self._plan(move, invite is not None or answer is not None)
        m = wire.Message(self.game, self.number, self.chain.last_digest(), invite=invite, answer=answer, **parts)
        content = wire.content_of(self.suite, m)
        m = replace(m, content=content, signature=self._signer.sign(content))
        yield from self._take(m, mine=True, trusted=True)
        self.chain.append(m)
        return m

    def _plan(self, move: str | None, opening: bool = False) -> Steps[dict[str, Any]]:
        """The sections this side's next message must carry (`opening`: the invitation or the answer)."""
        parts: dict[str, Any] = {}
        n = self.number
        if self.seat == 0 and n == 2:
            parts["coin"] = coin(self._secret(COIN_SECRET), self.game)
        if opening and self.seat == 0:
            return parts
        rd = self._live()
        led = rd.ledger.clone() if rd is not None and rd.ledger is not None else None
        if rd is not None and led is not None and self._start(rd.number) is not None:
            p = self._proxy(rd, led)
            assert p is not None
            if p.status == PLAYING:
                if led.camels_due(self.seat):
                    led.show_camels(self.seat, self._my_camels(rd, led))
                if move is not None:
                    m = parse_move(move)
                    places = self._places_for(rd, led, m)
                    led.play(self.seat, m, places, table.letters(rd))
                    parts["move"] = wire.MoveSection(rd.number, str(m), tuple(places))
                    after = self._proxy(rd, led)
                    if after is not None and after.status != PLAYING:
                        led.close()
            owed = led.owed(self.seat)
            if owed:
                parts["opens"] = yield from self._shares(rd, owed, rd.deck2)
            for place in owed:
                led.sent[self.seat].add(place)
        latest = max(self.rounds) if self.rounds else 0
        if self.seat == 1 and (n == 1 or latest and latest + 1 not in self.rounds and self._would_continue(latest, led)):
            r = 1 if n == 1 else latest + 1
            parts["shuffle"], _ = yield from self._shuffle(r, None)
        elif self.seat == 0 and latest and self.rounds[latest].deck2 is None:
            rd = self.rounds[latest]
            parts["shuffle"], deck = yield from self._shuffle(latest, rd)
            parts["opens"] = yield from self._shares(rd, Ledger().owed(self.seat), deck)
        return parts

    def _would_continue(self, r: int, led: Ledger | None) -> bool:
        """Whether round r + 1 is to be dealt once this side's message (whose ledger of round r is `led`) is
        taken: round r settled and the match not over."""
        rd = self.rounds[r]
        if rd.result is None:
            if led is None or rd.ledger is None or not led.settled():
                return False
            p = self._proxy(rd, led)
            if p is None:
                return False
            res = p.result
        else:
            res = rd.result
        return (self.mode == "standard" and r < ROUNDS and res["match_winner"] is None
                and res["next_starter"] is not None)

    def _my_camels(self, rd: Round, led: Ledger) -> list[int]:
        letter = table.letters(rd)
        return [p for p in HANDS[self.seat] if p in led.hidden_hand(self.seat) and letter(p) == "M"]

    def _places_for(self, rd: Round, led: Ledger, move: Move) -> list[int]:
        """The hidden hand places a sale or an exchange must name: those the other has not seen, used only
        after the ones it has, chosen at random among the hidden places holding each good (so the places left
        unnamed say nothing of what they hold)."""
        if move.kind == "sell":
            goods = move.good * move.count
        elif move.kind == "exchange":
            goods = move.given.replace("M", "")
        else:
            return []
        letter = table.letters(rd)
        hidden = led.hidden_hand(self.seat)
        seen = [p for p in led.hands[self.seat] if p not in hidden]
        named: list[int] = []
        for good in sorted(set(goods), key=ORDER.index):
            need = goods.count(good) - sum(1 for p in seen if letter(p) == good)
            holding = [p for p in hidden if letter(p) == good]
            named += self._sample(holding, max(0, need))
        return sorted(named)

    def _sample(self, places: list[int], k: int) -> list[int]:
        """k of `places` chosen uniformly at random from this side's random source (Fisher–Yates)."""
        pool = list(places)
        for i in range(min(k, len(pool))):
            span = len(pool) - i
            j = i + int.from_bytes(self._random(8), "big") % span
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def _shuffle(self, r: int, rd: Round | None) -> Steps[tuple[wire.Shuffle, list[Ciphertext]]]:
        """This side's proven shuffle of round r: the friend's of the public deck, the inviter's of the friend's."""
        assert self.joint is not None
        if rd is None:
            points = yield from self._item_points()
            deck = dealing.starting_deck(self.pg, self.joint, points)
        else:
            deck = rd.deck1
        out, data, proof = yield from dealing.shuffle_steps(self.pg, self.joint, deck, self.game, r, self.seat,
                                                             self._random, self._pacer())
        return wire.Shuffle(r, data, proof), out

    def _shares(self, rd: Round, places: list[int], deck: list[Ciphertext] | None) -> Steps[wire.Opens]:
        """This side's shares for places of a round, with their proof (the message's number binds it)."""
        assert deck is not None
        shares, proof = yield from dealing.make_shares(self.pg, self._dealing_key(), [deck[p] for p in places],
                                                       self.game, rd.number, self.number, self._random,
                                                       self._pacer())
        return wire.Opens(rd.number, tuple(places), shares, proof)

    # ------------------------------------------------------------ internals: taking a message

    def _cheat(self, m: wire.Message, message: str, code: str, **values: Any) -> Cheated:
        who = self.names[m.sender] or ("the inviter" if m.sender == 0 else "the friend")
        return Cheated(f"Message {m.number + 1} from {who}: {message}", code, number=m.number + 1, name=who,
                       **values)

    def _proof(self, m: wire.Message, failed: ProofFailed) -> Cheated:
        """A proof that does not hold, as the game's refusal of the message that carried it."""
        return self._cheat(m, failed.message, failed.code, **failed.values)

    def _take(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        """Apply one message (this side's own or the other's) to the derived state; Cheated when it breaks the
        protocol, a proof or the rules."""
        try:
            yield from self._take_checked(m, mine, trusted)
        except ProofFailed as failed:
            raise self._proof(m, failed) from None

    def _take_checked(self, m: wire.Message, mine: bool, trusted: bool) -> Steps[None]:
        if (m.invite is not None) != (m.number == 0) or (m.answer is not None) != (m.number == 1) or (
                (m.coin is not None) != (m.number == 2)) or not any(
                (m.shuffle, m.opens, m.move, m.invite, m.answer, m.coin)):
            raise self._cheat(m, "its parts are not those of its place in the game.", "friend-structure")
        if m.invite is not None:
            self.mode, self.names[0], self.publics[0] = m.invite.mode, clean_name(m.invite.name), m.invite.public
            self.commitment = m.invite.commitment
            self.keys[0] = self._key_of(m, m.invite.key, m.invite.key_proof, trusted)
        if m.answer is not None:
            self.names[1], self.publics[1], self.coins[1] = clean_name(m.answer.name), m.answer.public, m.answer.coin
            self.keys[1] = self._key_of(m, m.answer.key, m.answer.key_proof, trusted)
            self.joint = joint_key(self.pg, [self.keys[0], self.keys[1]])
            if m.shuffle is None:
                raise self._cheat(m, "the answer deals no cards.", "friend-structure")
        if m.coin is not None:
            if commitment(self.game, m.coin) != self.commitment:
                raise self._cheat(m, "its coin is not the one its invitation promised.", "friend-coin")
            self.coins[0] = m.coin
            if m.shuffle is None:
                raise self._cheat(m, "it does not deal round 1.", "friend-structure")
        opens = m.opens
        early = opens is not None and opens.round in self.rounds and self.rounds[opens.round].ledger is not None
        if opens is not None and early:
            yield from self._open(m, opens, mine, trusted)
        self._camels(m)
        if m.move is not None:
            self._play(m)
        self._settle()
        if m.shuffle is not None:
            yield from self._take_shuffle(m, trusted)
        if opens is not None and not early:
            if opens.round not in self.rounds or self.rounds[opens.round].ledger is None:
                raise self._cheat(m, "it opens cards of a round not dealt.", "friend-structure")
            yield from self._open(m, opens, mine, trusted)
        self._check_owed(m)
        self._settle()
        if not mine and self._moving(m.sender):  # messages alternate: its move cannot come later
            raise self._cheat(m, "it does not play the move its player owes.", "friend-no-move")
        due = self._shuffle_due(m.sender)
        if not mine and due:
            raise self._cheat(m, f"it leaves out what it owes (the deal of round {due}), so the game cannot go on.",
                              "friend-stalled", round=due)

    def _shuffle_due(self, seat: int) -> int:
        """The round whose shuffle `seat` owes now (0: none)."""
        latest = max(self.rounds) if self.rounds else 0
        if not latest:
            return 0
        if seat == 0:
            return latest if self.rounds[latest].deck2 is None else 0
        return latest + 1 if latest + 1 not in self.rounds and self._continues_after(latest) else 0

    def _key_of(self, m: wire.Message, key: bytes, proof: bytes, trusted: bool) -> Element:
        """A dealing key from a message: its Schnorr proof checked unless the message is this side's own."""
        if trusted:
            return dealing.read_element(self.pg, key)
        return dealing.check_key(self.pg, key, proof, self.game, m.sender)

    def _take_shuffle(self, m: wire.Message, trusted: bool) -> Steps[None]:
        """A shuffle of a round: the friend's first (of the public deck), then the inviter's (the deal)."""
        assert m.shuffle is not None
        r = m.shuffle.round
        if self.joint is None:
            raise self._cheat(m, "it deals before both keys are known.", "friend-structure")
        if m.sender == 1:
            first = m.number == 1 and r == 1
            later = r > 1 and r not in self.rounds and self._continues_after(r - 1)
            if not (first or later):
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
            points = yield from self._item_points()
            deck_in = dealing.starting_deck(self.pg, self.joint, points)
        else:
            rd = self.rounds.get(r)
            if rd is None or rd.deck2 is not None:
                raise self._cheat(m, f"it deals round {r} out of turn.", "friend-structure", round=r)
            deck_in = rd.deck1
        if trusted:
            out = yield from dealing.read_deck_steps(self.pg, m.shuffle.deck, self._pacer())
        else:
            out = yield from dealing.check_shuffle_steps(self.pg, self.joint, deck_in, m.shuffle.deck,
                                                         m.shuffle.proof, self.game, r, m.sender, self._pacer())
        if m.sender == 1:
            self.rounds[r] = Round(r, out, m.number)
        else:
            rd = self.rounds[r]
            rd.deck2, rd.deck2_at, rd.ledger = out, m.number, Ledger()

    def _open(self, m: wire.Message, opens: wire.Opens, mine: bool, trusted: bool) -> Steps[None]:
        """The sender's shares of some places: each checked by the proof; the places this side may now see
        opened with its own share."""
        rd = self.rounds[opens.round]
        led = rd.ledger
        assert led is not None and rd.deck2 is not None
        s = m.sender
        for place in opens.places:
            if place in led.sent[s]:
                raise self._cheat(m, f"it opens place {place} a second time.", "friend-open-twice", place=place)
        ciphers = [rd.deck2[p] for p in opens.places]
        shares: list[Element] | None = None
        if not trusted:
            key = self.keys[s]
            assert key is not None
            shares = yield from dealing.check_shares(self.pg, key, ciphers, opens.shares, opens.proof, self.game,
                                                     rd.number, m.number, self._pacer())
        for i, place in enumerate(opens.places):
            led.sent[s].add(place)
            if mine:
                continue
            item = self._memo.get((rd.number, place)) if trusted else None
            if item is None:
                share = shares[i] if shares is not None else dealing.read_element(self.pg, opens.shares[i])
                item = yield from self._reveal(rd, place, ciphers[i], s, share)
                if item is None:
                    continue
            if item < 0 or item not in group_of(place):
                raise self._cheat(m, f"it opens place {place} to a card that was never dealt there.",
                                  "friend-not-dealt", place=place)
            if item in rd.opened.values() and rd.opened.get(place) != item:
                raise self._cheat(m, f"it opens a {item_name(item)} that was already opened elsewhere: a card dealt "
                                     "twice.", "friend-duplicate", card=item_name(item))
            table.learn(rd, place, item)

    def _reveal(self, rd: Round, place: int, c: Ciphertext, sender: int, share: Element) -> Steps[int | None]:
        """The item the other's share opens at a place, with this side's own share (-1: none of the round's
        items, which proven shuffles and shares never give); None when it cannot be opened yet."""
        yield from self._item_points()
        assert self._table is not None
        item = dealing.open_place(self.pg, c, [share, dealing.own_share(self.pg, self._dealing_key(), c)],
                                  self._table)
        return -1 if item is None else item

    def _camels(self, m: wire.Message) -> None:
        """The sender's dealt camels, shown in its first message after it knows its hand (R6): the places it
        opens in its own hand that its move does not use."""
        s = m.sender
        rd = self._live()
        if rd is None or rd.ledger is None or not rd.ledger.camels_due(s):
            return
        named = set(m.move.places) if m.move is not None and m.move.round == rd.number else set()
        opened = set(m.opens.places) if m.opens is not None and m.opens.round == rd.number else set()
        hidden = set(rd.ledger.hidden_hand(s))
        places = sorted(p for p in opened if p in hidden and p in HANDS[s] and p not in named)
        letter = table.letters(rd)
        for p in places:
            if letter(p) != "M":
                raise self._cheat(m, f"it shows a dealt card as a camel, but it is a {letter(p)}.", "friend-camel",
                                  place=p)
        try:
            rd.ledger.show_camels(s, places)
        except LedgerError as err:
            raise self._cheat(m, str(err), err.code, **err.values) from None

    def _play(self, m: wire.Message) -> None:
        """A move: legal on the table as both sides know it (every card it uses was opened by now)."""
        assert m.move is not None
        mv = m.move
        rd = self.rounds.get(mv.round)
        if rd is None or rd.ledger is None or self._live() is not rd:
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
            rd.ledger.play(m.sender, move, mv.places, table.letters(rd))
        except LedgerError as err2:
            raise self._cheat(m, str(err2), err2.code, **err2.values) from None
        rd.move_at.append(m.number)
        after = self._proxy(rd, rd.ledger)
        if after is not None and after.status != PLAYING:
            rd.ledger.close()

    def _check_owed(self, m: wire.Message) -> None:
        """After a message its sender owes nothing: every share the other may now see was sent, no more."""
        s = m.sender
        for rd in self.rounds.values():
            led = rd.ledger
            if led is None:
                continue
            if m.opens is not None and m.opens.round == rd.number:
                for place in m.opens.places:
                    if not led.seen.get(place, 0) & bit(1 - s):
                        raise self._cheat(m, f"it opens place {place}, which the rules keep hidden from the other "
                                             "player.", "friend-over-open", place=place)
            missing = led.owed(s)
            if missing:
                raise self._cheat(m, f"it does not open place {missing[0]}, which the other player may now see.",
                                  "friend-under-open", place=missing[0])

    def _settle(self) -> None:
        """Score every round that is over and whose bonus tokens both players have shown: its last position as
        this side knows it (every scored thing opened) and its result."""
        for rd in self.rounds.values():
            led = rd.ledger
            if rd.final is None and led is not None and led.settled():
                p = self._proxy(rd, led)
                if p is not None:
                    rd.final, rd.result = p, p.result


def clean_name(name: str) -> str:
    """A player's name as the game keeps it: plain text, at most 24 characters, no control or format characters
    (no right-to-left overrides, no zero-width characters).

    >>> clean_name("  Ava\\n<b>  "), clean_name("Bo\\u202eevil\\u200b")
    ('Ava <b>', 'Bo evil')
    """
    text = " ".join("".join(c if c.isprintable() and not _format(c) else " " for c in str(name)).split())
    return text[:wire.NAME_CHARS].strip()


def _format(c: str) -> bool:
    """Whether a character is an invisible format character (Unicode category Cf)."""
    import unicodedata

    return unicodedata.category(c) == "Cf"


def hand_letters(p: Position, seat: int) -> str:
    """A seat's hand as letters (a small helper for terminals and tests)."""
    return "".join(ORDER[i] * n for i, n in enumerate(p.hands[seat]) if i != CAMEL_INDEX)
