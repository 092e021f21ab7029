"""The engine agrees with the independent reference (tests/engine/reference.py).

The first half tests the reference itself on hand-made positions (it needs no
engine); the second half plays seeded random matches with the engine and checks,
at every step, that both list the same legal moves and reach the same position.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

try:
    from . import reference as R
except ImportError:  # tests/engine is not a package: pytest put it on sys.path
    import reference as R


# ====================================================================== helpers
def make(market, hands, herds=(0, 0), *, to_move=0, deck=None, discard=None, goods=None, bonus=None,
         taken=None, mode="standard", round_no=1, seals=(0, 0), starter=None, known=None):
    """A complete position from its interesting parts; the cards placed nowhere
    go to the deck (or to the discard pile when `deck` is given)."""
    placed = Counter(market) + Counter(hands[0]) + Counter(hands[1])
    placed["M"] += sum(herds)
    if discard is not None:
        placed += Counter(discard)
    if deck is not None:
        placed += Counter(deck)
    rest = Counter(R.MANIFEST)
    rest.subtract(placed)
    assert all(v >= 0 for v in rest.values()), rest
    rest_cards = "".join(R.ORDER[i] * rest[x] for i, x in enumerate(R.ORDER))
    if deck is None:
        deck = "".join(reversed(rest_cards))  # any fixed order
    else:
        assert rest["M"] == 0, "with a deck given, every camel must be placed (camels are never discarded)"
        discard = (discard or "") + rest_cards
    taken = taken or [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}]
    gp = {g: list(v) for g, v in R.GOODS_PILES.items()}
    if goods:
        gp.update({g: list(v) for g, v in goods.items()})
    bp = {k: list(v) for k, v in R.BONUS_PILES.items()}
    if bonus:
        bp.update({k: list(v) for k, v in bonus.items()})
    return {
        "format": "jaipur-position/1", "mode": mode, "round": round_no, "seals": list(seals),
        "to_move": to_move, "starter": to_move if starter is None else starter,
        "market": R.canon(market), "hands": [R.canon(h) for h in hands], "herds": list(herds),
        "deck": deck, "discard": R.canon(discard or ""), "goods": gp, "bonus": bp,
        "taken": taken, "seed": 0, "known": list(known or ["", ""]), "status": "playing",
    }


NORMAL = make("GSMMM", ["DDG", "SCL"], (2, 1))


# ====================================================================== the reference itself
@pytest.mark.parametrize("move, code", [
    ("XD-L", "R13a"), ("XG-D", "R13a"), ("XDG-L", "R13"), ("XGS-MMM", "R13"), ("S1M", "R15"), ("S3M", "R15"),
    ("TD", "unavailable"), ("S1D", "R16"), ("S1G", "R16"), ("S3D", "unavailable"), ("S1L", "unavailable"),
    ("XGM-DD", "R13b"), ("XMM-DD", "R13b"), ("XGS-GD", "R13c"), ("XGS-SD", "unavailable"),
    ("XGS-LL", "unavailable"), ("XGG-DD", "unavailable"), ("XGS-MMM", "R13"),
    ("TM", None), ("TG", None), ("TS", None), ("S2D", None), ("S1G", "R16"), ("XGS-DD", None),
    ("XGS-DM", None), ("XGS-MM", None), ("XG-", "bad-move"), ("S0D", "bad-move"), ("Q", "bad-move"),
])
def test_judge_examples(move, code):
    assert R.judge(NORMAL, move) == code


def test_faults_lists_every_broken_rule():
    assert R.faults(NORMAL, "XGS-SD") == {"R13c", "unavailable"}
    assert R.faults(NORMAL, "XM-D") == {"R13b", "R13a"}
    assert R.faults(NORMAL, "XDGSCP-LLLL") == {"R13", "unavailable"}
    assert R.faults(NORMAL, "S1S") == {"R16", "unavailable"}
    assert R.faults(NORMAL, "S2D") == set()
    assert R.faults(dict(NORMAL, status="round-over"), "S2D") == {"over"}


def test_judge_hand_limit():
    p = make("GSDMM", ["CCCPPPL", ""], (3, 0))
    assert R.judge(p, "TG") == "R11"
    assert R.judge(p, "TM") is None  # R12 is not limited by hand size
    assert R.judge(p, "XGS-MM") == "R13d"  # camels given make the hand grow
    assert R.judge(p, "XGS-CM") == "R13d"
    assert R.judge(p, "XGS-CP") is None
    assert R.judge(p, "XDGS-CPM") == "R13d"
    assert R.judge(p, "XDGS-CCP") is None


def test_judge_no_camel_in_market():
    p = make("DGSCP", ["L", "L"])
    assert R.judge(p, "TM") == "R12"
    assert "TM" not in R.legal(p)


def test_judge_other_seat():
    p = dict(NORMAL, to_move=1)
    assert R.judge(p, "S1C") is None  # common goods may be sold one at a time (R16)
    assert R.judge(p, "S1S") == "R16"
    assert R.judge(p, "S2D") == "unavailable"
    assert R.judge(p, "XGS-SC") == "R13c"
    assert R.judge(p, "XGM-CL") == "R13b"
    assert R.judge(p, "XGS-MC") is None  # the parser's order does not matter
    assert R.judge(p, "XGS-CM") is None
    assert R.judge(p, "XGS-MM") == "unavailable"  # one camel in the herd
    assert R.judge(p, "XGM-MM") == "R13b"


@pytest.mark.parametrize("pos", [
    NORMAL,
    make("GSDMM", ["CCCPPPL", ""], (3, 0)),
    make("DGSCP", ["DGSCPLL", "M" * 0], (5, 0)),
    R.deal(7),
])
def test_fast_legal_equals_brute_force(pos):
    assert R.legal(pos) == R.legal_bruteforce(pos)


def test_legal_listing_normal():
    legal = R.legal(NORMAL)
    assert legal == sorted(set(legal))
    assert {"TG", "TS", "TM", "S2D", "XGS-DD", "XGS-DM", "XGS-MM"} <= set(legal)
    assert "XGM-DD" not in legal
    # exchanges of 3+ need 3 goods in market: the market has only G and S
    assert not any(m.startswith("X") and len(m.split("-")[0]) > 3 for m in legal)


def test_apply_take_refills_from_deck_top():
    p = make("GSMMM", ["DDG", "SCL"], (2, 1), deck="LCPD" + "MMMMM")
    q = R.apply(p, "TG")
    assert q["hands"][0] == "DDGG" and q["market"] == "SLMMM" and q["deck"] == "CPDMMMMM"
    assert q["to_move"] == 1 and q["status"] == "playing"
    q = R.apply(p, "TM")
    assert q["herds"][0] == 5 and q["market"] == "GSCPL" and q["deck"] == "DMMMMM"
    assert R.check_position(q) == []


def test_apply_exchange_draws_nothing():
    q = R.apply(NORMAL, "XGS-DM")
    assert q["market"] == "DMMMM" and q["hands"][0] == "DGGS" and q["herds"][0] == 1
    assert q["deck"] == NORMAL["deck"]
    assert R.check_position(q) == []


def test_apply_sell_tokens_and_bonus():
    p = make("GSMMM", ["LLL", "DDD"], (0, 0), goods={"L": [1, 1]}, bonus={"3": [3, 1, 2, 2, 2, 1, 3]},
             taken=[{"goods": [["L", v] for v in R.GOODS_PILES["L"][:7]], "bonus": []},
                    {"goods": [], "bonus": []}], discard="LLLLLLL")
    assert R.check_position(p) == []
    q = R.apply(p, "S3L")
    assert q["goods"]["L"] == []  # R17: only two tokens left
    assert q["taken"][0]["goods"][-3:] == [["L", 1], ["L", 1], ["L", 1]]
    assert len(q["taken"][0]["goods"]) == 9
    assert q["taken"][0]["bonus"] == [[3, 3]]  # R18 even when the goods pile ran short
    assert q["bonus"]["3"] == [1, 2, 2, 2, 1, 3]
    assert q["discard"].count("L") == 10 and q["hands"][0] == ""
    assert R.check_position(q) == []
    q2 = R.apply(dict(p, to_move=1), "S3D")
    assert q2["taken"][1] == {"goods": [["D", 7], ["D", 7], ["D", 5]], "bonus": [[3, 3]]}
    assert q2["goods"]["D"] == [5, 5] and q2["to_move"] == 0
    assert R.check_position(q2) == []


def test_apply_sell_six_takes_from_the_five_pile():
    p = make("GSMMM", ["CCCCCC", ""], (0, 0), bonus={"5": [9, 8, 10, 8, 10]})
    q = R.apply(p, "S6C")
    assert [v for _, v in q["taken"][0]["goods"]] == [5, 3, 3, 2, 2, 1]
    assert q["taken"][0]["bonus"] == [[5, 9]] and q["bonus"]["5"] == [8, 10, 8, 10]
    assert q["goods"]["C"] == [1] and q["market"] == "GSMMM" and q["deck"] == p["deck"]
    assert R.check_position(q) == []


def test_apply_sell_empty_bonus_pile():
    p = make("GSMMM", ["CCCC", ""], (0, 0), bonus={"4": []},
             taken=[{"goods": [], "bonus": [[4, 4], [4, 4], [4, 5]]}, {"goods": [], "bonus": [[4, 5], [4, 6], [4, 6]]}])
    q = R.apply(p, "S4C")
    assert q["taken"][0]["bonus"] == [[4, 4], [4, 4], [4, 5]]
    assert [v for _, v in q["taken"][0]["goods"]] == [5, 3, 3, 2]


def _empty_piles_taken():
    """Diamonds and gold all taken by seat 1, leather taken by seat 0 except the last."""
    return [
        {"goods": [["L", v] for v in R.GOODS_PILES["L"][:-1]], "bonus": []},
        {"goods": [["D", v] for v in R.GOODS_PILES["D"]] + [["G", v] for v in R.GOODS_PILES["G"]], "bonus": []},
    ]


def test_round_end_three_empty_goods_piles():
    # seat 0 sells the last leather; D and G piles are already empty (R21)
    p = make("SSMMM", ["L", "C"], (3, 3), goods={"D": [], "G": [], "L": [1]}, taken=_empty_piles_taken(),
             discard="DDDDDGGGGGLLLLLLLL")
    q = R.apply(p, "S1L")
    assert q["status"] == "round-over" and q["to_move"] == 1
    res = q["result"]
    assert res["scores"] == [15, 29 + 27] and res["camel_token"] is None
    assert res["winner"] == 1 and res["tiebreak"] is None and res["seals"] == [0, 1]
    assert res["next_starter"] == 0 and res["match_winner"] is None
    assert q["seals"] == [0, 0]  # the position keeps the seals at the round's start
    assert R.check_position(q) == []


def test_round_not_over_with_two_empty_piles():
    p = make("SSMMM", ["LL", "C"], (3, 3), goods={"D": [], "G": [], "L": [1, 1]}, taken=[
        {"goods": [["L", v] for v in R.GOODS_PILES["L"][:-2]], "bonus": []},
        {"goods": [["D", v] for v in R.GOODS_PILES["D"]] + [["G", v] for v in R.GOODS_PILES["G"]], "bonus": []}],
        discard="DDDDDGGGGGLLLLLLL")
    q = R.apply(p, "S1L")
    assert q["status"] == "playing"
    q = R.apply(p, "S2L")
    assert q["status"] == "round-over"


def test_round_end_deck_runs_short():
    p = make("DGMMM", ["", ""], (4, 4), deck="C")
    q = R.apply(p, "TM")  # needs 3, deck has 1 (R22)
    assert q["market"] == "DGC" and q["deck"] == "" and q["status"] == "round-over"
    res = q["result"]
    assert res["camel_token"] == 0 and res["scores"] == [5, 0]  # 7 camels against 4 and res["winner"] == 0
    assert res["next_starter"] == 1


def test_deck_reaching_zero_does_not_end_the_round():
    p = make("DGMMM", ["", ""], (3, 5), deck="CCC")
    q = R.apply(p, "TM")
    assert q["deck"] == "" and q["status"] == "playing" and len(q["market"]) == 5
    q2 = R.apply(q, "XDG-MM")  # exchange draws nothing
    assert q2["status"] == "playing"
    q3 = R.apply(q2, "TC")  # now a refill is needed and the deck is empty
    assert q3["status"] == "round-over" and len(q3["market"]) == 4


def test_tie_break_bonus_count():
    t = [{"goods": [["D", 7], ["D", 7]], "bonus": [[3, 1], [3, 1]]},
         {"goods": [["G", 6], ["G", 6]], "bonus": [[4, 4]]}]
    p = make("CCMMM", ["", ""], (4, 4), deck="", taken=t, goods={"D": [5, 5, 5], "G": [5, 5, 5]},
             bonus={"3": [2, 2, 2, 3, 3], "4": [4, 5, 5, 6, 6]}, discard="DDGG")
    assert R.check_position(p) == []
    q = R.apply(p, "TC")  # a refill is needed, the deck is empty: the round ends (R22)
    res = q["result"]
    assert res["scores"] == [16, 16] and res["winner"] == 0 and res["tiebreak"] == "bonus"
    assert res["seals"] == [1, 0] and res["next_starter"] == 1


def test_tie_break_goods_count():
    t = [{"goods": [["S", 5], ["S", 5], ["L", 4]], "bonus": []},
         {"goods": [["D", 7], ["D", 7]], "bonus": []}]
    p = make("CCMMM", ["", ""], (4, 4), deck="", taken=t, to_move=1,
             goods={"S": [5, 5, 5], "L": [3, 2, 1, 1, 1, 1, 1, 1], "D": [5, 5, 5]}, discard="SSLDD")
    assert R.check_position(p) == []
    q = R.apply(p, "TC")
    res = q["result"]
    assert res["scores"] == [14, 14] and res["winner"] == 0 and res["tiebreak"] == "goods"
    assert res["next_starter"] == 1


def _tied(seals=(0, 0), round_no=1, mode="standard", to_move=0):
    """`to_move` ends the round with TC (empty deck); scores 5-5, no bonus, one goods token each."""
    t = [{"goods": [["C", 5]], "bonus": []}, {"goods": [["P", 5]], "bonus": []}]
    return make("CCMMM", ["", ""], (4, 4), deck="", taken=t, to_move=to_move, mode=mode, round_no=round_no,
                seals=seals, goods={"C": [3, 3, 2, 2, 1, 1], "P": [3, 3, 2, 2, 1, 1]}, discard="CP")


def test_no_winner_next_starter_and_seals():
    assert R.check_position(_tied()) == []
    q = R.apply(_tied(to_move=0), "TC")
    res = q["result"]
    assert res["scores"] == [5, 5] and res["winner"] is None and res["tiebreak"] is None
    assert res["seals"] == [0, 0] and res["next_starter"] == 1 and res["match_winner"] is None
    assert q["status"] == "round-over" and q["to_move"] == 1
    q = R.apply(_tied(to_move=1), "TC")
    assert q["result"]["next_starter"] == 0


@pytest.mark.parametrize("seals, round_no, mode, winner_seat, status, match_winner", [
    ((0, 0), 1, "standard", 0, "round-over", None),
    ((1, 0), 2, "standard", 0, "match-over", 0),
    ((0, 1), 2, "standard", 0, "round-over", None),
    ((1, 1), 3, "standard", 1, "match-over", 1),
    ((1, 0), 3, "standard", None, "match-over", 0),   # 3 rounds, more seals wins
    ((0, 0), 3, "standard", None, "match-over", "draw"),
    ((1, 0), 3, "standard", 1, "match-over", "draw"),  # 1-1 after three rounds
    ((0, 0), 1, "single-round", 0, "match-over", 0),
    ((0, 0), 1, "single-round", None, "match-over", "draw"),
])
def test_match_flow(seals, round_no, mode, winner_seat, status, match_winner):
    p = _tied(seals=seals, round_no=round_no, mode=mode, to_move=0)
    if winner_seat is not None:  # give the winner one more bonus token (same score: bonus values 1 vs goods)
        p["taken"][winner_seat]["bonus"] = [[3, 1]]
        p["bonus"]["3"] = sorted(R.BONUS_PILES["3"])[1:]
    q = R.apply(p, "TC")
    res = q["result"]
    assert q["status"] == status and res["match_winner"] == match_winner
    assert res["winner"] == winner_seat
    expected_seals = list(seals)
    if winner_seat is not None:
        expected_seals[winner_seat] += 1
    assert res["seals"] == expected_seals and q["seals"] == list(seals)
    if status == "match-over":
        assert res["next_starter"] is None
    else:
        assert res["next_starter"] == (1 - winner_seat if winner_seat is not None else 1)


def test_reference_self_play_invariants():
    """Random play with the reference alone: cards and tokens are conserved, rounds end."""
    for seed in range(40):
        p = R.deal(seed)
        rng = random.Random(seed)
        steps = 0
        while p["status"] == "playing":
            legal = R.legal(p)
            assert legal, p
            p = R.apply(p, rng.choice(legal))
            assert R.check_position(p) == []
            steps += 1
            assert steps < 1000
        assert p["result"]["seals"][0] + p["result"]["seals"][1] <= 1


# ====================================================================== the engine against the reference
AGREE_MATCHES = int(os.environ.get("JAIPUR_AGREE_MATCHES", "60"))
CHUNK = 10
SAMPLE_ANY = 12  # illegal moves sampled per step from every move shape
SAMPLE_NEAR = 12  # ... and from moves built from reachable cards


def engine():
    """The engine under test (imported here so the reference's own tests above run without it)."""
    import jaipur

    return jaipur


def same_position(engine_json: dict, ref_json: dict) -> None:
    """Every field equal; the engine's result may carry extra keys (breakdown, ended_by)."""
    e, r = dict(engine_json), dict(ref_json)
    e_res, r_res = e.pop("result", None), r.pop("result", None)
    assert e == r
    assert (e_res is None) == (r_res is None), (e_res, r_res)
    if r_res is not None:
        assert {k: e_res.get(k, "<missing>") for k in r_res} == r_res


def check_illegal(jaipur, p, j, move):
    """The engine refuses `move` with a code the reference finds among the move's faults."""
    found = R.faults(j, move)
    assert found, move
    try:
        jaipur.apply(p, move)
    except jaipur.JaipurError as exc:
        assert exc.code in found, (move, exc.code, found, j)
        return exc.code
    raise AssertionError(f"the engine accepts {move}, the reference finds {found} in {j}")


def check_new_round(jaipur, finished, res):
    nxt = jaipur.next_round(finished)
    n = jaipur.position_to_json(nxt)
    assert R.check_position(n) == []
    assert n["status"] == "playing" and "result" not in n
    assert n["round"] == finished.round + 1 and n["mode"] == finished.mode
    assert n["seals"] == res["seals"]
    assert n["starter"] == n["to_move"] == res["next_starter"]  # R8
    assert n["discard"] == "" and n["taken"] == [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}]
    assert n["known"] == ["", ""]  # a new round forgets the public memory
    assert n["goods"] == R.GOODS_PILES  # R7
    assert {k: sorted(v) for k, v in n["bonus"].items()} == {k: sorted(v) for k, v in R.BONUS_PILES.items()}
    assert n["market"].count("M") >= 3 and len(n["deck"]) == 40  # R5
    assert sum(len(h) for h in n["hands"]) + sum(n["herds"]) == 10  # R6
    return nxt


def play_and_compare(jaipur, seed: int, mode: str) -> dict:
    """One random match, checked step by step against the reference. Returns counters."""
    rng = random.Random(seed * 7919 + 1)
    all_moves = sorted(R.all_move_strings())
    p = jaipur.new_match(seed=seed, mode=mode)
    stats = Counter()
    while True:
        j = jaipur.position_to_json(p)
        assert R.check_position(j) == [], (seed, R.check_position(j))
        if j["status"] == "match-over":
            assert jaipur.legal_moves(p) == []
            with pytest.raises(jaipur.JaipurError) as info:
                jaipur.apply(p, "TM")
            assert info.value.code == "over"
            with pytest.raises(jaipur.JaipurError) as info:
                jaipur.next_round(p)
            assert info.value.code == "over"
            stats["matches"] += 1
            return stats
        if j["status"] == "round-over":
            assert jaipur.legal_moves(p) == []
            nxt = check_new_round(jaipur, p, j["result"])
            # applying a move to a finished round first deals the next one
            first = jaipur.legal_moves(nxt)[0]
            assert jaipur.position_to_json(jaipur.apply(p, first)) == jaipur.position_to_json(jaipur.apply(nxt, first))
            p = nxt
            stats["rounds"] += 1
            continue
        legal = jaipur.legal_moves(p)
        ref_legal = R.legal(j)
        assert legal == ref_legal, (seed, sorted(set(legal) ^ set(ref_legal)), j)
        assert legal == sorted(set(legal))
        legal_set = set(legal)
        for mv in rng.sample(all_moves, SAMPLE_ANY):
            if mv not in legal_set:
                stats[check_illegal(jaipur, p, j, mv)] += 1
        for _ in range(SAMPLE_NEAR):
            mv = R.random_near_move(j, rng)
            if mv not in legal_set:
                stats[check_illegal(jaipur, p, j, mv)] += 1
        mv = rng.choice(legal)
        q = jaipur.apply(p, mv)
        same_position(jaipur.position_to_json(q), R.apply(j, mv))
        stats["steps"] += 1
        p = q


@pytest.mark.parametrize("first", [pytest.param(f, marks=pytest.mark.slow if f else ())
                                   for f in range(0, AGREE_MATCHES, CHUNK)])
def test_engine_agrees_with_reference(first):
    jaipur = engine()
    total = Counter()
    for seed in range(first, min(first + CHUNK, AGREE_MATCHES)):
        total += play_and_compare(jaipur, seed, "single-round" if seed % 4 == 3 else "standard")
    assert total["matches"] == min(CHUNK, AGREE_MATCHES - first)
    assert total["steps"] > 0


def test_engine_refuses_every_rule_somewhere():
    """Over the sampled games every illegal-move code shows up at least once."""
    jaipur = engine()
    total = Counter()
    for seed in range(6):
        total += play_and_compare(jaipur, 1000 + seed, "standard")
    for code in ("unavailable", "R12", "R13", "R13a", "R13b", "R13c", "R15", "R16"):
        assert total[code] > 0, (code, total)


@pytest.mark.parametrize("move, code", [("XD-L", "R13a"), ("XDG-L", "R13"), ("S1M", "R15"), ("S0L", "bad-move"),
                                        ("T", "bad-move"), ("XDG", "bad-move"), ("S3", "bad-move"), ("", "bad-move")])
def test_design_examples(move, code):
    jaipur = engine()
    p = jaipur.position_from_json(NORMAL)
    with pytest.raises(jaipur.JaipurError) as info:
        jaipur.apply(p, move)
    assert info.value.code == code
    assert isinstance(info.value.message, str) and info.value.message


def _hand_made():
    """(name, position, moves) cases from the reference tests above, for the engine."""
    cases = [("normal", NORMAL, None), ("hand-limit", make("GSDMM", ["CCCPPPL", ""], (3, 0)), None),
             ("no-camel", make("DGSCP", ["L", "L"]), None),
             ("other-seat", dict(NORMAL, to_move=1), None)]
    cases.append(("deck-short", make("DGMMM", ["", ""], (4, 4), deck="C"), ["TM"]))
    cases.append(("deck-zero", make("DGMMM", ["", ""], (3, 5), deck="CCC"), ["TM", "XDG-MM", "TC"]))
    cases.append(("three-empty", make("SSMMM", ["L", "C"], (3, 3), goods={"D": [], "G": [], "L": [1]},
                                      taken=_empty_piles_taken(), discard="DDDDDGGGGGLLLLLLLL"), ["S1L"]))
    cases.append(("sell-short", make("GSMMM", ["LLL", "DDD"], (0, 0), goods={"L": [1, 1]},
                                     bonus={"3": [3, 1, 2, 2, 2, 1, 3]},
                                     taken=[{"goods": [["L", v] for v in R.GOODS_PILES["L"][:7]], "bonus": []},
                                            {"goods": [], "bonus": []}], discard="LLLLLLL"), ["S3L", "S3D"]))
    cases.append(("known-exchange", make("GSDMM", ["DDCC", "L"], (2, 0), known=["DC", "L"]), ["XGS-CC", "TD"]))
    cases.append(("known-sell", make("GSMMM", ["DDDL", "PP"], known=["DDL", "P"]), ["S2D", "S2P"]))
    cases.append(("known-camels", make("GSMMM", ["DDDL", "PP"], known=["DL", "P"]), ["TM"]))
    cases.append(("sell-six", make("GSMMM", ["CCCCCC", ""], (0, 0), bonus={"5": [9, 8, 10, 8, 10]}), ["S6C"]))
    cases.append(("empty-bonus", make("GSMMM", ["CCCC", ""], (0, 0), bonus={"4": []}, taken=[
        {"goods": [], "bonus": [[4, 4], [4, 4], [4, 5]]}, {"goods": [], "bonus": [[4, 5], [4, 6], [4, 6]]}]),
        ["S4C"]))
    t = [{"goods": [["D", 7], ["D", 7]], "bonus": [[3, 1], [3, 1]]}, {"goods": [["G", 6], ["G", 6]], "bonus": [[4, 4]]}]
    cases.append(("tie-bonus", make("CCMMM", ["", ""], (4, 4), deck="", taken=t, goods={"D": [5, 5, 5], "G": [5, 5, 5]},
                                    bonus={"3": [2, 2, 2, 3, 3], "4": [4, 5, 5, 6, 6]}, discard="DDGG"), ["TC"]))
    t = [{"goods": [["S", 5], ["S", 5], ["L", 4]], "bonus": []}, {"goods": [["D", 7], ["D", 7]], "bonus": []}]
    cases.append(("tie-goods", make("CCMMM", ["", ""], (4, 4), deck="", taken=t, to_move=1,
                                    goods={"S": [5, 5, 5], "L": [3, 2, 1, 1, 1, 1, 1, 1], "D": [5, 5, 5]},
                                    discard="SSLDD"), ["TC"]))
    cases.append(("no-winner-0", _tied(to_move=0), ["TC"]))
    cases.append(("no-winner-1", _tied(to_move=1), ["TC"]))
    for seals, round_no, mode, winner_seat in [((0, 0), 1, "standard", 0), ((1, 0), 2, "standard", 0),
                                               ((0, 1), 2, "standard", 0), ((1, 1), 3, "standard", 1),
                                               ((1, 0), 3, "standard", None), ((0, 0), 3, "standard", None),
                                               ((1, 0), 3, "standard", 1), ((0, 0), 1, "single-round", 0),
                                               ((0, 0), 1, "single-round", None), ((0, 1), 2, "standard", None)]:
        p = _tied(seals=seals, round_no=round_no, mode=mode, to_move=0)
        if winner_seat is not None:
            p["taken"][winner_seat]["bonus"] = [[3, 1]]
            p["bonus"]["3"] = sorted(R.BONUS_PILES["3"])[1:]
        cases.append((f"flow-{seals}-{round_no}-{mode}-{winner_seat}", p, ["TC"]))
    return cases


@pytest.mark.parametrize("name, pos, moves", _hand_made(), ids=[c[0] for c in _hand_made()])
def test_engine_on_hand_made_positions(name, pos, moves):
    jaipur = engine()
    assert R.check_position(pos) == []
    p = jaipur.position_from_json(pos)
    same_position(jaipur.position_to_json(p), pos)
    assert jaipur.legal_moves(p) == R.legal(pos)
    for mv in sorted(R.plausible_moves(pos) - set(R.legal(pos))):
        check_illegal(jaipur, p, pos, mv)
    for mv in moves or []:
        if pos["status"] != "playing":
            break
        if R.judge(pos, mv) is not None:  # e.g. the second sale of "sell-short" is for the other seat
            pos = dict(pos, to_move=1 - pos["to_move"])
            p = jaipur.position_from_json(pos)
        q = jaipur.apply(p, mv)
        ref = R.apply(pos, mv)
        same_position(jaipur.position_to_json(q), ref)
        pos, p = ref, q
