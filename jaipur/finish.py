"""A finished round as one seat saw it just before: what it scores, with the bonus values it has not seen bounded.

Goods tokens and the camel token are public (R23, R24); the values of the bonus tokens a seat has not seen are not
(R20): the seat's own taken before are known, the opponent's and those still in their piles are not. `finish`
bounds both players' rupees over every way those values could lie, and says whether the seat surely wins, surely
does not (a perfect tie is no win; R26's tie-breaks count, their counts are public), and what decides a sure win.
The puzzle collection's checks and its verifier (`jaipur.puzzlebook`) and the page's puzzle words use it.

>>> from jaipur import apply, position_from_json
>>> p = position_from_json({"market": "MMDSL", "hands": ["GG", "SC"], "herds": [3, 2], "seed": 1,
...                         "goods": {"D": [], "P": [], "G": [6, 5]}})
>>> ending_moves(p), finish(p, apply(p, "S2G"), 0).worst
(['S2G'], (16, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import BONUS_TOKENS
from .position import Position
from .rules import apply, legal_moves, result
from .types import Breakdown


def bonus_extremes(before: Position, after: Position, seat: int) -> tuple[int, int, int, int]:
    """The bonus tokens' worth after `after` as far as `seat` can see at `before`: (the least `seat`'s can be
    worth, the most the opponent's can, when the hidden values go against `seat`; the most `seat`'s can be
    worth, the least the opponent's can, when they go its way). Its own tokens' values at `before` are known;
    the opponent's, the pile's and those `seat` takes after `before` are not."""
    opp = 1 - seat
    least_mine = most_theirs = most_mine = least_theirs = 0
    for size in (3, 4, 5):
        unknown = sorted(BONUS_TOKENS[size])
        for s, value in before.taken_bonus[seat]:
            if s == size:
                unknown.remove(value)
        known_mine = [v for s, v in before.taken_bonus[seat] if s == size]
        theirs = sum(1 for s, _ in after.taken_bonus[opp] if s == size)
        new_mine = sum(1 for s, _ in after.taken_bonus[seat] if s == size) - len(known_mine)
        if theirs:   # against seat: the opponent's are the highest unknown values, seat's new ones the lowest left
            most_theirs += sum(unknown[len(unknown) - theirs:])
        least_mine += sum(known_mine) + sum(unknown[: len(unknown) - theirs][:new_mine])
        if new_mine:  # its way: seat's new ones are the highest, the opponent's the lowest left
            most_mine += sum(unknown[len(unknown) - new_mine:])
        most_mine += sum(known_mine)
        least_theirs += sum(unknown[: len(unknown) - new_mine][:theirs])
    return least_mine, most_theirs, most_mine, least_theirs


@dataclass(frozen=True)
class Finish:
    """A round that has ended, as the side `seat` saw it at `before`: its rupees and the opponent's when the hidden
    bonus values go against it (`worst`) and when they go its way (`best`), and whether it surely wins or surely
    does not (a perfect tie is no win; R26's tie-breaks count, their counts are public)."""

    worst: tuple[int, int]
    best: tuple[int, int]
    sure_win: bool
    sure_loss: bool
    camel: bool
    """The camel token is `seat`'s and the win would not hold without it."""
    tiebreak: str | None
    """In the worst case the rupees are equal and this R26 tie-break (`bonus` or `goods`) gives `seat` the round."""


def _wins(mine: int, theirs: int, b: list[Breakdown], seat: int) -> bool:
    if mine != theirs:
        return mine > theirs
    for key in ("bonus_tokens", "goods_tokens"):  # R26 tie-breaks: counts are public
        if b[seat][key] != b[1 - seat][key]:
            return bool(b[seat][key] > b[1 - seat][key])
    return False


def finish(before: Position, after: Position, seat: int) -> Finish:
    """The round ended at `after`, scored as far as `seat` can see at `before` (goods and the camel token are
    public; bonus values `seat` has not seen are bounded)."""
    b = result(after)["breakdown"]
    least_mine, most_theirs, most_mine, least_theirs = bonus_extremes(before, after, seat)
    base_mine = b[seat]["goods"] + b[seat]["camel"]
    base_theirs = b[1 - seat]["goods"] + b[1 - seat]["camel"]
    worst = (base_mine + least_mine, base_theirs + most_theirs)
    best = (base_mine + most_mine, base_theirs + least_theirs)
    sure = _wins(*worst, b, seat)
    camel = sure and b[seat]["camel"] > 0 and not _wins(worst[0] - b[seat]["camel"], worst[1], b, seat)
    tiebreak = None
    if sure and worst[0] == worst[1]:
        tiebreak = "bonus" if b[seat]["bonus_tokens"] != b[1 - seat]["bonus_tokens"] else "goods"
    return Finish(worst, best, sure, not _wins(*best, b, seat), camel, tiebreak)


def ending_moves(position: Position) -> list[str]:
    """The legal moves that end the round at once."""
    return [m for m in legal_moves(position) if apply(position, m).round_over]
