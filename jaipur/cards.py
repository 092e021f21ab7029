"""Card letters, the component manifest and the token piles: the single source of R1–R4."""

from __future__ import annotations

ORDER = "DGSCPLM"
"""Canonical order of card letters wherever cards are listed."""
GOODS = "DGSCPL"
"""The six goods, in canonical order (index 0..5)."""
CAMEL = "M"
CAMEL_INDEX = 6
PRECIOUS = frozenset("DGS")
"""Precious goods must be sold at least two at a time (R16)."""
INDEX = {letter: i for i, letter in enumerate(ORDER)}
"""Letter -> index into a 7-slot count tuple (camels last)."""

DECK_COUNTS: tuple[int, ...] = (6, 6, 6, 8, 8, 10, 11)
"""R1: how many cards of each letter the game holds, in canonical order (55 in all)."""
TOTAL_CARDS = sum(DECK_COUNTS)

GOODS_TOKENS: dict[str, tuple[int, ...]] = {
    "D": (7, 7, 5, 5, 5),
    "G": (6, 6, 5, 5, 5),
    "S": (5, 5, 5, 5, 5),
    "C": (5, 3, 3, 2, 2, 1, 1),
    "P": (5, 3, 3, 2, 2, 1, 1),
    "L": (4, 3, 2, 1, 1, 1, 1, 1, 1),
}
"""R2: each good's token pile, top (taken first) first."""

BONUS_SIZES = (3, 4, 5)
BONUS_TOKENS: dict[int, tuple[int, ...]] = {
    3: (1, 1, 2, 2, 2, 3, 3),
    4: (4, 4, 5, 5, 6, 6),
    5: (8, 8, 9, 10, 10),
}
"""R3: the three bonus piles before shuffling, by sale size."""

CAMEL_TOKEN = 5
"""R4: the camel token is worth 5 rupees."""
MARKET_SIZE = 5
HAND_LIMIT = 7
MARKET_CAMELS = 3
"""R5: the market starts with three camels."""
DEAL = 5
"""R5: cards dealt to each player."""

NAMES = {
    "D": "diamond", "G": "gold", "S": "silver", "C": "cloth",
    "P": "spice", "L": "leather", "M": "camel",
}
PLURALS = {
    "D": "diamonds", "G": "gold", "S": "silver", "C": "cloth",
    "P": "spice", "L": "leather", "M": "camels",
}


def counts_of(letters: str) -> tuple[int, ...]:
    """Count a string of card letters into a 7-slot tuple.

    >>> counts_of("MMDGM")
    (1, 1, 0, 0, 0, 0, 3)
    """
    out = [0] * 7
    for ch in letters:
        out[INDEX[ch]] += 1
    return tuple(out)


def letters_of(counts: tuple[int, ...] | list[int]) -> str:
    """Write counts as letters in canonical order.

    >>> letters_of((1, 1, 0, 0, 0, 0, 3))
    'DGMMM'
    """
    return "".join(ORDER[i] * n for i, n in enumerate(counts))


def bonus_pile_for(count: int) -> int | None:
    """The bonus pile a sale of `count` cards earns from (R18), or None below three."""
    if count < 3:
        return None
    return min(count, 5)
