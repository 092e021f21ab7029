"""Scenario tests for RULES.md, one (or more) per rule id R1…R30, on hand-written positions.

Every test name starts with `test_R<id>_`; the last test checks that every
rule id of RULES.md has at least one scenario here.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

import pytest

import jaipur
from jaipur import IllegalMoveError, apply, legal_moves, position_from_json, position_to_json

FULL_GOODS = {
    "D": [7, 7, 5, 5, 5],
    "G": [6, 6, 5, 5, 5],
    "S": [5, 5, 5, 5, 5],
    "C": [5, 3, 3, 2, 2, 1, 1],
    "P": [5, 3, 3, 2, 2, 1, 1],
    "L": [4, 3, 2, 1, 1, 1, 1, 1, 1],
}
FULL_BONUS = {"3": [1, 1, 2, 2, 2, 3, 3], "4": [4, 4, 5, 5, 6, 6], "5": [8, 8, 9, 10, 10]}
MANIFEST = Counter({"D": 6, "G": 6, "S": 6, "C": 8, "P": 8, "L": 10, "M": 11})
NO_TAKEN = [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}]


# ---------------------------------------------------------------- helpers


def pos(market, hands, herds=(0, 0), **fields):
    """A hand-written position (jaipur-position/1) from its interesting parts."""
    data = {"format": "jaipur-position/1", "market": market, "hands": list(hands), "herds": list(herds)}
    data.update(fields)
    return position_from_json(data)


def J(position):
    """The position's JSON form (easy to read in assertions)."""
    return position_to_json(position)


def illegal(position, move):
    """Apply a move that must be illegal; return the error's code (and check the error)."""
    with pytest.raises(IllegalMoveError) as info:
        apply(position, move)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.message and err.message[0].isupper() and err.message.rstrip().endswith((".", ")"))
    # check() gives the same diagnosis, and the move is not in the legal list
    assert jaipur.check(position, move).code == err.code
    assert not jaipur.is_legal(position, move)
    assert jaipur.format_move(move) not in legal_moves(position)
    return err.code


def legal(position, move):
    """Apply a move that must be legal (and be listed)."""
    assert jaipur.format_move(move) in legal_moves(position)
    assert jaipur.is_legal(position, move)
    assert jaipur.check(position, move) is None
    return apply(position, move)


def all_cards(position):
    """Counts of every card in a position (market, hands, herds, deck, discard)."""
    j = J(position)
    c = Counter(j["market"] + j["hands"][0] + j["hands"][1] + j["deck"] + j["discard"])
    c["M"] += sum(j["herds"])
    return c


def ender(taken0=(), taken1=(), bonus0=(), bonus1=(), herds=(0, 0), seller=0, **fields):
    """A position where `seller`, to move, ends the round with S2C (R21: D, G and then C piles empty).

    The sale takes the two last cloth tokens [1, 1] (2 rupees, 2 goods tokens).
    """
    hands = ["CC", ""] if seller == 0 else ["", "CC"]
    taken = [
        {"goods": [list(t) for t in taken0], "bonus": [list(t) for t in bonus0]},
        {"goods": [list(t) for t in taken1], "bonus": [list(t) for t in bonus1]},
    ]
    p = pos("SSPPL", hands, herds, to_move=seller, goods={"D": [], "G": [], "C": [1, 1]}, taken=taken, **fields)
    assert p.status == "playing"
    q = apply(p, "S2C")
    assert q.round_over
    return q


# ---------------------------------------------------------------- components R1–R4


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 123456789, 2**64 - 1])
def test_R1_every_deal_holds_the_55_card_manifest(seed):
    p = jaipur.new_match(seed)
    assert all_cards(p) == MANIFEST
    assert sum(all_cards(p).values()) == 55
    q = jaipur.next_round(ender(seed=seed))
    assert all_cards(q) == MANIFEST


def test_R1_a_seventh_diamond_is_refused():
    with pytest.raises(jaipur.BadPositionError) as info:
        pos("DDDDG", ["DDD", ""])
    assert info.value.code == "bad-position"
    assert "diamond" in info.value.message and "6" in info.value.message


def test_R1_cards_conserved_through_a_played_round():
    p = jaipur.new_match(5)
    rng = jaipur.Rng(99)
    while not p.round_over:
        moves = legal_moves(p)
        p = apply(p, moves[rng.below(len(moves))])
        assert all_cards(p) == MANIFEST


def test_R2_fresh_goods_piles_and_top_token_first():
    p = jaipur.new_match(3)
    assert J(p)["goods"] == FULL_GOODS
    q = legal(pos("MMMCP", ["DDD", ""]), "S2D")
    assert J(q)["taken"][0]["goods"] == [["D", 7], ["D", 7]]
    assert J(q)["goods"]["D"] == [5, 5, 5]
    r = legal(pos("MMMCP", ["LLLLLLL", ""]), "S7L")
    assert [v for _, v in J(r)["taken"][0]["goods"]] == [4, 3, 2, 1, 1, 1, 1]
    assert J(r)["goods"]["L"] == [1, 1]


def test_R2_goods_token_total_is_38():
    assert sum(len(v) for v in J(jaipur.new_match(0))["goods"].values()) == 38


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_R3_bonus_piles_are_shuffled_full_piles(seed):
    bonus = J(jaipur.new_match(seed))["bonus"]
    assert {k: sorted(v) for k, v in bonus.items()} == FULL_BONUS
    assert sum(len(v) for v in bonus.values()) == 18


def test_R3_bonus_piles_reshuffled_every_round():
    orders = {tuple(map(tuple, J(jaipur.deal(11, r))["bonus"].values())) for r in (1, 2, 3)}
    orders |= {tuple(map(tuple, J(jaipur.new_match(s))["bonus"].values())) for s in range(20)}
    assert len(orders) > 20  # not one fixed order


def test_R4_camel_token_is_worth_5():
    q = ender(herds=(4, 3))
    res = q.result
    assert res["camel_token"] == 0
    assert res["breakdown"][0]["camel"] == 5 and res["breakdown"][1]["camel"] == 0
    assert res["scores"] == [2 + 5, 0]


def test_R4_three_seals_at_most_two_plus_one():
    # a match hands out at most three seals: 1-1 after two rounds, then the third decides
    q = ender(taken0=[["L", 4]], round=3, seals=[1, 1])
    assert q.result["seals"] == [2, 1] and sum(q.result["seals"]) == 3
    with pytest.raises(jaipur.BadPositionError):
        pos("MMMCP", ["", ""], round=3, seals=[2, 0])


# ---------------------------------------------------------------- set-up R5–R8


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_R5_market_three_camels_plus_two_hands_of_five_deck_40(seed):
    p = jaipur.new_match(seed)
    j = J(p)
    assert len(j["market"]) == 5 and j["market"].count("M") >= 3
    for s in (0, 1):
        assert len(j["hands"][s]) + j["herds"][s] == 5
    assert len(j["deck"]) == 40
    assert j["discard"] == ""
    assert p.status == "playing"


def test_R5_the_two_drawn_market_cards_may_be_camels():
    # seed 5's market is SMMMM: one of the two drawn cards is a camel
    assert J(jaipur.new_match(5))["market"].count("M") == 4


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_R6_dealt_camels_go_to_the_herd(seed):
    j = J(jaipur.new_match(seed))
    assert "M" not in j["hands"][0] + j["hands"][1]


def test_R6_a_hand_never_holds_camels_in_a_position():
    with pytest.raises(jaipur.BadPositionError) as info:
        pos("MMMCP", ["DM", ""])
    assert "camel" in info.value.message


def test_R6_herd_is_not_part_of_the_hand():
    p = pos("MMMCP", ["DGSCPL", ""], herds=(5, 0))
    assert p.hand_size(0) == 6
    assert "TC" in legal_moves(p)  # 6 in hand + 5 in herd: still room for one good


def test_R7_goods_piles_restored_and_bonus_reshuffled_next_round():
    q = ender(taken0=[["L", 4]], bonus0=[[3, 2]], seed=8)
    assert J(q)["goods"]["C"] == [] and J(q)["taken"][0]["bonus"] == [[3, 2]]
    r = jaipur.next_round(q)
    j = J(r)
    assert j["goods"] == FULL_GOODS
    assert {k: sorted(v) for k, v in j["bonus"].items()} == FULL_BONUS
    assert j["taken"] == NO_TAKEN


def test_R8_round_one_starter_comes_from_the_seed():
    starters = {seed: jaipur.new_match(seed).starter for seed in range(40)}
    assert set(starters.values()) == {0, 1}
    for seed, s in starters.items():
        p = jaipur.new_match(seed)
        assert p.to_move == s == p.starter
        assert jaipur.new_match(seed).starter == s  # same seed, same starter
    assert starters[1] == 1 and starters[2] == 0


def test_R8_loser_of_the_previous_round_starts():
    # seat 0 ends the round with the last action, and wins: seat 1 (the loser) starts
    q = ender(taken0=[["L", 4]], seller=0)
    assert q.result["winner"] == 0 and q.result["next_starter"] == 1
    r = jaipur.next_round(q)
    assert r.round == 2 and r.to_move == 1 and r.starter == 1
    # seat 0 takes the last action but loses: seat 0 starts (loser beats "did not act last")
    q = ender(taken1=[["L", 4], ["L", 3]], seller=0)
    assert q.result["winner"] == 1 and q.result["next_starter"] == 0
    r = jaipur.next_round(q)
    assert r.to_move == 0 and r.starter == 0


def test_R8_tied_round_next_starter_did_not_take_the_last_action():
    for seller in (0, 1):
        other = [["L", 1], ["L", 1]]
        q = ender(taken0=other if seller == 1 else (), taken1=other if seller == 0 else (), seller=seller)
        res = q.result
        assert res["winner"] is None
        assert res["next_starter"] == 1 - seller
        r = jaipur.next_round(q)
        assert r.to_move == r.starter == 1 - seller


# ---------------------------------------------------------------- a turn R9–R14


def test_R9_one_action_per_turn_then_the_other_seat_moves():
    p = jaipur.new_match(1)
    seat = p.to_move
    for move in legal_moves(p):
        assert apply(p, move).to_move == 1 - seat


@pytest.mark.parametrize("text", ["", "P", "PASS", "-", "T", "X", "S"])
def test_R9_there_is_no_passing(text):
    p = jaipur.new_match(1)
    with pytest.raises(jaipur.BadMoveError) as info:
        apply(p, text)
    assert info.value.code == "bad-move"
    assert all(m[0] in "TXS" for m in legal_moves(p))


def test_R9_the_legal_list_of_a_small_position_is_exact():
    p = pos("MMMDG", ["L", "CC"], herds=(1, 0))
    assert legal_moves(p) == ["S1L", "TD", "TG", "TM", "XDG-LM"]
    q = pos("MMMDG", ["CC", "L"], herds=(0, 1), to_move=1)
    assert legal_moves(q) == ["S1L", "TD", "TG", "TM", "XDG-LM"]


def test_R10_a_take_refills_the_market_from_the_top_of_the_deck():
    p = pos("DGSCL", ["", ""], herds=(5, 6), deck="PLC")
    q = legal(p, "TD")
    j = J(q)
    assert j["hands"][0] == "D"
    assert j["market"] == "GSCPL"
    assert j["deck"] == "LC"


def test_R10_taking_three_camels_draws_three_in_order():
    p = pos("MMMDG", ["", ""], herds=(4, 4), deck="SPLCC")
    q = legal(p, "TM")
    j = J(q)
    assert j["herds"] == [7, 4]
    assert j["market"] == "DGSPL"
    assert j["deck"] == "CC"


def test_R10_a_sale_draws_nothing():
    p = pos("MMMDG", ["LLL", ""], herds=(4, 4), deck="SPLCC")
    q = legal(p, "S2L")
    assert J(q)["market"] == "DGMMM" and J(q)["deck"] == "SPLCC"


def test_R11_take_one_good_moves_it_to_the_hand():
    p = pos("MMMDG", ["CP", "L"], herds=(1, 1))
    q = legal(p, "TG")
    j = J(q)
    assert j["hands"] == ["GCP", "L"]
    assert j["market"].count("G") + j["market"].count("D") >= 1
    assert q.to_move == 1


def test_R11_take_one_good_illegal_with_a_full_hand():
    p = pos("MMMDG", ["CCPPLLL", ""], herds=(0, 0))
    assert illegal(p, "TD") == "R11"
    assert illegal(p, "TG") == "R11"
    assert not any(m in ("TD", "TG") for m in legal_moves(p))
    assert "TM" in legal_moves(p)


def test_R11_take_a_good_that_is_not_in_the_market_is_unavailable():
    p = pos("MMMDG", ["C", ""])
    assert illegal(p, "TS") == "unavailable"
    assert illegal(p, "TL") == "unavailable"


def test_R12_take_all_camels_takes_every_camel():
    p = pos("MMMMD", ["C", ""], herds=(2, 0), deck="CPLSGMMMMM")
    q = legal(p, "TM")
    assert q.herds == (6, 0)
    assert J(q)["market"] == "DSCPL"  # all four camels left; four cards drawn
    assert J(q)["deck"] == "GMMMMM"
    assert J(q)["hands"][0] == "C"


def test_R12_take_all_camels_not_limited_by_hand_size():
    p = pos("MMMDG", ["CCPPLLL", ""], herds=(5, 0))
    q = legal(p, "TM")
    assert q.herds[0] == 8
    assert q.hand_size(0) == 7


def test_R12_no_camel_in_the_market():
    p = pos("DGSCP", ["L", ""], herds=(5, 6))
    assert illegal(p, "TM") == "R12"


def test_R12_cannot_take_only_some_camels():
    # there is no notation for "some camels"; an exchange taking camels is R13b
    p = pos("MMMDG", ["CL", ""])
    assert illegal(p, "XMM-CL") == "R13b"
    assert [m for m in legal_moves(p) if "M" in m.split("-")[0]] == ["TM"]


def test_R13_exchange_two_goods_for_a_card_and_a_camel():
    p = pos("MMMDG", ["CL", ""], herds=(2, 0))
    q = legal(p, "XDG-LM")
    j = J(q)
    assert j["hands"][0] == "DGC"
    assert j["herds"] == [1, 0]
    assert j["market"] == "LMMMM"
    assert q.to_move == 1


def test_R13_give_back_exactly_as_many_as_taken():
    p = pos("MMMDG", ["CLP", ""], herds=(2, 0))
    assert illegal(p, "XDG-L") == "R13"  # DESIGN: XDG-L fails with R13
    assert illegal(p, "XDG-CPL") == "R13"
    assert illegal(p, "XDG-LMM") == "R13"


def test_R13_exchange_needs_the_cards_it_names():
    p = pos("MMMDG", ["CL", ""], herds=(1, 0))
    assert illegal(p, "XDD-CL") == "unavailable"  # one diamond in the market
    assert illegal(p, "XDS-CL") == "unavailable"  # no silver
    assert illegal(p, "XDG-PL") == "unavailable"  # no spice in hand
    assert illegal(p, "XDG-MM") == "unavailable"  # one camel in the herd


def test_R13_exchange_up_to_five_goods():
    p = pos("DGSCP", ["LLLLL", ""], herds=(0, 6))
    q = legal(p, "XDGSCP-LLLLL")
    assert J(q)["market"] == "LLLLL" and J(q)["hands"][0] == "DGSCP"


def test_R13a_one_for_one_is_illegal():
    p = pos("MMMDG", ["CL", ""], herds=(2, 0))
    assert illegal(p, "XD-L") == "R13a"  # DESIGN: XD-L parses, applying fails with R13a
    assert illegal(p, "XG-M") == "R13a"
    assert all(len(m.split("-")[0]) >= 3 for m in legal_moves(p) if m.startswith("X"))


def test_R13b_camels_can_never_be_taken_in_an_exchange():
    p = pos("MMMDG", ["CLP", ""], herds=(2, 0))
    assert illegal(p, "XDM-CL") == "R13b"
    assert illegal(p, "XMM-CL") == "R13b"
    assert illegal(p, "XDGM-CLP") == "R13b"
    assert illegal(p, "XM-L") == "R13b"
    for m in legal_moves(p):
        if m.startswith("X"):
            assert "M" not in m.split("-")[0]


def test_R13b_camels_can_be_given():
    p = pos("DGSCP", ["", ""], herds=(3, 0))
    q = legal(p, "XDGS-MMM")
    assert J(q)["hands"][0] == "DGS" and J(q)["herds"] == [0, 0] and J(q)["market"] == "CPMMM"


def test_R13c_same_type_taken_and_given_is_illegal():
    p = pos("MMCCG", ["CPL", ""], herds=(1, 0))
    assert illegal(p, "XCG-CL") == "R13c"
    assert illegal(p, "XCC-CP") == "R13c"
    assert "XGC-PL" in legal_moves(p)  # canonical order: G before C
    for m in legal_moves(p):
        if m.startswith("X"):
            taken, given = m[1:].split("-")
            assert not set(taken) & set(given)


def test_R13d_exchange_camels_from_herd_grow_the_hand():
    p = pos("DGSSS", ["CCPPL", ""], herds=(3, 0))
    q = legal(p, "XDG-MM")
    assert q.hand_size(0) == 7
    assert J(q)["hands"][0] == "DGCCPPL"
    assert J(q)["herds"][0] == 1
    assert illegal(p, "XDGS-MMM") == "R13d"


def test_R13d_hand_limit_after_an_exchange():
    p = pos("DGSSS", ["CCPPLL", ""], herds=(3, 0))
    assert illegal(p, "XDG-MM") == "R13d"
    assert illegal(p, "XDGS-LMM") == "R13d"
    q = legal(p, "XDG-LM")
    assert q.hand_size(0) == 7
    q = legal(p, "XDG-CL")
    assert q.hand_size(0) == 6


def test_R13d_full_hand_may_still_exchange_goods_for_goods():
    p = pos("DGSSS", ["CCPPLLL", ""], herds=(3, 0))
    q = legal(p, "XDG-CC")
    assert q.hand_size(0) == 7
    assert illegal(p, "XDG-CM") == "R13d"
    assert not [m for m in legal_moves(p) if m.startswith("X") and "M" in m]


def test_R13e_an_exchange_draws_nothing_from_the_deck():
    p = pos("MMMDG", ["CL", ""], herds=(2, 0), deck="SPPCC" + "M" * 6)
    q = legal(p, "XDG-CL")
    j = J(q)
    assert j["deck"] == "SPPCCMMMMMM"
    assert len(j["market"]) == 5
    assert j["market"] == "CLMMM"


def test_R13e_an_exchange_with_an_empty_deck_does_not_end_the_round():
    p = pos("DGSCL", ["PP", "LL"], herds=(5, 6), deck="")
    assert p.status == "playing"
    q = legal(p, "XDG-PP")
    assert q.status == "playing" and len(J(q)["market"]) == 5


def test_R14_a_hand_never_ends_a_turn_above_seven():
    for seed in range(6):
        p = jaipur.new_match(seed, "single-round")
        rng = jaipur.Rng(seed + 100)
        while not p.round_over:
            moves = legal_moves(p)
            # prefer growing the hand, to reach the limit often
            grow = [m for m in moves if m.startswith("T") and m != "TM"] or moves
            p = apply(p, grow[rng.below(len(grow))])
            assert p.hand_size(0) <= 7 and p.hand_size(1) <= 7


def test_R14_herd_camels_never_count_toward_the_hand():
    p = pos("MMMDG", ["CCPPLL", ""], herds=(8, 0))
    assert "TD" in legal_moves(p)
    q = apply(p, "TD")
    assert q.hand_size(0) == 7 and q.herds[0] == 8


# ---------------------------------------------------------------- selling R15–R18


def test_R15_sell_cards_of_one_type():
    p = pos("MMMDG", ["CCCPL", ""], herds=(1, 0))
    q = legal(p, "S3C")
    j = J(q)
    assert j["hands"][0] == "PL"
    assert j["discard"].count("C") >= 3
    assert [t for t in j["taken"][0]["goods"]] == [["C", 5], ["C", 3], ["C", 3]]
    assert j["market"] == "DGMMM"  # a sale draws nothing


def test_R15_camels_can_never_be_sold():
    p = pos("MMMDG", ["CC", ""], herds=(4, 0))
    assert illegal(p, "S1M") == "R15"  # DESIGN: S1M fails with R15
    assert illegal(p, "S2M") == "R15"
    assert illegal(p, "S4M") == "R15"


def test_R15_sell_more_than_held_is_unavailable():
    p = pos("MMMDG", ["CC", ""], herds=(4, 0))
    assert illegal(p, "S3C") == "unavailable"
    assert illegal(p, "S1L") == "unavailable"
    assert illegal(p, "S2D") == "unavailable"


def test_R15_two_types_in_one_sale_is_not_a_move():
    p = pos("MMMDG", ["CCL", ""])
    for text in ("S2CL", "S3CCL", "S1C1L"):
        with pytest.raises(jaipur.BadMoveError) as info:
            apply(p, text)
        assert info.value.code == "bad-move"


@pytest.mark.parametrize("good", ["D", "G", "S"])
def test_R16_precious_goods_two_at_a_time(good):
    p = pos("MMMCP", [good * 3, ""])
    assert illegal(p, f"S1{good}") == "R16"
    legal(p, f"S2{good}")
    legal(p, f"S3{good}")


def test_R16_precious_single_card_in_hand_is_still_R16():
    p = pos("MMMCP", ["D", ""])
    assert illegal(p, "S1D") == "R16"
    assert illegal(p, "S2D") == "unavailable"
    assert not any(m.startswith("S") for m in legal_moves(p))


@pytest.mark.parametrize("good,token", [("C", 5), ("P", 5), ("L", 4)])
def test_R16_common_goods_may_be_sold_singly(good, token):
    p = pos("MMMDG", [good, ""])
    q = legal(p, f"S1{good}")
    assert J(q)["taken"][0]["goods"] == [[good, token]]
    assert J(q)["taken"][0]["bonus"] == []


def test_R17_goods_pile_runs_short_sale_still_legal():
    p = pos("MMMCP", ["DDD", ""], goods={"D": [5]}, bonus={"3": [2, 1, 3, 2, 1, 2, 3]})
    q = legal(p, "S3D")
    j = J(q)
    assert j["taken"][0]["goods"] == [["D", 5]]
    assert j["taken"][0]["bonus"] == [[3, 2]]  # R18: bonus even though the pile ran short
    assert j["goods"]["D"] == []
    assert j["hands"][0] == ""
    assert q.status == "playing"


def test_R17_sale_into_an_empty_goods_pile_earns_nothing_but_is_legal():
    p = pos("MMMCP", ["GG", ""], goods={"G": []})
    q = legal(p, "S2G")
    j = J(q)
    assert j["taken"][0]["goods"] == []
    assert j["hands"][0] == ""
    assert j["discard"].count("G") >= 2
    assert q.to_move == 1 and q.status == "playing"


def test_R17_sale_into_an_empty_pile_with_three_cards_still_earns_the_bonus():
    p = pos("MMMCP", ["LLL", ""], goods={"L": []}, bonus={"3": [3, 1, 1, 2, 2, 2, 3]})
    q = legal(p, "S3L")
    assert J(q)["taken"][0] == {"goods": [], "bonus": [[3, 3]]}


@pytest.mark.parametrize(
    "hand,move,pile,value",
    [
        ("LLL", "S3L", "3", 3),
        ("LLLL", "S4L", "4", 6),
        ("LLLLL", "S5L", "5", 9),
        ("LLLLLL", "S6L", "5", 9),
        ("LLLLLLL", "S7L", "5", 9),
    ],
)
def test_R18_bonus_token_by_sale_size(hand, move, pile, value):
    bonus = {"3": [3, 1, 1, 2, 2, 2, 3], "4": [6, 4, 4, 5, 5, 6], "5": [9, 8, 8, 10, 10]}
    p = pos("MMMCP", [hand, ""], bonus=bonus)
    q = legal(p, move)
    j = J(q)
    assert j["taken"][0]["bonus"] == [[int(pile), value]]
    assert j["bonus"][pile] == bonus[pile][1:]
    for other in set(bonus) - {pile}:
        assert j["bonus"][other] == bonus[other]


def test_R18_two_cards_earn_no_bonus():
    p = pos("MMMCP", ["LL", ""])
    q = legal(p, "S2L")
    assert J(q)["taken"][0]["bonus"] == []
    assert {k: len(v) for k, v in J(q)["bonus"].items()} == {"3": 7, "4": 6, "5": 5}


def test_R18_empty_bonus_pile_gives_no_bonus_token():
    p = pos("MMMCP", ["LLLL", ""], bonus={"4": []})
    q = legal(p, "S4L")
    j = J(q)
    assert j["taken"][0]["bonus"] == []
    assert [v for _, v in j["taken"][0]["goods"]] == [4, 3, 2, 1]
    assert j["bonus"]["4"] == []


def test_R18_short_goods_pile_and_bonus_pile():
    p = pos("MMMCP", ["LLLLL", ""], goods={"L": [1]}, bonus={"5": [10, 8, 8, 9, 10]})
    q = legal(p, "S5L")
    assert J(q)["taken"][0] == {"goods": [["L", 1]], "bonus": [[5, 10]]}


# ---------------------------------------------------------------- hidden R19–R20


def test_R19_view_hides_opponent_hand_deck_and_bonus_values():
    p = pos(
        "MMMCP", ["DDG", "SSLL"], herds=(2, 3), deck="LCDMMM",
        taken=[{"goods": [["L", 4]], "bonus": [[3, 2]]}, {"goods": [["S", 5]], "bonus": [[4, 6], [3, 1]]}],
    )
    v = jaipur.view(p, 0)
    assert v["hand"] == "DDG"
    assert v["opponent_hand_size"] == 4
    assert "hands" not in v and "deck" not in v and "seed" not in v
    assert v["deck_size"] == 6
    assert v["taken"][0]["bonus"] == [[3, 2]]
    assert v["taken"][1]["bonus"] == [[4, None], [3, None]]
    assert v["bonus_sizes"] == {"3": 5, "4": 5, "5": 5}
    text = repr(v)
    assert "SSLL" not in text and "LCD" not in text
    w = jaipur.view(p, 1)
    assert w["hand"] == "SSLL" and w["opponent_hand_size"] == 3
    assert w["taken"][0]["bonus"] == [[3, None]]
    assert w["taken"][1]["bonus"] == [[4, 6], [3, 1]]


def test_R19_bonus_values_revealed_once_the_round_is_scored():
    q = ender(bonus0=[[4, 5]], bonus1=[[3, 2]], taken1=[["L", 4]])
    for seat in (0, 1):
        v = jaipur.view(q, seat)
        assert v["taken"][0]["bonus"] == [[4, 5]]
        assert v["taken"][1]["bonus"] == [[3, 2]]
        assert v["status"] == "round-over"


def test_R20_view_shows_market_herds_goods_piles_taken_goods_discard_seals():
    p = pos(
        "MMDGS", ["CC", "PPP"], herds=(2, 4), discard="LL", round=2, seals=[0, 1],
        goods={"L": [2, 1, 1, 1, 1, 1, 1]}, taken=[{"goods": [["L", 4]], "bonus": []},
                                                   {"goods": [["L", 3]], "bonus": []}],
    )
    for seat in (0, 1):
        v = jaipur.view(p, seat)
        assert v["market"] == "DGSMM"
        assert v["herds"] == [2, 4]
        assert v["goods"]["L"] == [2, 1, 1, 1, 1, 1, 1]
        assert v["taken"][0]["goods"] == [["L", 4]] and v["taken"][1]["goods"] == [["L", 3]]
        assert v["discard"] == "LL"
        assert v["seals"] == [0, 1]


# ---------------------------------------------------------------- end of a round R21–R27


def test_R21_three_empty_goods_piles_end_the_round_right_after_the_sale():
    p = pos("MMMCP", ["SS", "LL"], goods={"D": [], "G": [], "S": [5, 5]})
    assert p.status == "playing"
    q = legal(p, "S2S")
    assert q.round_over and q.status == "round-over"
    assert J(q)["status"] == "round-over"
    assert q.result["ended_by"] == "R21"
    assert legal_moves(q) == []  # seat 1 gets no further turn in this round
    r = apply(q, legal_moves(jaipur.next_round(q))[0])  # a move now belongs to round 2
    assert r.round == 2


def test_R21_two_empty_goods_piles_do_not_end_the_round():
    p = pos("MMMCP", ["SS", "LL"], goods={"D": [], "G": [], "S": [5, 5, 5]})
    q = legal(p, "S2S")
    assert q.status == "playing"


def test_R21_empty_bonus_piles_do_not_count():
    p = pos("MMMCP", ["LLL", "LL"], goods={"D": [], "G": []}, bonus={"3": [1], "4": [], "5": []})
    q = legal(p, "S3L")
    assert J(q)["bonus"] == {"3": [], "4": [], "5": []}
    assert q.status == "playing"


def test_R21_four_empty_piles_also_over_and_handwritten_round_over_accepted():
    p = pos("MMMCP", ["", ""], goods={"D": [], "G": [], "S": [], "C": []})
    assert p.status == "round-over" and p.result["ended_by"] == "R21"


def test_R22_deck_runs_short_partial_refill_ends_the_round():
    p = pos("MMMDG", ["", ""], herds=(4, 4), deck="C")
    q = legal(p, "TM")
    j = J(q)
    assert j["market"] == "DGC"
    assert j["deck"] == ""
    assert q.status == "round-over"
    assert q.result["ended_by"] == "R22"
    assert legal_moves(q) == []


def test_R22_deck_of_zero_with_full_market_does_not_end_the_round():
    p = pos("MMMDG", ["C", ""], herds=(4, 4), deck="S")
    q = legal(p, "TD")
    assert J(q)["deck"] == "" and len(J(q)["market"]) == 5
    assert q.status == "playing"
    r = legal(q, "TG")  # seat 1 takes: the refill is needed and fails
    assert r.status == "round-over"
    assert len(J(r)["market"]) == 4
    assert r.result["ended_by"] == "R22"


def test_R22_empty_deck_sale_does_not_end_the_round():
    p = pos("DGSCL", ["PP", "LL"], herds=(5, 6), deck="")
    q = legal(p, "S2P")
    assert q.status == "playing"


def test_R22_taking_camels_with_an_empty_deck():
    p = pos("MMMDG", ["", ""], herds=(4, 4), deck="")
    q = legal(p, "TM")
    assert J(q)["market"] == "DG" and q.status == "round-over"


def test_R22_a_market_of_four_with_an_empty_deck_is_a_finished_round():
    p = pos("MMDG", ["", ""], herds=(4, 5), deck="")
    assert p.status == "round-over"
    with pytest.raises(jaipur.BadPositionError):
        pos("MMDG", ["", ""], herds=(4, 5), deck="", status="playing")


def test_R23_more_camels_takes_the_camel_token():
    assert ender(herds=(3, 4)).result["camel_token"] == 1
    assert ender(herds=(3, 4)).result["scores"] == [2, 5]
    assert ender(herds=(1, 0)).result["camel_token"] == 0


def test_R23_camel_tie_nobody_gets_the_token():
    for herds in ((0, 0), (3, 3)):
        res = ender(herds=herds).result
        assert res["camel_token"] is None
        assert res["breakdown"][0]["camel"] == res["breakdown"][1]["camel"] == 0
        assert res["scores"] == [2, 0]


def test_R24_score_is_goods_plus_bonus_plus_camel_token():
    q = ender(
        taken0=[["D", 7], ["L", 4]], bonus0=[[3, 2]],
        taken1=[["S", 5], ["S", 5], ["S", 5]], bonus1=[[4, 6], [5, 10]],
        herds=(5, 2),
    )
    res = q.result
    assert res["breakdown"][0] == {"goods": 7 + 4 + 2, "bonus": 2, "camel": 5, "goods_tokens": 4, "bonus_tokens": 1}
    assert res["breakdown"][1] == {"goods": 15, "bonus": 16, "camel": 0, "goods_tokens": 3, "bonus_tokens": 2}
    assert res["scores"] == [20, 31]
    assert res["winner"] == 1
    assert J(q)["result"] == res


def test_R25_higher_score_wins_the_round_and_a_seal():
    q = ender(taken1=[["L", 4]], herds=(0, 0))
    res = q.result
    assert res["scores"] == [2, 4]
    assert res["winner"] == 1 and res["tiebreak"] is None
    assert res["seals"] == [0, 1]
    assert q.seals == (0, 0)  # the position's seals are those held when the round began
    assert res["match_winner"] is None
    r = jaipur.next_round(q)
    assert r.seals == (0, 1) and r.round == 2


def test_R26_tie_broken_by_more_bonus_tokens():
    # 2-2 in rupees; seat 1 holds a bonus token, seat 0 holds more goods tokens
    q = ender(taken1=[["L", 1]], bonus1=[[3, 1]])
    res = q.result
    assert res["scores"] == [2, 2]
    assert res["winner"] == 1 and res["tiebreak"] == "bonus"
    assert res["seals"] == [0, 1]


def test_R26_bonus_count_before_goods_count():
    q = ender(taken0=[["L", 1], ["L", 1], ["L", 1]], taken1=[["L", 1]], bonus1=[[4, 4]])
    res = q.result
    assert res["scores"] == [5, 5]
    assert res["breakdown"][0]["goods_tokens"] == 5 and res["breakdown"][1]["goods_tokens"] == 1
    assert res["winner"] == 1 and res["tiebreak"] == "bonus"


def test_R26_then_more_goods_tokens():
    q = ender(taken1=[["L", 2]])
    res = q.result
    assert res["scores"] == [2, 2]
    assert res["winner"] == 0 and res["tiebreak"] == "goods"
    assert res["seals"] == [1, 0]
    assert res["next_starter"] == 1


def test_R27_fully_tied_round_no_seal():
    q = ender(taken1=[["L", 1], ["L", 1]], herds=(2, 2))
    res = q.result
    assert res["scores"] == [2, 2]
    assert res["winner"] is None and res["tiebreak"] is None
    assert res["seals"] == [0, 0]
    assert res["match_winner"] is None
    assert res["next_starter"] == 1  # seat 0 took the last action
    r = jaipur.next_round(q)
    assert r.seals == (0, 0) and r.round == 2 and r.to_move == 1


# ---------------------------------------------------------------- the match R28–R30


def test_R28_first_to_two_seals_wins_at_once():
    q = ender(taken0=[["L", 4]], round=2, seals=[1, 0])
    res = q.result
    assert res["winner"] == 0 and res["seals"] == [2, 0]
    assert res["match_winner"] == 0
    assert res["next_starter"] is None
    assert q.status == "match-over" and J(q)["status"] == "match-over"


def test_R28_no_move_after_the_match_ended():
    q = ender(taken0=[["L", 4]], round=2, seals=[1, 0])
    with pytest.raises(jaipur.MatchOverError) as info:
        apply(q, "TM")
    assert info.value.code == "over"
    assert jaipur.check(q, "TM").code == "over"
    assert jaipur.check(q, "garbage").code == "over"
    with pytest.raises(jaipur.MatchOverError) as info:
        jaipur.next_round(q)
    assert info.value.code == "over"
    assert legal_moves(q) == []


def test_R28_round_two_win_with_one_one_goes_to_round_three():
    q = ender(taken1=[["L", 4]], round=2, seals=[1, 0])
    assert q.result["seals"] == [1, 1] and q.result["match_winner"] is None
    r = jaipur.next_round(q)
    assert r.round == 3 and r.seals == (1, 1)
    assert r.to_move == 0  # seat 0 lost round 2


def test_R28_three_round_cap_more_seals_wins():
    q = ender(taken1=[["L", 1], ["L", 1]], round=3, seals=[1, 0])  # round 3 tied
    res = q.result
    assert res["winner"] is None
    assert res["match_winner"] == 0
    assert q.status == "match-over"
    with pytest.raises(jaipur.MatchOverError):
        jaipur.next_round(q)


def test_R28_three_round_cap_equal_seals_is_a_drawn_match():
    q = ender(taken1=[["L", 1], ["L", 1]], round=3, seals=[0, 0])
    assert q.result["match_winner"] == "draw" and q.status == "match-over"
    q = ender(taken1=[["L", 4]], round=3, seals=[1, 0])  # seat 1 wins round 3: 1-1
    assert q.result["seals"] == [1, 1] and q.result["match_winner"] == "draw"
    q = ender(taken1=[["L", 4]], round=3, seals=[0, 0])  # 0-1 after two tied rounds
    assert q.result["match_winner"] == 1


def test_R28_no_round_four():
    with pytest.raises(jaipur.BadPositionError):
        pos("MMMDG", ["", ""], round=4)


def test_R28_a_full_standard_match_ends_in_two_or_three_rounds():
    p = jaipur.new_match(17)
    rng = jaipur.Rng(4)
    rounds = {1}
    while p.status != "match-over":
        if p.round_over:
            p = jaipur.next_round(p)
            rounds.add(p.round)
        moves = legal_moves(p)
        p = apply(p, moves[rng.below(len(moves))])
    assert 2 <= max(rounds) <= 3
    assert p.result["match_winner"] in (0, 1, "draw")


def test_R29_single_round_winner_wins_the_match():
    q = ender(taken1=[["L", 4]], mode="single-round")
    assert q.result["winner"] == 1 and q.result["match_winner"] == 1
    assert q.status == "match-over" and q.result["next_starter"] is None
    with pytest.raises(jaipur.MatchOverError) as info:
        apply(q, "TM")
    assert info.value.code == "over"


def test_R29_single_round_tie_is_a_drawn_match():
    q = ender(taken1=[["L", 1], ["L", 1]], mode="single-round")
    assert q.result["winner"] is None and q.result["match_winner"] == "draw"
    assert q.status == "match-over"


def test_R29_single_round_has_only_round_one():
    p = jaipur.new_match(3, "single-round")
    assert p.mode == "single-round" and p.round == 1
    with pytest.raises(jaipur.BadPositionError):
        pos("MMMDG", ["", ""], mode="single-round", round=2)
    with pytest.raises(jaipur.BadPositionError):
        pos("MMMDG", ["", ""], mode="single-round", seals=[1, 0])


def test_R30_next_round_deals_fresh_and_only_seals_carry_over():
    q = ender(taken0=[["L", 4], ["D", 7]], bonus0=[[3, 2]], taken1=[["S", 5]], herds=(6, 1), seed=77,
              discard="SS")
    assert q.result["winner"] == 0
    r = jaipur.next_round(q)
    j = J(r)
    assert j["round"] == 2 and j["seals"] == [1, 0] and j["mode"] == "standard"
    assert j["goods"] == FULL_GOODS
    assert {k: sorted(v) for k, v in j["bonus"].items()} == FULL_BONUS
    assert j["taken"] == NO_TAKEN
    assert j["discard"] == ""
    assert len(j["deck"]) == 40 and len(j["market"]) == 5 and j["market"].count("M") >= 3
    assert all(len(j["hands"][s]) + j["herds"][s] == 5 for s in (0, 1))
    assert all_cards(r) == MANIFEST
    assert j["seed"] == 77 and j["status"] == "playing"
    assert r == jaipur.deal(77, 2, "standard", (1, 0), 1)


def test_R30_apply_on_a_finished_round_plays_in_the_next_round():
    q = ender(taken0=[["L", 4]], seed=5)
    r = jaipur.next_round(q)
    move = legal_moves(r)[0]
    assert apply(q, move) == apply(r, move)
    assert jaipur.check(q, move) is None


# ---------------------------------------------------------------- every rule has a scenario


def test_every_rule_id_has_a_scenario():
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_R")]
    ids = {re.match(r"test_(R\d+)", n).group(1) for n in names}
    assert ids >= {f"R{i}" for i in range(1, 31)}, sorted({f"R{i}" for i in range(1, 31)} - ids)
    for sub in "abcde":
        assert any(n.startswith(f"test_R13{sub}_") for n in names)


@pytest.mark.parametrize("good", ["D", "G", "S"])
def test_selling_one_precious_card_is_refused_in_a_grammatical_sentence(good: str) -> None:
    """R16: a single diamond, gold or silver cannot be sold; the sentence reads right for each ("gold are" did not)."""
    p = position_from_json({"market": "MMMCP", "hands": [good + "L", "CC"], "seed": 1})
    with pytest.raises(IllegalMoveError) as refused:
        apply(p, f"S1{good}")
    name = {"D": "diamond", "G": "gold", "S": "silver"}[good]
    assert refused.value.code == "R16"
    assert refused.value.message.startswith(f"A single {name} cannot be sold: the precious goods (diamonds, gold and "
                                            "silver) sell at least two at a time")
    assert " are precious" not in refused.value.message
