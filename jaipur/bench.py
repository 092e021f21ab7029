"""The engine benchmark behind `python -m jaipur bench`: seeded random play, cold caches, medians."""

from __future__ import annotations

import platform
import statistics
import time
from typing import Any

from . import rules
from .position import Position
from .rng import Rng
from .rules import apply, legal_moves, new_match

ROUNDS_PER_REP = 60


def clear_caches() -> None:
    """Empty the engine's memo tables, so a run starts cold."""
    rules.legal_cache.clear_all()


def random_rounds(first_seed: int, rounds: int) -> tuple[int, float, list[Position]]:
    """Play `rounds` single-round matches at random: (moves played, seconds, a sample of positions)."""
    rng = Rng(first_seed)
    moves = 0
    sample: list[Position] = []
    start = time.perf_counter()
    for i in range(rounds):
        p = new_match(first_seed + i, "single-round")
        while not p.round_over:
            listing = legal_moves(p)
            p = apply(p, listing[rng.below(len(listing))])
            moves += 1
            if moves % 7 == 0:
                sample.append(p)
    return moves, time.perf_counter() - start, sample


def run_bench(repetitions: int = 5) -> dict[str, Any]:
    """Median figures over `repetitions` cold runs; one JSON-ready dict."""
    moves_per_s: list[float] = []
    rounds_per_s: list[float] = []
    listing_per_s: list[float] = []
    moves_per_round: list[float] = []
    for rep in range(max(1, repetitions)):
        clear_caches()
        moves, seconds, sample = random_rounds(rep * 1000, ROUNDS_PER_REP)
        moves_per_s.append(moves / seconds)
        rounds_per_s.append(ROUNDS_PER_REP / seconds)
        moves_per_round.append(moves / ROUNDS_PER_REP)
        clear_caches()
        start = time.perf_counter()
        for p in sample:
            legal_moves(p)
        listing_per_s.append(len(sample) / (time.perf_counter() - start))
    return {
        "moves_per_s": round(statistics.median(moves_per_s)),
        "random_rounds_per_s": round(statistics.median(rounds_per_s), 1),
        "legal_listings_per_s_cold": round(statistics.median(listing_per_s)),
        "moves_per_random_round": round(statistics.median(moves_per_round), 1),
        "repetitions": max(1, repetitions),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
