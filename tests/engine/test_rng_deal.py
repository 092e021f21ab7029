"""The seeded PRNG (SplitMix64 + Fisher–Yates) and the deal it drives: pinned so any change breaks a test."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import jaipur
from jaipur import Rng
from jaipur.rng import mix64, round_rng

M64 = (1 << 64) - 1


# ---------------------------------------------------------------- an independent SplitMix64 (Steele, Lea & Flood 2014)


class RefSplitMix64:
    """Written from the published algorithm, not from jaipur/rng.py."""

    def __init__(self, seed):
        self.x = seed % (1 << 64)

    def next(self):
        self.x = (self.x + 0x9E3779B97F4A7C15) % (1 << 64)
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
        return z ^ (z >> 31)

    def below(self, n):
        # rejection sampling on the top multiple of n below 2**64
        limit = (1 << 64) - (1 << 64) % n
        while True:
            v = self.next()
            if v < limit:
                return v % n

    def shuffle(self, items):
        for i in reversed(range(1, len(items))):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def ref_fmix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
    return z ^ (z >> 31)


# ---------------------------------------------------------------- pinned outputs


def test_rng0_first_output_is_the_published_splitmix64_value():
    assert Rng(0).next64() == 0xE220A8397B1DCDAF == 16294208416658607535


def test_rng0_first_three_outputs():
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [16294208416658607535, 7960286522194355700, 487617019471545679]


def test_known_splitmix64_vector_seed_1234567():
    # the reference test vector of SplitMix64 for seed 1234567
    r = Rng(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]


def test_pinned_outputs_seed_1_and_top_seed():
    r = Rng(1)
    assert [r.next64() for _ in range(3)] == [10451216379200822465, 13757245211066428519, 17911839290282890590]
    r = Rng(2**64 - 1)
    assert [r.next64() for _ in range(2)] == [16490336266968443936, 16834447057089888969]


@pytest.mark.parametrize("seed", [0, 1, 2, 42, 1234567, 2**32 + 17, 2**63, 2**64 - 1])
def test_next64_agrees_with_the_independent_implementation(seed):
    ours, ref = Rng(seed), RefSplitMix64(seed)
    for _ in range(200):
        v = ours.next64()
        assert v == ref.next()
        assert 0 <= v <= M64


@pytest.mark.parametrize("z", [0, 1, 2, 12345, 2**63, 2**64 - 1])
def test_mix64_is_the_splitmix64_finalizer(z):
    assert mix64(z) == ref_fmix(z)


def test_seed_is_taken_modulo_2_to_the_64():
    assert Rng(2**64 + 5).next64() == Rng(5).next64()
    assert Rng(-1).next64() == Rng(2**64 - 1).next64()


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_below_and_shuffle_agree_with_the_independent_implementation(seed):
    ours, ref = Rng(seed), RefSplitMix64(seed)
    for n in (1, 2, 3, 7, 10, 52, 127, 128, 129, 1000, 2**40 + 3, 2**63 + 1):
        for _ in range(20):
            assert ours.below(n) == ref.below(n)
    for size in (0, 1, 2, 60, 127, 128, 129, 200):  # both sides of the small-n limit table
        a, b = list(range(size)), list(range(size))
        ours.shuffle(a)
        ref.shuffle(b)
        assert a == b and sorted(a) == list(range(size))
    assert ours.next64() == ref.next()


def test_below_pinned_and_in_range():
    r = Rng(42)
    assert [r.below(10) for _ in range(10)] == [3, 1, 8, 4, 0, 2, 5, 8, 5, 4]
    r = Rng(7)
    assert all(0 <= r.below(n) < n for n in range(1, 500))
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_below_rejects_the_biased_tail():
    # with n = 2**63 + 1 only outputs below n (one multiple) are kept: every value is < n
    r = Rng(5)
    n = 2**63 + 1
    assert all(r.below(n) < n for _ in range(200))


def test_random_float_pinned_and_in_range():
    assert Rng(42).random() == 0.7415648787718233
    r = Rng(1)
    assert all(0.0 <= r.random() < 1.0 for _ in range(1000))


def test_round_rng_is_seeded_from_mix64_of_seed_xor_round():
    assert round_rng(1, 1).state == mix64(1) ^ 1 == 6238072747940578788
    assert round_rng(1, 2).state == 6238072747940578791
    for seed in (0, 5, 2**64 - 1):
        for rnd in (0, 1, 2, 3):
            assert round_rng(seed, rnd).state == ref_fmix(seed) ^ rnd


# ---------------------------------------------------------------- the first deal of seed 1, pinned


def test_first_deal_of_seed_1_is_pinned():
    p = jaipur.new_match(1)
    j = jaipur.position_to_json(p)
    assert j["market"] == "GPMMM"
    assert j["hands"] == ["GCPL", "GSCL"]
    assert j["herds"] == [1, 1]
    assert j["deck"] == "CPCLMCDMMGPSDDCPMLLSLSSDLLDLSMCPPGMPLDGC"
    assert j["bonus"] == {"3": [2, 3, 2, 2, 1, 3, 1], "4": [6, 5, 6, 4, 4, 5], "5": [10, 8, 8, 10, 9]}
    assert j["starter"] == 1 and j["to_move"] == 1
    assert j["round"] == 1 and j["seals"] == [0, 0] and j["seed"] == 1 and j["mode"] == "standard"
    assert j["discard"] == "" and j["status"] == "playing"


def test_later_rounds_of_seed_1_are_pinned():
    r2 = jaipur.position_to_json(jaipur.deal(1, 2, starter=0))
    assert r2["market"] == "CMMMM" and r2["hands"] == ["DGPL", "DSCCL"] and r2["herds"] == [1, 0]
    assert r2["deck"] == "SPPMGCSCDDLLGSSLCPLLGPGSPMDMMMGPLCMDPLCL"
    assert r2["bonus"] == {"3": [2, 1, 1, 2, 3, 3, 2], "4": [5, 4, 5, 4, 6, 6], "5": [9, 8, 10, 8, 10]}
    r3 = jaipur.position_to_json(jaipur.deal(1, 3, starter=0))
    assert r3["market"] == "LLMMM" and r3["hands"] == ["CCCPP", "GSC"] and r3["herds"] == [0, 2]
    assert r3["deck"] == "CMLLMCCMPCGDPMGLLLLPDDSLSPMLGPSMDGSPGDSD"


def ref_deal(seed, rnd):
    """The deal as the DESIGN and rules.deal's docstring describe it, from the reference generator."""
    rng = RefSplitMix64(ref_fmix(seed) ^ rnd)
    cards = list("D" * 6 + "G" * 6 + "S" * 6 + "C" * 8 + "P" * 8 + "L" * 10 + "M" * 8)
    rng.shuffle(cards)
    bonus = {}
    for size, pile in (("3", [1, 1, 2, 2, 2, 3, 3]), ("4", [4, 4, 5, 5, 6, 6]), ("5", [8, 8, 9, 10, 10])):
        pile = list(pile)
        rng.shuffle(pile)
        bonus[size] = pile
    starter = rng.below(2) if rnd == 1 else None
    order = "DGSCPLM"
    canon = lambda s: "".join(sorted(s, key=order.index))  # noqa: E731
    hands = [canon(c for c in cards[i * 5:(i + 1) * 5] if c != "M") for i in (0, 1)]
    herds = [cards[i * 5:(i + 1) * 5].count("M") for i in (0, 1)]
    market = canon("MMM" + "".join(cards[10:12]))
    return {"market": market, "hands": hands, "herds": herds, "deck": "".join(cards[12:]),
            "bonus": bonus, "starter": starter}


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 42, 777, 2**64 - 1])
def test_deal_agrees_with_an_independent_dealer(seed):
    want = ref_deal(seed, 1)
    got = jaipur.position_to_json(jaipur.new_match(seed))
    for key in ("market", "hands", "herds", "deck", "bonus", "starter"):
        assert got[key] == want[key], key
    for rnd in (2, 3):
        want = ref_deal(seed, rnd)
        got = jaipur.position_to_json(jaipur.deal(seed, rnd, starter=1))
        for key in ("market", "hands", "herds", "deck", "bonus"):
            assert got[key] == want[key], (rnd, key)


# ---------------------------------------------------------------- determinism and variety


def test_same_seed_same_deal():
    for seed in (0, 1, 99):
        assert jaipur.new_match(seed) == jaipur.new_match(seed)
        assert jaipur.deal(seed, 2, starter=1) == jaipur.deal(seed, 2, starter=1)


def test_different_rounds_deal_differently():
    for seed in range(20):
        decks = {jaipur.deal(seed, r, starter=0).deck for r in (1, 2, 3)}
        assert len(decks) == 3


def test_different_seeds_deal_differently():
    decks = {jaipur.new_match(seed).deck for seed in range(200)}
    assert len(decks) == 200


def test_single_round_mode_deals_the_same_cards():
    a, b = jaipur.new_match(9), jaipur.new_match(9, "single-round")
    assert (a.market, a.hands, a.herds, a.deck, a.bonus, a.starter) == (b.market, b.hands, b.herds, b.deck, b.bonus, b.starter)


def test_next_round_is_dealt_from_seed_and_round_number():
    p = jaipur.new_match(31)
    rng = Rng(2)
    while not p.round_over:
        moves = jaipur.legal_moves(p)
        p = jaipur.apply(p, moves[rng.below(len(moves))])
    q = jaipur.next_round(p)
    want = ref_deal(31, 2)
    got = jaipur.position_to_json(q)
    for key in ("market", "hands", "herds", "deck", "bonus"):
        assert got[key] == want[key]


def test_starters_are_balanced_over_seeds():
    counts = Counter(jaipur.new_match(seed).starter for seed in range(400))
    assert 150 < counts[0] < 250


def test_card_positions_look_uniform():
    # the top deck card over many seeds: every letter shows up roughly in proportion
    tops = Counter(jaipur.new_match(seed).deck[0] for seed in range(1100))
    for letter, n in {"D": 6, "G": 6, "S": 6, "C": 8, "P": 8, "L": 10, "M": 8}.items():
        expected = 1100 * n / 52
        assert 0.5 * expected < tops[letter] < 1.6 * expected, (letter, tops[letter])


# ---------------------------------------------------------------- never the random module


def test_dealing_never_uses_the_random_module(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the random module was used")

    before = jaipur.new_match(5)
    before2 = jaipur.position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "seed": 5})
    for name in ("random", "randint", "randrange", "shuffle", "choice", "choices", "sample", "getrandbits",
                 "uniform", "seed"):
        monkeypatch.setattr(random, name, boom)
    for name in ("random", "randint", "randrange", "shuffle", "choice", "choices", "sample", "getrandbits",
                 "uniform", "seed"):
        monkeypatch.setattr(random.Random, name, boom)
    assert jaipur.new_match(5) == before
    assert jaipur.deal(5, 2, starter=0).deck
    assert jaipur.position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "seed": 5}) == before2
    p = before
    for _ in range(30):
        if p.round_over:
            p = jaipur.next_round(p)
        p = jaipur.apply(p, jaipur.legal_moves(p)[0])
    jaipur.determinize(jaipur.view(p, 0), Rng(3))


def test_deal_does_not_depend_on_the_global_random_state():
    random.seed(1)
    a = jaipur.new_match(77)
    random.seed(2)
    random.random()
    assert jaipur.new_match(77) == a


ENGINE = ["cards.py", "rng.py", "notation.py", "errors.py", "position.py", "rules.py", "view.py", "record.py"]


@pytest.mark.parametrize("name", ENGINE)
def test_engine_modules_do_not_import_random(name):
    source = (Path(jaipur.__file__).parent / name).read_text(encoding="utf-8")
    for line in source.splitlines():
        stripped = line.strip()
        assert not stripped.startswith(("import random", "from random")), (name, line)
