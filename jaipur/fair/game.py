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
from typing import Any

from ..cards import CAMEL_INDEX, ORDER
from ..errors import JaipurError
from ..notation import parse_move
from ..position import PLAYING, Position
from ..record import b64decode, b64encode
from ..rules import apply, check, legal_moves
from ..types import Coming, View
from ..view import view as seat_view
from . import dealing, table, wire
from .derive import SECRET_SIZE, coin, commitment
from .errors import Cheated, FairError, Refused
from .items import CARD_LETTERS, FIXED_CAMELS
from .names import clean_name
from .proofs.elgamal import joint_key
from .proofs.pace import Steps, finish
from .sending import Sending
from .side import COIN_SECRET, KEY_SECRET, ROUNDS
from .suite import Suite, secp256k1
from .table import Round

FORMAT = "jaipur-friend/2"
"""The saved form of a game of this protocol."""
OLD_FORMATS = ("jaipur-friend/1",)
"""Saved forms of earlier protocols: recognised, never replayed (`friend-old-version`)."""
STATUSES = ("waiting", "your-turn", "their-turn", "over", "invalid")

__all__ = ["COIN_SECRET", "FORMAT", "KEY_SECRET", "OLD_FORMATS", "ROUNDS", "STATUSES", "FriendGame", "Round",
           "clean_name", "finish", "hand_letters"]


class FriendGame(Sending):
    """One side of a game between two friends, dealt fairly with no server.

    Make one with `invite` or `accept`, pass each message the other side sends to `receive`, play with `play`
    when `status` is "your-turn", send `outgoing` (the last message made here, until the reply comes; long ones
    as `outgoing_parts`), and keep `to_json()`; `from_json` brings it back.

    >>> ava = FriendGame.invite("Ava")
    >>> bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    >>> ava.receive(bo.outgoing_text())        # Bo's shuffle checked; Ava deals and opens Bo's hand
    >>> bo.receive(ava.outgoing_text())        # Bo sees his hand and opens Ava's (and moves, if he starts)
    >>> if bo.move_due():
    ...     bo.play(bo.legal_moves()[0])
    >>> ava.receive(bo.outgoing_text())
    >>> ava.status in ("your-turn", "their-turn"), len(ava.view()["hand"]) + ava.view()["herds"][0]
    (True, 5)
    """

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

    def _coin_held(self) -> bool:
        """Whether this side's coin secret is the one its messages committed to (the inviter's promise, or the
        friend's coin as sent)."""
        if COIN_SECRET not in self._secrets:
            return False
        mine = coin(self._secrets[COIN_SECRET], self.game)
        return commitment(self.game, mine) == self.commitment if self.seat == 0 else mine == self.coins[1]

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
                    if m.number != 0 or m.invite is None:
                        raise bad("its messages do not start with the invitation")
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
        if len(g.messages) > seat and not g._coin_held():
            raise bad("its coin's secret is lost or is not the one it played with")
        g.abandoned = bool(data.get("abandoned", False))
        invalid = data.get("invalid")
        if isinstance(invalid, dict) and isinstance(invalid.get("message"), str):
            values = invalid.get("values")
            g.invalid = Cheated(invalid["message"], str(invalid.get("code", "friend-cheat")),
                                **(values if isinstance(values, dict) else {}))
            g.invalid_at = int(invalid.get("number", 0)) if isinstance(invalid.get("number"), int) else 0
        return g


def hand_letters(p: Position, seat: int) -> str:
    """A seat's hand as letters (a small helper for terminals and tests)."""
    return "".join(ORDER[i] * n for i, n in enumerate(p.hands[seat]) if i != CAMEL_INDEX)
