"""An experiment, never a level: how much is knowing hidden cards worth to a bot?

    python bench/oracle_hand.py A B ROUNDS SEED MOVETIME JOBS [hand|world|cards|bonus]
    python bench/oracle_hand.py maharaja maharaja 160 40000 0.25 2
    python bench/oracle_hand.py maharaja maharaja-1 200 40000 0.25 1 world

Plays the arena's games (`jaipur.bots.arena.play_game`: the same deals, seats
and bot generators as `python -m jaipur arena A B --rounds ROUNDS --seed SEED
--movetime MOVETIME`), except that A is told more than its view:

- `hand` (the default): the opponent's whole hand, through its public memory
  field `known`, as if every card the opponent holds had been seen being taken.
  The deck order and the opponent's hidden bonus values stay hidden. A bot that
  gains little from this cannot gain much from better card memory.
- `world`: everything, the true position itself (the opponent's hand, the deck
  order, every bonus value). A (maharaja or maharaja-1) searches that one world
  instead of dealing the hidden cards at random: a cheat that bounds from above
  what an honest bot with the same search could score against B.
- `cards`: the true cards (the opponent's hand and the deck order, which
  together are every unseen card), the bonus values dealt at random as usual.
- `bonus`: the true bonus values (the opponent's hidden ones and the piles'
  order), the cards dealt at random as usual.

B sees only its normal view. Prints the arena's JSON summary.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any, cast

import jaipur.bots.maharaja as maharaja_module
import jaipur.bots.maharaja1 as maharaja1_module
from jaipur import Position, view
from jaipur.bots.arena import GameResult, play_game, summarize
from jaipur.cards import letters_of
from jaipur.rng import Rng
from jaipur.types import View
from jaipur.view import Dealer, determinize

ORACLE = "oracle"
"""The key under which a told view carries the true position (never a key of a real view)."""
Told = tuple[Position, tuple[str, ...]]
"""What a told view carries: the true position, and which of its fields the dealers copy from it."""


def told_the_hand(p: Position, seat: int) -> View:
    """The seat's view, its public memory of the opponent's hand replaced by the whole hand."""
    seen = view(p, seat)
    known = list(seen["known"])
    known[1 - seat] = letters_of(p.hands[1 - seat])
    seen["known"] = known
    return seen


def telling(fields: tuple[str, ...]) -> Callable[[Position, int], View]:
    """A view function: the seat's view carrying the true position and which of its fields the dealers copy."""

    def told(p: Position, seat: int) -> View:
        seen = view(p, seat)
        cast(dict[str, Any], seen)[ORACLE] = (p, fields)
        return seen

    return told


def with_truth(v: View, dealt: Position) -> Position:
    """`dealt`, with the fields the view was told copied from the true position it carries (if any)."""
    told = cast(Told | None, cast(dict[str, Any], v).get(ORACLE))
    if told is None:
        return dealt
    world, fields = told
    return Position(*(getattr(world if name in fields else dealt, name) for name in Position.__slots__))


class OracleDealer(Dealer):
    """maharaja's Dealer, except that a view carrying the true position deals its told fields every time."""

    def __init__(self, v: View) -> None:
        super().__init__(v)
        self._view = v

    def deal(self, rng: Rng) -> Position:
        """An honest deal, with the told fields of the true position."""
        return with_truth(self._view, super().deal(rng))


def oracle_determinize(v: View, rng: Rng) -> Position:
    """maharaja-1's determinize, except that a view carrying the true position deals its told fields."""
    return with_truth(v, determinize(v, rng))


maharaja_module.Dealer = OracleDealer  # type: ignore[attr-defined]
maharaja1_module.determinize = oracle_determinize  # type: ignore[attr-defined]

TOLD: dict[str, tuple[Callable[[Position, int], View], str]] = {
    "hand": (told_the_hand, "told the opponent's hand"),
    "world": (telling(("hands", "deck", "bonus", "taken_bonus")), "told the whole world"),
    "cards": (telling(("hands", "deck")), "told the opponent's hand and the deck"),
    "bonus": (telling(("bonus", "taken_bonus")), "told the bonus values"),
}


def oracle_game(job: tuple[str, str, int, int, float, str]) -> GameResult:
    """One arena game, A told what `job[-1]` names."""
    a, b, seed, index, movetime, told = job
    return play_game(a, b, seed, index, movetime, a_view=TOLD[told][0])


def main(argv: list[str]) -> None:
    """Run the experiment and print its summary."""
    if len(argv) not in (6, 7) or (len(argv) == 7 and argv[6] not in TOLD):
        sys.exit(__doc__)
    a, b = argv[0], argv[1]
    rounds, seed, movetime, jobs = int(argv[2]), int(argv[3]), float(argv[4]), int(argv[5])
    told = argv[6] if len(argv) == 7 else "hand"
    start = time.monotonic()
    work = [(a, b, seed, i, movetime, told) for i in range(rounds)]
    with Pool(jobs) as pool:
        games = []
        for game in pool.imap_unordered(oracle_game, work):
            games.append(game)
            if len(games) % 10 == 0:
                partial = summarize(a, b, games, seed, movetime, time.monotonic() - start)
                print(f"[{len(games)}/{rounds}] {partial['a_win_rate']} {partial['ci95']}", file=sys.stderr, flush=True)
    games.sort(key=lambda g: g.index)
    print(json.dumps(summarize(f"{a} ({TOLD[told][1]})", b, games, seed, movetime, time.monotonic() - start)))


if __name__ == "__main__":
    main(sys.argv[1:])
