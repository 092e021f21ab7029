"""An experiment, never a level: how much is knowing the opponent's whole hand worth to a bot?

    python bench/oracle_hand.py A B ROUNDS SEED MOVETIME JOBS
    python bench/oracle_hand.py maharaja maharaja 160 40000 0.25 2

Plays the arena's games (`jaipur.bots.arena.play_game`: the same deals, seats
and bot generators as `python -m jaipur arena A B --rounds ROUNDS --seed SEED
--movetime MOVETIME`), except that A's view is told the opponent's whole hand
through its public memory field `known`, as if every card the opponent holds
had been seen being taken. The deck order and the opponent's hidden bonus
values stay hidden. A bot that gains little from this cannot gain much from
better card memory; what is left is search and evaluation. B sees only its
normal view. Prints the arena's JSON summary.
"""

from __future__ import annotations

import json
import sys
import time
from multiprocessing import Pool

from jaipur import Position, view
from jaipur.bots.arena import GameResult, play_game, summarize
from jaipur.cards import letters_of
from jaipur.types import View


def told_the_hand(p: Position, seat: int) -> View:
    """The seat's view, its public memory of the opponent's hand replaced by the whole hand."""
    seen = view(p, seat)
    known = list(seen["known"])
    known[1 - seat] = letters_of(p.hands[1 - seat])
    seen["known"] = known
    return seen


def oracle_game(job: tuple[str, str, int, int, float]) -> GameResult:
    """One arena game, A told the opponent's hand."""
    return play_game(*job, a_view=told_the_hand)


def main(argv: list[str]) -> None:
    """Run the experiment and print its summary."""
    if len(argv) != 6:
        sys.exit(__doc__)
    a, b = argv[0], argv[1]
    rounds, seed, movetime, jobs = int(argv[2]), int(argv[3]), float(argv[4]), int(argv[5])
    start = time.monotonic()
    work = [(a, b, seed, i, movetime) for i in range(rounds)]
    with Pool(jobs) as pool:
        games = sorted(pool.imap_unordered(oracle_game, work), key=lambda g: g.index)
    print(json.dumps(summarize(a + " (told the opponent's hand)", b, games, seed, movetime, time.monotonic() - start)))


if __name__ == "__main__":
    main(sys.argv[1:])
