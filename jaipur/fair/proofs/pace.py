"""Stepped computation for the page: heavy proofs yield every few milliseconds so the page can draw.

A `Steps[T]` is a generator that yields nothing between pieces of work and returns a T (the same shape as
`jaipur.fair.game.Steps`, which the page drives one piece per turn of its event loop). A `Pacer` decides when
to yield: once `slice_s` seconds of work have passed since the last yield, so a step lasts about that long in
CPython and in Pyodide alike. `finish` runs a stepped computation to its end in one go.

>>> def count(pacer: Pacer) -> Steps[int]:
...     total = 0
...     for i in range(1000):
...         total += i
...         yield from pacer.pause()
...     return total
>>> finish(count(Pacer(0.0)))
499500
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]
"""A computation that yields between pieces of work and returns a T."""

SLICE = 0.02
"""Seconds of work between two yields by default (the page's budget for one task is 50 ms)."""


class Pacer:
    """Says when a stepped computation has worked long enough to yield."""

    def __init__(self, slice_s: float = SLICE) -> None:
        self.slice_s = slice_s
        self._mark = time.perf_counter()

    def pause(self) -> Steps[None]:
        """Yield once if the slice is used up (the clock restarts when the computation resumes)."""
        if time.perf_counter() - self._mark >= self.slice_s:
            yield
            self._mark = time.perf_counter()


NEVER = Pacer(float("inf"))
"""A pacer that never yields (the one-go forms use it)."""


def finish(steps: Steps[T]) -> T:
    """Run a stepped computation to its end and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
