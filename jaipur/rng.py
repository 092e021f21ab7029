"""A seeded PRNG (SplitMix64) and Fisher–Yates, identical on every Python.

Deals must replay identically on CPython and in the browser's Pyodide, so the
project never uses `random`. SplitMix64 (Steele, Lea & Flood 2014) gives 64-bit
outputs; `below(n)` draws uniformly by rejection; `shuffle` is the classic
Fisher–Yates from the last slot down.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")
_SMALL = 128
_LIMITS = tuple(((1 << 64) // n) * n if n else 0 for n in range(_SMALL))
"""For n below _SMALL, the largest multiple of n that fits in 64 bits: `below(n)` rejects draws at or above it."""


def mix64(z: int) -> int:
    """The SplitMix64 finalizer: a bijective scramble of a 64-bit integer."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 generator.

    >>> Rng(1).below(10) == Rng(1).below(10)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection (no modulo bias).

        The SplitMix64 step is spelled out here rather than calling `next64`:
        the same outputs, without two calls per draw (`shuffle` draws through it).
        """
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _LIMITS[n] if n < _SMALL else ((1 << 64) // n) * n
        s = self.state
        while True:
            s = (s + GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place: for i from the last index down to 1, swap i with below(i + 1)."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]


def round_rng(seed: int, round_number: int) -> Rng:
    """The generator that deals round `round_number` of the match with this seed.

    Stream 0 (round 0) is used to fill in hidden parts of hand-written positions.
    """
    return Rng(mix64(seed) ^ round_number)
