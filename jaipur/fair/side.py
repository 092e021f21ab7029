"""What one side of a friend game holds — its secrets, the message chain, the players' keys, the rounds — and
what it derives from them that both the taking and the making of messages need: its dealing key, the round's
items, who starts a round, the stand-in table it plays, which round is being played and who must move.

`FriendGame` (game.py) is this state with the jobs on top: `Taking` (taking.py) applies a message and checks
it, `Sending` (sending.py) makes this side's next message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..position import PLAYING, Position
from . import dealing, table, wire
from .chain import Chain
from .derive import SECRET_SIZE, first_starter, scalar
from .errors import FairError
from .ledger import Ledger
from .proofs.elgamal import KeyPair
from .proofs.group import suite_group
from .proofs.pace import Pacer, Steps
from .suite import Element, Suite
from .table import Round

ROUNDS = 3
SLICE = 0.012
"""Seconds of work between two yields of this side's stepped work: what cannot be cut finer (reading a shuffle
argument's points) adds about as much again in the page, which keeps every task under 50 ms."""
KEY_SECRET, COIN_SECRET = 0, 1
"""Which of this side's 32-byte secrets makes its dealing key, and which its coin."""


class SideState:
    """One side's state and what is derived from it (see the module's docstring)."""

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

    @property
    def number(self) -> int:
        """How many messages the game has."""
        return self.chain.number

    @property
    def other(self) -> int:
        """The other player's seat."""
        return 1 - self.seat

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

    def _live(self) -> Round | None:
        """The round being played: the last one dealt."""
        for r in sorted(self.rounds, reverse=True):
            if self.rounds[r].ledger is not None:
                return self.rounds[r]
        return None

    def _moving(self, seat: int) -> bool:
        rd = self._live()
        if rd is None or rd.ledger is None or not rd.ledger.hand_known(seat) or rd.ledger.pending(seat):
            return False
        p = self._proxy(rd, rd.ledger)
        return p is not None and p.status == PLAYING and p.to_move == seat
