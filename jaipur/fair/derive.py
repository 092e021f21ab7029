"""A player's lasting secrets derived from 32-byte values (HKDF-Expand, RFC 5869), and the coin toss.

One secret gives the player's dealing key for the game (`scalar`), another its coin for who starts round 1
(`coin`, committed to by the inviter before the friend sends its own). Shuffles and proofs draw fresh randomness
from `secrets` instead: nothing of them needs to be made again. Every derivation is bound to the game, the round
and what it is for, so no value serves two purposes.

>>> s = bytes(32)
>>> scalar(s, b"g" * 12, 1, b"key", 0, 101) == scalar(s, b"g" * 12, 1, b"key", 0, 101)
True
"""

from __future__ import annotations

import hashlib
import hmac

SECRET_SIZE = 32
COIN_SIZE = 16
_DOMAIN = b"jaipur-fair/1"


def expand(secret: bytes, info: bytes, length: int) -> bytes:
    """HKDF-Expand with HMAC-SHA256: `length` bytes from `secret` for the purpose `info`."""
    out = b""
    block = b""
    counter = 1
    while len(out) < length:
        block = hmac.new(secret, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def _info(game: bytes, round_number: int, what: bytes, index: int = 0) -> bytes:
    return b"|".join((_DOMAIN, game, str(round_number).encode(), what, str(index).encode()))


def scalar(secret: bytes, game: bytes, round_number: int, what: bytes, index: int, order: int) -> int:
    """A scalar in [1, order - 1] (384 bits reduced: the bias is below 2**-128)."""
    raw = int.from_bytes(expand(secret, _info(game, round_number, what, index), 48), "big")
    return raw % (order - 1) + 1


def coin(secret: bytes, game: bytes) -> bytes:
    """A player's coin for who starts round 1 (from its round-1 secret)."""
    return expand(secret, _info(game, 1, b"coin"), COIN_SIZE)


def commitment(game: bytes, value: bytes) -> bytes:
    """The inviter's commitment to its coin (SHA-256; the coin's 128 random bits keep it hidden)."""
    return hashlib.sha256(_DOMAIN + b"|commit|" + game + b"|" + value).digest()


def first_starter(inviter_coin: bytes, friend_coin: bytes) -> int:
    """The seat that starts round 1: a bit of the hash of both coins (0: the inviter)."""
    return hashlib.sha256(_DOMAIN + b"|starter|" + inviter_coin + friend_coin).digest()[0] & 1
