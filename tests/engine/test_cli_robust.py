"""The command line under hostile input: every failure is the documented JSON error (exit 2), never a traceback,
a hang or unbounded memory (issue 15)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import jaipur
from jaipur import position_to_json, record_to_json
from jaipur.cli_io import MAX_INPUT, cap_jobs, check_movetime, safe_text

ROOT = Path(jaipur.__file__).resolve().parent.parent
MEMORY_LIMIT = 1 << 30
"""Address space a command may use in these tests (1 GiB): reading without a bound would pass it."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(*args: str | bytes, stdin: str | None = None) -> tuple[int, str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"  # strict: any unescaped surrogate would fail to print
    feed = {"input": stdin.encode()} if stdin is not None else {"stdin": subprocess.DEVNULL}
    proc = subprocess.run(
        [sys.executable, "-m", "jaipur", *args], capture_output=True, cwd=ROOT, env=env, timeout=120,
        preexec_fn=_limit_memory, **feed,
    )
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8", "replace")


def fails(*args: str | bytes, stdin: str | None = None, code: str | None = None) -> dict[str, str]:
    """Exit 2, one JSON error object on stdout, no traceback anywhere."""
    rc, out, err = run(*args, stdin=stdin)
    assert "Traceback" not in err and "Traceback" not in out, err
    assert rc == 2, (rc, out, err)
    data = json.loads(out)
    assert set(data) == {"error"} and set(data["error"]) == {"code", "message"}
    assert data["error"]["message"].strip()
    if code is not None:
        assert data["error"]["code"] == code, data
    return data["error"]


@pytest.fixture()
def position_file(tmp_path: Path) -> str:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position_to_json(jaipur.new_match(7))))
    return str(path)


# ---------------------------------------------------------------- --movetime: finite, above 0, at most an hour

BAD_MOVETIMES = ["nan", "inf", "-inf", "1e400", "1e9", "3600.5", "0", "-1", "-0.0"]


@pytest.mark.parametrize("value", BAD_MOVETIMES)
def test_move_refuses_a_bad_movetime(position_file: str, value: str) -> None:
    error = fails("move", "--position", position_file, "--bot", "maharaja", f"--movetime={value}", code="bad-input")
    assert "--movetime" in error["message"] and "3600" in error["message"]


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf"])
def test_arena_refuses_a_bad_movetime_like_move(value: str) -> None:
    fails("arena", "trader", "random", "--rounds", "2", f"--movetime={value}", code="bad-input")


@pytest.mark.parametrize("value", ["nan", "1e9", "0"])
def test_play_refuses_a_bad_movetime(value: str) -> None:
    fails("play", "--opponent", "maharaja", f"--movetime={value}", code="bad-input")


def test_movetime_bounds_in_process() -> None:
    assert check_movetime(None) is None
    assert check_movetime(3600.0) == 3600.0
    assert check_movetime(0.001) == 0.001
    for bad in (0.0, -0.0, 3600.0001, float("nan"), float("inf")):
        with pytest.raises(jaipur.JaipurError):
            check_movetime(bad)


# ---------------------------------------------------------------- bounded input

def test_position_from_dev_zero_is_refused_quickly() -> None:
    error = fails("legal", "--position", "/dev/zero", code="bad-position")
    assert str(MAX_INPUT) in error["message"]


def test_move_from_dev_zero_is_refused() -> None:
    fails("move", "--bot", "trader", "--position", "/dev/zero", code="bad-position")


def test_record_from_dev_zero_is_refused() -> None:
    fails("replay", "/dev/zero", code="bad-record")


def test_oversized_position_from_stdin_is_refused() -> None:
    error = fails("legal", stdin=" " * (MAX_INPUT + 5) + "{}", code="bad-position")
    assert "too large" in error["message"]


def test_deeply_nested_position_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"market":"MMMDG","hands":["",""],"round":' + "[" * 7000 + "]" * 7000 + "}")
    error = fails("legal", "--position", str(path), code="bad-position")
    assert "32 levels" in error["message"]


def test_deeply_nested_record_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 30000 + "]" * 30000)
    fails("replay", str(path), code="bad-record")


def test_deeply_nested_compact_start_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.txt"
    path.write_text("J1.1.s.QQ.QQ.TM." + jaipur.record.b64encode(("[" * 20000 + "]" * 20000).encode()))
    fails("replay", str(path), code="bad-record")


# ---------------------------------------------------------------- any text prints

def test_a_bot_name_that_is_not_utf8_is_escaped_in_the_error() -> None:
    error = fails("move", "--bot", b"\xff\xfe", "--position", "-", code="bad-input")
    assert error["message"].startswith("There is no bot called")


def test_a_surrogate_in_a_position_is_escaped_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"market":"MMMDG","hands":["",""],"field\\ud800":1}')
    error = fails("legal", "--position", str(path), code="bad-position")
    assert "\ud800" in error["message"]  # written as a JSON escape, read back as the same text


def test_a_surrogate_in_a_player_name_replays(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record_to_json(jaipur.Record(seed=1, players=["A\ud800", "B"], moves=["TM"]))))
    rc, out, err = run("replay", str(path))
    assert rc == 0 and "Traceback" not in err, err
    assert json.loads(out)["record"]["players"] == ["A\ud800", "B"]


def test_safe_text_escapes_only_lone_surrogates() -> None:
    assert safe_text("Ava \u00e9 \U0001f42a") == "Ava \u00e9 \U0001f42a"
    assert safe_text("x\udc80") == "x\\udc80"


# ---------------------------------------------------------------- bots, logs, jobs, pipes

def test_bad_bot_options_are_a_json_error(position_file: str) -> None:
    fails("move", "--bot", "maharaja:iterations=abc", "--position", position_file, code="bad-input")


def test_arena_log_on_a_folder_is_refused(tmp_path: Path) -> None:
    error = fails("arena", "random", "random", "--rounds", "2", "--log", str(tmp_path), code="bad-input")
    assert "folder" in error["message"]


def test_arena_log_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    fails("arena", "random", "random", "--rounds", "2", "--log", str(tmp_path / "none" / "log.jsonl"),
          code="bad-input")


@pytest.mark.parametrize("row", [
    {"a": "random", "b": "random", "seed": 0, "movetime": None},  # no index
    {"a": "random", "b": "random", "seed": 0, "movetime": None, "index": "one"},
    "[" * 50000 + "]" * 50000,
    [1, 2],
])
def test_arena_log_with_a_foreign_row_gives_no_traceback(tmp_path: Path, row: object) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text((row if isinstance(row, str) else json.dumps(row)) + "\n")
    rc, out, err = run("arena", "random", "random", "--rounds", "2", "--json", "--log", str(log))
    assert "Traceback" not in err and "Traceback" not in out, err
    assert rc in (0, 2), (rc, out, err)
    data = json.loads(out)
    assert ("error" in data) == (rc == 2)
    if rc == 0:
        assert data["rounds"] == 2


def test_arena_jobs_above_the_cores_are_capped_and_said_once() -> None:
    rc, out, err = run("arena", "random", "random", "--rounds", "2", "--json", "--jobs", "1000")
    assert rc == 0 and "Traceback" not in err, err
    assert err.count("--jobs 1000") == 1
    assert json.loads(out)["rounds"] == 2


def test_cap_jobs_in_process() -> None:
    import io

    said = io.StringIO()
    cores = cap_jobs(10**6, said)
    assert 1 <= cores < 10**6 and said.getvalue().count("\n") == 1
    quiet = io.StringIO()
    assert cap_jobs(1, quiet) == 1 and cap_jobs(0, quiet) == 1 and quiet.getvalue() == ""


@pytest.mark.parametrize("args", [["new", "--seed", "3"], ["legal", "--position", "-"]])
def test_output_into_a_closed_pipe_exits_quietly(args: list[str]) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-m", "jaipur", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()  # the reader is gone before anything is written, as with `| head -c 0`
    _, err = proc.communicate(json.dumps(position_to_json(jaipur.new_match(2))).encode(), timeout=60)
    assert err == b""
    assert proc.returncode == 141


def test_play_with_input_that_is_not_utf8_ends_without_a_traceback() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run([sys.executable, "-m", "jaipur", "play", "--opponent", "random", "--seed", "1"],
                          input=b"\xff\xfe\n", capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2
    assert b"not UTF-8" in proc.stdout
