"""Properties of the engine over thousands of seeded random matches.

* 55 cards and every token are conserved at every step;
* every listed legal move applies; listings are sorted and free of duplicates;
* seed + moves (a record) replay to the identical final state, also from a start position;
* positions, records (JSON and compact) and move notation round-trip through their text forms;
* a seat's view does not change when only what is hidden from it changes (R19);
* determinize(view) gives a position with the same view.

JAIPUR_PROPERTY_MATCHES (default 2000) sets how many matches the seeded loop plays.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

try:
    from . import reference as R
except ImportError:  # tests/engine is not a package: pytest put it on sys.path
    import reference as R

import jaipur

MATCHES = int(os.environ.get("JAIPUR_PROPERTY_MATCHES", "2000"))
CHUNKS = 10
HEAVY_EVERY = int(os.environ.get("JAIPUR_HEAVY_EVERY", "16"))  # round trips, views, determinize: every 16th step
ALL_APPLY_EVERY = int(os.environ.get("JAIPUR_ALL_APPLY_EVERY", "3"))  # apply every listed move: every 3rd step
SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
MANIFEST = Counter(R.MANIFEST)
FULL_GOODS = {g: sorted(v) for g, v in R.GOODS_PILES.items()}
FULL_BONUS = {k: sorted(v) for k, v in R.BONUS_PILES.items()}
# the sorted values taken off the top of each goods pile when n tokens remain
FULL_GOODS_TOP = {g: {n: sorted(v[:len(v) - n]) for n in range(len(v) + 1)} for g, v in R.GOODS_PILES.items()}
NAMES = ["Ava", "رایانه"]


# ====================================================================== checks
def conservation(j: dict) -> None:
    """R1-R3: 55 cards, 38 goods tokens, 18 bonus tokens, wherever they are."""
    hands = j["hands"]
    cards = Counter(j["market"] + hands[0] + hands[1] + j["deck"] + j["discard"])
    cards["M"] += j["herds"][0] + j["herds"][1]
    assert cards == MANIFEST, (cards, j)
    got = {g: [] for g in R.GOODS}
    bonus_got = {3: [], 4: [], 5: []}
    for t in j["taken"]:
        for x, v in t["goods"]:
            got[x].append(v)
        for size, v in t["bonus"]:
            bonus_got[size].append(v)
    piles = j["goods"]
    for g, full in R.GOODS_PILES.items():
        pile = piles[g]
        n = len(pile)
        assert pile == full[len(full) - n:], (g, pile)  # tokens leave from the top (R17)
        assert sorted(got[g]) == FULL_GOODS_TOP[g][n], (g, pile, got[g])
    for k, full in FULL_BONUS.items():
        assert sorted(j["bonus"][k] + bonus_got[int(k)]) == full, (k, j["bonus"][k], bonus_got[int(k)])
    for h in hands:
        assert len(h) <= 7 and "M" not in h and h == R.canon(h)  # R14, R6
    assert j["market"] == R.canon(j["market"]) and j["discard"] == R.canon(j["discard"])
    assert "M" not in j["discard"]
    if j["status"] == "playing":
        assert len(j["market"]) == 5  # R10
        assert sum(1 for g in R.GOODS if not piles[g]) < 3  # R21
        assert "result" not in j
    else:
        assert len(j["market"]) < 5 or sum(1 for g in R.GOODS if not piles[g]) >= 3
        assert j["result"]["seals"][0] + j["result"]["seals"][1] <= j["round"]


def check_notation(legal: list[str]) -> None:
    for m in legal:
        assert jaipur.format_move(m) == m
        assert str(jaipur.parse_move(m.lower())) == m
        if m[0] == "X":
            taken, given = m[1:].split("-")
            assert jaipur.format_move(f"X{taken[::-1]}-{given[::-1]}") == m


def round_trip_position(p, j: dict) -> None:
    assert jaipur.position_from_json(j) == p
    text = json.dumps(j)
    assert jaipur.position_from_json(text) == p
    assert jaipur.position_to_json(jaipur.position_from_json(json.loads(text))) == j


def hidden_variant(j: dict, seat: int, rng: random.Random, kinds) -> dict:
    """A copy of position JSON `j` that differs only in what `seat` cannot see."""
    v = json.loads(json.dumps(j))  # a deep copy
    other = 1 - seat
    deck = list(v["deck"])
    if "opponent-hand" in kinds:  # same size, other cards, swapped with the deck's goods; what seat knows stays
        slots = [i for i, c in enumerate(deck) if c != "M"]
        known = list(v.get("known", ["", ""])[other])
        unknown = list(v["hands"][other])
        for c in known:
            unknown.remove(c)
        n = len(unknown)
        pool = unknown + [deck[i] for i in slots]
        rng.shuffle(pool)
        v["hands"][other] = R.canon(known + pool[:n])
        for i, c in zip(slots, pool[n:]):
            deck[i] = c
    if "deck-order" in kinds:
        rng.shuffle(deck)
    v["deck"] = "".join(deck)
    if "opponent-bonus" in kinds and v["status"] == "playing":  # values hidden until the round is scored
        for k in ("3", "4", "5"):
            mine = [i for i, (size, _) in enumerate(v["taken"][other]["bonus"]) if str(size) == k]
            values = [v["taken"][other]["bonus"][i][1] for i in mine] + v["bonus"][k]
            rng.shuffle(values)
            for i, val in zip(mine, values):
                v["taken"][other]["bonus"][i] = [int(k), val]
            v["bonus"][k] = values[len(mine):]
    if "bonus-order" in kinds:
        for k in ("3", "4", "5"):
            rng.shuffle(v["bonus"][k])
    return v


HIDDEN_KINDS = ("opponent-hand", "deck-order", "opponent-bonus", "bonus-order")


def check_views(p, j: dict, rng: random.Random, thorough: bool) -> None:
    """view(p, seat) is JSON-ready, hides what R19 hides, and does not move when only hidden parts change.
    Thorough: both seats, each kind of hidden change alone and some together; else one seat, one mixed change."""
    seats = (0, 1) if thorough else (rng.randrange(2),)
    for seat in seats:
        v = jaipur.view(p, seat)
        assert "seed" not in v and "deck" not in v
        assert v["hand"] == j["hands"][seat]
        if j["status"] == "playing":
            assert all(value is None for _, value in v["taken"][1 - seat]["bonus"])
        assert json.loads(json.dumps(v)) == v  # JSON-ready
        kinds = [k for k in HIDDEN_KINDS if rng.random() < 0.5] or [rng.choice(HIDDEN_KINDS)]
        for ks in ([[k] for k in HIDDEN_KINDS] + [kinds] if thorough else [kinds]):
            var = hidden_variant(j, seat, rng, ks)
            q = jaipur.position_from_json(var)
            if thorough:
                assert jaipur.position_to_json(q) == var  # the reader took the change
            assert jaipur.view(q, seat) == v, (seat, ks)
            if thorough and ks[0] in ("deck-order", "bonus-order") and len(ks) == 1:  # hidden from both seats
                assert jaipur.view(q, 1 - seat) == jaipur.view(p, 1 - seat)


def check_determinize(p, j: dict, seat: int, seed: int) -> None:
    v = jaipur.view(p, seat)
    d = jaipur.determinize(v, jaipur.Rng(seed))
    assert jaipur.view(d, seat) == v
    dj = jaipur.position_to_json(d)
    conservation(dj)
    assert jaipur.position_from_json(dj) == d
    assert dj["hands"][seat] == j["hands"][seat]
    assert dj["status"] == j["status"]
    if j["status"] == "playing" and j["to_move"] == seat:  # the mover's options are all visible to it
        assert jaipur.legal_moves(d) == jaipur.legal_moves(p)


def check_record(seed: int, mode: str, moves: list[str], final, positions: list, rng: random.Random) -> None:
    rec = jaipur.Record(seed=seed, mode=mode, players=list(NAMES), moves=list(moves))
    replayed = jaipur.replay(rec)
    assert replayed[-1] == final
    assert len(replayed) == len(moves) + 1
    data = jaipur.record_to_json(rec)
    assert data["format"] == "jaipur-record/1" and data["moves"] == moves
    back = jaipur.record_from_json(json.loads(json.dumps(data)))
    assert back == rec
    assert jaipur.record_from_json(json.dumps(data)) == rec
    compact = jaipur.record_to_compact(rec)
    assert all(c.isalnum() or c in "-_.~" for c in compact) and compact.isascii()  # URL-safe
    assert jaipur.record_from_compact(compact) == rec
    # from a start position in the middle of the match
    k = rng.randrange(len(positions))
    start = positions[k]
    rec2 = jaipur.Record(seed=seed, mode=mode, players=list(NAMES), moves=list(moves[k:]), start=start)
    assert jaipur.replay(rec2)[-1] == final
    assert jaipur.record_from_json(jaipur.record_to_json(rec2)) == rec2
    assert jaipur.record_from_compact(jaipur.record_to_compact(rec2)) == rec2


def play(seed: int, mode: str, choose, heavy, thorough: bool = False, all_apply=lambda step: True) -> tuple:
    """Play a match with `choose(legal) -> move`; check every step; heavy checks when heavy(step);
    apply every listed move when all_apply(step)."""
    rng = random.Random(seed)
    p = jaipur.new_match(seed=seed, mode=mode)
    assert jaipur.new_match(seed=seed, mode=mode) == p  # the deal depends on the seed only
    moves, positions = [], []
    step = 0
    rounds = 1
    while True:
        j = jaipur.position_to_json(p)
        conservation(j)
        assert p.status == j["status"]
        if j["status"] == "match-over":
            break
        if j["status"] == "round-over":
            assert jaipur.legal_moves(p) == []
            if heavy(step):
                round_trip_position(p, j)
                check_views(p, j, rng, thorough)
            p = jaipur.next_round(p)
            rounds += 1
            continue
        legal = jaipur.legal_moves(p)
        assert legal and legal == sorted(set(legal))
        if all_apply(step):
            for m in legal:  # every listed move applies
                jaipur.apply(p, m)
        if heavy(step):
            check_notation(legal)
            round_trip_position(p, j)
            check_views(p, j, rng, thorough)
            check_determinize(p, j, step % 2, seed + step)
        positions.append(p)
        mv = choose(legal)
        moves.append(mv)
        p = jaipur.apply(p, mv)
        step += 1
    res = j["result"]
    assert res["match_winner"] is not None and res["next_starter"] is None
    if mode == "single-round":
        assert rounds == 1
    else:
        assert rounds <= 3 and (max(res["seals"]) >= 2 or rounds == 3)
    return p, moves, positions


# ====================================================================== seeded loops
@pytest.mark.parametrize("chunk", [pytest.param(c, marks=pytest.mark.slow if c != 5 else ()) for c in range(CHUNKS)])
def test_random_matches(chunk):
    played = 0
    for seed in range(chunk, MATCHES, CHUNKS):
        mode = "single-round" if seed % 2 else "standard"
        rng = random.Random(~seed)
        phase = seed % HEAVY_EVERY
        final, moves, positions = play(seed, mode, lambda legal, rng=rng: legal[rng.randrange(len(legal))],
                                       lambda step, phase=phase: step % HEAVY_EVERY == phase,
                                       all_apply=lambda step, k=seed % ALL_APPLY_EVERY: step % ALL_APPLY_EVERY == k)
        if seed % 20 == 0:
            check_record(seed, mode, moves, final, positions, rng)
        else:
            assert jaipur.replay(jaipur.Record(seed=seed, mode=mode, moves=moves))[-1] == final
        played += 1
    assert played == len(range(chunk, MATCHES, CHUNKS))


# ====================================================================== hypothesis
@settings(SETTINGS, max_examples=10)
@given(seed=st.integers(0, 2**64 - 1), single=st.booleans(), picks=st.lists(st.integers(0, 2**16), min_size=1))
def test_hypothesis_matches(seed, single, picks):
    """Matches from arbitrary seeds, moves picked by hypothesis, every check at every step."""
    mode = "single-round" if single else "standard"
    it = iter(picks * 1000)
    final, moves, positions = play(seed, mode, lambda legal: legal[next(it) % len(legal)], lambda step: True,
                                   thorough=True)
    check_record(seed, mode, moves, final, positions, random.Random(seed))


@settings(SETTINGS, max_examples=300)
@given(seed=st.integers(0, 2**64 - 1), single=st.booleans())
def test_new_match_deal(seed, single):
    mode = "single-round" if single else "standard"
    p = jaipur.new_match(seed=seed, mode=mode)
    j = jaipur.position_to_json(p)
    conservation(j)
    assert j["round"] == 1 and j["seals"] == [0, 0] and j["mode"] == mode and j["seed"] == seed
    assert j["to_move"] == j["starter"] in (0, 1)
    assert j["market"].count("M") >= 3 and len(j["deck"]) == 40  # R5
    for s in (0, 1):
        assert len(j["hands"][s]) + j["herds"][s] == 5  # R5, R6
    assert j["goods"] == R.GOODS_PILES and j["discard"] == ""
    assert p == jaipur.new_match(seed=seed, mode=mode)
    round_trip_position(p, j)


def test_round_one_starter_is_drawn_from_the_seed():
    """R8: round 1's starter comes from the seed, about half the time each seat."""
    starters = Counter(jaipur.new_match(seed=seed).to_move for seed in range(2000))
    assert 850 < starters[0] < 1150 and starters[0] + starters[1] == 2000


_LETTER_GROUP = st.lists(st.sampled_from(R.ORDER), min_size=1, max_size=6).map("".join)


@settings(SETTINGS, max_examples=400)
@given(kind=st.sampled_from("TXS"), a=_LETTER_GROUP, b=_LETTER_GROUP, n=st.integers(1, 99), lower=st.booleans())
def test_move_notation_round_trip(kind, a, b, n, lower):
    if kind == "T":
        text, canon = "T" + a[0], "T" + a[0]
    elif kind == "X":
        text, canon = f"X{a}-{b}", f"X{R.canon(a)}-{R.canon(b)}"
    else:
        text, canon = f"S{n}{a[0]}", f"S{n}{a[0]}"
    if lower:
        text = text.lower()
    m = jaipur.parse_move(text)
    assert str(m) == canon == jaipur.format_move(text) == jaipur.format_move(m)
    assert jaipur.format_move(canon) == canon


def test_every_candidate_shape_parses():
    """Every move string the reference enumerates parses to itself (sampled, they are ~626k)."""
    rng = random.Random(5)
    for m in rng.sample(sorted(R.all_move_strings()), 20000):
        assert jaipur.format_move(m) == m
