"""What each side holds: at every step of a match, one side's state — what it saves (`to_json()`), every attribute of
its Python object (walked through: every int, bytes and group element it holds) and every message it took — holds
none of the other side's hidden cards before the rules show them, and its `view()` is the engine's view of the true
position for its seat (but what `coming` marks).

A hidden place is one the rules do not let this side see yet (the ledger's `seen` bits). To know its card the side
needs the other's layer for it: the friend lacks the inviter's one key (or the partial decryption of that place),
the inviter lacks the friend's key for that place. Each check tries every scalar and element the side holds against
every hidden place: as the exact relations (a held scalar equal to the missing key, or to it times the side's own
key; a held element equal to the missing partial decryption), and on the toy group also by brute force (each held
scalar's inverse times the place's ciphertext is no item this side could look up).
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pytest

from jaipur.fair import FriendGame, Suite, secp256k1, wire
from jaipur.fair.items import ITEMS, label
from jaipur.fair.keys import FriendKeys, InviterKeys, friend_keys, inviter_keys
from jaipur.record import b64decode

from .duel import Duel, assert_view_true
from .toy import P, ToySuite


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


def held(side: FriendGame) -> Held:
    """Every int, bytes and element the side holds: its object walked through, its save, the messages it took."""
    out = Held()
    seen: set[int] = set()
    point = _point_type()
    group = side.group

    def walk(obj: Any) -> None:
        if obj is None or isinstance(obj, bool | float):
            return
        if isinstance(obj, int):
            out.ints.add(obj)
            return
        if isinstance(obj, bytes | bytearray):
            data = bytes(obj)
            out.blobs.add(data)
            if len(data) == group.packed_size(ITEMS):  # a deck: its elements
                out.elements.update(group.unpack(data, ITEMS))
            return
        if isinstance(obj, str):
            text(obj)
            return
        if isinstance(obj, _SKIP) or id(obj) in seen:
            return
        seen.add(id(obj))
        if point is not None and isinstance(obj, point):
            if obj != obj * 0:  # not the point at infinity
                out.elements.add(group.encode(obj))
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

    def text(value: str) -> None:
        for blob in _text_blobs(value):
            walk(blob)

    walk(side)
    walk(side.to_json())
    for raw in side.raw:
        walk(wire.decode(side.suite, raw))
    for blob in list(out.blobs):
        if len(blob) == group.element_size:
            out.elements.add(blob)
    if isinstance(side.suite, ToySuite):  # the toy group's elements are integers
        out.elements.update(group.encode(v) for v in out.ints if 1 < v < P)
    return out


def scalars(h: Held, order: int, size: int) -> set[int]:
    """The held values that could be scalars: integers and byte strings of a scalar's size, below the order."""
    found = {k for k in h.ints if 1 < k < order}
    found |= {v for b in h.blobs if len(b) == size and 1 < (v := int.from_bytes(b, "big")) < order}
    return found


# ---------------------------------------------------------------- the truth of each round (tests only)


class Truth:
    """Both sides' keys for each round (from both secrets, never from a side's own state)."""

    def __init__(self, a: FriendGame, b: FriendGame) -> None:
        self.a, self.b = a, b
        self.order = a.group.order
        self._keys: dict[tuple[int, int], InviterKeys | FriendKeys] = {}
        self._partial: dict[tuple[int, int], bytes] = {}

    def partial(self, r: int, place: int, deck2: list[bytes]) -> bytes:
        """The inviter's partial decryption of a place of round r (what opens it to the friend), made once."""
        if (r, place) not in self._partial:
            group = self.a.group
            ik = self.keys(0, r)
            assert isinstance(ik, InviterKeys)
            self._partial[r, place] = group.encode(group.mul(group.decode(deck2[place]), ik.inverse))
        return self._partial[r, place]

    def keys(self, seat: int, r: int) -> InviterKeys | FriendKeys | None:
        side = (self.a, self.b)[seat]
        if r not in side._secrets:
            return None
        if (seat, r) not in self._keys:
            make = inviter_keys if seat == 0 else friend_keys
            self._keys[seat, r] = make(side._secrets[r], side.game, r, self.order)
        return self._keys[seat, r]


def hidden_places(side: FriendGame, r: int) -> list[int]:
    """The places of round r the rules do not let the side see yet (all of them before it has the ledger)."""
    rd = side.rounds[r]
    if rd.final is not None:
        return []
    led = rd.ledger
    if led is None:
        return list(range(ITEMS))
    return [p for p in range(ITEMS) if not led.seen.get(p, 0) & (1 << side.seat)]


def assert_holds_nothing_hidden(side: FriendGame, truth: Truth, brute: bool = False) -> None:
    """The side holds no scalar or element that opens a place hidden from it, nor the other's secrets."""
    group, order = side.group, truth.order
    h = held(side)
    other = (truth.a, truth.b)[1 - side.seat]
    assert other._signing not in h.blobs, "the other's signing key"
    mine = scalars(h, order, group.scalar_size)
    for r in sorted(side.rounds):
        hidden = hidden_places(side, r)
        if not hidden:
            continue
        assert r not in other._secrets or other._secrets[r] not in h.blobs, f"the other's round {r} secret"
        rd = side.rounds[r]
        assert not set(hidden) & set(rd.opened), f"round {r}: it knows a hidden place's card"
        ik, fk = truth.keys(0, r), truth.keys(1, r)
        assert isinstance(ik, InviterKeys)
        deck2 = truth.b.rounds[r].deck2 if r in truth.b.rounds else None
        if side.seat == 1:
            # the friend lacks the inviter's key: neither it nor it times a place key, nor a place's partial decryption
            assert isinstance(fk, FriendKeys)
            leaks = {ik.key, ik.inverse}
            if deck2 is not None:
                for j in hidden:
                    both = ik.key * fk.keys[j] % order
                    leaks |= {both, pow(both, -1, order)}
            assert not mine & leaks, f"round {r}: the friend holds the inviter's key"
            if deck2 is not None:
                layers = {truth.partial(r, j, deck2) for j in hidden}
                assert not h.elements & layers, f"round {r}: the friend holds a partial decryption of a hidden place"
        elif deck2 is not None:
            # the inviter lacks the friend's key of each hidden place (and that key times its own)
            assert isinstance(fk, FriendKeys)
            leaks = set()
            for j in hidden:
                k = fk.keys[j]
                leaks |= {k, pow(k, -1, order), k * ik.key % order, pow(k * ik.key, -1, order)}
            assert not mine & leaks, f"round {r}: the inviter holds the friend's key of a hidden place"
        if brute and deck2 is not None:
            brute_force(side, truth, r, hidden, mine, deck2, ik, fk)


def brute_force(side: FriendGame, truth: Truth, r: int, hidden: list[int], mine: set[int], deck2: list[bytes],
                ik: InviterKeys, fk: Any) -> None:
    """Toy group only: every held scalar k against every hidden place j — k⁻¹ times the place's ciphertext (or,
    for the friend, the ciphertext stripped of its own key) is no item element, nor (for the inviter) an element
    of its own deck."""
    q = truth.order
    items = {side.group.hash_to_element(label(side.game, i)) for i in range(ITEMS)}
    ciphertexts = [int.from_bytes(deck2[j], "big") for j in hidden]
    if side.seat == 1:  # as it is, or stripped of the friend's own key for the place
        lookup = items
        stripped = ciphertexts + [pow(x, pow(fk.keys[j], -1, q), P) for x, j in zip(ciphertexts, hidden)]
    else:  # to the inviter's own deck (then its table names the item), or to an item at once
        lookup = items | {int.from_bytes(e, "big") for e in side.rounds[r].deck1}
        stripped = ciphertexts
    for k in mine:
        inverse = pow(k, -1, q)
        for x in stripped:
            assert pow(x, inverse, P) not in lookup, f"round {r}: a held value opens a hidden place"


def layers_received(side: FriendGame) -> dict[int, set[int]]:
    """Round -> the places the other side sent this side a layer for."""
    out: dict[int, set[int]] = {}
    for m in side.messages:
        if m.sender != side.seat and m.opens is not None:
            out.setdefault(m.opens.round, set()).update(p for p, _ in m.opens.layers)
    return out


def check_side(side: FriendGame, d: Duel, truth: Truth, brute: bool) -> None:
    a, b = d.sides
    assert_view_true(side, a, b)
    for r, places in layers_received(side).items():
        hidden = set(hidden_places(side, r))
        assert not places & hidden, f"round {r}: a layer for a hidden place was received"
    assert_holds_nothing_hidden(side, truth, brute)


BRUTE_AT = (2, 3, 6, 12, 25, 50, 90, 140, 200)
"""The steps at which the toy runs also try every held scalar by brute force (slow: a pow per scalar and place)."""


def run(seed: int, mode: str, suite: Suite | None = None, brute: bool = False) -> int:
    """Play a match, checking after each message the side that took it (and made its reply): the only one that
    changed. Returns the number of steps."""
    d = Duel.begin(seed, suite=suite, mode=mode)
    truth = Truth(*d.sides)
    for side in d.sides:
        check_side(side, d, truth, brute)
    steps = 0
    while True:
        changed = d.sides[d.receiver]
        if not d.deliver():
            break
        steps += 1
        check_side(changed, d, truth, brute and steps in BRUTE_AT)
    assert d.sides[0].status == d.sides[1].status == "over"
    for side in d.sides:
        check_side(side, d, truth, brute)
    return steps


@pytest.mark.parametrize("seed, mode", [(70, "standard"), (71, "single-round"), (72, "single-round")])
def test_a_side_holds_none_of_the_others_hidden_cards_at_any_step_on_the_toy_group(seed: int, mode: str) -> None:
    assert run(seed, mode, brute=True) > 20


def test_a_side_holds_none_of_the_others_hidden_cards_at_any_step_on_secp256k1() -> None:
    assert run(73, "single-round", secp256k1()) > 20


def test_the_check_finds_a_key_that_was_leaked() -> None:
    """The check is not blind: a friend that kept the inviter's key, or one hidden place's partial decryption, or
    an inviter that kept a friend's place key, is found out."""
    d = Duel.begin(74, mode="single-round")
    d.until(lambda d: len(d.texts) == 8)
    truth = Truth(*d.sides)
    a, b = d.sides
    ik, fk = truth.keys(0, 1), truth.keys(1, 1)
    assert isinstance(ik, InviterKeys) and isinstance(fk, FriendKeys)
    hidden = hidden_places(b, 1)
    deck2 = b.rounds[1].deck2
    assert deck2 is not None
    for leak, side in ((ik.key, b), (ik.inverse, b), (fk.keys[hidden_places(a, 1)[0]], a),
                       (b.group.mul(b.group.decode(deck2[hidden[0]]), ik.inverse), b)):
        side.leak = leak  # type: ignore[attr-defined]
        with pytest.raises(AssertionError):
            assert_holds_nothing_hidden(side, truth, brute=True)
        del side.leak  # type: ignore[attr-defined]
        assert_holds_nothing_hidden(side, truth, brute=True)


def test_a_toy_suite_leak_is_found_by_brute_force_alone() -> None:
    """The brute-force check alone finds a leaked key, in whatever form (here: the friend's key times the
    inviter's, for one hidden place, which the exact relations also list)."""
    d = Duel.begin(75, mode="single-round")
    d.until(lambda d: len(d.texts) == 8)
    truth = Truth(*d.sides)
    a, b = d.sides
    ik, fk = truth.keys(0, 1), truth.keys(1, 1)
    assert isinstance(ik, InviterKeys) and isinstance(fk, FriendKeys)
    j = hidden_places(b, 1)[0]
    deck2 = b.rounds[1].deck2
    assert deck2 is not None
    b.leak = [ik.key * fk.keys[j] % truth.order]  # type: ignore[attr-defined]
    h = held(b)
    with pytest.raises(AssertionError):
        brute_force(b, truth, 1, hidden_places(b, 1), scalars(h, truth.order, 8), deck2, ik, fk)


def test_the_toy_suite_is_the_one_checked() -> None:
    assert isinstance(Duel.begin(76, mode="single-round").sides[0].suite, ToySuite)


def test_while_the_result_is_pending_the_view_shows_no_value_of_the_others_bonus_tokens() -> None:
    """Between the move that ends a round and the other's secret, the side's table is over but not yet scored: the
    other's bonus tokens' values are unknown to it (their stand-ins are no values to show)."""
    d = Duel.begin(0, mode="single-round")
    a, b = d.sides
    d.until(lambda d: d.receiver == 0 and wire.decode(a.suite, wire.from_text(d.texts[-1])).secret is not None)
    pending = b if b.rounds[1].final is None else a
    v: Any = pending.view()
    assert v["coming"]["result"] and v["status"] == "round-over" and "result" not in v
    theirs = v["taken"][1 - pending.seat]["bonus"]
    assert theirs and all(value is None for _, value in theirs), theirs
