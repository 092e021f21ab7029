"""Tune the trader heuristic's weights by self-play: a (1+1) evolution strategy over paired seeded deals.

usage: python bench/arena_tune.py [STEPS] [GAMES] [SEED] [START_WEIGHTS.json]   (prints each accepted weight set as JSON)

Each step perturbs a few weights, plays GAMES single-round games (deals in pairs,
seats swapped) of the candidate trader against the current best, and keeps the
candidate when it wins more than half and confirms it on a fresh set of deals.
"""

from __future__ import annotations

import json
import sys
import time

from jaipur import Rng, apply, new_match, view
from jaipur.bots.heuristics import Weights
from jaipur.bots.trader import TraderBot
from jaipur.bots.weights import DEFAULT_WEIGHTS
from jaipur.rng import mix64

FIXED = {"win"}
MAX_PLIES = 300


def match(a: TraderBot, b: TraderBot, games: int, seed: int) -> tuple[float, float]:
    """A's win rate and mean margin against B over `games` games."""
    score = 0.0
    margin = 0
    for i in range(games):
        deal = seed + i // 2
        a_seat = i % 2
        bots = {a_seat: a, 1 - a_seat: b}
        rngs = {s: Rng(mix64(deal * 4 + s + 1)) for s in (0, 1)}
        p = new_match(deal, "single-round")
        plies = 0
        while not p.round_over and plies < MAX_PLIES:
            s = p.to_move
            p = apply(p, bots[s].choose(view(p, s), rngs[s]))
            plies += 1
        if not p.round_over:  # a stalled game (endless exchanges) counts against A, the candidate
            margin -= 50
            continue
        res = p.result
        assert res is not None
        w = res["winner"]
        score += 0.5 if w is None else (1.0 if w == a_seat else 0.0)
        margin += res["scores"][a_seat] - res["scores"][1 - a_seat]
    return score / games, margin / games


def main(argv: list[str]) -> None:
    """Run the search and print accepted weight sets."""
    steps = int(argv[0]) if argv else 60
    games = int(argv[1]) if len(argv) > 1 else 600
    seed = int(argv[2]) if len(argv) > 2 else 100_000
    rng = Rng(seed)
    best = dict(DEFAULT_WEIGHTS)
    if len(argv) > 3:
        with open(argv[3], encoding="utf-8") as handle:
            best.update(json.load(handle))
    keys = [k for k in best if k not in FIXED]
    deal_seed = seed
    for step in range(steps):
        cand = dict(best)
        for _ in range(1 + rng.below(3)):
            key = keys[rng.below(len(keys))]
            factor = 0.7 + 0.6 * rng.random()
            cand[key] = round(cand[key] * factor, 3)
        start = time.time()
        rate, margin = match(TraderBot(Weights(cand)), TraderBot(Weights(best)), games, deal_seed)
        deal_seed += games
        accepted = False
        if rate > 0.515:
            rate2, margin2 = match(TraderBot(Weights(cand)), TraderBot(Weights(best)), games, deal_seed)
            deal_seed += games
            if rate2 > 0.5 and (rate + rate2) / 2 > 0.52:
                best = cand
                accepted = True
                rate = (rate + rate2) / 2
        changed = {k: cand[k] for k in cand if cand[k] != best.get(k) or accepted and cand[k] != DEFAULT_WEIGHTS[k]}
        print(json.dumps({"step": step, "rate": round(rate, 4), "margin": round(margin, 2), "accepted": accepted,
                          "changed": changed, "seconds": round(time.time() - start, 1)}), flush=True)
        if accepted:
            print(json.dumps({"best": best}), flush=True)
    print(json.dumps({"final": best}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
