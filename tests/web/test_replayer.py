"""The replay viewer: frames (with a frame for each new deal), stepping, rounds, whose eyes, words, log."""

from __future__ import annotations

import json

import pytest

from jaipur import BadRecordError, Record, replay, view
from jaipur.cards import letters_of
from jaipur.web.i18n import strings
from jaipur.web.teach.replayer import Replayer

from .fakes import full_match


@pytest.fixture(scope="module")
def match() -> Record:
    return full_match(11)


def test_frames_and_round_starts(match: Record) -> None:
    rp = Replayer(match)
    positions = replay(match)
    rounds = positions[-1].round
    assert len(rp.frames) == len(match.moves) + 1 + (rounds - 1)
    starts = rp.round_starts()
    assert starts[0] == 0 and len(starts) == rounds and rp.rounds() == list(range(1, rounds + 1))
    for i in starts:
        f = rp.frames[i]
        assert f.move is None and f.position.status == "playing"
        assert not any(f.position.taken_goods)  # a fresh deal
    for i in starts[1:]:
        assert rp.frames[i - 1].position.round_over
    assert rp.frames[-1].position == positions[-1] and rp.frames[-1].ply == len(match.moves)


def test_stepping(match: Record) -> None:
    rp = Replayer(match)
    assert rp.at_start and not rp.back() and rp.last_move() is None
    assert rp.forward() and rp.index == 1 and rp.last_move() is not None
    assert rp.back() and rp.at_start
    assert rp.to_end() and rp.at_end and not rp.forward() and not rp.to_end()
    assert rp.to_start() and rp.index == 0
    assert rp.go_to(10_000) and rp.at_end and rp.go_to(-5) and rp.at_start
    assert rp.jump_to_round(2) and rp.index == rp.round_starts()[1]
    assert not rp.jump_to_round(9)


def test_autoplay_runs_to_the_end(match: Record) -> None:
    rp = Replayer(match)
    steps = 0
    while rp.autoplay_step():
        steps += 1
    assert steps == len(rp.frames) - 1 and rp.at_end and rp.position.status == "match-over"
    assert rp.autoplay_step() is False


def test_seen_from_a_seat_hides_the_other_hand(match: Record) -> None:
    rp = Replayer(match)
    rp.go_to(5)
    p = rp.position
    for seat in (0, 1):
        assert rp.set_seen_from(seat)
        v = rp.current_view()
        base = view(p, seat)
        assert {k: v[k] for k in base} == base
        assert "hands" not in v and "opponent_hand" not in v and "deck" not in v and "seed" not in v
        assert v["replay"]["seen_from"] == seat


def test_seen_from_all_reveals_both_hands_and_bonus_values(match: Record) -> None:
    rp = Replayer(match, seen_from="all")
    for i, frame in enumerate(rp.frames):
        if frame.position.taken_bonus[1] and not frame.position.round_over:
            rp.go_to(i)
            break
    v = rp.current_view()
    p = rp.position
    assert v["revealed"] and v["hands"] == [letters_of(h) for h in p.hands] and v["opponent_hand"] == v["hands"][1]
    assert all(val is not None for s in (0, 1) for _, val in v["taken"][s]["bonus"])
    assert "deck" not in v and "seed" not in v
    assert len(p.deck) < 8 or p.deck not in json.dumps(v)  # the deck order never reaches the page


def test_toggle_and_bad_values(match: Record) -> None:
    rp = Replayer(match, seen_from="nobody")
    assert rp.seen_from == 0
    assert [rp.toggle_seen_from() for _ in range(3)] == [1, "all", 0]
    assert not rp.set_seen_from(2) and not rp.set_seen_from(True) and rp.seen_from == 0


def test_last_move_in_words(match: Record) -> None:
    rp = Replayer(match)
    rp.forward()
    last = rp.last_move()
    assert last is not None
    first = match.moves[0]
    assert last["move"] == first and last["ply"] == 1 and last["name"] in ("Ava", "Bo")
    assert strings("en").did(last, last["name"]).startswith(last["name"]) and strings("fa").did(last, last["name"])
    assert rp.current_view()["replay"]["last"] == last


def test_log_matches_the_frames(match: Record) -> None:
    rp = Replayer(match)
    rp.to_end()
    log = rp.log()
    moves = [e for e in log if e.get("kind") in ("take", "camels", "exchange", "sell")]
    assert [e["move"] for e in moves] == match.moves
    assert sum(1 for e in log if e["kind"] == "round-start") == len(rp.round_starts())
    assert sum(1 for e in log if e["kind"] == "round-end") == len(rp.round_starts())
    rp.to_start()
    assert rp.log() == [{"kind": "round-start", "round": 1, "seat": rp.position.to_move}]


def test_empty_and_bad_records() -> None:
    rp = Replayer(Record(seed=4))
    assert len(rp.frames) == 1 and rp.at_start and rp.at_end and rp.round_starts() == [0]
    assert rp.current_view()["replay"]["plies"] == 0
    with pytest.raises(BadRecordError):
        Replayer(Record(seed=4, moves=["S9L"]))


def test_record_starting_from_a_finished_round() -> None:
    rec = full_match(5, "standard")
    positions = replay(rec)
    end = next(i for i, p in enumerate(positions) if p.round_over)
    tail = Record(seed=5, moves=rec.moves[end:end + 3], start=positions[end])
    rp = Replayer(tail)
    assert rp.round_starts() == [0, 1] and rp.frames[1].position.round == positions[end].round + 1
