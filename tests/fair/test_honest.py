"""Two honest sides finish every match with the same positions as the engine, and the deal passes every check."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from jaipur.fair import secp256k1, wire
from jaipur.position import Position

from .duel import true_round
from .helpers import Match, play

TOY_MATCHES = 600
"""Honest toy matches on the slow path: 0.24 s each with every proof made and checked, so 600 keep the test near
a minute on two cores (protocol 1's 2,000 would take eight minutes of processor time now)."""
REAL_MATCHES = 20


def engine_rounds(match: Match) -> list[Position]:
    """Each round replayed by the engine alone, from the true deal (both dealing keys) and the moves played."""
    a, b = match.sides
    return [true_round(a, b, a, r) for r in sorted(a.rounds) if a.rounds[r].final is not None]


def check_match(match: Match) -> None:
    a, b = match.sides
    assert a.status == b.status == "over"
    assert a.invalid is None and b.invalid is None
    truth = engine_rounds(match)
    assert [p.result for p in a.results()] == [p.result for p in b.results()] == [p.result for p in truth]
    for side in (a, b):   # what is scored, as played: goods, bonus tokens, camels
        for mine, true in zip(side.results(), truth):
            assert (mine.taken_goods, mine.taken_bonus, mine.herds, mine.goods) == (
                true.taken_goods, true.taken_bonus, true.herds, true.goods)
    assert a.moves() == b.moves()
    final = a.results()[-1].result
    assert final is not None and final["match_winner"] is not None


def check_seeds(seeds: range) -> int:
    """Play and check the toy matches of these seeds (one in five single-round); how many were played."""
    for seed in seeds:
        check_match(play(seed, mode="standard" if seed % 5 else "single-round"))
    return len(seeds)


def test_a_first_sample_of_honest_toy_matches_ends_as_the_engine_says() -> None:
    """The quick path's sample of the seeded matches below (the same seeds open the full run)."""
    assert check_seeds(range(10)) == 10


@pytest.mark.slow
def test_honest_matches_on_the_toy_group_end_as_the_engine_says() -> None:
    blocks = [range(start, min(start + 50, TOY_MATCHES)) for start in range(0, TOY_MATCHES, 50)]
    with ProcessPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        assert sum(pool.map(check_seeds, blocks)) == TOY_MATCHES


@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.slow if s else ()) for s in range(REAL_MATCHES)])
def test_honest_matches_on_secp256k1_end_as_the_engine_says(seed: int) -> None:
    match = play(10_000 + seed, secp256k1(), mode="single-round" if seed % 4 else "standard")
    check_match(match)
    moves = [t for t in match.texts if wire.decode(secp256k1(), wire.from_text(t)).shuffle is None]
    assert max(len(t) for t in moves) < 4000
    assert max(len(part) for t in match.texts for part in wire.split(t)) <= wire.PART_CHARS + 40
