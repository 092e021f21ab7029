"""The saved game: round trip, every damaged or incompatible save reported (never raised), record files,
and undo against the computer (only inside the round being played)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaipur import Record, apply, legal_moves, new_match, next_round, record_to_compact, record_to_json, replay
from jaipur.record import b64encode
from jaipur.web.i18n import Reason
from jaipur.web.store.saved import (
    SAVE_FORMAT,
    SavedGame,
    export_filename,
    export_record,
    import_record,
    load_text,
    save_text,
    undo_moves,
    undo_point,
)

REC = Record(seed=42, players=["Ava", "Computer"], moves=["TM", "S1L", "XSL-DG"])


def play(seed: int, n: int, mode: str = "standard") -> Record:
    """A record of `n` moves: always the first legal move (dealing the next round when one ends)."""
    p = new_match(seed, mode)
    moves: list[str] = []
    while len(moves) < n and p.status != "match-over":
        q = next_round(p) if p.round_over else p
        moves.append(legal_moves(q)[0])
        p = apply(p, moves[-1])
    return Record(seed=seed, mode=mode, moves=moves)


# ---------------------------------------------------------------- save and load


def test_round_trip_keeps_extra_fields() -> None:
    text = save_text(REC, {"opponent": "trader", "human_seat": 1, "lang": "fa", "saved_at": 1700000000000,
                           "format": "ignored"})
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT and data["record"] == record_to_json(REC)
    got = load_text(text)
    assert isinstance(got, SavedGame)
    assert (got.record, got.opponent, got.human_seat) == (REC, "trader", 1)
    assert got.extra == {"lang": "fa", "saved_at": 1700000000000}
    assert got.positions()[-1] == replay(REC)[-1] and not got.finished


def test_save_with_a_start_position_round_trips() -> None:
    start = apply(new_match(seed=3), "TM")
    rec = Record(seed=3, moves=[legal_moves(start)[0]], start=start)
    got = load_text(save_text(rec, {"opponent": "human"}))
    assert isinstance(got, SavedGame) and got.record == rec and got.human_seat == 0


def test_finished_match() -> None:
    rec = play(5, 10_000, "single-round")
    got = load_text(save_text(rec, {"opponent": "novice"}))
    assert isinstance(got, SavedGame) and got.finished


def test_save_text_refuses_bad_extra() -> None:
    with pytest.raises(ValueError):
        save_text(REC, {"opponent": "grandmaster"})
    with pytest.raises(ValueError):
        save_text(REC, {"opponent": "novice", "human_seat": 2})
    with pytest.raises(ValueError):
        save_text(REC, {"opponent": "novice", "human_seat": True})


GOOD = json.loads(save_text(REC, {"opponent": "maharaja"}))


@pytest.mark.parametrize(("text", "code", "words"), [
    (None, "save.empty", "no saved game"),
    ("", "save.empty", "no saved game"),
    ("   ", "save.empty", "no saved game"),
    ("{", "save.json", "damaged"),
    ("[1]", "save.format", "not a Jaipur saved game"),
    ('{"record": {}}', "save.format", "not a Jaipur saved game"),
    (json.dumps(dict(GOOD, format="jaipur-save/2")), "save.version", "jaipur-save/2"),
    (json.dumps(dict(GOOD, opponent="grandmaster")), "save.opponent", "grandmaster"),
    (json.dumps(dict(GOOD, opponent=None)), "save.opponent", "None"),
    (json.dumps(dict(GOOD, human_seat=3)), "save.seat", "0 or 1"),
    (json.dumps(dict(GOOD, human_seat=False)), "save.seat", "0 or 1"),
    (json.dumps(dict(GOOD, record=dict(GOOD["record"], moves=["TM", "S9L"]))), "save.record", "Move 2"),
    (json.dumps(dict(GOOD, record=None)), "save.record", "JSON object"),
    (json.dumps(dict(GOOD, record=dict(GOOD["record"], seed=-1))), "save.record", "seed"),
    ('{"format": "jaipur-save/1", "opponent": "novice", "record": ' + "[" * 3000 + "]" * 3000 + "}",
     "save.json", "damaged"),
    ("x" * 600_000, "save.size", "too large"),
])
def test_damaged_saves_are_problems(text: object, code: str, words: str) -> None:
    got = load_text(text)
    assert isinstance(got, Reason) and got.code == code and words in got.message, got


@given(st.text(max_size=400))
def test_fuzz_load_text_any_text(text: str) -> None:
    assert isinstance(load_text(text), (SavedGame, Reason))


JSONS = st.recursive(st.none() | st.booleans() | st.integers(-5, 2**65) | st.floats() | st.text(max_size=10),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=25)


@given(st.dictionaries(st.sampled_from(["format", "record", "opponent", "human_seat", "lang", "seed", "moves",
                                        "start", "players", "mode"]), JSONS, max_size=6))
def test_fuzz_load_text_shaped_json(data: dict[str, object]) -> None:
    assert isinstance(load_text(json.dumps(data)), (SavedGame, Reason))


@given(st.sampled_from(["seed", "mode", "players", "moves", "start", "format"]), JSONS)
def test_fuzz_load_text_one_field_of_the_record_changed(key: str, value: object) -> None:
    data = json.loads(json.dumps(GOOD))
    data["record"][key] = value
    got = load_text(json.dumps(data))
    assert isinstance(got, (SavedGame, Reason))
    got2 = import_record(json.dumps(data["record"]))
    assert isinstance(got2, (Record, Reason))


# ---------------------------------------------------------------- record files


def test_export_and_import_every_form() -> None:
    assert import_record(export_record(REC)) == REC
    assert import_record(export_record(REC, compact=True)) == REC
    assert export_record(REC, compact=True).strip() == record_to_compact(REC)
    assert import_record(save_text(REC, {"opponent": "novice"})) == REC
    replay_out = json.dumps({"format": "jaipur-replay/1", "record": record_to_json(REC), "steps": []})
    assert import_record(replay_out) == REC
    assert import_record("https://x.example/jaipur/?embed=1#record=" + record_to_compact(REC)) == REC
    b64 = b64encode(json.dumps(record_to_json(REC)).encode())
    assert import_record("index.html#record=" + b64 + "&x=1") == REC
    assert import_record("\ufeff" + export_record(REC)) == REC
    assert export_filename(REC) == "jaipur-42-3-moves.json"
    assert export_filename(REC, compact=True) == "jaipur-42-3-moves.txt"


@pytest.mark.parametrize(("text", "code"), [
    ("", "import.empty"), (None, "import.empty"), ("hello", "import.format"), ("[]", "import.format"),
    ('{"format": "jaipur-position/1"}', "import.format"), ("J1.42.s.QXZh.Q29tcHV0ZXI.TM_S9L", "import.record"),
    ('{"moves": ["TQ"]}', "import.record"), ("x" * 600_000, "import.size"),
    ('{"format": "jaipur-save/9"}', "save.version"), ("index.html#record=%%%", "import.format"),
])
def test_bad_record_files(text: object, code: str) -> None:
    got = import_record(text)
    assert isinstance(got, Reason) and got.code == code, got


@given(st.text(max_size=300))
def test_fuzz_import_record(text: str) -> None:
    assert isinstance(import_record(text), (Record, Reason))


# ---------------------------------------------------------------- undo


def movers(rec: Record) -> list[int]:
    positions = replay(rec)
    return [1 - positions[i + 1].to_move for i in range(len(rec.moves))]


def test_undo_drops_the_computer_replies_and_the_human_move() -> None:
    rec = play(8, 9)
    seats = movers(rec)
    human = seats[-1]  # the human made the last move: undo only that one
    assert undo_moves(rec, human).moves == rec.moves[:-1]
    computer = 1 - human  # as the other seat: drop the last move (computer) and the one before
    assert undo_moves(rec, computer).moves == rec.moves[:-2]
    assert undo_point(rec, human) is not None


def test_undo_at_the_very_start_changes_nothing() -> None:
    empty = Record(seed=1)
    assert undo_point(empty, 0) is None and undo_moves(empty, 0).moves == []
    first = new_match(seed=1).to_move
    one = Record(seed=1, moves=["TM"])
    assert undo_moves(one, 1 - first).moves == ["TM"]  # only the computer has moved
    assert undo_moves(one, first).moves == []
    assert undo_moves(one, None).moves == []


def test_undo_two_players_on_one_device() -> None:
    rec = play(8, 5)
    assert undo_moves(rec, None).moves == rec.moves[:-1]


def test_undo_never_crosses_a_round_end() -> None:
    rec = play(3, 10_000)
    positions = replay(rec)
    ends = [i for i, p in enumerate(positions) if p.round_over]
    first_end = ends[0]
    at_end = Record(seed=3, moves=rec.moves[:first_end])  # the move that ended round 1 was just played
    assert positions[first_end].round_over
    assert undo_point(at_end, 0) is None and undo_point(at_end, 1) is None and undo_point(at_end, None) is None
    assert undo_moves(at_end, 0) == at_end
    # one move into round 2: undo may take back that move only if the human made it
    after = Record(seed=3, moves=rec.moves[:first_end + 1])
    mover = movers(after)[-1]
    assert undo_moves(after, mover).moves == at_end.moves
    assert undo_moves(after, 1 - mover).moves == after.moves


def test_undo_of_a_record_that_does_not_replay_changes_nothing() -> None:
    bad = Record(seed=1, moves=["TM", "TM"])
    assert undo_point(bad, 0) is None and undo_moves(bad, 0).moves == ["TM", "TM"]


def test_undo_keeps_the_start_position() -> None:
    start = apply(new_match(seed=3), "TM")
    rec = Record(seed=3, moves=[legal_moves(start)[0]], start=start)
    out = undo_moves(rec, None)
    assert out.start == start and out.moves == [] and rec.moves != []


def test_wrong_types_in_the_record_are_problems() -> None:
    # jaipur.record_from_json raises TypeError for an unhashable 'mode'; the readers here must not
    data = dict(GOOD, record=dict(GOOD["record"], mode=[]))
    got = load_text(json.dumps(data))
    assert isinstance(got, Reason) and got.code == "save.record"
    got2 = import_record(json.dumps(data["record"]))
    assert isinstance(got2, Reason) and got2.code == "import.record"
