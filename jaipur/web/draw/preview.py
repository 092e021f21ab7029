"""Pure: what a move the selection stands for will do, read from the seat's VIEW (never the full position).

The table shows it before the player acts: a sale's token values, whether a bonus token comes with it
(from which pile; its value stays hidden), a short goods pile, and whether the move ends the round;
an exchange's hand and herd after it; how many camels "take the camels" brings.

>>> v = {"market": "DGMMM", "hand": "LLL", "herds": [2, 0], "seat": 0, "deck_size": 30,
...      "goods": {"D": [7], "G": [], "S": [], "C": [1], "P": [1], "L": [4, 3]}, "bonus_sizes": {"3": 7, "4": 6, "5": 5}}
>>> p = preview(v, "S3L")
>>> p.values, p.bonus, p.short, p.ends_round
((4, 3), 3, True, True)
>>> preview(v, "XDG-LM").hand, preview(v, "XDG-LM").herd
('DGLL', 1)
>>> preview(v, "TM").camels
3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import GOODS, ORDER
from ...notation import parse_move


@dataclass(frozen=True)
class Preview:
    """What one move will do, as far as the seat can see: every field not about this kind stays empty."""

    kind: str
    move: str
    good: str = ""
    count: int = 0
    values: tuple[int, ...] = ()     # a sale: the goods tokens it earns, top first
    bonus: int | None = None         # a sale: the size of the bonus pile a token comes from (value hidden)
    short: bool = False              # a sale: the goods pile has fewer tokens than cards sold
    hand: str = ""                   # an exchange (or take): the hand after it, sorted
    herd: int = 0                    # the herd after the move
    camels: int = 0                  # take the camels: how many
    ends_round: bool = False         # the move ends the round (a third pile emptied, or the deck runs out)

    @property
    def rupees(self) -> int:
        """The goods tokens' total (a bonus token's value is not known before it is drawn)."""
        return sum(self.values)


def _sorted(cards: str) -> str:
    return "".join(sorted(cards, key=ORDER.index))


def preview(view: dict[str, Any], move: str) -> Preview:
    """What `move` (assumed legal for the seat of `view`) will do, from that view alone."""
    m = parse_move(move)
    seat = int(view["seat"])
    herd = int(view["herds"][seat])
    hand = str(view["hand"])
    market = str(view["market"])
    deck = int(view["deck_size"])
    if m.kind == "sell":
        pile = [int(x) for x in view["goods"][m.good]]
        values = tuple(pile[:m.count])
        size = min(m.count, 5)
        bonus = size if m.count >= 3 and int(view["bonus_sizes"][str(size)]) > 0 else None
        empty_after = sum(1 for g in GOODS if not view["goods"][g] or (g == m.good and len(pile) <= m.count))
        ends = empty_after >= 3
        rest = hand.replace(m.good, "", m.count)
        return Preview("sell", str(m), m.good, m.count, values, bonus, len(pile) < m.count, rest, herd, 0, ends)
    if m.kind == "camels":
        n = market.count("M")
        return Preview("camels", str(m), herd=herd + n, hand=hand, camels=n, ends_round=deck < n)
    if m.kind == "take":
        return Preview("take", str(m), m.good, 1, hand=_sorted(hand + m.good), herd=herd, ends_round=deck < 1)
    after = hand
    for letter in m.given.replace("M", ""):
        after = after.replace(letter, "", 1)
    given_camels = m.given.count("M")
    return Preview("exchange", str(m), hand=_sorted(after + m.taken), herd=herd - given_camels)


__all__ = ["Preview", "preview"]
