"""Public memory (R19, R20): what each seat knows of the other's hand from the round's public moves.

Checked against an independent replay written here from the move strings alone (who moved is public),
never from the engine's own bookkeeping.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import jaipur
from jaipur import Rng, determinize, position_from_json, position_to_json, view

SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None,
                    max_examples=40)


class Watcher:
    """What a person watching the table remembers of each hand, from the moves alone."""

    def __init__(self) -> None:
        self.round = 0
        self.memory: list[Counter[str]] = [Counter(), Counter()]

    def new_round(self, number: int) -> None:
        """A new round: the cards are dealt again and nothing is known."""
        self.round = number
        self.memory = [Counter(), Counter()]

    def saw(self, seat: int, move: str) -> None:
        """`seat` played `move` in front of everybody."""
        mem = self.memory[seat]
        if move == "TM":
            return
        if move[0] == "T":
            mem[move[1]] += 1
        elif move[0] == "S":
            good, n = move[-1], int(move[1:-1])
            mem[good] = max(0, mem[good] - n)
        else:
            taken, given = move[1:].split("-")
            for good in set(given) - {"M"}:
                mem[good] = max(0, mem[good] - given.count(good))
            for good in taken:
                mem[good] += 1

    def letters(self, seat: int) -> str:
        """The remembered cards of `seat` in canonical order."""
        return "".join(g * self.memory[seat][g] for g in "DGSCPL")


def play_watched(seed: int, mode: str, rng: random.Random):
    """Yield (position, watcher) at every step of a seeded random match."""
    p = jaipur.new_match(seed, mode)
    w = Watcher()
    w.new_round(p.round)
    moves: list[str] = []
    yield p, w, moves
    while p.status != "match-over":
        if p.round_over:
            p = jaipur.next_round(p)
            w.new_round(p.round)
            yield p, w, moves
            continue
        legal = jaipur.legal_moves(p)
        move = legal[rng.randrange(len(legal))]
        w.saw(p.to_move, move)
        p = jaipur.apply(p, move)
        moves.append(move)
        yield p, w, moves


def check_step(p, w: Watcher) -> None:
    j = position_to_json(p)
    assert j["known"] == [w.letters(0), w.letters(1)]
    for s in (0, 1):
        held = Counter(j["hands"][s])
        assert all(held[g] >= n for g, n in Counter(j["known"][s]).items()), (j["hands"], j["known"])
        assert p.known[s][6] == 0
    for seat in (0, 1):
        assert view(p, seat)["known"] == j["known"]


@pytest.mark.parametrize("seed", range(12))
def test_R19_memory_matches_an_independent_watcher(seed):
    rng = random.Random(seed)
    for p, w, _ in play_watched(seed, "single-round" if seed % 3 == 2 else "standard", rng):
        check_step(p, w)


@SETTINGS
@given(st.integers(0, 2**64 - 1), st.sampled_from(["standard", "single-round"]), st.integers(0, 2**32))
def test_R19_memory_property_over_seeded_matches(seed, mode, walk):
    rng = random.Random(walk)
    for p, w, _ in play_watched(seed, mode, rng):
        check_step(p, w)


def test_R19_memory_grows_when_a_seat_is_seen_taking_goods():
    rng = random.Random(5)
    seen = 0
    for p, _, _ in play_watched(5, "standard", rng):
        seen = max(seen, sum(map(sum, p.known)))
    assert seen > 0


def test_R30_a_new_round_forgets():
    rng = random.Random(1)
    for p, _, _ in play_watched(1, "standard", rng):
        if p.round > 1 and not p.round_over and p.to_move == p.starter and p.deck and len(p.deck) == 40:
            assert p.known == ((0,) * 7, (0,) * 7)
            return
    pytest.fail("the match never reached a second round")


def test_record_replay_rebuilds_the_memory():
    rng = random.Random(3)
    steps = list(play_watched(3, "standard", rng))
    final, _, moves = steps[-1]
    record = jaipur.Record(seed=3, moves=list(moves))
    for read in (jaipur.record_from_json(json.dumps(jaipur.record_to_json(record))),
                 jaipur.record_from_compact(jaipur.record_to_compact(record))):
        positions = jaipur.replay(read)
        watcher = Watcher()
        for p, m in zip(positions, read.moves):
            if p.round_over:  # the move is played in the next round
                p = jaipur.next_round(p)
            if p.round != watcher.round:
                watcher.new_round(p.round)
            check_step(p, watcher)
            watcher.saw(p.to_move, m)
        check_step(positions[-1], watcher)
        assert positions[-1] == final


def test_memory_round_trips_through_position_json():
    rng = random.Random(8)
    for p, _, _ in play_watched(8, "single-round", rng):
        j = position_to_json(p)
        assert position_from_json(j) == p
        assert position_from_json(json.dumps(j)).known == p.known


def test_old_positions_without_known_read_as_nothing_known():
    p = position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"]})
    assert p.known == ((0,) * 7, (0,) * 7)
    assert position_to_json(p)["known"] == ["", ""]
    assert view(p, 0)["known"] == ["", ""]


def test_known_letters_are_read_in_any_order_and_written_canonically():
    p = position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "known": ["gd", "LS"]})
    assert position_to_json(p)["known"] == ["DG", "SL"]


@pytest.mark.parametrize("known, words", [
    (["M", ""], "camels"),
    (["", "DD"], "holds 0"),
    (["DDD", ""], "holds 2"),
    (["DX", ""], "not a card letter"),
    ("DD", "list of two strings"),
    (["D"], "list of two strings"),
    ([1, ""], "string of card letters"),
])
def test_bad_known_is_refused_with_a_sentence(known, words):
    with pytest.raises(jaipur.BadPositionError) as info:
        position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "known": known})
    assert info.value.code == "bad-position"
    assert words in info.value.message


@pytest.mark.parametrize("move, before, after", [
    ("TD", "GS", "DGS"),  # a good taken from the market is seen
    ("TM", "DG", "DG"),  # camels tell nothing about the hand
    ("S2D", "DDG", "G"),  # a sale removes that many of the good, known first
    ("S2G", "DGG", "D"),
    ("S1L", "DG", "DG"),  # selling an unknown good forgets nothing else
])
def test_R19_apply_keeps_the_memory(move, before, after):
    p = position_from_json({"market": "MMDGS", "hands": ["DDGGSL", "L"], "known": [before, ""]})
    q = jaipur.apply(p, move)
    assert position_to_json(q)["known"] == [after, ""]


def test_R13_exchange_given_goods_leave_taken_goods_enter():
    p = position_from_json({"market": "DGSMM", "hands": ["CCPL", "L"], "herds": [2, 0], "known": ["CP", ""]})
    q = jaipur.apply(p, "XDGS-CCM")
    assert position_to_json(q)["known"] == ["DGSP", ""]


def test_determinize_deals_the_known_cards_to_the_opponent():
    rng = random.Random(11)
    checked = 0
    for p, _, _ in play_watched(11, "standard", rng):
        if p.round_over:
            continue
        for seat in (0, 1):
            v = view(p, seat)
            known = Counter(v["known"][1 - seat])
            for k in range(3):
                d = determinize(v, Rng(k))
                assert view(d, seat) == v
                theirs = Counter(position_to_json(d)["hands"][1 - seat])
                assert all(theirs[g] >= n for g, n in known.items())
                assert d.known == p.known
                checked += bool(known)
    assert checked > 0


def test_determinize_of_an_old_view_without_known_still_works():
    v = view(jaipur.new_match(4), 0)
    del v["known"]
    d = determinize(v, Rng(1))
    assert d.known == ((0,) * 7, (0,) * 7)


def test_determinize_refuses_a_view_that_knows_more_than_is_unseen():
    v = view(position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"]}), 0)
    v["known"] = ["", "DDDDDD"]
    with pytest.raises(jaipur.JaipurError):
        determinize(v, Rng(1))
