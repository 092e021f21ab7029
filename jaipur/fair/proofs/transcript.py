"""The Fiat–Shamir transcript: every challenge is SHA-256 of everything said before it, framed and labelled.

A transcript starts from the protocol's name, the group and a `Context` (game id, round, step), then takes
every public input and every commitment of the proof, each with a label and its length. A challenge is a hash
of all of it, so a proof made for one deck, round, step or game gives other challenges anywhere else and
does not verify there. Challenges are reduced from 512 bits (bias below 2**-256) and fed back in.

A prover's nonces are hedged (RFC 6979's idea, with fresh randomness kept): drawn from a hash of the state,
the prover's secret and random bytes, so a random source that repeats still gives other nonces for another
statement, and a counter in tests still gives the same proof each run.

>>> from dataclasses import replace
>>> c = Context(b"game-id-0001", 1, "deal")
>>> one = Transcript(b"demo", b"group", 101, c).challenge(b"e")
>>> two = Transcript(b"demo", b"group", 101, replace(c, round=2)).challenge(b"e")
>>> 0 <= one < 101 and one != two
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from ..suite import Element
from .group import ProofGroup, Random
from .pace import Pacer, Steps

DOMAIN = b"jaipur-fair/proofs/1"


@dataclass(frozen=True)
class Context:
    """Where a proof belongs: the game (its id), the round and the step of the protocol (e.g. "shuffle-0")."""

    game: bytes
    round: int
    step: str

    def encoded(self) -> bytes:
        """The context as framed bytes."""
        return _frame(b"game", self.game) + _frame(b"round", str(self.round).encode()) + _frame(
            b"step", self.step.encode())


def _stream(seed: bytes) -> Random:
    """A random source expanding `seed`: call k gives SHA-256(seed ‖ k ‖ block) blocks, cut to the size asked."""
    calls = 0

    def draw(size: int) -> bytes:
        nonlocal calls
        call = calls.to_bytes(8, "big")
        calls += 1
        blocks = (size + 31) // 32
        return b"".join(hashlib.sha256(seed + call + b.to_bytes(4, "big")).digest() for b in range(blocks))[:size]

    return draw


def _frame(label: bytes, data: bytes) -> bytes:
    """A label and data, each preceded by its length, so no two sequences of items hash alike."""
    return len(label).to_bytes(4, "big") + label + len(data).to_bytes(4, "big") + data


class Transcript:
    """A running hash of a proof's public inputs and commitments, from which its challenges come."""

    def __init__(self, protocol: bytes, group_name: bytes, order: int, context: Context) -> None:
        self._hash = hashlib.sha256()
        self._hash.update(_frame(b"domain", DOMAIN) + _frame(b"protocol", protocol) + _frame(b"group", group_name)
                          + _frame(b"order", order.to_bytes((order.bit_length() + 7) // 8, "big")))
        self._hash.update(context.encoded())
        self._order = order

    @classmethod
    def start(cls, protocol: bytes, group: ProofGroup, context: Context) -> Transcript:
        """A transcript for `protocol` in `group`, bound to `context` and the group's generator."""
        t = cls(protocol, group.name, group.order, context)
        t.element(b"generator", group, group.generator)
        return t

    def data(self, label: bytes, data: bytes) -> None:
        """Take in labelled bytes."""
        self._hash.update(_frame(label, data))

    def integer(self, label: bytes, value: int) -> None:
        """Take in a nonnegative integer (a count, an index, a scalar)."""
        self.data(label, value.to_bytes((value.bit_length() + 7) // 8 or 1, "big"))

    def element(self, label: bytes, group: ProofGroup, element: Element) -> None:
        """Take in a group element."""
        self.data(label, group.transcript_bytes(element))

    def elements(self, label: bytes, group: ProofGroup, elements: Iterable[Element]) -> None:
        """Take in a list of elements, with its length."""
        items = [group.transcript_bytes(e) for e in elements]
        self.data(label, len(items).to_bytes(4, "big") + b"".join(items))

    def elements_steps(self, label: bytes, group: ProofGroup, elements: Iterable[Element],
                       pacer: Pacer) -> Steps[None]:
        """`elements`, yielding when `pacer` says (each element's bytes cost an inversion on a curve)."""
        items = []
        for e in elements:
            items.append(group.transcript_bytes(e))
            yield from pacer.pause()
        self.data(label, len(items).to_bytes(4, "big") + b"".join(items))

    def hedged(self, secret: bytes, random: Random) -> Random:
        """The prover's nonce source: SHA-256 of the state so far, its secret and 32 fresh bytes of `random`."""
        seed = hashlib.sha256(_frame(b"hedge", self._hash.copy().digest()) + _frame(b"secret", secret)
                              + _frame(b"random", random(32))).digest()
        return _stream(seed)

    def challenge(self, label: bytes) -> int:
        """A challenge modulo the group order from everything so far; it is then taken in itself."""
        state = self._hash.copy()
        state.update(_frame(b"challenge", label))
        seed = state.digest()
        wide = hashlib.sha256(seed + b"\x00").digest() + hashlib.sha256(seed + b"\x01").digest()
        value = int.from_bytes(wide, "big") % self._order
        self.integer(b"challenge:" + label, value)
        return value

    def challenges(self, label: bytes, count: int) -> list[int]:
        """`count` challenges at once (each its own index), all from the same state."""
        state = self._hash.copy()
        state.update(_frame(b"challenges", label) + count.to_bytes(4, "big"))
        seed = state.digest()
        out = []
        for i in range(count):
            at = i.to_bytes(4, "big")
            wide = hashlib.sha256(seed + at + b"\x00").digest() + hashlib.sha256(seed + at + b"\x01").digest()
            out.append(int.from_bytes(wide, "big") % self._order)
        self.data(b"challenges:" + label, seed)
        return out
