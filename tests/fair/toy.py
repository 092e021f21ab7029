"""A small, fast group and signature for testing the friend protocol (never for play: 40-bit security at best).

The group is the quadratic residues modulo a safe prime p = 2q + 1 (prime order q); a label hashes to the
square of a hash. Signatures are Schnorr signatures in the same group. Deterministic randomness comes from a
counter, so a seeded match replays.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from jaipur.fair.errors import FairError


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % a == 0:
            return n == a
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _safe_prime_below(n: int) -> int:
    p = n if n % 2 else n - 1
    while not (_is_prime(p) and _is_prime((p - 1) // 2)):
        p -= 2
    return p


P = _safe_prime_below(1 << 40)
Q = (P - 1) // 2
G = 4  # a square, so it generates the order-q subgroup


class ToyGroup:
    """Quadratic residues modulo a 40-bit safe prime."""

    order = Q
    element_size = 8
    scalar_size = 8

    def hash_to_element(self, label: bytes) -> int:
        h = int.from_bytes(hashlib.sha256(label).digest(), "big") % P
        x = h * h % P
        return x if x > 1 else 4

    def mul(self, element: int, scalar: int) -> int:
        return pow(element, scalar % Q, P)

    def encode(self, element: int) -> bytes:
        return element.to_bytes(8, "big")

    def decode(self, data: bytes) -> int:
        if len(data) != 8:
            raise FairError("bad length", "friend-bad-point")
        x = int.from_bytes(data, "big")
        if not 1 < x < P or pow(x, Q, P) != 1:
            raise FairError("not in the group", "friend-bad-point")
        return x

    def pack(self, encodings: Sequence[bytes]) -> bytes:
        return b"".join(encodings)

    def unpack(self, data: bytes, count: int) -> list[bytes]:
        if len(data) != 8 * count:
            raise FairError("bad length", "friend-bad-point")
        return [data[8 * i:8 * i + 8] for i in range(count)]

    def packed_size(self, count: int) -> int:
        return 8 * count


class ToySigner:
    """A Schnorr key in the toy group."""

    def __init__(self, secret: bytes) -> None:
        self.x = int.from_bytes(hashlib.sha256(b"toy key" + secret).digest(), "big") % (Q - 1) + 1
        self.y = pow(G, self.x, P)

    def public(self) -> bytes:
        return self.y.to_bytes(8, "big")

    def sign(self, data: bytes) -> bytes:
        k = int.from_bytes(hashlib.sha256(b"toy nonce" + self.x.to_bytes(8, "big") + data).digest(), "big") % (Q - 1) + 1
        r = pow(G, k, P)
        e = _challenge(r, self.y, data)
        s = (k + e * self.x) % Q
        return r.to_bytes(8, "big") + s.to_bytes(8, "big")


def _challenge(r: int, y: int, data: bytes) -> int:
    return int.from_bytes(hashlib.sha256(r.to_bytes(8, "big") + y.to_bytes(8, "big") + data).digest(), "big") % Q


class ToySuite:
    """The toy group and Schnorr signatures; its own ident byte so its messages never pass for real ones."""

    ident = 0x7F
    public_size = 8
    signature_size = 16

    def __init__(self) -> None:
        self.group = ToyGroup()

    def signer(self, secret: bytes) -> ToySigner:
        return ToySigner(secret)

    @property
    def proofs(self) -> Any:
        from .toy_proofs import ToyProofGroup

        return ToyProofGroup()

    def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        if len(public) != 8 or len(signature) != 16:
            return False
        y = int.from_bytes(public, "big")
        r, s = int.from_bytes(signature[:8], "big"), int.from_bytes(signature[8:], "big")
        if not (1 < y < P and 1 < r < P and s < Q) or pow(y, Q, P) != 1:
            return False
        return pow(G, s, P) == r * pow(y, _challenge(r, y, data), P) % P


def counter_random(seed: int) -> Callable[[int], bytes]:
    """Deterministic 'random' bytes for tests: SHA-256 of the seed and a counter."""
    state = {"n": 0}

    def random(size: int) -> bytes:
        out = b""
        while len(out) < size:
            state["n"] += 1
            out += hashlib.sha256(b"%d:%d" % (seed, state["n"])).digest()
        return out[:size]

    return random
