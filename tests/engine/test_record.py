"""Game records (DESIGN.md "Game record", jaipur-record/1): JSON and compact forms, exact replay, bad records."""

from __future__ import annotations

import base64
import json

import pytest

import jaipur
from jaipur import BadRecordError, Record, record_from_compact, record_from_json, record_to_compact, record_to_json


def b64(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def play_match(seed, mode="standard", picker=7, start=None):
    """A whole match of seeded random moves (crossing rounds through apply): (moves, positions)."""
    p = start if start is not None else jaipur.new_match(seed, mode)
    rng = jaipur.Rng(picker)
    moves, positions = [], [p]
    while p.status != "match-over":
        listing = jaipur.legal_moves(jaipur.next_round(p) if p.round_over else p)
        m = listing[rng.below(len(listing))]
        p = jaipur.apply(p, m)  # a finished round: apply deals the next one first
        moves.append(m)
        positions.append(p)
    return moves, positions


@pytest.fixture(scope="module")
def match():
    moves, positions = play_match(42)
    return Record(seed=42, mode="standard", players=["Ava", "Computer"], moves=moves), positions


# ---------------------------------------------------------------- forms


def test_json_form_fields(match):
    record, _ = match
    data = record_to_json(record)
    assert data["format"] == "jaipur-record/1"
    assert data["seed"] == 42 and data["mode"] == "standard"
    assert data["players"] == ["Ava", "Computer"]
    assert data["moves"] == record.moves
    assert "start" not in data
    json.dumps(data)


def test_json_round_trip(match):
    record, _ = match
    data = record_to_json(record)
    back = record_from_json(json.dumps(data))
    assert back == record
    assert record_to_json(back) == data
    assert record_from_json(data) == record


def test_compact_round_trip(match):
    record, _ = match
    text = record_to_compact(record)
    assert text.startswith("J1.42.s.")
    assert all(c.isalnum() or c in "._-" for c in text)  # URL-safe
    assert record_from_compact(text) == record
    assert record_to_compact(record_from_compact(text)) == text


def test_compact_form_layout():
    moves, _ = play_match(5, "single-round")
    rec = Record(seed=5, mode="single-round", players=["Ava", "Computer"], moves=moves[:3])
    text = record_to_compact(rec)
    assert text == "J1.5.1.QXZh.Q29tcHV0ZXI." + "_".join(moves[:3])
    assert record_from_compact(text) == rec


def test_compact_names_in_any_script():
    rec = Record(seed=9, players=["آوا", "Комп 💻"], moves=[])
    assert record_from_compact(record_to_compact(rec)).players == ["آوا", "Комп 💻"]
    assert record_from_json(json.dumps(record_to_json(rec), ensure_ascii=False)).players == ["آوا", "Комп 💻"]


def test_empty_record():
    rec = Record(seed=3)
    assert record_from_json(record_to_json(rec)) == rec
    assert record_from_compact(record_to_compact(rec)) == rec
    assert jaipur.replay(rec) == [jaipur.new_match(3)]


def test_defaults_of_a_minimal_record():
    rec = record_from_json({"seed": 7})
    assert rec.mode == "standard" and rec.moves == [] and len(rec.players) == 2


def test_moves_are_stored_canonically():
    p = jaipur.position_from_json({"market": "MMMDG", "hands": ["CL", ""], "herds": [2, 0]})
    rec = record_from_json({"seed": 0, "start": jaipur.position_to_json(p), "moves": ["xgd-ml", " tm "]})
    assert rec.moves == ["XDG-LM", "TM"]


def test_record_with_a_start_position_round_trips():
    start = jaipur.position_from_json({"market": "MMMDG", "hands": ["DDG", "SCL"], "herds": [2, 1], "seed": 11})
    moves, positions = play_match(0, start=start)
    rec = Record(seed=11, players=["A", "B"], moves=moves, start=start)
    assert record_from_json(record_to_json(rec)) == rec
    text = record_to_compact(rec)
    assert len(text.split(".")) == 7
    assert record_from_compact(text) == rec
    assert jaipur.replay(rec) == positions


# ---------------------------------------------------------------- replay


def test_replay_is_exact(match):
    record, positions = match
    replayed = jaipur.replay(record)
    assert replayed == positions
    assert len(replayed) == len(record.moves) + 1
    assert replayed[0] == jaipur.new_match(42)
    assert replayed[-1].status == "match-over"
    assert jaipur.replay(record_from_compact(record_to_compact(record))) == positions


def test_replay_crosses_rounds_dealt_from_seed_and_round(match):
    record, positions = match
    rounds = [p.round for p in positions]
    assert rounds == sorted(rounds) and rounds[-1] >= 2
    for before, after in zip(positions, positions[1:]):
        if before.round_over:
            # the first position of each later round is the deal of (seed, round) with its starter
            first = jaipur.next_round(before)
            assert first == jaipur.deal(42, before.round + 1, "standard", first.seals, first.starter)
            assert after.round == before.round + 1


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5])
def test_same_record_same_game(seed):
    moves, positions = play_match(seed, "single-round", picker=seed % 97)
    rec = Record(seed=seed, mode="single-round", moves=moves)
    assert jaipur.replay(rec) == positions
    assert jaipur.replay(record_from_json(json.dumps(record_to_json(rec)))) == positions


# ---------------------------------------------------------------- bad records


def bad_json(data):
    with pytest.raises(BadRecordError) as info:
        record_from_json(data)
    err = info.value
    assert err.code == "bad-record"
    assert isinstance(err.message, str) and err.message.rstrip().endswith(".")
    assert err.message[0].isupper() or err.message[0] == "'"
    return err.message


@pytest.mark.parametrize(
    "data,word",
    [
        ("{not json", "JSON"),
        ('{"seed": 1, "moves": ["TM"', "JSON"),
        ("", "JSON"),
        ("[]", "object"),
        ("42", "object"),
        (None, "object"),
        ({"format": "jaipur-record/2", "seed": 1}, "jaipur-record/1"),
        ({"seed": 1, "extra": 2}, "extra"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 1, "mode": "blitz"}, "mode"),
        ({"seed": 1, "players": ["A"]}, "players"),
        ({"seed": 1, "players": ["A", 2]}, "players"),
        ({"seed": 1, "players": "AB"}, "players"),
        ({"seed": 1, "players": ["A" * 101, "B"]}, "players"),
        ({"seed": 1, "moves": "TM"}, "moves"),
        ({"seed": 1, "moves": [1, 2]}, "moves"),
        ({"seed": 1, "start": 5}, "start"),
        ({"seed": 1, "start": {"market": "MMMDX", "hands": ["", ""]}}, "start"),
        ({"seed": 1, "mode": "single-round", "start": {"market": "MMMDG", "hands": ["", ""]}}, "mode"),
    ],
)
def test_bad_record_refused(data, word):
    msg = bad_json(data)
    assert word.lower() in msg.lower(), msg


def test_bad_move_in_the_middle_names_the_move_number(match):
    record, _ = match
    moves = list(record.moves[:5]) + ["S1M"] + list(record.moves[5:8])
    msg = bad_json({"seed": 42, "moves": moves})
    assert "Move 6" in msg and "S1M" in msg


def test_unreadable_move_in_the_middle_names_the_move_number(match):
    record, _ = match
    moves = list(record.moves[:2]) + ["hello"] + list(record.moves[2:4])
    msg = bad_json({"seed": 42, "moves": moves})
    assert "Move 3" in msg and "hello" in msg


def test_illegal_move_in_the_middle_names_the_move_number(match):
    record, positions = match
    # a move that is well formed but not legal at ply 4
    p = positions[3]
    illegal = next(m for m in ("TD", "TG", "TS", "TC", "TP", "TL", "S2D", "S5L", "TM") if not jaipur.is_legal(p, m))
    msg = bad_json({"seed": 42, "moves": record.moves[:3] + [illegal]})
    assert "Move 4" in msg


def test_move_after_the_match_ended(match):
    record, _ = match
    msg = bad_json({"seed": 42, "moves": record.moves + ["TM"]})
    assert f"Move {len(record.moves) + 1}" in msg
    assert "over" in msg.lower()


def test_replay_of_a_bad_record_object():
    with pytest.raises(BadRecordError) as info:
        jaipur.replay(Record(seed=1, moves=["TM", "XD-L"]))
    assert info.value.code == "bad-record"
    with pytest.raises(BadRecordError) as info:
        jaipur.replay(Record(seed=1, mode="blitz"))
    assert info.value.code == "bad-record"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "J2.1.s.QQ.Qg.",
        "J1.1.s.QQ.Qg",           # too few parts
        "J1.1.s.QQ.Qg...x",       # too many parts
        "J1.x.s.QQ.Qg.",
        "J1.-1.s.QQ.Qg.",
        "J1..s.QQ.Qg.",
        "J1.1.x.QQ.Qg.",
        "J1.1.s.Q!Q.Qg.",
        "J1.1.s.QQ.Qg.hello",
        "J1.1.s.QQ.Qg.TM_XD-L",
        "J1.1.s.QQ.Qg..e30",      # start {} : not a position
        "J1.1.s.QQ.Qg..!!",
        "J1.1.s.__8.Qg.",         # names not UTF-8
        "J1.99999999999999999999.s.QQ.Qg.",
        "J1.\u00b2.s.QQ.Qg.",     # superscript two: str.isdigit() but not int() (engine: ValueError)
        "J1.\u2460.s.QQ.Qg.",     # circled one: also isdigit() and not int()
    ],
)
def test_bad_compact_record_refused(text):
    with pytest.raises(BadRecordError) as info:
        record_from_compact(text)
    assert info.value.code == "bad-record"
    assert info.value.message.rstrip().endswith(".")


@pytest.mark.parametrize("value", [None, 42, b"J1.1.s.QQ.Qg."])
def test_compact_non_text_refused(value):
    with pytest.raises(BadRecordError) as info:
        record_from_compact(value)
    assert info.value.code == "bad-record"


def test_compact_bad_move_names_the_move_number():
    moves, _ = play_match(8)
    text = f"J1.8.s.{b64('A')}.{b64('B')}." + "_".join(moves[:3] + ["S1D"])
    with pytest.raises(BadRecordError) as info:
        record_from_compact(text)
    assert "Move 4" in info.value.message
