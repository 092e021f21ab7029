"""The group operations the proofs need, written additively, over the fair deal's prime-order groups.

`jaipur.fair.suite.Group` only multiplies, hashes and encodes; ElGamal and the proofs also add elements, need
a generator and a neutral element, and gain from a multi-scalar multiplication. `ProofGroup` is that
interface; `secp256k1_group()` gives it for the curve friend games use (tests add one for their toy group).
"""

from __future__ import annotations

import secrets as _secrets
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol

from ..errors import FairError
from ..suite import Element, PrimeGroup, Secp256k1Group
from . import msm as _msm
from .errors import ProofFailed
from .pace import NEVER, Pacer, Steps, finish

Random = Callable[[int], bytes]
"""A source of random bytes (`secrets.token_bytes` in play; a seeded one only in tests)."""

DEFAULT_RANDOM: Random = _secrets.token_bytes


class ProofGroup(PrimeGroup, Protocol):
    """A prime-order group with a fixed generator, written additively; `encode` refuses the neutral element
    (FairError) and `decode` never returns it."""

    @property
    def name(self) -> bytes:
        """A label naming the group (bound into every proof's transcript)."""
    @property
    def generator(self) -> Element:
        """The fixed generator G that keys and ElGamal randomness are multiples of."""
    @property
    def identity(self) -> Element:
        """The neutral element (never on the wire)."""

    def add(self, a: Element, b: Element) -> Element:
        """a + b."""
    def neg(self, a: Element) -> Element:
        """-a."""
    def msm(self, elements: Sequence[Element], scalars: Sequence[int]) -> Element:
        """Σ scalars[i] · elements[i], faster than one multiplication each."""
    def msm_steps(self, elements: Sequence[Element], scalars: Sequence[int], pacer: Pacer) -> Steps[Element]:
        """`msm`, yielding when `pacer` says."""
    def equal(self, a: Element, b: Element) -> bool:
        """Whether a and b are the same element."""
    def transcript_bytes(self, element: Element) -> bytes:
        """Bytes that name any element, the neutral one included (for hashing only)."""


def sub(group: ProofGroup, a: Element, b: Element) -> Element:
    """a - b."""
    return group.add(a, group.neg(b))


def refuse_neutral(group: ProofGroup, element: Element, code: str) -> None:
    """Refuse (`code`) the neutral element where a key is expected: it is no one's key and opens everything."""
    if group.equal(element, group.identity):
        raise ProofFailed(code, "the neutral element is not a key")


def random_scalar(group: ProofGroup, random: Random = DEFAULT_RANDOM) -> int:
    """A uniform nonzero scalar (64 random bytes reduced: the bias is below 2**-256)."""
    return int.from_bytes(random(64), "big") % (group.order - 1) + 1


def random_permutation(size: int, random: Random = DEFAULT_RANDOM) -> list[int]:
    """A uniform permutation of range(size) (Fisher–Yates, unbiased draws by rejection)."""
    out = list(range(size))
    for i in range(size - 1, 0, -1):
        limit = (1 << 32) - (1 << 32) % (i + 1)
        while True:
            value = int.from_bytes(random(4), "big")
            if value < limit:
                break
        j = value % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def read_element(group: ProofGroup, data: bytes) -> Element:
    """`group.decode`, with any failure a `proof-malformed` refusal."""
    try:
        return group.decode(data)
    except FairError as exc:
        raise ProofFailed("proof-malformed", exc.message) from None


class Secp256k1ProofGroup:
    """secp256k1 through `ecdsa`'s `PointJacobi`: elements encoded as `Secp256k1Group` does (33 bytes)."""

    name = b"secp256k1"
    element_size = 33
    scalar_size = 32

    def __init__(self) -> None:
        import ecdsa

        self._base = Secp256k1Group()
        self.order: int = self._base.order
        self.generator: Element = ecdsa.SECP256k1.generator
        self.identity: Element = ecdsa.ellipticcurve.INFINITY
        self._curve: Any = ecdsa.SECP256k1.curve
        self._point: Any = ecdsa.ellipticcurve.PointJacobi

    def hash_to_element(self, label: bytes) -> Element:
        """The suite's try-and-increment hash to the curve."""
        return self._base.hash_to_element(label)

    def add(self, a: Element, b: Element) -> Element:
        """a + b."""
        return a + b

    def neg(self, a: Element) -> Element:
        """-a."""
        return -a

    def mul(self, element: Element, scalar: int) -> Element:
        """scalar · element (the generator uses `ecdsa`'s precomputed table)."""
        scalar %= self.order
        if scalar == 0:
            return self.identity
        return element * scalar

    def msm(self, elements: Sequence[Element], scalars: Sequence[int]) -> Element:
        """Σ kᵢ·Pᵢ by interleaved wNAF (Straus) in Jacobian coordinates."""
        return finish(self.msm_steps(elements, scalars, NEVER))

    def msm_steps(self, elements: Sequence[Element], scalars: Sequence[int], pacer: Pacer) -> Steps[Element]:
        """`msm`, yielding when `pacer` says."""
        if len(elements) != len(scalars):
            raise ValueError("as many scalars as elements")
        terms = [(e, k % self.order) for e, k in zip(elements, scalars) if k % self.order and e != self.identity]
        if len(terms) == 1:  # one term: `ecdsa`'s own multiplication is a little faster
            return terms[0][0] * terms[0][1]
        points = []
        for element, _ in terms:
            affine = element.to_affine()
            points.append((int(affine.x()), int(affine.y())))
            yield from pacer.pause()
        jacobian = yield from _msm.straus_steps(points, [k for _, k in terms], self._base.p, pacer)
        total = _msm.to_affine(jacobian, self._base.p)
        if total is None:
            return self.identity
        return self._point(self._curve, total[0], total[1], 1, self.order)

    def equal(self, a: Element, b: Element) -> bool:
        """Whether a and b are the same point."""
        return bool(a == b)

    def encode(self, element: Element) -> bytes:
        """x (32 bytes) and y's parity (1 byte)."""
        return self._base.encode(element)

    def decode(self, data: bytes) -> Element:
        """A point checked to lie on the curve (cofactor 1: so in the group)."""
        return self._base.decode(data)

    def transcript_bytes(self, element: Element) -> bytes:
        """`encode`, or 33 bytes no point encodes to for the point at infinity."""
        if element == self.identity:
            return bytes(32) + b"\x02"
        return self._base.encode(element)


@lru_cache(maxsize=1)
def secp256k1_group() -> Secp256k1ProofGroup:
    """The proof group of friend games (made once; imports `ecdsa`)."""
    return Secp256k1ProofGroup()


def suite_group(suite: Any) -> ProofGroup:
    """The group a suite deals in: its own `proofs` when it names one (the tests' toy suite), else secp256k1."""
    own = getattr(suite, "proofs", None)
    return own if own is not None else secp256k1_group()
