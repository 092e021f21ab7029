"""Two honest sides finish every match with the same positions as the engine, and the deal passes every check."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from jaipur import apply
from jaipur.fair import secp256k1
from jaipur.fair.items import BONUS_PILES, BONUS_VALUES, CARD_LETTERS, CARDS
from jaipur.fair.keys import dealt_items, friend_keys, inviter_keys
from jaipur.rules import deal_from

from .helpers import Match, play

TOY_MATCHES = 2000
REAL_MATCHES = 20


def engine_rounds(match: Match) -> list[object]:
    """Each round replayed by the engine alone, from the deal both secrets make and the moves played."""
    a, b = match.sides
    out = []
    seals, starter = (0, 0), None
    for r in sorted(a.rounds):
        rd = a.rounds[r]
        if rd.ledger is None or rd.final is None:
            continue
        ik = inviter_keys(a._secrets[r], a.game, r, a.group.order)
        fk = friend_keys(b._secrets[r], b.game, r, b.group.order)
        items = dealt_items(ik, fk)
        cards = "".join(CARD_LETTERS[items[p]] for p in range(CARDS))
        bonus = tuple(tuple(BONUS_VALUES[items[p] - CARDS][1] for p in pile) for pile in BONUS_PILES)
        if starter is None:
            starter = rd.final.starter
        p = deal_from(cards, bonus, r, a.mode, seals, starter)  # type: ignore[arg-type]
        for _, move, _ in rd.ledger.moves:
            p = apply(p, move)
        out.append(p)
        res = p.result
        assert res is not None
        seals = (res["seals"][0], res["seals"][1])
        starter = res["next_starter"]
    return out


def check_match(match: Match) -> None:
    a, b = match.sides
    assert a.status == b.status == "over"
    assert a.invalid is None and b.invalid is None
    assert a.results() == b.results()
    assert a.results() == engine_rounds(match)
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
    longest = max(len(text) for text in match.texts)
    assert longest < 3900, longest
