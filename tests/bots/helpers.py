"""Shared helpers for the bot tests: seeded positions along random games, and hidden-part edits."""

from __future__ import annotations

import copy
from typing import Any

from jaipur import Position, Rng, new_match, position_from_json, position_to_json
from jaipur.rules import legal_tuple, play_unchecked


def sample_positions(count: int, seed: int = 0, every: int = 3) -> list[Position]:
    """Positions still being played, taken every few plies along seeded random single-round games."""
    rng = Rng(seed)
    out: list[Position] = []
    deal = seed * 1000
    while len(out) < count:
        p = new_match(deal, "single-round")
        deal += 1
        ply = 0
        while not p.round_over and len(out) < count:
            if ply % every == 0:
                out.append(p)
            moves = legal_tuple(p)
            p = play_unchecked(p, moves[rng.below(len(moves))])
            ply += 1
    return out


def hidden_twin(p: Position, seat: int, rng: Rng) -> Position:
    """The same position as `seat` sees it, with every hidden part changed: the opponent's hand
    (same size, other cards where possible), the deck order and the opponent's bonus values."""
    data: dict[str, Any] = copy.deepcopy(position_to_json(p))
    data.pop("status", None)
    data.pop("result", None)
    other = 1 - seat
    # the cards `seat` knows of (public memory) stay; the rest of the hand is hidden
    known = list(data.get("known", ["", ""])[other])
    current = list(data["hands"][other])
    for c in known:
        current.remove(c)
    pool = current + list(data["deck"])
    goods = [c for c in pool if c != "M"]
    camels = [c for c in pool if c == "M"]
    n = len(current)
    # put the opponent's current unknown cards last so the new hand differs whenever it can
    rest = list(goods)
    for c in current:
        rest.remove(c)
    rng.shuffle(rest)
    new_goods = rest + current
    data["hands"][other] = "".join(known + new_goods[:n])
    deck = new_goods[n:] + camels
    rng.shuffle(deck)
    data["deck"] = "".join(deck)
    # swap the opponent's bonus values with values still in the piles
    for i, (size, value) in enumerate(data["taken"][other]["bonus"]):
        pile = data["bonus"][str(size)]
        if pile:
            j = rng.below(len(pile))
            pile[j], data["taken"][other]["bonus"][i] = value, [size, pile[j]]
    for size in ("3", "4", "5"):
        rng.shuffle(data["bonus"][size])
    return position_from_json(data)
