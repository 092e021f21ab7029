"""Shuffles that keep groups of places apart, as a Jaipur deal does (cards among cards, each bonus pile within
itself): one Terelius–Wikström argument per group, each bound to its own step of the context.

`groups` are consecutive ranges covering the deck (`jaipur.fair.items.GROUPS`: 0–51, 52–58, 59–64, 65–69).
A place can only be proven to come from its own group, so a bonus token moved into the cards, or a card into a
pile, is refused like any other false shuffle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..suite import Element
from .elgamal import Ciphertext
from .errors import ProofFailed
from .group import DEFAULT_RANDOM, ProofGroup, Random
from .pace import NEVER, Pacer, Steps, finish
from .shuffle import (
    Shuffled,
    ShuffleProof,
    check_shuffle_steps,
    prove_shuffle_steps,
    shuffle_size,
    shuffle_steps,
)
from .transcript import Context


def _checked(groups: Sequence[range], size: int) -> None:
    """Refuse groups that are not consecutive ranges covering the deck."""
    at = 0
    for g in groups:
        if g.start != at or g.step != 1 or len(g) == 0:
            raise ValueError("groups must be consecutive, non-empty ranges from 0")
        at = g.stop
    if at != size:
        raise ValueError("groups must cover the deck")


def _part(context: Context, k: int) -> Context:
    """The context of group k's argument."""
    return replace(context, step=f"{context.step}/group-{k}")


def shuffle_grouped_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], groups: Sequence[range],
                          random: Random = DEFAULT_RANDOM, pacer: Pacer = NEVER) -> Steps[list[Shuffled]]:
    """Each group shuffled and re-masked on its own (its permutation indexes within the group), stepped."""
    _checked(groups, len(deck))
    parts = []
    for g in groups:
        parts.append((yield from shuffle_steps(group, key, deck[g.start:g.stop], random, pacer)))
    return parts


def shuffle_grouped(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], groups: Sequence[range],
                    random: Random = DEFAULT_RANDOM) -> list[Shuffled]:
    """`shuffle_grouped_steps` in one go."""
    return finish(shuffle_grouped_steps(group, key, deck, groups, random))


def joined(parts: Sequence[Shuffled]) -> list[Ciphertext]:
    """The whole shuffled deck, the groups' outputs one after the other."""
    return [c for part in parts for c in part.out]


def prove_grouped_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], groups: Sequence[range],
                        parts: Sequence[Shuffled], context: Context, random: Random = DEFAULT_RANDOM,
                        pacer: Pacer = NEVER) -> Steps[bytes]:
    """The groups' arguments, as bytes one after the other (`grouped_size`), stepped."""
    _checked(groups, len(deck))
    out = b""
    for k, (g, part) in enumerate(zip(groups, parts, strict=True)):
        proof = yield from prove_shuffle_steps(group, key, deck[g.start:g.stop], part, _part(context, k), random,
                                               pacer)
        out += proof.to_bytes(group)
    return out


def prove_grouped(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], groups: Sequence[range],
                  parts: Sequence[Shuffled], context: Context, random: Random = DEFAULT_RANDOM) -> bytes:
    """`prove_grouped_steps` in one go."""
    return finish(prove_grouped_steps(group, key, deck, groups, parts, context, random))


def grouped_size(group: ProofGroup, groups: Sequence[range]) -> int:
    """Bytes of the arguments for these groups."""
    return sum(shuffle_size(group, len(g)) for g in groups)


def check_grouped_steps(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                        groups: Sequence[range], data: bytes, context: Context,
                        pacer: Pacer = NEVER) -> Steps[None]:
    """Refuse (`proof-shuffle`, or `proof-malformed` for bytes that are not the arguments) unless each group
    of `out` is that group of `deck` permuted and re-masked; stepped."""
    _checked(groups, len(deck))
    if len(out) != len(deck):
        raise ProofFailed("proof-shuffle", "the decks have different sizes")
    if len(data) != grouped_size(group, groups):
        raise ProofFailed("proof-malformed", f"{len(data)} bytes where {grouped_size(group, groups)} were expected")
    at = 0
    for k, g in enumerate(groups):
        size = shuffle_size(group, len(g))
        proof = ShuffleProof.from_bytes(group, data[at:at + size], len(g))
        at += size
        yield from check_shuffle_steps(group, key, deck[g.start:g.stop], out[g.start:g.stop], proof,
                                       _part(context, k), pacer)


def check_grouped(group: ProofGroup, key: Element, deck: Sequence[Ciphertext], out: Sequence[Ciphertext],
                  groups: Sequence[range], data: bytes, context: Context) -> None:
    """`check_grouped_steps` in one go."""
    finish(check_grouped_steps(group, key, deck, out, groups, data, context))
