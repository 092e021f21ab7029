"""An experiment, never a level: how much is knowing the opponent's whole hand worth to a bot?

    python bench/oracle_hand.py A B ROUNDS SEED MOVETIME JOBS
    python bench/oracle_hand.py maharaja maharaja 160 40000 0.25 2

Plays the arena's games (the same deals, seats and bot generators as
`python -m jaipur arena A B --rounds ROUNDS --seed SEED --movetime MOVETIME`),
except that A's view is told the opponent's whole hand through its public
memory field `known` — as if every card the opponent holds had been seen being
taken. The deck order and the opponent's hidden bonus values stay hidden. A
bot that gains little from this cannot gain much from better card memory;
what is left is search and evaluation. B sees only its normal view.
"""

from __future__ import annotations

import json
import sys
import time
from multiprocessing import Pool

from jaipur import apply, new_match, view
from jaipur.bots.arena import MAX_PLIES, _bot, wilson
from jaipur.cards import letters_of
from jaipur.rng import Rng, mix64


def oracle_game(job: tuple[str, str, int, int, float]) -> tuple[int, float, int]:
    """(game index, A's outcome, A's margin) of one game, A told the opponent's hand."""
    a, b, seed, index, movetime = job
    deal_seed = seed + index // 2
    a_seat = index % 2
    bots = {a_seat: _bot(a), 1 - a_seat: _bot(b)}
    rngs = {s: Rng(mix64(deal_seed * 4 + s + 1) ^ mix64(seed)) for s in (0, 1)}
    p = new_match(deal_seed, "single-round")
    moves = 0
    while not p.round_over and moves < MAX_PLIES:
        seat = p.to_move
        seen = view(p, seat)
        if seat == a_seat:
            known = list(seen["known"])
            known[1 - seat] = letters_of(p.hands[1 - seat])
            seen["known"] = known
        p = apply(p, bots[seat].choose(seen, rngs[seat], movetime))
        moves += 1
    res = p.result
    if res is None:
        return index, 0.5, 0
    winner = res["winner"]
    outcome = 0.5 if winner is None else (1.0 if winner == a_seat else 0.0)
    return index, outcome, res["scores"][a_seat] - res["scores"][1 - a_seat]


def main(argv: list[str]) -> None:
    """Run the experiment and print a JSON summary like the arena's."""
    if len(argv) != 6:
        sys.exit(__doc__)
    a, b = argv[0], argv[1]
    rounds, seed, movetime, jobs = int(argv[2]), int(argv[3]), float(argv[4]), int(argv[5])
    start = time.monotonic()
    work = [(a, b, seed, i, movetime) for i in range(rounds)]
    with Pool(jobs) as pool:
        games = list(pool.imap_unordered(oracle_game, work))
    wins = sum(1 for _, o, _ in games if o == 1.0)
    ties = sum(1 for _, o, _ in games if o == 0.5)
    rate = (wins + ties / 2) / rounds
    print(json.dumps({
        "a": a + " (told the opponent's hand)", "b": b, "rounds": rounds, "seed": seed, "movetime": movetime,
        "a_wins": wins, "ties": ties, "b_wins": rounds - wins - ties, "a_win_rate": round(rate, 4),
        "ci95": wilson(rate, rounds), "seconds": round(time.monotonic() - start, 1),
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
