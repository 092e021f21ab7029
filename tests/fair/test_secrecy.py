"""What each side holds: at every step of a match, one side's state — what it saves (`to_json()`), every attribute of
its Python object (walked through: every int, bytes and group element it holds) and every message it took — holds
nothing that opens a card the rules keep from it, and its `view()` is the engine's view of the true position for
its seat (but what `coming` marks). Nothing is revealed at a round's end: the check goes on in rounds that are over.

A card at place j of a round's deal is the ciphertext (C1, C2) = (r·G, M + r·H) under the joint key H = pk_A + pk_B;
to open it a side needs exactly one of: the other's share sk_other·C1 (with its own), the whole mask (sk_A + sk_B)·C1,
the other's dealing secret, the joint secret, or the deal's randomness r (or the other's shuffle randomness for
that place, with the order of the deck it shuffled from). Each is a single value in a prime-order group, so the check
lists them all, exactly, from the truth (both dealing keys, and every shuffle's permutation and randomness recorded
as it was made), with their negations and inverses, and looks for any of them in what the side holds.
"""

from __future__ import annotations

import types
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pytest

from jaipur.fair import FriendGame, Suite, dealing, secp256k1, wire
from jaipur.fair.game import COIN_SECRET, KEY_SECRET
from jaipur.fair.items import GROUPS, ITEMS
from jaipur.fair.proofs import elgamal as eg
from jaipur.fair.proofs import grouped
from jaipur.fair.proofs.elgamal import Ciphertext
from jaipur.fair.proofs.shuffle import Shuffled
from jaipur.record import b64decode

from .duel import Duel, assert_view_true
from .toy import P, ToySuite

# ---------------------------------------------------------------- every shuffle, recorded as it is made (tests only)

Shuffles = dict[tuple[bytes, int, int], list[Shuffled]]
"""(game, round, seat) -> the groups' permutations and randomness of that seat's shuffle of that round."""


@pytest.fixture
def shuffles(monkeypatch: pytest.MonkeyPatch) -> Iterator[Shuffles]:
    """Records every shuffle the game makes (its secrets are never kept by the game itself)."""
    made: Shuffles = {}
    current: list[tuple[bytes, int, int]] = []
    shuffle_steps, shuffle_grouped_steps = dealing.shuffle_steps, grouped.shuffle_grouped_steps

    def tagged(pg: Any, joint: Any, deck: Any, game: bytes, round_number: int, seat: int, random: Any,
               pacer: Any) -> Generator[None, None, Any]:
        current.append((game, round_number, seat))
        try:
            return (yield from shuffle_steps(pg, joint, deck, game, round_number, seat, random, pacer))
        finally:
            current.pop()

    def spy(*args: Any, **kwargs: Any) -> Generator[None, None, list[Shuffled]]:
        parts = yield from shuffle_grouped_steps(*args, **kwargs)
        if current:
            made[current[-1]] = parts
        return parts

    monkeypatch.setattr(dealing, "shuffle_steps", tagged)
    monkeypatch.setattr(grouped, "shuffle_grouped_steps", spy)
    yield made


# ---------------------------------------------------------------- what a side holds


@dataclass
class Held:
    """Everything found in a side: integers, byte strings, and group elements (as their encodings)."""

    ints: set[int] = field(default_factory=set)
    blobs: set[bytes] = field(default_factory=set)
    elements: set[bytes] = field(default_factory=set)


_SKIP = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type)


def _point_type() -> type | None:
    try:
        import ecdsa
    except ImportError:  # pragma: no cover - ecdsa is a test dependency
        return None
    return ecdsa.ellipticcurve.PointJacobi  # type: ignore[no-any-return]


@lru_cache(maxsize=65536)
def _text_blobs(value: str) -> tuple[bytes, ...]:
    """The bytes a string may carry: hex (keys, secrets) or base64url (messages); short strings carry no key."""
    if len(value) < 16:
        return ()
    try:
        return (bytes.fromhex(value),)
    except ValueError:
        pass
    try:
        return (b64decode(value),)
    except ValueError:
        return ()


def _chunks(data: bytes, size: int) -> Iterator[bytes]:
    """Every `size`-byte window of data at multiples of `size` (a deck, a proof, shares read as fields)."""
    for at in range(0, len(data) - size + 1, size):
        yield data[at:at + size]


def held(side: FriendGame) -> Held:
    """Every int, bytes and element the side holds: its object walked through, its save, the messages it took (and
    every field-sized piece of their byte strings)."""
    out = Held()
    seen: set[int] = set()
    point = _point_type()
    pg = side.pg

    def walk(obj: Any) -> None:
        if obj is None or isinstance(obj, bool | float):
            return
        if isinstance(obj, int):
            out.ints.add(obj)
            return
        if isinstance(obj, bytes | bytearray):
            out.blobs.add(bytes(obj))
            return
        if isinstance(obj, str):
            for blob in _text_blobs(obj):
                walk(blob)
            return
        if isinstance(obj, _SKIP) or id(obj) in seen:
            return
        seen.add(id(obj))
        if point is not None and isinstance(obj, point):
            if obj != obj * 0:  # not the point at infinity
                out.elements.add(pg.encode(obj))
            return
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(k)
                walk(v)
        elif isinstance(obj, list | tuple | set | frozenset):
            for v in obj:
                walk(v)
        else:
            if hasattr(obj, "__dict__"):
                walk(vars(obj))
            for cls in type(obj).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if isinstance(slot, str) and hasattr(obj, slot):
                        walk(getattr(obj, slot))

    walk(side)
    walk(side.to_json())
    for raw in side.raw:
        walk(wire.decode(side.suite, raw))
    for blob in list(out.blobs):
        for size in {pg.element_size, pg.scalar_size}:
            for piece in _chunks(blob, size):
                out.blobs.add(piece)
                if size == pg.element_size:
                    out.elements.add(piece)
    if isinstance(side.suite, ToySuite):  # the toy group's elements are integers
        out.elements.update(pg.encode(v) for v in out.ints if 1 < v < P)
    return out


def scalars(h: Held, order: int, size: int) -> set[int]:
    """The held values that could be scalars: integers and byte strings of a scalar's size, below the order."""
    found = {k % order for k in h.ints if k > 0}
    found |= {v % order for b in h.blobs if len(b) == size and (v := int.from_bytes(b, "big"))}
    return found


# ---------------------------------------------------------------- the truth, and what would open a hidden place


class Truth:
    """Both sides' dealing keys and secrets, and every shuffle's permutation and randomness (never from a side's own
    state): what opens each place of each round."""

    def __init__(self, a: FriendGame, b: FriendGame, made: Shuffles) -> None:
        self.a, self.b, self.made = a, b, made
        self.pg = a.pg
        self.order = a.pg.order
        self._elements: dict[tuple[int, int, int], set[bytes]] = {}

    def sk(self, seat: int) -> int:
        return (self.a, self.b)[seat]._dealing_key().secret

    def source(self, r: int, seat: int, place: int) -> tuple[int, int]:
        """Where place `place` of seat's output deck of round r came from in its input, and its re-mask randomness."""
        parts = self.made[(self.a.game, r, seat)]
        for g, part in zip(GROUPS, parts):
            if place in g:
                i = place - g.start
                return g.start + part.permutation[i], part.randomness[i]
        raise ValueError(place)

    def opening_scalars(self, side: FriendGame, r: int, hidden: list[int]) -> set[int]:
        """Scalars that open a hidden place to `side` (the other's secret, the joint secret, a deal place's whole
        randomness, the other's re-mask randomness of it, or, for the inviter, the friend's of its deck)."""
        q, other = self.order, 1 - side.seat
        found = {self.sk(other), (self.sk(0) + self.sk(1)) % q}
        if (side.game, r, 0) in self.made:
            for j in hidden:
                i, r2 = self.source(r, 0, j)
                _, r1 = self.source(r, 1, i)
                found |= {(1 + r1 + r2) % q, (r1 + r2) % q}
                found.add(r2 if side.seat == 1 else r1)
        elif side.seat == 0 and (side.game, r, 1) in self.made:   # the inviter holds the friend's deck, not its own
            found |= {self.source(r, 1, i)[1] for i in range(ITEMS)}
        return {v for k in found if k % q for v in (k % q, -k % q, pow(k, -1, q))}

    def opening_elements(self, side: FriendGame, r: int, hidden: list[int]) -> set[bytes]:
        """Elements that open a hidden place to `side`: the other's share of it (or of the deck place it came from,
        for the inviter), the whole mask of it (each made once)."""
        rd = (self.a, self.b)[side.seat].rounds.get(r)
        if rd is None:
            return set()
        out: set[bytes] = set()
        if rd.deck2 is not None:
            for j in hidden:
                out |= self._opening(side.seat, r, j, rd.deck2[j], both=True)
        if side.seat == 0:
            for i, c in enumerate(rd.deck1):
                out |= self._opening(0, r, ITEMS + i, c, both=False)
        return out

    def _opening(self, seat: int, r: int, key: int, c: Ciphertext, both: bool) -> set[bytes]:
        if (seat, r, key) not in self._elements:
            pg = self.pg
            found = [eg.share(pg, self.sk(1 - seat), c)]
            if both:
                found.append(eg.share(pg, (self.sk(0) + self.sk(1)) % self.order, c))
            self._elements[seat, r, key] = {pg.encode(e) for x in found for e in (x, pg.neg(x))}
        return self._elements[seat, r, key]


def hidden_places(side: FriendGame, r: int) -> list[int]:
    """The places of round r the rules do not let the side see (all of them before it has the ledger). A round
    that is over keeps its hidden places: nothing is opened at the end but the bonus tokens taken."""
    led = side.rounds[r].ledger
    if led is None:
        return list(range(ITEMS))
    return [p for p in range(ITEMS) if not led.seen.get(p, 0) & (1 << side.seat)]


def shares_received(side: FriendGame) -> dict[int, set[int]]:
    """Round -> the places the other side sent this side a share of."""
    out: dict[int, set[int]] = {}
    for m in side.messages:
        if m.sender != side.seat and m.opens is not None:
            out.setdefault(m.opens.round, set()).update(m.opens.places)
    return out


def assert_holds_nothing_hidden(side: FriendGame, truth: Truth) -> None:
    """The side holds no scalar or element that opens a place hidden from it, nor the other's secrets; it knows no
    hidden place's card and was sent no share of one."""
    pg = side.pg
    h = held(side)
    other = (truth.a, truth.b)[1 - side.seat]
    assert other._signing not in h.blobs, "the other's signing key"
    for k in (KEY_SECRET, COIN_SECRET):
        assert other._secrets.get(k) not in h.blobs, f"the other's secret {k}"
    mine = scalars(h, truth.order, pg.scalar_size)
    received = shares_received(side)
    for r in sorted(side.rounds):
        hidden = hidden_places(side, r)
        rd = side.rounds[r]
        assert not set(hidden) & set(rd.opened), f"round {r}: it knows a hidden place's card"
        assert not set(hidden) & received.get(r, set()), f"round {r}: a share of a hidden place was received"
        if rd.ledger is not None:
            assert not set(hidden) & rd.ledger.sent[1 - side.seat], f"round {r}: the ledger has a hidden share sent"
        assert not mine & truth.opening_scalars(side, r, hidden), f"round {r}: it holds a scalar that opens a card"
        assert not h.elements & truth.opening_elements(side, r, hidden), f"round {r}: it holds a hidden share"


def check_side(side: FriendGame, d: Duel, truth: Truth) -> None:
    a, b = d.sides
    assert_view_true(side, a, b)
    assert_holds_nothing_hidden(side, truth)


def run(seed: int, mode: str, made: Shuffles, suite: Suite | None = None) -> int:
    """Play a match, checking after each message the side that took it (and made its reply): the only one that
    changed. Returns the number of steps."""
    d = Duel.begin(seed, suite=suite, mode=mode)
    truth = Truth(*d.sides, made)
    for side in d.sides:
        check_side(side, d, truth)
    steps = 0
    while True:
        changed = d.sides[d.receiver]
        if not d.deliver():
            break
        steps += 1
        check_side(changed, d, truth)
    assert d.sides[0].status == d.sides[1].status == "over"
    for side in d.sides:
        check_side(side, d, truth)
    return steps


def test_a_side_holds_nothing_that_opens_the_others_hidden_cards_at_any_step_on_the_toy_group(
        shuffles: Shuffles) -> None:
    assert run(71, "single-round", shuffles) > 20


@pytest.mark.slow
@pytest.mark.parametrize("seed, mode", [(70, "standard"), (72, "single-round"), (74, "standard")])
def test_a_side_holds_nothing_that_opens_the_others_hidden_cards_in_more_toy_matches(
        seed: int, mode: str, shuffles: Shuffles) -> None:
    assert run(seed, mode, shuffles) > 20


@pytest.mark.slow
def test_a_side_holds_nothing_that_opens_the_others_hidden_cards_at_any_step_on_secp256k1(shuffles: Shuffles) -> None:
    assert run(73, "single-round", shuffles, secp256k1()) > 20


def test_the_toy_suite_is_the_one_checked_on_the_quick_path() -> None:
    assert isinstance(Duel.begin(76, mode="single-round").sides[0].suite, ToySuite)


LEAKS = ("the other's dealing secret", "its negation", "the joint secret", "the other's share of a hidden place",
         "the whole mask of a hidden place", "a hidden place's randomness", "the other's re-mask of a hidden place",
         "the other's secret bytes", "the other's signing key")


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("leak", LEAKS)
def test_the_check_finds_each_kind_of_leak(leak: str, seat: int, shuffles: Shuffles) -> None:
    """The check is not blind: a side given any one value that opens a hidden card (or the other's secrets) is
    found out; without it, it passes."""
    d = Duel.begin(75, mode="single-round")
    d.until(lambda d: len(d.texts) == 12)
    truth = Truth(*d.sides, shuffles)
    side, other = d.sides[seat], d.sides[1 - seat]
    pg, q = side.pg, truth.order
    j = next(p for p in hidden_places(side, 1) if p < 52)
    deck2 = side.rounds[1].deck2
    assert deck2 is not None
    c = deck2[j]
    i, r2 = truth.source(1, 0, j)
    _, r1 = truth.source(1, 1, i)
    value: Any = {
        "the other's dealing secret": truth.sk(1 - seat),
        "its negation": -truth.sk(1 - seat) % q,
        "the joint secret": (truth.sk(0) + truth.sk(1)) % q,
        "the other's share of a hidden place": pg.encode(eg.share(pg, truth.sk(1 - seat), c)),
        "the whole mask of a hidden place": pg.encode(eg.share(pg, truth.sk(0) + truth.sk(1), c)),
        "a hidden place's randomness": (1 + r1 + r2) % q,
        "the other's re-mask of a hidden place": r2 if seat == 1 else r1,
        "the other's secret bytes": other._secrets[KEY_SECRET],
        "the other's signing key": other._signing,
    }[leak]
    assert_holds_nothing_hidden(side, truth)
    side.leak = value  # type: ignore[attr-defined]
    with pytest.raises(AssertionError):
        assert_holds_nothing_hidden(side, truth)
    del side.leak  # type: ignore[attr-defined]
    assert_holds_nothing_hidden(side, truth)


def test_the_recorded_truth_opens_the_deal(shuffles: Shuffles) -> None:
    """The truth the check relies on is right: a deal place's randomness, as recorded, opens it (C2 − r·H)."""
    d = Duel.begin(76, mode="single-round")
    d.until(lambda d: len(d.texts) == 4)
    a, b = d.sides
    truth = Truth(a, b, shuffles)
    pg = a.pg
    assert a.joint is not None and a._points is not None
    deck2 = a.rounds[1].deck2
    assert deck2 is not None
    for j in range(ITEMS):
        i, r2 = truth.source(1, 0, j)
        start, r1 = truth.source(1, 1, i)
        c: Ciphertext = deck2[j]
        assert pg.equal(c.c1, pg.mul(pg.generator, 1 + r1 + r2))
        assert pg.equal(c.c2, pg.add(a._points[start], pg.mul(a.joint, 1 + r1 + r2)))


def test_while_the_result_is_pending_the_view_shows_no_value_of_the_others_bonus_tokens() -> None:
    """Between the move that ends a round and the other's shares of its bonus tokens, the mover's table is over but
    not yet scored: the other's bonus tokens' values are unknown to it (their stand-ins are no values to show)."""
    for seed in range(20):
        d = Duel.begin(seed, mode="single-round")
        d.play_out()
        ends = max(n for n, t in enumerate(d.texts) if wire.decode(d.sides[0].suite, wire.from_text(t)).move)
        led = d.sides[0].rounds[1].ledger
        assert led is not None
        if led.bonus_taken[1 - ends % 2]:   # the one the last move is for took tokens the mover never saw
            break
    else:
        raise AssertionError("no round ended with the other's tokens to show")
    d = Duel.begin(seed, mode="single-round")
    d.until(lambda d: len(d.texts) == ends + 1)   # the mover made the last move; its reply has not come
    mover = d.sides[ends % 2]
    assert mover.rounds[1].final is None
    v: Any = mover.view()
    assert v["coming"]["result"] and v["status"] == "round-over" and "result" not in v
    theirs = v["taken"][1 - mover.seat]["bonus"]
    assert theirs and all(value is None for _, value in theirs), theirs
    d.deliver()
    d.deliver()
    assert mover.rounds[1].final is not None and all(value is not None for _, value in
                                                      mover.view()["taken"][1 - mover.seat]["bonus"])
