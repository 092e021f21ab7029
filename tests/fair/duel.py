"""Tools for the protocol's tests: drive two sides one message at a time, make a cheater's messages by hand, and
know the truth of a deal (both secrets are in this process, never in a real game).

A `Duel` hands each message to the side it is for, lets that side move when it must, and keeps every text that
travelled. A cheating side is either an honest side whose message is rewritten and signed again with its own key
(`rewrite`, `signed`), so the signature is good and the cheat is about content, or a `FriendGame` subclass whose
internals deal or open falsely. `true_position` replays a round with the engine from the deal both secrets make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from jaipur.fair import FriendGame, Suite, dealing, finish, wire
from jaipur.fair.derive import first_starter
from jaipur.fair.items import BONUS_PILES, BONUS_VALUES, CARD_LETTERS, CARDS
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import sigma
from jaipur.fair.proofs.elgamal import Ciphertext, KeyPair
from jaipur.fair.proofs.transcript import Context
from jaipur.position import Position
from jaipur.rng import Rng
from jaipur.rules import apply, deal_from
from jaipur.view import view as seat_view

from .toy import ToySuite, counter_random

Choose = Callable[[FriendGame, Rng], str]
NAMES = ("Ava", "Bo")


def random_move(side: FriendGame, rng: Rng) -> str:
    """A legal move of the side, drawn from the seeded generator."""
    legal = side.legal_moves()
    return legal[rng.below(len(legal))]


@dataclass
class Duel:
    """Two sides of one game and every text that travelled between them, in order."""

    sides: tuple[FriendGame, FriendGame]
    texts: list[str]
    rng: Rng
    choose: dict[int, Choose] = field(default_factory=lambda: {0: random_move, 1: random_move})

    @classmethod
    def begin(cls, seed: int, suite: Suite | None = None, mode: str = "standard",
              kinds: tuple[type[FriendGame], type[FriendGame]] = (FriendGame, FriendGame)) -> Duel:
        """The invitation and its answer, with seeded 'randomness' (the same as `helpers.start`); `kinds` lets
        either side be a cheating subclass."""
        suite = suite or ToySuite()
        a = kinds[0].invite(NAMES[0], mode, suite=suite, random=counter_random(2 * seed))
        b = kinds[1].accept(a.outgoing_text(), NAMES[1], suite=suite, random=counter_random(2 * seed + 1))
        return cls((a, b), [a.outgoing_text(), b.outgoing_text()], Rng(seed))

    @property
    def receiver(self) -> int:
        """The seat the last text is for (the inviter sends the odd-numbered messages, from 1)."""
        return len(self.texts) % 2

    def deliver(self, text: str | None = None, move: bool = True) -> bool:
        """Hand the last text (or `text`) to its receiver, which moves when it must (unless `move` is False);
        keep its reply. False when it made none."""
        side = self.sides[self.receiver]
        side.receive(self.texts[-1] if text is None else text)
        if move and side.move_due():
            side.play(self.choose[side.seat](side, self.rng))
        if side.number == len(self.texts) + 1:
            self.texts.append(side.outgoing_text())
            return True
        return False

    def until(self, done: Callable[[Duel], bool], limit: int = 2000) -> None:
        """Deliver messages until `done` holds (checked before each delivery, and when a side makes no reply)."""
        for _ in range(limit):
            if done(self):
                return
            if not self.deliver() and not done(self):
                raise AssertionError("the game stopped before the condition held")
        raise AssertionError("the condition never held")

    def play_out(self, limit: int = 2000) -> None:
        """Deliver messages until neither side has anything to send."""
        for _ in range(limit):
            if not self.deliver():
                return
        raise AssertionError("the game did not end")


# ---------------------------------------------------------------- messages made by hand


def decode(side: FriendGame, text: str) -> wire.Message:
    """A message from its link text (signature unchecked)."""
    return wire.decode(side.suite, wire.from_text(text))


def signed(side: FriendGame, m: wire.Message) -> str:
    """A message's text, its content made from its sections and signed with `side`'s own key."""
    content = wire.content_of(side.suite, m)
    return wire.to_text(wire.encode(side.suite, replace(m, content=content, signature=side._signer.sign(content))))


def rewrite(side: FriendGame, **changes: Any) -> str:
    """`side`'s outgoing message with sections changed, signed again by `side`, and put in place of the honest one
    in `side`'s own history (so its next message names it as the previous one). Returns its text."""
    m = side.messages[-1]
    assert m.sender == side.seat, "the side has no outgoing message"
    text = signed(side, replace(m, **changes))
    new = decode(side, text)
    side.messages[-1] = new
    side.raw[-1] = wire.encode(side.suite, new)
    return text


def shares(side: FriendGame, round_number: int, places: list[int], number: int | None = None,
           key: KeyPair | None = None, images: list[Any] | None = None,
           deck: list[Ciphertext] | None = None) -> wire.Opens:
    """`side`'s shares of places of a round (in place order) with one Chaum–Pedersen proof made by the prover's
    own algorithm for message `number` (from 0; by default the side's last message when it is its own, else its
    next). A cheat changes one thing: `key` (shares and proof made with another key), `images` (the shares sent,
    proven as they are: false ones), `deck` (the ciphertexts they are shares of, instead of the round's deal)."""
    pg = side.pg
    if number is None:
        number = side.number - 1 if side.messages and side.messages[-1].sender == side.seat else side.number
    rd = side.rounds[round_number]
    ciphers = [(deck if deck is not None else rd.deck2)[p] for p in sorted(places)]  # type: ignore[index]
    kp = key or side._dealing_key()
    made = images if images is not None else [eg.share(pg, kp.secret, c) for c in ciphers]
    context = Context(side.game, round_number, dealing.open_step(number))
    proof = finish(sigma._dleq_prove(pg, b"chaum-pedersen-shares", kp, [c.c1 for c in ciphers], made, context,
                                     counter_random(number)))
    return wire.Opens(round_number, tuple(sorted(places)), tuple(pg.encode(x) for x in made), proof.to_bytes(pg))


def with_places(side: FriendGame, m: wire.Message, places: list[int], round_number: int | None = None) -> wire.Opens:
    """The opens of `side`'s message `m` with honest shares of more places, proven again for its number."""
    r = round_number or (m.opens.round if m.opens is not None else max(side.rounds))
    mine = set(m.opens.places) if m.opens is not None and m.opens.round == r else set()
    return shares(side, r, sorted(mine | set(places)), m.number)


def without(side: FriendGame, m: wire.Message, place: int) -> wire.Opens | None:
    """The opens of `side`'s message `m` without one place's share, proven again (None when none is left)."""
    assert m.opens is not None
    rest = [p for p in m.opens.places if p != place]
    return shares(side, m.opens.round, rest, m.number) if rest else None


def state(side: FriendGame) -> dict[str, Any]:
    """What would be saved of a side (to check a refused link changed nothing)."""
    return side.to_json()


# ---------------------------------------------------------------- the truth (both secrets known)


def true_items(a: FriendGame, b: FriendGame, r: int) -> list[int]:
    """The item at each place of round r's deal, opened with both sides' dealing keys."""
    rd = a.rounds[r]
    assert rd.deck2 is not None
    return list(_dealt(a, b, r, a.raw[rd.deck2_at]))


_TRUTH: dict[tuple[int, bytes], tuple[int, ...]] = {}


def _dealt(a: FriendGame, b: FriendGame, r: int, deal: bytes) -> tuple[int, ...]:
    key = (r, deal)
    if key not in _TRUTH:
        rd = a.rounds[r]
        finish(a._item_points())
        assert rd.deck2 is not None and a._table is not None
        ka, kb = a._dealing_key(), b._dealing_key()
        found = [dealing.open_place(a.pg, c, [dealing.own_share(a.pg, ka, c), dealing.own_share(a.pg, kb, c)],
                                    a._table) for c in rd.deck2]
        assert all(i is not None for i in found)
        _TRUTH[key] = tuple(i for i in found if i is not None)
    return _TRUTH[key]


def true_start(a: FriendGame, b: FriendGame, side: FriendGame, r: int) -> tuple[tuple[int, int], int]:
    """Round r's seals and starter, from the coins the messages carry (the inviter's, held by its commitment; the
    friend's, whatever it sent: nothing else binds it, and nothing needs to) and the true earlier rounds."""
    if r == 1:
        answer, third = side.messages[1].answer, side.messages[2].coin
        assert answer is not None and third is not None
        return (0, 0), first_starter(third, answer.coin)
    before = true_round(a, b, side, r - 1)
    res = before.result
    assert res is not None and res["next_starter"] is not None
    return (res["seals"][0], res["seals"][1]), res["next_starter"]


def true_round(a: FriendGame, b: FriendGame, side: FriendGame, r: int) -> Position:
    """Round r as the engine plays it: the true deal, then the moves `side` has taken."""
    items = true_items(a, b, r)
    cards = "".join(CARD_LETTERS[items[p]] for p in range(CARDS))
    bonus = tuple(tuple(BONUS_VALUES[items[p] - CARDS][1] for p in pile) for pile in BONUS_PILES)
    seals, starter = true_start(a, b, side, r)
    p = deal_from(cards, (bonus[0], bonus[1], bonus[2]), r, side.mode, seals, starter)
    ledger = side.rounds[r].ledger
    assert ledger is not None
    for _, move, _ in ledger.moves:
        p = apply(p, move)
    return p


def true_position(a: FriendGame, b: FriendGame, side: FriendGame) -> Position | None:
    """The true position of the round `side`'s table shows (None before it has one)."""
    rd = side.table_round()
    return None if rd is None else true_round(a, b, side, rd.number)


def assert_view_true(side: FriendGame, a: FriendGame, b: FriendGame) -> None:
    """`side.view()` is `jaipur.view` of the true position for its seat, but for what `coming` marks."""
    truth = true_position(a, b, side)
    v: Any = side.view()
    if truth is None:
        assert v is None
        return
    t: Any = seat_view(truth, side.seat)
    coming = v.pop("coming")
    seat, other = side.seat, 1 - side.seat
    for key in ("format", "seat", "mode", "round", "seals", "to_move", "starter", "hand", "deck_size", "discard",
                "goods", "bonus_sizes", "known"):
        assert v[key] == t[key], (key, v[key], t[key])
    shown, true_market = Counter(v["market"]), Counter(t["market"])
    assert not shown - true_market and (true_market - shown).total() == coming["market"], (v["market"], t["market"])
    if coming["herd"]:  # the other's dealt camels still in its hand, as dealt
        assert v["herds"][seat] == t["herds"][seat]
        assert v["herds"][other] + v["opponent_hand_size"] == t["herds"][other] + t["opponent_hand_size"]
    else:
        assert (v["herds"], v["opponent_hand_size"]) == (t["herds"], t["opponent_hand_size"])
    assert v["taken"][other]["goods"] == t["taken"][other]["goods"]
    assert v["taken"][seat]["goods"] == t["taken"][seat]["goods"]
    mine = v["taken"][seat]["bonus"]
    assert sum(1 for _, value in mine if value is None) == coming["bonus"]
    assert all(value is None or [size, value] == truly for (size, value), truly in zip(mine, t["taken"][seat]["bonus"]))
    assert len(mine) == len(t["taken"][seat]["bonus"])
    if coming["result"]:
        assert v["status"] == "round-over" and t["status"] != "playing" and "result" not in v
        assert all(value is None for _, value in v["taken"][other]["bonus"]), v["taken"][other]["bonus"]
    else:
        assert v["taken"][other]["bonus"] == t["taken"][other]["bonus"]
        assert v["status"] == t["status"] and v.get("result") == t.get("result")
