"""The cryptography the fair deal stands on: a prime-order group and a signature scheme, as one `Suite`.

The game's code sees a group only through `Group` (hash a label to an element nobody knows the logarithm
of, multiply by a scalar, write and read elements) and signatures only through `Signer` / `Suite.verify`.
The real suite is secp256k1 from the `ecdsa` package (pure Python, vendored as a wheel): elements are curve
points, written as their x coordinate with the parity of y packed apart, every point read is checked to be on
the curve (secp256k1's cofactor is 1, so every such point is in the prime-order group); signatures are
deterministic ECDSA (RFC 6979) over SHA-256 with a low `s`, so one message has exactly one valid signature.
`ecdsa` is imported only when the suite is first used: the rest of the engine has no dependency.

Tests use a small, fast group through the same protocol (tests/fair/toy.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from .errors import FairError

Element = Any
"""A group element, as the group represents it (compare elements by their encoding)."""


class PrimeGroup(Protocol):
    """A cyclic group of prime order in which the decisional Diffie–Hellman problem is hard: what the deal
    (`Group`) and the proofs (`jaipur.fair.proofs.group.ProofGroup`) both need of it."""

    @property
    def order(self) -> int:
        """The group's prime order: scalars are taken modulo it."""
    @property
    def element_size(self) -> int:
        """Bytes of one encoded element."""
    @property
    def scalar_size(self) -> int:
        """Bytes of one encoded scalar."""

    def hash_to_element(self, label: bytes) -> Element:
        """The element a label names: anyone can compute it, nobody knows its logarithm."""
    def mul(self, element: Element, scalar: int) -> Element:
        """`scalar` times `element`."""
    def encode(self, element: Element) -> bytes:
        """The element as `element_size` bytes (equal elements, equal bytes)."""
    def decode(self, data: bytes) -> Element:
        """An element from `encode`'s bytes; raises FairError when they are not an element of the group."""


class Group(PrimeGroup, Protocol):
    """The deal's group: elements packed together in a deck."""

    def pack(self, encodings: Sequence[bytes]) -> bytes:
        """Several encoded elements packed together (may be shorter than their concatenation)."""
    def unpack(self, data: bytes, count: int) -> list[bytes]:
        """The `count` encodings `pack` made (not checked to be elements: `decode` does that); FairError when
        the bytes cannot be `count` packed encodings."""
    def packed_size(self, count: int) -> int:
        """Bytes of `pack` for `count` elements."""


class Signer(Protocol):
    """One player's signing key for one game."""

    def public(self) -> bytes:
        """The public key, `Suite.public_size` bytes."""
    def sign(self, data: bytes) -> bytes:
        """The signature of `data`, `Suite.signature_size` bytes."""


class Suite(Protocol):
    """A group and a signature scheme, named by one byte on the wire."""

    @property
    def ident(self) -> int:
        """The first byte of every message made with this suite."""
    @property
    def group(self) -> Group:
        """The group the suite's elements live in (the deal's ElGamal and proofs use
        `jaipur.fair.proofs.group.suite_group`: secp256k1, or a test suite's own `proofs`)."""
    @property
    def public_size(self) -> int:
        """Bytes of a public key."""
    @property
    def signature_size(self) -> int:
        """Bytes of a signature."""

    def signer(self, secret: bytes) -> Signer:
        """The signing key made from 32 secret bytes."""
    def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        """Whether `signature` is the signature of `data` under `public` (False for any malformed input)."""


# ---------------------------------------------------------------- secp256k1 through `ecdsa`


def _ecdsa() -> Any:
    """The `ecdsa` package, or a sentence saying how to get it."""
    try:
        import ecdsa
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise FairError(
            "Playing a friend needs the ecdsa package: pip install 'jaipur[friend]' (or pip install ecdsa).",
            "friend-missing-ecdsa") from exc
    return ecdsa


class Secp256k1Group:
    """secp256k1 (y² = x³ + 7 over a 256-bit prime field, prime order, cofactor 1) with `ecdsa`'s points.

    Elements are `ecdsa.ellipticcurve.PointJacobi`. A label is hashed to a point by try-and-increment
    (SHA-256 of the label and a counter as x until x³ + 7 is a square; the even y): labels are public, so
    the varying time tells nothing. An encoded element is the x coordinate and a byte for y's parity; packed,
    the parities of up to eight points share a byte.
    """

    element_size = 33
    scalar_size = 32

    def __init__(self) -> None:
        ecdsa = _ecdsa()
        curve = ecdsa.SECP256k1
        self._curve = curve.curve
        self._point = ecdsa.ellipticcurve.PointJacobi
        self._infinity = ecdsa.ellipticcurve.INFINITY
        self.p: int = self._curve.p()
        self.order: int = curve.order

    def _lift(self, x: int, odd: int) -> Element:
        """The point with this x and y parity, or FairError when there is none."""
        p = self.p
        if not 0 <= x < p:
            raise FairError("A point's x coordinate is out of range.", "friend-bad-point")
        rhs = (x * x * x + 7) % p
        y = pow(rhs, (p + 1) // 4, p)  # p = 3 mod 4: the square root when there is one
        if y * y % p != rhs:
            raise FairError("A value is not a point of the curve.", "friend-bad-point")
        if y & 1 != odd:
            y = p - y
        return self._point(self._curve, x, y, 1, self.order)

    def hash_to_element(self, label: bytes) -> Element:
        """Try-and-increment: the first counter whose hash is the x of a point, with even y."""
        for counter in range(256):
            x = int.from_bytes(hashlib.sha256(b"jaipur-fair/1 point\x00" + label + bytes([counter])).digest(), "big")
            if x >= self.p:
                continue
            try:
                return self._lift(x, 0)
            except FairError:
                continue
        raise FairError("No point found for a label.", "friend-bad-point")  # pragma: no cover - 2**-256

    def mul(self, element: Element, scalar: int) -> Element:
        """`scalar` times the point (scalar taken modulo the order; never zero here)."""
        return element * (scalar % self.order)

    def _xy(self, element: Element) -> tuple[int, int]:
        if element == self._infinity:  # the point at infinity has no coordinates
            raise FairError("The point at infinity is not allowed.", "friend-bad-point")
        return int(element.x()), int(element.y())

    def encode(self, element: Element) -> bytes:
        """x (32 bytes, big-endian) and a byte for y's parity."""
        x, y = self._xy(element)
        return x.to_bytes(32, "big") + bytes([y & 1])

    def decode(self, data: bytes) -> Element:
        """A point from `encode`'s 33 bytes, checked to lie on the curve."""
        if len(data) != 33 or data[32] > 1:
            raise FairError("A point has the wrong length or parity byte.", "friend-bad-point")
        return self._lift(int.from_bytes(data[:32], "big"), data[32])

    def pack(self, encodings: Sequence[bytes]) -> bytes:
        """The x coordinates, then the parities as bits (element i in bit i % 8 of byte i // 8)."""
        xs = bytearray()
        bits = bytearray((len(encodings) + 7) // 8)
        for i, enc in enumerate(encodings):
            xs += enc[:32]
            bits[i // 8] |= (enc[32] & 1) << (i % 8)
        return bytes(xs + bits)

    def unpack(self, data: bytes, count: int) -> list[bytes]:
        """`count` encodings from `pack`'s bytes; unused parity bits must be zero."""
        if len(data) != self.packed_size(count):
            raise FairError("A packed list of points has the wrong length.", "friend-bad-point")
        bits = data[32 * count:]
        if count % 8 and bits[-1] >> (count % 8):
            raise FairError("A packed list of points has stray bits.", "friend-bad-point")
        return [data[32 * i:32 * i + 32] + bytes([(bits[i // 8] >> (i % 8)) & 1]) for i in range(count)]

    def packed_size(self, count: int) -> int:
        """32 bytes a point and a bit of parity each."""
        return 32 * count + (count + 7) // 8


class _EcdsaSigner:
    """A secp256k1 ECDSA key (RFC 6979 nonces, low s)."""

    def __init__(self, suite: Secp256k1Suite, secret: bytes) -> None:
        ecdsa = _ecdsa()
        exponent = int.from_bytes(hashlib.sha256(b"jaipur-fair/1 signing key\x00" + secret).digest(), "big")
        exponent = exponent % (suite.group.order - 1) + 1
        self._key = ecdsa.SigningKey.from_secret_exponent(exponent, curve=ecdsa.SECP256k1, hashfunc=hashlib.sha256)
        self._encode = ecdsa.util.sigencode_string_canonize

    def public(self) -> bytes:
        """The compressed public point (33 bytes)."""
        return bytes(self._key.get_verifying_key().to_string("compressed"))

    def sign(self, data: bytes) -> bytes:
        """r and s, 32 bytes each, s at most half the order."""
        return bytes(self._key.sign_deterministic(data, hashfunc=hashlib.sha256, sigencode=self._encode))


class Secp256k1Suite:
    """secp256k1 for the deal and ECDSA for the signatures: the suite friend games use."""

    ident = 1
    public_size = 33
    signature_size = 64

    def __init__(self) -> None:
        self.group = Secp256k1Group()
        self._ecdsa = _ecdsa()

    def signer(self, secret: bytes) -> Signer:
        """The signing key made from 32 secret bytes."""
        return _EcdsaSigner(self, secret)

    def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        """ECDSA verification with the canonical (low) s only; False for any malformed key or signature."""
        ecdsa = self._ecdsa
        if len(public) != self.public_size or len(signature) != self.signature_size:
            return False
        if int.from_bytes(signature[32:], "big") > self.group.order // 2:
            return False
        try:
            key = ecdsa.VerifyingKey.from_string(public, curve=ecdsa.SECP256k1, hashfunc=hashlib.sha256)
            return bool(key.verify(signature, data, hashfunc=hashlib.sha256))
        except (ecdsa.BadSignatureError, ecdsa.MalformedPointError, ValueError, AssertionError):
            return False


@lru_cache(maxsize=1)
def secp256k1() -> Secp256k1Suite:
    """The suite friend games use (made once; imports `ecdsa`)."""
    return Secp256k1Suite()
