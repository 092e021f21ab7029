"""Each player's keys and shuffle for one round, derived from its round secret.

The inviter encrypts every item under ONE key and shuffles: its deck place k holds `key · P[items[k]]`. The
friend shuffles the inviter's deck and locks each place under a key of its own: its place j holds
`keys[j] · D[source[j]]`, which destroys any relation the inviter may have planted between its elements.
Shuffles keep items within their group (cards, each bonus pile).

>>> from jaipur.fair.items import GROUPS
>>> k = inviter_keys(bytes(32), b"g" * 12, 1, 101)
>>> sorted(k.items[:52]) == list(GROUPS[0]) and sorted(k.items[52:59]) == list(GROUPS[1])
True
>>> k.key * k.inverse % 101
1
"""

from __future__ import annotations

from dataclasses import dataclass

from .derive import permutation, scalar
from .items import GROUPS, ITEMS


def _grouped(secret: bytes, game: bytes, round_number: int, what: bytes) -> list[int]:
    """A permutation of the 70 places that keeps each group to itself: out[place] = the place it takes from."""
    out = [0] * ITEMS
    for k, group in enumerate(GROUPS):
        perm = permutation(secret, game, round_number, what + b"%d" % k, len(group))
        for i, j in enumerate(perm):
            out[group.start + i] = group.start + j
    return out


@dataclass(frozen=True)
class InviterKeys:
    """The inviter's round: one key (and its inverse) and which item each of its deck places holds."""

    key: int
    inverse: int
    items: list[int]


@dataclass(frozen=True)
class FriendKeys:
    """The friend's round: for each of its deck places, the inviter place it took and the key locking it."""

    source: list[int]
    keys: list[int]


def inviter_keys(secret: bytes, game: bytes, round_number: int, order: int) -> InviterKeys:
    """The inviter's key and shuffle for a round, from its round secret."""
    key = scalar(secret, game, round_number, b"key", 0, order)
    return InviterKeys(key, pow(key, -1, order), _grouped(secret, game, round_number, b"shuffle"))


def friend_keys(secret: bytes, game: bytes, round_number: int, order: int) -> FriendKeys:
    """The friend's shuffle and per-place keys for a round, from its round secret."""
    keys = [scalar(secret, game, round_number, b"lock", j, order) for j in range(ITEMS)]
    return FriendKeys(_grouped(secret, game, round_number, b"reshuffle"), keys)


def dealt_items(inviter: InviterKeys, friend: FriendKeys) -> list[int]:
    """The item at each place of the finished deal (known once both secrets are)."""
    return [inviter.items[friend.source[j]] for j in range(ITEMS)]
