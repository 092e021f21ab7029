"""Move notation: parse any letter order, write the canonical one.

| move | form | example |
| take one good | T + good | TD |
| take all camels | TM | TM |
| exchange | X + taken + '-' + given | XDG-LM |
| sell | S + count + good | S3L |
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import INDEX, ORDER
from .errors import BadMoveError

TAKE = "take"
CAMELS = "camels"
EXCHANGE = "exchange"
SELL = "sell"
KINDS = (TAKE, CAMELS, EXCHANGE, SELL)


def canonical(letters: str) -> str:
    """Sort card letters into the canonical order D G S C P L M.

    >>> canonical("MLD")
    'DLM'
    """
    return "".join(sorted(letters, key=INDEX.__getitem__))


@dataclass(frozen=True, slots=True)
class Move:
    """One action in the notation's terms; `str(move)` is its canonical text."""

    kind: str
    good: str = ""
    count: int = 0
    taken: str = ""
    given: str = ""

    def __str__(self) -> str:
        if self.kind == TAKE:
            return "T" + self.good
        if self.kind == CAMELS:
            return "TM"
        if self.kind == EXCHANGE:
            return f"X{self.taken}-{self.given}"
        return f"S{self.count}{self.good}"


def parse_move(text: str) -> Move:
    """Read a move in any letter order; raise BadMoveError when the shape is wrong.

    >>> str(parse_move("xgd-ml"))
    'XDG-LM'
    """
    if not isinstance(text, str):
        raise BadMoveError("A move must be written as text, like TD, TM, XDG-LM or S3L.")
    text = text.strip()
    if not text.isascii():
        raise BadMoveError("A move uses only the letters T X S, card letters, digits and '-', like XDG-LM.")
    return _parse(text.upper())


@lru_cache(maxsize=4096)
def _parse(s: str) -> Move:
    bad = BadMoveError(
        f"'{s[:40]}' is not a move: write TD (take a diamond), TM (take the camels), "
        "XDG-LM (exchange) or S3L (sell three leather)."
    )
    if len(s) < 2 or any(ch not in ORDER and ch not in "TXS-0123456789" for ch in s):
        raise bad
    head, rest = s[0], s[1:]
    if head == "T":
        if len(rest) != 1 or rest not in ORDER:
            raise bad
        return Move(CAMELS) if rest == "M" else Move(TAKE, good=rest)
    if head == "X":
        taken, dash, given = rest.partition("-")
        if not dash or not taken or not given:
            raise bad
        if any(ch not in ORDER for ch in taken + given):
            raise bad
        return Move(EXCHANGE, taken=canonical(taken), given=canonical(given))
    if head == "S":
        digits, good = rest[:-1], rest[-1]
        if good not in ORDER or not digits.isdigit() or len(digits) > 2 or digits[0] == "0":
            raise bad
        return Move(SELL, good=good, count=int(digits))
    raise bad


def format_move(move: Move | str) -> str:
    """The canonical text of a move (parsing it first when given text).

    >>> format_move("XLG-MD")
    'XGL-DM'
    """
    return str(move if isinstance(move, Move) else parse_move(move))
