"""The toy group of tests/fair/toy.py as a `ProofGroup` (tests only: 40-bit, discrete logs are easy here).

Safe for testing the proofs' logic: its order Q is prime, so every scalar but 0 is invertible and every
element but 1 generates it; G = 4 is a square ≠ 1, so it generates the group; hashed elements are squares ≠ 1;
`decode` refuses 1 and every non-square. Challenges live modulo Q (~2**39): a false proof passes by chance
with probability about 2**-39 per check, far below what a test run can meet. Not safe for anything where an
adversary computes discrete logarithms (about 2**20 steps here), which no test does.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaipur.fair.proofs.pace import Pacer, Steps

from .toy import G, P, Q, ToyGroup


class ToyProofGroup(ToyGroup):
    """The toy group, written additively: "add" multiplies modulo P, "mul" exponentiates."""

    name = b"toy-qr-40"
    generator = G
    identity = 1

    def add(self, a: int, b: int) -> int:
        return a * b % P

    def neg(self, a: int) -> int:
        return pow(a, -1, P)

    def msm(self, elements: Sequence[int], scalars: Sequence[int]) -> int:
        out = 1
        for e, k in zip(elements, scalars, strict=True):
            out = out * pow(e, k % Q, P) % P
        return out

    def msm_steps(self, elements: Sequence[int], scalars: Sequence[int], pacer: Pacer) -> Steps[int]:
        out = 1
        for e, k in zip(elements, scalars, strict=True):
            out = out * pow(e, k % Q, P) % P
            yield from pacer.pause()
        return out

    def equal(self, a: int, b: int) -> bool:
        return a == b

    def transcript_bytes(self, element: int) -> bytes:
        return self.encode(element)
