"""Position JSON (DESIGN.md "Position JSON", format jaipur-position/1): defaults, every field, round trip, bad input."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import jaipur
from jaipur import BadPositionError, position_from_json, position_to_json

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
FIELDS = {
    "format", "mode", "round", "seals", "to_move", "starter", "market", "hands", "herds",
    "deck", "discard", "goods", "bonus", "taken", "seed", "known", "status",
}
BASE = {"market": "MMMDG", "hands": ["DDG", "SCL"]}


def cards(j):
    c = Counter(j["market"] + j["hands"][0] + j["hands"][1] + j["deck"] + j["discard"])
    c["M"] += sum(j["herds"])
    return c


def is_sentence(message, capital=False):
    """A player's sentence: short, ends with a full stop, no traceback (`capital`: starts like a sentence)."""
    ok = (
        isinstance(message, str)
        and 10 <= len(message) <= 300
        and message.rstrip().endswith((".", ".)"))
        and "Traceback" not in message
    )
    if capital:
        ok = ok and (message[0].isupper() or message[0].isdigit() or message[0] in "'\"")
    return ok


# ---------------------------------------------------------------- defaults


def test_the_design_example_with_every_camel_placed_reads():
    data = {
        "format": "jaipur-position/1",
        "mode": "standard",
        "round": 1, "seals": [0, 0],
        "to_move": 0, "starter": 0,
        "market": "MMMDG",
        "hands": ["DDG", "SCL"],
        "herds": [2, 1],
        "deck": "LCSPD" + "M" * 5,
        "discard": "",
        "goods": {"D": [7, 7, 5, 5, 5]},
        "bonus": {"3": [2, 1, 3, 2, 1, 2, 3]},
        "taken": [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}],
        "seed": 0,
    }
    p = position_from_json(data)
    j = position_to_json(p)
    assert j["deck"] == "LCSPDMMMMM"
    assert j["bonus"]["3"] == [2, 1, 3, 2, 1, 2, 3]
    assert j["hands"] == ["DDG", "SCL"] and j["herds"] == [2, 1]
    # cards placed nowhere are in the discard pile when the deck is given
    assert cards(j) == MANIFEST
    assert Counter(j["discard"]) == MANIFEST - Counter("MMMDG" "DDGSCL" "LCSPDMMMMM") - Counter({"M": 3})


def test_the_design_example_verbatim_reads():
    """DESIGN.md's Position JSON example, exactly as printed (comments removed).

    Herds 2+1 and the market's 3 camels make 6 of 11 and the deck holds none:
    cards placed nowhere go to the discard pile ("out of the game"), camels too.
    """
    data = {
        "format": "jaipur-position/1",
        "mode": "standard",
        "round": 1, "seals": [0, 0],
        "to_move": 0, "starter": 0,
        "market": "MMMDG",
        "hands": ["DDG", "SCL"],
        "herds": [2, 1],
        "deck": "LCSPD",
        "discard": "",
        "goods": {"D": [7, 7, 5, 5, 5]},
        "bonus": {"3": [2, 1, 3, 2, 1, 2, 3]},
        "taken": [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}],
        "seed": 0,
    }
    j = position_to_json(position_from_json(data))
    assert j["market"] == "DGMMM" and j["hands"] == ["DDG", "SCL"] and j["herds"] == [2, 1]
    assert j["deck"] == "LCSPD"


def test_minimal_position_fills_every_default():
    p = position_from_json(BASE)
    j = position_to_json(p)
    assert j["format"] == "jaipur-position/1"
    assert j["mode"] == "standard"
    assert j["round"] == 1 and j["seals"] == [0, 0]
    assert j["to_move"] == 0 and j["starter"] == 0
    assert j["herds"] == [0, 0]
    assert j["discard"] == ""
    assert j["goods"] == FULL_GOODS
    assert {k: sorted(v) for k, v in j["bonus"].items()} == FULL_BONUS
    assert j["taken"] == [{"goods": [], "bonus": []}, {"goods": [], "bonus": []}]
    assert j["seed"] == 0
    assert j["status"] == "playing" and "result" not in j
    # absent deck: every card not placed elsewhere
    assert Counter(j["deck"]) == MANIFEST - Counter("MMMDG" "DDGSCL")
    assert cards(j) == MANIFEST


def test_starter_defaults_to_to_move():
    assert position_from_json({**BASE, "to_move": 1}).starter == 1
    assert position_from_json({**BASE, "to_move": 1, "starter": 0}).starter == 0


def test_hidden_defaults_are_shuffled_by_the_seed():
    a = position_to_json(position_from_json({**BASE, "seed": 3}))
    b = position_to_json(position_from_json({**BASE, "seed": 3}))
    c = position_to_json(position_from_json({**BASE, "seed": 4}))
    assert a == b
    assert a["deck"] != c["deck"]
    assert Counter(a["deck"]) == Counter(c["deck"])
    orders = {json.dumps(position_to_json(position_from_json({**BASE, "seed": s}))["bonus"]) for s in range(8)}
    assert len(orders) > 1


def test_absent_goods_pile_is_full_minus_taken_tokens():
    p = position_from_json({**BASE, "taken": [{"goods": [["D", 7]], "bonus": [[3, 2]]}, {"goods": [["D", 7], ["L", 4]]}]})
    j = position_to_json(p)
    assert j["goods"]["D"] == [5, 5, 5]
    assert j["goods"]["L"] == [3, 2, 1, 1, 1, 1, 1, 1]
    assert sorted(j["bonus"]["3"]) == [1, 1, 2, 2, 3, 3]


def test_lowercase_and_padded_card_strings():
    p = position_from_json({"market": " mmmdg ", "hands": ["gdd", " lcs"]})
    j = position_to_json(p)
    assert j["market"] == "DGMMM" and j["hands"] == ["DDG", "SCL"]


def test_page_only_fields_are_ignored():
    p = position_from_json({**BASE, "caption": "Take the camels?", "solution": ["TM"], "players": ["A", "B"]})
    assert p == position_from_json(BASE)


def test_json_text_and_bytes_are_read():
    assert position_from_json(json.dumps(BASE)) == position_from_json(BASE)
    assert position_from_json(json.dumps(BASE).encode()) == position_from_json(BASE)


# ---------------------------------------------------------------- writing every field


def test_output_writes_every_field():
    j = position_to_json(position_from_json(BASE))
    assert set(j) == FIELDS
    assert set(j["goods"]) == set("DGSCPL")
    assert set(j["bonus"]) == {"3", "4", "5"}
    json.dumps(j)  # JSON-ready


def test_output_of_a_finished_round_carries_status_and_result():
    p = position_from_json({**BASE, "goods": {"D": [], "G": [], "S": []},
                            "taken": [{"goods": [["D", 7]]}, {"goods": []}]})
    j = position_to_json(p)
    assert set(j) == FIELDS | {"result"}
    assert j["status"] == "round-over"
    res = j["result"]
    for key in ("scores", "camel_token", "winner", "tiebreak", "seals", "next_starter", "match_winner"):
        assert key in res
    assert res["scores"] == [7, 0] and res["winner"] == 0 and res["seals"] == [1, 0]
    assert res["next_starter"] == 1 and res["match_winner"] is None
    json.dumps(j)


def test_output_of_a_finished_match():
    p = position_from_json({**BASE, "mode": "single-round", "goods": {"D": [], "G": [], "S": []}})
    j = position_to_json(p)
    assert j["status"] == "match-over"
    assert j["result"]["match_winner"] == "draw" and j["result"]["next_starter"] is None


def test_status_given_must_agree():
    position_from_json({**BASE, "status": "playing"})
    over = {**BASE, "goods": {"D": [], "G": [], "S": []}}
    position_from_json({**over, "status": "round-over"})
    with pytest.raises(BadPositionError) as info:
        position_from_json({**over, "status": "playing"})
    assert is_sentence(info.value.message)


# ---------------------------------------------------------------- round trip


def positions_of_play(seed, mode="standard"):
    p = jaipur.new_match(seed, mode)
    rng = jaipur.Rng(seed + 1)
    out = [p]
    while p.status != "match-over":
        if p.round_over:
            p = jaipur.next_round(p)
            out.append(p)
        moves = jaipur.legal_moves(p)
        p = jaipur.apply(p, moves[rng.below(len(moves))])
        out.append(p)
    return out


@pytest.mark.parametrize("seed,mode", [(1, "standard"), (2, "single-round"), (3, "standard")])
def test_round_trip_of_every_position_of_a_match(seed, mode):
    for p in positions_of_play(seed, mode):
        j = position_to_json(p)
        text = json.dumps(j)
        q = position_from_json(text)
        assert q == p
        assert position_to_json(q) == j
        assert jaipur.legal_moves(q) == jaipur.legal_moves(p)


def test_round_trip_keeps_hidden_parts_exactly():
    p = jaipur.new_match(12345)
    j = position_to_json(p)
    q = position_from_json(j)
    assert q.deck == p.deck and q.bonus == p.bonus and q.seed == p.seed


def test_input_is_not_modified():
    data = {**BASE, "taken": [{"goods": [["D", 7]], "bonus": []}, {"goods": [], "bonus": []}]}
    before = copy.deepcopy(data)
    position_from_json(data)
    assert data == before


# ---------------------------------------------------------------- bad input


BAD = [
    # (name, data, words the message must mention)
    ("seven diamonds in play", {"market": "DDDDD", "hands": ["DD", ""]}, ["diamond", "6"]),
    ("seven diamonds with the discard", {**BASE, "discard": "DDDD"}, ["diamond"]),
    ("seven diamonds with the deck", {**BASE, "deck": "DDDD"}, ["diamond"]),
    ("twelve camels", {**BASE, "herds": [6, 6]}, ["camel", "11"]),
    ("a 6th token of value 7", {**BASE, "goods": {"D": [7, 7, 7, 5, 5, 5]}}, ["diamond", "7"]),
    ("a third 7 taken", {**BASE, "taken": [{"goods": [["D", 7], ["D", 7], ["D", 7]]}, {}]}, ["diamond", "7"]),
    ("a 7 in the pile and two taken", {**BASE, "goods": {"D": [7, 5, 5, 5]},
                                        "taken": [{"goods": [["D", 7], ["D", 7]]}, {}]}, ["7"]),
    ("a hand of 8", {**BASE, "hands": ["DDGCCPPL", ""]}, ["8", "7"]),
    ("a market of 4 while the round goes on", {**BASE, "market": "MMMD"}, ["market", "4"]),
    ("a market of 6", {**BASE, "market": "MMMDGG"}, ["market", "6"]),
    ("seat 2 to move", {**BASE, "to_move": 2}, ["to_move", "2"]),
    ("seat 2 starts", {**BASE, "starter": 2}, ["starter", "2"]),
    ("three hands", {**BASE, "hands": ["DDG", "SCL", ""]}, ["hands", "two"]),
    ("one hand", {**BASE, "hands": ["DDG"]}, ["hands", "two"]),
    ("three herds", {**BASE, "herds": [1, 1, 1]}, ["herds", "two"]),
    ("unknown letter in the market", {**BASE, "market": "MMMDX"}, ["X", "letter"]),
    ("unknown letter in a hand", {**BASE, "hands": ["DDZ", ""]}, ["Z", "letter"]),
    ("unknown letter in the deck", {**BASE, "deck": "Q"}, ["Q", "letter"]),
    ("camel in a hand", {**BASE, "hands": ["DDG", "SCLM"]}, ["camel"]),
    ("token value that does not exist", {**BASE, "goods": {"D": [8]}}, ["diamond", "8"]),
    ("leather token of 5", {**BASE, "goods": {"L": [5]}}, ["leather", "5"]),
    ("bonus value that does not exist", {**BASE, "bonus": {"3": [4]}}, ["4"]),
    ("taken bonus value that does not exist", {**BASE, "taken": [{"bonus": [[5, 7]]}, {}]}, ["7"]),
    ("pile not highest first", {**BASE, "goods": {"D": [5, 7]}}, ["diamond", "highest"]),
    ("unknown goods pile", {**BASE, "goods": {"X": [1]}}, ["X"]),
    ("unknown bonus pile", {**BASE, "bonus": {"6": [1]}}, ["6"]),
    ("unknown field", {**BASE, "foo": 1}, ["foo"]),
    ("wrong format", {**BASE, "format": "jaipur-position/2"}, ["jaipur-position/1"]),
    ("wrong mode", {**BASE, "mode": "blitz"}, ["mode"]),
    ("no market", {"hands": ["", ""]}, ["market"]),
    ("no hands", {"market": "MMMDG"}, ["hands"]),
    ("round 0", {**BASE, "round": 0}, ["round"]),
    ("round 4", {**BASE, "round": 4}, ["round"]),
    ("a seal in round 1", {**BASE, "seals": [1, 0]}, ["seal"]),
    ("two seals in round 2", {**BASE, "round": 2, "seals": [1, 1]}, ["seal"]),
    ("two seals of one seat", {**BASE, "round": 3, "seals": [2, 0]}, ["seals"]),
    ("single-round round 2", {**BASE, "mode": "single-round", "round": 2}, ["round"]),
    ("negative seed", {**BASE, "seed": -1}, ["seed"]),
    ("seed above 64 bits", {**BASE, "seed": 2**64}, ["seed"]),
    ("herd of 12", {**BASE, "herds": [12, 0]}, ["herds"]),
    ("negative herd", {**BASE, "herds": [-1, 0]}, ["herds"]),
    # wrong types
    ("market is a number", {**BASE, "market": 5}, ["market"]),
    ("market is a list", {**BASE, "market": ["M", "M", "M", "D", "G"]}, ["market"]),
    ("hands is a string", {**BASE, "hands": "DDG"}, ["hands"]),
    ("a hand is null", {**BASE, "hands": [None, ""]}, ["hand"]),
    ("herds is a number", {**BASE, "herds": 2}, ["herds"]),
    ("herd is text", {**BASE, "herds": [1, "x"]}, ["herds"]),
    ("round is text", {**BASE, "round": "1"}, ["round"]),
    ("round is a float", {**BASE, "round": 1.0}, ["round"]),
    ("to_move is a bool", {**BASE, "to_move": True}, ["to_move"]),
    ("seed is a float", {**BASE, "seed": 3.5}, ["seed"]),
    ("seals is a number", {**BASE, "seals": 0}, ["seals"]),
    ("deck is a number", {**BASE, "deck": 5}, ["deck"]),
    ("discard is a number", {**BASE, "discard": 3}, ["discard"]),
    ("goods is a list", {**BASE, "goods": []}, ["goods"]),
    ("a goods pile is text", {**BASE, "goods": {"D": "75"}}, ["diamond"]),
    ("a goods token is text", {**BASE, "goods": {"D": ["7"]}}, ["diamond"]),
    ("bonus is a list", {**BASE, "bonus": []}, ["bonus"]),
    ("a bonus token is a bool", {**BASE, "bonus": {"3": [True]}}, ["bonus"]),
    ("taken is an object", {**BASE, "taken": {}}, ["taken"]),
    ("taken for one seat", {**BASE, "taken": [{"goods": [["D", 7]]}]}, ["taken"]),
    ("taken token value is text", {**BASE, "taken": [{"goods": [["D", "7"]]}, {}]}, ["tokens"]),
    ("taken token is not a pair", {**BASE, "taken": [{"goods": [["D", 7, 1]]}, {}]}, ["tokens"]),
    ("taken token of a camel", {**BASE, "taken": [{"goods": [["M", 5]]}, {}]}, ["tokens"]),
    ("taken bonus from pile 6", {**BASE, "taken": [{"bonus": [[6, 1]]}, {}]}, ["bonus"]),
    ("taken has an extra key", {**BASE, "taken": [{"goods": [], "extra": []}, {}]}, ["taken"]),
    ("mode is a list", {**BASE, "mode": ["standard"]}, ["mode"]),
]


@pytest.mark.parametrize("name,data,words", BAD, ids=[b[0] for b in BAD])
def test_bad_position_refused_with_a_sentence(name, data, words):
    with pytest.raises(BadPositionError) as info:
        position_from_json(data)
    err = info.value
    assert err.code == "bad-position"
    assert isinstance(err, ValueError)
    assert is_sentence(err.message), err.message
    for word in words:
        assert word.lower() in err.message.lower(), (word, err.message)
    assert err.to_json() == {"error": {"code": "bad-position", "message": err.message}}
    # the same through JSON text
    with pytest.raises(BadPositionError):
        position_from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    [
        '{"market": "MMMDG", "hands": ["DDG", ',  # truncated JSON
        "",
        "   ",
        "null",
        "[1, 2]",
        '"MMMDG"',
        "42",
        "{'market': 'MMMDG'}",
        "{" * 10 + "}" * 10,
        "[" * 100000,
        b"\xff\xfe\x00",
    ],
)
def test_unreadable_text_refused(text):
    with pytest.raises(BadPositionError) as info:
        position_from_json(text)
    assert info.value.code == "bad-position"
    assert is_sentence(info.value.message), info.value.message


def test_truncated_json_says_it_is_not_json():
    with pytest.raises(BadPositionError) as info:
        position_from_json('{"market": "MMMDG", "hands": ["DDG", ')
    assert "JSON" in info.value.message


@pytest.mark.parametrize("value", [None, 5, ["MMMDG"], object()])
def test_non_object_data_refused(value):
    with pytest.raises(BadPositionError) as info:
        position_from_json(value)
    assert info.value.code == "bad-position"


@pytest.mark.parametrize(
    "data",
    [
        {**BASE, "herds": [12, 0]},
        {**BASE, "herds": [1, "x"]},
        {**BASE, "seals": [0, 5]},
        {**BASE, "round": 3, "seals": [2, 0]},
    ],
    ids=["herd of 12", "herd is text", "seal of 5", "two seals of one seat"],
)
def test_pair_field_messages_start_like_a_sentence(data):
    # engine: "each of 'herds' must be a whole number from 0 to 11." starts in lower case
    with pytest.raises(BadPositionError) as info:
        position_from_json(data)
    assert is_sentence(info.value.message, capital=True), info.value.message


def test_other_messages_start_like_a_sentence():
    for name, data, _ in BAD:
        if name in ("two seals of one seat", "herd of 12", "negative herd", "herd is text"):
            continue
        with pytest.raises(BadPositionError) as info:
            position_from_json(data)
        assert is_sentence(info.value.message, capital=True), (name, info.value.message)


# ---------------------------------------------------------------- taken tokens must name a real good


@pytest.mark.parametrize(
    "token",
    [
        [5, 7],        # a number where the good's letter belongs (engine: TypeError)
        [None, 7],
        [["D"], 7],
        ["", 7],       # empty letter (engine: accepted, scores 7 from nowhere)
        ["DG", 7],     # two letters (engine: accepted)
        ["d", 7],
    ],
    ids=["number", "null", "list", "empty", "two-letters", "lowercase"],
)
def test_taken_goods_token_must_name_one_good(token):
    data = {**BASE, "taken": [{"goods": [token], "bonus": []}, {"goods": [], "bonus": []}]}
    with pytest.raises(BadPositionError) as info:
        position_from_json(data)
    assert info.value.code == "bad-position"
    assert is_sentence(info.value.message)


@pytest.mark.parametrize("key", ["", "SC", "DGSCPL"])
def test_goods_pile_key_must_be_one_good(key):
    # engine: '' and multi-letter keys pass the `key not in "DGSCPL"` substring test and are ignored
    with pytest.raises(BadPositionError) as info:
        position_from_json({**BASE, "goods": {key: [1]}})
    assert info.value.code == "bad-position"


def test_taken_bonus_pile_must_be_a_whole_number():
    # engine: 3.0 passes `in (3, 4, 5)` and is written back as 3.0
    with pytest.raises(BadPositionError):
        position_from_json({**BASE, "taken": [{"goods": [], "bonus": [[3.0, 1]]}, {}]})


# ---------------------------------------------------------------- the first fault found is the one reported


FIRST_FAULT = [
    # (data with two faults, the exact message of the one checked first): the order of checks is part of the format
    ({**BASE, "foo": 1, "mode": "blitz"}, "Unknown field 'foo' in the position."),
    ({**BASE, "format": "x", "round": 0}, "This reads 'jaipur-position/1' positions, not \"x\"."),
    ({**BASE, "mode": "blitz", "round": 0}, "'mode' must be 'standard' or 'single-round'."),
    ({**BASE, "round": 4, "seals": 0}, "'round' must be between 1 and 3, not 4."),
    ({**BASE, "seals": [1, 0], "to_move": 2}, "Only 0 round(s) came before round 1, so at most 0 seal(s) can be held."),
    ({**BASE, "to_move": 2, "seed": -1}, "'to_move' must be between 0 and 1, not 2."),
    ({"hands": "DDG", "seed": -1}, "'seed' must be between 0 and 18446744073709551615, not -1."),
    ({**BASE, "market": "MMMDGG", "hands": ["DDX", ""]},
     "Seat 0's hand holds 'X', which is not a card letter (D G S C P L M)."),
    ({**BASE, "hands": ["DDGCCPPL", "M"]},
     "Seat 1's hand cannot hold camels: camels go to the herd (R6) and are never sold (R15)."),
    ({**BASE, "market": "MMMDGG", "herds": [12, 0]}, "Each of 'herds' must be a whole number from 0 to 11."),
    ({**BASE, "market": "MMMDGG", "taken": {}}, "The market holds 6 cards; it holds 5 (R10)."),
    ({**BASE, "taken": [{"goods": [["D", "7"]], "bonus": [[6, 1]]}, {"goods": 1}]},
     "Seat 0's goods tokens must be pairs like [\"D\", 7]."),
    ({**BASE, "taken": {}, "goods": []}, "'taken' must be a list of two objects, one per seat."),
    ({**BASE, "goods": {"D": [5, 7]}, "bonus": []}, "The diamond pile must be listed highest value first (R2)."),
    ({**BASE, "goods": {"D": [8], "G": [5, 7]}},
     "There is no further diamond token of value 8: the pile is 7 7 5 5 5 (R2)."),
    ({**BASE, "bonus": {"3": [4]}, "deck": "Q"},
     "There is no further 3-card bonus token of value 4: that pile is 1 1 2 2 2 3 3 (R3)."),
    ({**BASE, "deck": "DDDD", "known": ["X", ""]}, "The position holds 7 diamond cards, but the game has only 6 (R1)."),
    ({**BASE, "known": ["DDD", ""], "market": "MMMD", "deck": "D"},
     "'known' says seat 1 knows of 3 diamond card(s) in seat 0's hand, but that hand holds 2."),
    ({**BASE, "market": "MMMD", "deck": "D", "status": "round-over"},
     "The market holds 4 cards while the deck still has 1: the market is refilled to 5 after every turn (R10)."),
]


@pytest.mark.parametrize("data,message", FIRST_FAULT, ids=[m[:40] for _, m in FIRST_FAULT])
def test_the_first_fault_checked_is_the_one_reported(data, message):
    with pytest.raises(BadPositionError) as info:
        position_from_json(data)
    assert info.value.message == message
