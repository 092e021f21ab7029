"""Proofs as bytes: fixed layouts, read through the group's `decode`, every scalar checked below the order.

A `Writer` appends elements and scalars; a `Reader` reads exactly the layout the caller expects and refuses
(`proof-malformed`) a point outside the group, a scalar not below the order, or bytes too short or too long.
No length is ever read from the bytes: the caller knows the count from the statement.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..suite import Element
from .errors import ProofFailed
from .group import ProofGroup, read_element


class Writer:
    """Bytes of a proof, written element by element and scalar by scalar."""

    def __init__(self, group: ProofGroup) -> None:
        self.group = group
        self._parts: list[bytes] = []

    def element(self, element: Element) -> None:
        """Append one element (`element_size` bytes)."""
        self._parts.append(self.group.encode(element))

    def elements(self, elements: Sequence[Element]) -> None:
        """Append several elements."""
        for e in elements:
            self.element(e)

    def scalar(self, value: int) -> None:
        """Append one scalar (`scalar_size` bytes, big-endian)."""
        if not 0 <= value < self.group.order:
            raise ValueError("scalar out of range")
        self._parts.append(value.to_bytes(self.group.scalar_size, "big"))

    def scalars(self, values: Sequence[int]) -> None:
        """Append several scalars."""
        for v in values:
            self.scalar(v)

    def done(self) -> bytes:
        """The bytes written."""
        return b"".join(self._parts)


class Reader:
    """Reads a proof's bytes in the layout its caller expects; `done()` refuses leftovers."""

    def __init__(self, group: ProofGroup, data: bytes, expected: int) -> None:
        if not isinstance(data, (bytes, bytearray)) or len(data) != expected:
            raise ProofFailed("proof-malformed", f"{len(data)} bytes where {expected} were expected")
        self.group = group
        self._data = bytes(data)
        self._at = 0

    def _take(self, size: int) -> bytes:
        chunk = self._data[self._at:self._at + size]
        if len(chunk) != size:  # pragma: no cover - the length was checked up front
            raise ProofFailed("proof-malformed", "the proof ends early")
        self._at += size
        return chunk

    def element(self) -> Element:
        """One element, checked to be in the group."""
        return read_element(self.group, self._take(self.group.element_size))

    def elements(self, count: int) -> list[Element]:
        """`count` elements."""
        return [self.element() for _ in range(count)]

    def scalar(self) -> int:
        """One scalar, checked below the group order."""
        value = int.from_bytes(self._take(self.group.scalar_size), "big")
        if value >= self.group.order:
            raise ProofFailed("proof-malformed", "a number in the proof is out of range")
        return value

    def scalars(self, count: int) -> list[int]:
        """`count` scalars."""
        return [self.scalar() for _ in range(count)]

    def done(self) -> None:
        """Refuse bytes left over."""
        if self._at != len(self._data):  # pragma: no cover - the length was checked up front
            raise ProofFailed("proof-malformed", "bytes left over after the proof")
