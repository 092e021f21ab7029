"""The `novice` level: a beginner's rules of thumb, sensible but beatable, with human-like slips."""

from __future__ import annotations

from ..cards import CAMEL_INDEX, GOODS, GOODS_TOKENS, PRECIOUS, counts_of
from ..rng import Rng
from ..types import View
from .base import Bot, Thinking, legal_from_view

SLIP = 0.15
"""How often the novice plays a plausible but unconsidered move."""


class NoviceBot(Bot):
    """Sells sets when it has them, grabs the shiniest good, takes camels when there are many; rarely exchanges."""

    name = "novice"

    def __init__(self, slip: float = SLIP) -> None:
        self.slip = slip

    def think(self, view: View, rng: Rng, movetime: float | None = None) -> Thinking:
        """Follow a beginner's checklist; now and then play a simple move on a whim."""
        moves = legal_from_view(view)
        legal = set(moves)
        hand = counts_of(view["hand"])
        market = counts_of(view["market"])
        piles = [view["goods"][g] for g in GOODS]
        simple = [m for m in moves if not m.startswith("X")]
        if simple and rng.random() < self.slip:
            return rng.choice(simple)
        # a sale: prefer precious pairs and big common sets; a beginner also cashes in when the hand is full
        sales = []
        for i, g in enumerate(GOODS):
            n = hand[i]
            if n and f"S{n}{g}" in legal:
                worth = sum(piles[i][:n]) + (3 * (n - 2) if n >= 3 else 0)
                sales.append((worth, n, f"S{n}{g}", g))
        sales.sort(reverse=True)
        for _worth, n, move, g in sales:
            if (g in PRECIOUS and n >= 2) or n >= 3:
                return move
        if sum(hand) >= 7 and sales:
            return sales[0][2]
        if market[CAMEL_INDEX] >= 3 and "TM" in legal:
            return "TM"
        # two of one good in the market and camels to spare: the beginner's favourite exchange
        herd = view["herds"][view["seat"]]
        for i, g in enumerate(GOODS):
            if market[i] >= 2 and herd >= 2 and GOODS_TOKENS[g][0] >= 4:
                move = f"X{g}{g}-MM"
                if move in legal and rng.random() < 0.5:
                    return move
        takes = [(piles[i][0] if piles[i] else 0, f"T{g}") for i, g in enumerate(GOODS) if f"T{g}" in legal]
        if takes:
            takes.sort(reverse=True)
            best = [m for v, m in takes if v == takes[0][0]]
            return rng.choice(best)
        if "TM" in legal:
            return "TM"
        if sales:
            return sales[0][2]
        return rng.choice(moves)
        yield  # pragma: no cover - makes this a generator
