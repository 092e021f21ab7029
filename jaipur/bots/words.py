"""Moves and cards in a player's words, in English and Persian.

>>> describe("S3L", {"goods": {"L": [4, 3, 2, 1]}, "bonus_sizes": {"3": 7}, "market": "DGMMM"})
'sells 3 leather for 9 rupees and a 3-card bonus token'
>>> describe("TM", {"market": "DGMMM"})
'takes the 3 camels'
"""

from __future__ import annotations

from typing import Any

from ..cards import NAMES, PLURALS, counts_of
from ..notation import CAMELS, EXCHANGE, SELL, TAKE, parse_move

ONE = {"D": "a diamond", "G": "a gold", "S": "a silver", "C": "a cloth", "P": "a spice", "L": "a leather", "M": "a camel"}
FA_NAMES = {"D": "الماس", "G": "طلا", "S": "نقره", "C": "پارچه", "P": "ادویه", "L": "چرم", "M": "شتر"}
"""Persian card names (Persian nouns stay singular after a number)."""
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def fa_num(value: int | float) -> str:
    """A number in Persian digits.

    >>> fa_num(14)
    '۱۴'
    """
    text = str(round(value)) if isinstance(value, float) else str(value)
    return text.translate(FA_DIGITS)


def count_words(letter: str, n: int) -> str:
    """'a diamond', '2 diamonds', '3 leather'."""
    return ONE[letter] if n == 1 else f"{n} {PLURALS[letter]}"


def count_words_fa(letter: str, n: int) -> str:
    """'یک الماس', '۲ الماس'."""
    return f"یک {FA_NAMES[letter]}" if n == 1 else f"{fa_num(n)} {FA_NAMES[letter]}"


def group_words(letters: str, fa: bool = False) -> str:
    """Cards like 'DDL' as '2 diamonds and a leather' (or in Persian)."""
    counts = counts_of(letters)
    parts = [
        (count_words_fa if fa else count_words)("DGSCPLM"[i], n) for i, n in enumerate(counts) if n
    ]
    joiner = " و " if fa else " and "
    if len(parts) <= 2:
        return joiner.join(parts)
    return ("، " if fa else ", ").join(parts[:-1]) + joiner + parts[-1]


def sale_tokens(move: str, view: dict[str, Any]) -> tuple[int, bool]:
    """The rupees a sale earns from the goods pile, and whether a bonus pile still has a token for it."""
    m = parse_move(move)
    pile = view["goods"][m.good]
    bonus = m.count >= 3 and view["bonus_sizes"][str(min(m.count, 5))] > 0
    return sum(pile[: m.count]), bonus


def describe(move: str, view: dict[str, Any], you: bool = False) -> str:
    """The move as a verb phrase (third person, or second with `you`), read against the view before it is played."""
    m = parse_move(move)
    s = "" if you else "s"
    if m.kind == TAKE:
        return f"take{s} {ONE[m.good]}"
    if m.kind == CAMELS:
        n = counts_of(view["market"])[6]
        return f"take{s} the camel" if n == 1 else f"take{s} the {n} camels"
    if m.kind == EXCHANGE:
        return f"exchange{s} {group_words(m.given)} for {group_words(m.taken)}"
    if m.kind == SELL:
        rupees, bonus = sale_tokens(move, view)
        text = f"sell{s} {count_words(m.good, m.count)} for {rupees} rupee{'s' if rupees != 1 else ''}"
        if bonus:
            text += f" and a {min(m.count, 5)}-card bonus token"
        return text
    return move  # pragma: no cover


def describe_fa(move: str, view: dict[str, Any]) -> str:
    """The move as a Persian verb phrase (third person)."""
    m = parse_move(move)
    if m.kind == TAKE:
        return f"یک {FA_NAMES[m.good]} برمی‌دارد"
    if m.kind == CAMELS:
        n = counts_of(view["market"])[6]
        return f"{fa_num(n)} شتر بازار را برمی‌دارد"
    if m.kind == EXCHANGE:
        return f"{group_words(m.given, fa=True)} را با {group_words(m.taken, fa=True)} عوض می‌کند"
    rupees, bonus = sale_tokens(move, view)
    text = f"{count_words_fa(m.good, m.count)} را به {fa_num(rupees)} روپیه می‌فروشد"
    if bonus:
        text += f" و یک ژتون پاداش {fa_num(min(m.count, 5))}کارتی می‌گیرد"
    return text


def good_name(letter: str) -> str:
    """The English name of a card letter."""
    return NAMES[letter]
