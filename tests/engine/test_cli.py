"""The command line (DESIGN.md "Command line"): `python -m jaipur …` prints JSON; errors exit 2 with an error object."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import jaipur
from jaipur import position_from_json, position_to_json

ROOT = Path(jaipur.__file__).resolve().parent.parent


def run(*args, stdin=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"
    feed = {"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}
    proc = subprocess.run(
        [sys.executable, "-m", "jaipur", *map(str, args)],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, **feed,
    )
    return proc.returncode, proc.stdout, proc.stderr


def ok(*args, stdin=None):
    rc, out, err = run(*args, stdin=stdin)
    assert rc == 0, (out, err)
    assert "Traceback" not in err
    return json.loads(out)


def fails(*args, stdin=None, code=None):
    """Run a command that must fail: exit 2, one JSON error object on stdout, no traceback."""
    rc, out, err = run(*args, stdin=stdin)
    assert "Traceback" not in err, err
    assert "Traceback" not in out
    assert rc == 2, (rc, out, err)
    data = json.loads(out)
    assert set(data) == {"error"}
    assert set(data["error"]) == {"code", "message"}
    assert isinstance(data["error"]["message"], str) and data["error"]["message"].strip()
    if code is not None:
        assert data["error"]["code"] == code, data
    return data["error"]


@pytest.fixture()
def write(tmp_path):
    def _write(data, name="pos.json"):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return _write


def ending_position():
    """Seat 0 to move; S2S empties the third goods pile (R21)."""
    return position_to_json(position_from_json({
        "market": "MMMCP", "hands": ["SS", "LL"], "goods": {"D": [], "G": [], "S": [5, 5]}, "seed": 4,
    }))


def finished_match():
    return position_to_json(position_from_json({
        "mode": "single-round", "market": "MMMCP", "hands": ["", ""], "goods": {"D": [], "G": [], "S": []},
    }))


# ---------------------------------------------------------------- new


def test_new_with_seed():
    assert ok("new", "--seed", 1) == position_to_json(jaipur.new_match(1))


def test_new_single_round():
    data = ok("new", "--seed", 3, "--mode", "single-round")
    assert data == position_to_json(jaipur.new_match(3, "single-round"))
    assert data["mode"] == "single-round"


def test_new_without_seed_is_a_valid_opening():
    data = ok("new")
    p = position_from_json(data)
    assert p.round == 1 and p.status == "playing" and len(p.deck) == 40


def test_new_output_is_one_json_line():
    rc, out, _ = run("new", "--seed", 1)
    assert out.count("\n") == 1 and out.endswith("\n")


@pytest.mark.parametrize("args", [["--seed", "-1"], ["--seed", str(2**64)], ["--seed", "abc"], ["--mode", "blitz"]])
def test_new_bad_arguments(args):
    fails("new", *args)


# ---------------------------------------------------------------- legal


def test_legal_from_a_file(write):
    pos = position_to_json(jaipur.new_match(1))
    moves = ok("legal", "--position", write(pos))
    assert moves == jaipur.legal_moves(jaipur.new_match(1))
    assert moves == sorted(set(moves))


def test_legal_from_stdin_dash():
    pos = json.dumps({"market": "MMMDG", "hands": ["L", "CC"], "herds": [1, 0]})
    assert ok("legal", "--position", "-", stdin=pos) == ["S1L", "TD", "TG", "TM", "XDG-LM"]
    assert ok("legal", stdin=pos) == ["S1L", "TD", "TG", "TM", "XDG-LM"]  # '-' is the default


# ---------------------------------------------------------------- apply


def test_apply_one_move(write):
    p = jaipur.new_match(1)
    move = jaipur.legal_moves(p)[-1]
    assert ok("apply", "--position", write(position_to_json(p)), move) == position_to_json(jaipur.apply(p, move))


def test_apply_several_moves_lowercase_stdin():
    p = position_from_json({"market": "MMMDG", "hands": ["CL", "PP"], "herds": [2, 0]})
    data = ok("apply", "--position", "-", "xgd-ml", "tm", stdin=json.dumps(position_to_json(p)))
    assert data == position_to_json(jaipur.apply(jaipur.apply(p, "XDG-LM"), "TM"))


def test_apply_across_a_round_end(write):
    pos = ending_position()
    end = jaipur.apply(position_from_json(pos), "S2S")
    assert end.status == "round-over"
    second = jaipur.next_round(end)
    move = jaipur.legal_moves(second)[0]
    data = ok("apply", "--position", write(pos), "S2S", move)
    assert data["round"] == 2
    assert data == position_to_json(jaipur.apply(second, move))
    # the round-over position itself, with its result
    mid = ok("apply", "--position", write(pos), "S2S")
    assert mid["status"] == "round-over" and mid["result"]["ended_by"] == "R21"
    assert mid["result"]["next_starter"] == second.starter


@pytest.mark.parametrize(
    "position,move,code",
    [
        ({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]}, "XD-L", "R13a"),
        ({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]}, "XDG-L", "R13"),
        ({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]}, "S1M", "R15"),
        ({"market": "MMCCG", "hands": ["CPL", ""], "herds": [1, 0]}, "XCG-CL", "R13c"),
        ({"market": "MMMDG", "hands": ["CCPPLLL", ""]}, "TD", "R11"),
        ({"market": "DGSCP", "hands": ["L", ""]}, "TM", "R12"),
        ({"market": "MMMCP", "hands": ["D", ""]}, "S1D", "R16"),
        ({"market": "MMMDG", "hands": ["C", ""]}, "TS", "unavailable"),
        ({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]}, "S0L", "bad-move"),
        ({"market": "MMMDG", "hands": ["LLC", ""], "herds": [3, 0]}, "hello", "bad-move"),
    ],
)
def test_apply_errors_carry_the_rule_id(write, position, move, code):
    err = fails("apply", "--position", write(position), move, code=code)
    assert err["message"].rstrip().endswith((".", ")"))


def test_apply_a_bad_move_after_good_ones(write):
    pos = {"market": "MMMDG", "hands": ["LLC", "PP"], "herds": [3, 0]}
    fails("apply", "--position", write(pos), "TM", "S1M", code="R15")


def test_apply_after_the_match_ended(write):
    fails("apply", "--position", write(finished_match()), "TM", code="over")


def test_apply_without_moves():
    fails("apply", "--position", "-", stdin=json.dumps(ending_position()))


# ---------------------------------------------------------------- next


def test_next_deals_the_next_round(write):
    end = jaipur.apply(position_from_json(ending_position()), "S2S")
    data = ok("next", "--position", write(position_to_json(end)))
    assert data == position_to_json(jaipur.next_round(end))
    assert data["round"] == 2 and data["status"] == "playing"


def test_next_after_the_match_ended(write):
    fails("next", "--position", write(finished_match()), code="over")


def test_next_while_the_round_goes_on(write):
    fails("next", "--position", write(position_to_json(jaipur.new_match(1))))


# ---------------------------------------------------------------- view


@pytest.mark.parametrize("seat", [0, 1])
def test_view(write, seat):
    p = jaipur.new_match(1)
    data = ok("view", "--position", write(position_to_json(p)), "--seat", seat)
    assert data == jaipur.view(p, seat)
    assert "deck" not in data and "seed" not in data and "hands" not in data
    assert data["hand"] == position_to_json(p)["hands"][seat]


def test_view_stdin():
    p = jaipur.new_match(2)
    assert ok("view", "--seat", 1, stdin=json.dumps(position_to_json(p))) == jaipur.view(p, 1)


@pytest.mark.parametrize("args", [["--seat", "2"], ["--seat", "x"], []])
def test_view_bad_seat(write, args):
    fails("view", "--position", write(position_to_json(jaipur.new_match(1))), *args)


# ---------------------------------------------------------------- replay


def a_record(seed=6, plies=50):
    p = jaipur.new_match(seed)
    rng = jaipur.Rng(1)
    moves = []
    for _ in range(plies):
        if p.status == "match-over":
            break
        nxt = jaipur.next_round(p) if p.round_over else p
        listing = jaipur.legal_moves(nxt)
        m = listing[rng.below(len(listing))]
        p = jaipur.apply(p, m)
        moves.append(m)
    return jaipur.Record(seed=seed, players=["Ava", "Computer"], moves=moves)


def test_replay_json_record(write):
    rec = a_record()
    data = ok("replay", write(jaipur.record_to_json(rec), "rec.json"))
    assert data["format"] == "jaipur-replay/1"
    assert data["record"] == jaipur.record_to_json(rec)
    steps = data["steps"]
    assert len(steps) == len(rec.moves) + 1
    assert steps[0]["move"] is None and steps[0]["ply"] == 0
    assert [s["move"] for s in steps[1:]] == rec.moves
    positions = jaipur.replay(rec)
    assert [s["position"] for s in steps] == [position_to_json(p) for p in positions]


def test_replay_compact_record(write):
    rec = a_record(9, 20)
    data = ok("replay", write(jaipur.record_to_compact(rec) + "\n", "rec.txt"))
    assert data["record"] == jaipur.record_to_json(rec)


def test_replay_from_stdin():
    rec = a_record(9, 10)
    data = ok("replay", "-", stdin=json.dumps(jaipur.record_to_json(rec)))
    assert len(data["steps"]) == 11


def test_replay_bad_record_names_the_move(write):
    rec = a_record(6, 8)
    data = jaipur.record_to_json(rec)
    data["moves"] = data["moves"][:4] + ["S1M"] + data["moves"][4:]
    err = fails("replay", write(data, "bad.json"), code="bad-record")
    assert "Move 5" in err["message"]


@pytest.mark.parametrize("text", ["{nope", "[]", '{"seed": -1}', "J1.x.s.QQ.Qg.", "J9.1.s.QQ.Qg."])
def test_replay_unreadable_record(write, text):
    fails("replay", write(text, "bad.txt"), code="bad-record")


def test_replay_missing_file(tmp_path):
    fails("replay", str(tmp_path / "nope.json"), code="bad-record")


def test_replay_compact_seed_with_a_superscript_digit(write):
    # engine: str.isdigit() accepts '²' but int() does not -> ValueError traceback
    fails("replay", write("J1.\u00b2.s.QQ.Qg.", "sup.txt"), code="bad-record")


# ---------------------------------------------------------------- bench


def test_bench_json_one_repetition():
    data = ok("bench", "--repetitions", 1, "--json")
    for key in ("moves_per_s", "random_rounds_per_s", "legal_listings_per_s_cold", "moves_per_random_round"):
        assert data[key] > 0
    assert data["repetitions"] == 1


def test_bench_text_one_repetition():
    rc, out, err = run("bench", "--repetitions", 1)
    assert rc == 0 and "Traceback" not in err
    assert "moves_per_s" in out


# ---------------------------------------------------------------- bad input


BAD_POSITIONS = [
    "",
    "{not json",
    '{"market": "MMMDG", "hands": ["DDG", ',
    "[]",
    json.dumps({"market": "MMMDX", "hands": ["", ""]}),
    json.dumps({"market": "MMMDG", "hands": ["DDGCCPPL", ""]}),
    json.dumps({"market": "MMMDG", "hands": ["", ""], "to_move": 2}),
]
COMMANDS = [["legal"], ["apply", "TM"], ["view", "--seat", "0"], ["next"]]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_bad_position_input(write, text):
    fails("legal", "--position", write(text), code="bad-position")


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
@pytest.mark.parametrize("text", [BAD_POSITIONS[2], BAD_POSITIONS[5]], ids=["truncated", "hand-of-8"])
def test_bad_position_input_for_every_command(write, text, command):
    fails(command[0], "--position", write(text), *command[1:], code="bad-position")


def test_bad_position_from_stdin():
    fails("legal", "--position", "-", stdin="{oops", code="bad-position")


def test_missing_position_file(tmp_path):
    fails("legal", "--position", str(tmp_path / "none.json"), code="bad-position")


def test_position_file_is_a_directory(tmp_path):
    fails("legal", "--position", str(tmp_path), code="bad-position")


def test_position_file_not_utf8(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\xfa")
    fails("legal", "--position", str(path), code="bad-position")


def test_position_with_a_numeric_taken_good_is_a_bad_position(write):
    # engine: `item[0] not in GOODS` raises TypeError for a number -> traceback on the command line
    pos = {"market": "MMMDG", "hands": ["DDG", "SCL"], "taken": [{"goods": [[5, 7]], "bonus": []}, {}]}
    fails("legal", "--position", write(pos), code="bad-position")


@pytest.mark.parametrize("args", [[], ["frobnicate"], ["legal", "--nope"], ["--version-typo"]])
def test_bad_usage_exits_2_with_an_error_object(args):
    fails(*args)
