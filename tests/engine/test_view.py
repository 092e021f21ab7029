"""What one seat may see (R19, R20): jaipur.view holds exactly that, and determinize stays consistent with it."""

from __future__ import annotations

import json

import pytest

import jaipur
from jaipur import Rng, determinize, position_from_json, position_to_json, view

VIEW_KEYS = {
    "format", "seat", "mode", "round", "seals", "to_move", "starter", "market", "hand",
    "opponent_hand_size", "herds", "deck_size", "discard", "goods", "bonus_sizes", "taken", "known", "status",
}


def mid_game():
    """A hand-written position where both seats hold goods and bonus tokens."""
    return position_from_json({
        "market": "MMDGS",
        "hands": ["CCPL", "DDSLLL"],
        "herds": [3, 2],
        "discard": "CCCPPPP",
        "goods": {"C": [2, 2, 1, 1], "P": [2, 1, 1]},
        "bonus": {"3": [3, 1, 2, 2, 1], "4": [6, 4, 5, 5, 4]},
        "taken": [
            {"goods": [["C", 5], ["C", 3], ["C", 3]], "bonus": [[3, 2]]},
            {"goods": [["P", 5], ["P", 3], ["P", 3], ["P", 2]], "bonus": [[4, 6], [3, 3]]},
        ],
        "to_move": 1,
        "seed": 8,
    })


def played_positions(seed, plies=60):
    p = jaipur.new_match(seed)
    rng = Rng(seed + 3)
    out = [p]
    for _ in range(plies):
        if p.status == "match-over":
            break
        if p.round_over:
            p = jaipur.next_round(p)
        moves = jaipur.legal_moves(p)
        p = jaipur.apply(p, moves[rng.below(len(moves))])
        out.append(p)
    return out


# ---------------------------------------------------------------- exactly what R19/R20 allow


@pytest.mark.parametrize("seat", [0, 1])
def test_view_keys_are_exactly_the_public_ones(seat):
    v = view(mid_game(), seat)
    assert set(v) == VIEW_KEYS
    assert v["format"] == "jaipur-view/1" and v["seat"] == seat
    json.dumps(v)


@pytest.mark.parametrize("seat", [0, 1])
def test_view_has_no_deck_no_seed_no_hands(seat):
    v = view(mid_game(), seat)
    for secret in ("deck", "seed", "hands", "bonus", "result"):
        assert secret not in v


def test_own_hand_and_opponent_hand_size_only():
    p = mid_game()
    v0, v1 = view(p, 0), view(p, 1)
    assert v0["hand"] == "CCPL" and v0["opponent_hand_size"] == 6
    assert v1["hand"] == "DDSLLL" and v1["opponent_hand_size"] == 4
    assert not any(isinstance(x, str) and "DDSLLL" in x for x in v0.values())


def test_deck_only_as_a_size():
    p = mid_game()
    v = view(p, 0)
    assert v["deck_size"] == len(p.deck) == len(position_to_json(p)["deck"])
    assert p.deck not in json.dumps(v)


def test_opponent_bonus_values_hidden_own_shown():
    p = mid_game()
    v0, v1 = view(p, 0), view(p, 1)
    assert v0["taken"][0]["bonus"] == [[3, 2]]
    assert v0["taken"][1]["bonus"] == [[4, None], [3, None]]  # how many and from which pile: public
    assert v1["taken"][1]["bonus"] == [[4, 6], [3, 3]]
    assert v1["taken"][0]["bonus"] == [[3, None]]


def test_remaining_bonus_piles_only_as_sizes():
    v = view(mid_game(), 0)
    assert v["bonus_sizes"] == {"3": 5, "4": 5, "5": 5}


def test_goods_tokens_are_public():
    p = mid_game()
    for seat in (0, 1):
        v = view(p, seat)
        assert v["taken"][0]["goods"] == [["C", 5], ["C", 3], ["C", 3]]
        assert v["taken"][1]["goods"] == [["P", 5], ["P", 3], ["P", 3], ["P", 2]]
        assert v["goods"] == position_to_json(p)["goods"]


def test_public_fields_match_the_position():
    p = mid_game()
    j = position_to_json(p)
    for seat in (0, 1):
        v = view(p, seat)
        for key in ("mode", "round", "seals", "to_move", "starter", "market", "herds", "discard", "status"):
            assert v[key] == j[key], key


def test_views_of_two_positions_differing_only_in_hidden_parts_are_equal():
    # same public state, different opponent hand / deck order / opponent bonus values
    a = mid_game()
    ja = position_to_json(a)
    jb = json.loads(json.dumps(ja))
    jb["hands"][1] = "GGSLLL"
    jb["deck"] = ja["deck"].replace("G", "D", 2)[::-1]  # the two gold moved to the hand, two diamonds to the deck
    jb["taken"][1]["bonus"] = [[4, 4], [3, 1]]
    jb["bonus"]["4"] = [6, 6, 5, 5, 4]
    jb["bonus"]["3"] = [3, 3, 2, 2, 1]
    del jb["status"]
    b = position_from_json(jb)
    assert a != b
    assert view(a, 0) == view(b, 0)
    assert view(a, 1) != view(b, 1)


def test_bonus_values_revealed_after_the_round_is_scored():
    p = position_from_json({
        "market": "MMMCP", "hands": ["SS", ""], "goods": {"D": [], "G": [], "S": [5, 5]},
        "taken": [{"goods": [], "bonus": [[3, 2]]}, {"goods": [], "bonus": [[5, 10], [4, 5]]}],
    })
    assert view(p, 0)["taken"][1]["bonus"] == [[5, None], [4, None]]
    q = jaipur.apply(p, "S2S")
    assert q.round_over
    for seat in (0, 1):
        v = view(q, seat)
        assert v["taken"][0]["bonus"] == [[3, 2]]
        assert v["taken"][1]["bonus"] == [[5, 10], [4, 5]]
        assert v["status"] == "round-over"
        assert v["result"] == q.result
        assert set(v) == VIEW_KEYS | {"result"}


def test_hidden_values_stay_hidden_during_a_whole_game():
    for p in played_positions(21, 120):
        for seat in (0, 1):
            v = view(p, seat)
            assert "deck" not in v and "seed" not in v
            assert v["opponent_hand_size"] == p.hand_size(1 - seat)
            if not p.round_over:
                assert all(val is None for _, val in v["taken"][1 - seat]["bonus"])
                assert "result" not in v


@pytest.mark.parametrize("seat", [2, -1, "0", None])
def test_bad_seat_refused(seat):
    with pytest.raises(jaipur.JaipurError):
        view(mid_game(), seat)


# ---------------------------------------------------------------- determinize


@pytest.mark.parametrize("seat", [0, 1])
def test_determinize_is_consistent_with_the_view(seat):
    v = view(mid_game(), seat)
    for s in range(10):
        q = determinize(v, Rng(s))
        assert view(q, seat) == v
        assert q.status == "playing"


def test_determinize_over_a_played_game():
    for p in played_positions(4, 80):
        if p.round_over:
            continue
        for seat in (0, 1):
            v = view(p, seat)
            q = determinize(v, Rng(len(p.deck) + seat))
            assert view(q, seat) == v
            assert jaipur.legal_moves(q) == jaipur.legal_moves(p) if p.to_move == seat else True
            # a complete, valid position: it survives its own JSON
            assert position_from_json(position_to_json(q)) == q


def test_determinize_varies_the_hidden_parts():
    v = view(mid_game(), 0)
    hands = {determinize(v, Rng(s)).hands[1] for s in range(30)}
    assert len(hands) > 1


def test_determinize_does_not_copy_the_true_hidden_cards_by_construction():
    # a view carries no hidden card, so two positions with the same view determinize identically
    a = mid_game()
    ja = position_to_json(a)
    ja["hands"][1] = "GGSLLL"
    ja["deck"] = ja["deck"].replace("G", "D", 2)
    del ja["status"]
    b = position_from_json(ja)
    assert determinize(view(a, 0), Rng(5)) == determinize(view(b, 0), Rng(5))


# ---------------------------------------------------------------- the dealer a search reuses


def deal_as_documented(v, rng):
    """determinize spelled out step by step from its docstring, in the order it draws from rng."""
    from jaipur.cards import BONUS_SIZES, BONUS_TOKENS, GOODS, counts_of, letters_of
    from jaipur.position import Position
    from jaipur.view import unseen_cards

    seat = v["seat"]
    unseen = unseen_cards(v)
    known = tuple(counts_of(k) for k in v.get("known", ["", ""]))
    theirs = known[1 - seat]
    goods = list(letters_of(tuple(unseen[i] - theirs[i] for i in range(6)) + (0,)))
    rng.shuffle(goods)  # 1. the unseen goods
    n = v["opponent_hand_size"] - sum(theirs)
    drawn = counts_of("".join(goods[:n]))
    their_hand = tuple(drawn[i] + theirs[i] for i in range(7))
    deck = goods[n:] + ["M"] * unseen[6]
    rng.shuffle(deck)  # 2. the deck
    slots = [[list(t) for t in v["taken"][s]["bonus"]] for s in (0, 1)]
    piles = []
    for size in BONUS_SIZES:  # 3. per bonus size, the values nobody has seen
        values = list(BONUS_TOKENS[size])
        for s in (0, 1):
            for tsize, value in v["taken"][s]["bonus"]:
                if tsize == size and value is not None:
                    values.remove(value)
        rng.shuffle(values)
        for s in (0, 1):
            for slot in slots[s]:
                if slot[0] == size and slot[1] is None:
                    slot[1] = values.pop()
        piles.append(tuple(values[: v["bonus_sizes"][str(size)]]))
    own = counts_of(v["hand"])
    return Position(
        mode=v["mode"], round=v["round"], seals=tuple(v["seals"]), to_move=v["to_move"], starter=v["starter"],
        market=counts_of(v["market"]), hands=(own, their_hand) if seat == 0 else (their_hand, own),
        herds=tuple(v["herds"]), deck="".join(deck), discard=counts_of(v["discard"]),
        goods=tuple(tuple(v["goods"][g]) for g in GOODS), bonus=tuple(piles),
        taken_goods=tuple(tuple((g, x) for g, x in v["taken"][s]["goods"]) for s in (0, 1)),
        taken_bonus=tuple(tuple(tuple(t) for t in slots[s]) for s in (0, 1)),
        seed=rng.next64(),  # 4. the new position's seed
        known=known,
    )


def test_dealer_deals_what_determinize_documents_and_keeps_nothing_between_deals():
    from jaipur.view import Dealer

    checked = 0
    for seed in (2, 5, 11):
        for p in played_positions(seed, 150):
            for seat in (0, 1):
                v = view(p, seat)
                dealer = Dealer(v)
                for k in range(3):  # one dealer, several deals: each is a fresh determinize
                    dealt = dealer.deal(Rng(seed * 100 + k))
                    assert dealt == deal_as_documented(v, Rng(seed * 100 + k))
                    assert dealt == determinize(v, Rng(seed * 100 + k))
                    assert view(dealt, seat) == v
                    checked += 1
    assert checked > 1000
