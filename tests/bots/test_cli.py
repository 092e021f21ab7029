"""The bots' commands: move, arena and play (through jaipur.__main__.main and a subprocess)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from jaipur import legal_moves, new_match, position_to_json
from jaipur.__main__ import main
from jaipur.bots.cli import play

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


@pytest.fixture()
def position_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position_to_json(new_match(7))))
    return path


@pytest.mark.parametrize("level", ["random", "novice", "trader", "maharaja"])
def test_move_prints_a_legal_move(level: str, position_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["move", "--position", str(position_file), "--bot", level, "--seed", "3",
                     "--movetime", "0.05"], capsys)
    assert code == 0
    assert out.strip().splitlines()[-1] in legal_moves(new_match(7))


def test_move_from_stdin_by_subprocess(position_file: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jaipur", "move", "--bot", "trader"],
        input=position_file.read_text(), capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] in legal_moves(new_match(7))


def test_move_errors_are_json(position_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["move", "--position", str(position_file), "--bot", "grandmaster"], capsys)
    assert code == 2 and json.loads(out)["error"]["code"] == "bad-input"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = run(["move", "--position", str(bad), "--bot", "trader"], capsys)
    assert code == 2 and json.loads(out)["error"]["code"] == "bad-position"


def test_move_after_the_match_is_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from jaipur import Rng, apply

    p = new_match(3, "single-round")
    rng = Rng(1)
    while not p.round_over:
        moves = legal_moves(p)
        p = apply(p, moves[rng.below(len(moves))])
    path = tmp_path / "over.json"
    path.write_text(json.dumps(position_to_json(p)))
    code, out = run(["move", "--position", str(path), "--bot", "trader"], capsys)
    assert code == 2 and json.loads(out)["error"]["code"] == "over"


def test_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["arena", "trader", "random", "--rounds", "4", "--seed", "2", "--json"], capsys)
    assert code == 0
    data = json.loads(out.strip().splitlines()[-1])
    assert data["a"] == "trader" and data["b"] == "random" and data["rounds"] == 4
    assert data["a_wins"] + data["b_wins"] + data["ties"] == 4
    assert data["a_win_rate"] == (data["a_wins"] + data["ties"] / 2) / 4
    low, high = data["ci95"]
    assert 0 <= low <= data["a_win_rate"] <= high <= 1
    for side in ("a", "b"):
        assert set(data["ms_per_move"][side]) == {"median", "p95"}


def test_arena_with_two_jobs_matches_one_job(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["arena", "novice", "random", "--rounds", "4", "--seed", "5", "--json", "--jobs", "2"], capsys)
    assert code == 0
    two = json.loads(out)
    code, out = run(["arena", "novice", "random", "--rounds", "4", "--seed", "5", "--json"], capsys)
    one = json.loads(out)
    for key in ("a_wins", "b_wins", "ties", "mean_margin"):
        assert one[key] == two[key]


def test_arena_rejects_bad_settings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["arena", "trader", "nobody", "--rounds", "2", "--json"], capsys)
    assert code == 2 and "error" in json.loads(out)
    code, out = run(["arena", "trader", "random", "--rounds", "0", "--json"], capsys)
    assert code == 2 and "error" in json.loads(out)


def test_play_handles_bad_input_and_eof() -> None:
    out = io.StringIO()
    status = play("novice", 3, 0, None, io.StringIO("help\nlegal\nXYZ\nTD\n\n"), out)
    text = out.getvalue()
    assert status == 0
    assert "is not a move" in text
    assert "Legal moves:" in text
    assert "Goodbye" in text
    assert "Market:" in text


def test_play_a_whole_match_by_subprocess() -> None:
    # answer every prompt with the first legal move, read from the printed list
    script = "legal\n" * 1
    done = subprocess.run(
        [sys.executable, "-m", "jaipur", "play", "--opponent", "random", "--seed", "4"],
        input=script, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0
    assert "Goodbye" in done.stdout


def test_play_to_the_end() -> None:
    """Drive play() with a reader that answers the first legal move every time."""
    from jaipur.bots import cli

    class FirstLegal(io.StringIO):
        def __init__(self, out: io.StringIO) -> None:
            super().__init__()
            self.out = out
            self.asked_legal = False

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if not self.asked_legal:
                self.asked_legal = True
                return "legal\n"
            self.asked_legal = False
            last = [line for line in self.out.getvalue().splitlines() if "Legal moves:" in line][-1]
            return last.split("Legal moves: ")[1].split()[0] + "\n"

    out = io.StringIO()
    status = cli.play("random", 8, 1, None, FirstLegal(out), out)
    assert status == 0
    assert "the match" in out.getvalue()


def test_play_ponders_while_the_player_types(monkeypatch: pytest.MonkeyPatch) -> None:
    """The top level searches in a thread while the terminal waits for the player, and its next think starts from
    what it learned; a few turns, then the player quits."""
    import time

    from jaipur.bots import cli
    from jaipur.bots.maharaja import MaharajaBot

    bot = MaharajaBot(movetime=0.05)
    monkeypatch.setattr(cli, "make_bot", lambda spec: bot)
    pondered_at_move: list[int] = []
    used: list[int] = []

    class Pondered(io.StringIO):
        """Asks for the legal moves, waits until the computer has pondered a while, plays the first legal move."""

        def __init__(self, out: io.StringIO) -> None:
            super().__init__()
            self.out = out
            self.asked_legal = False

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            used.append(bot.last_pondered)
            if len(pondered_at_move) == 4:
                return "quit\n"
            if not self.asked_legal:
                self.asked_legal = True
                return "legal\n"
            self.asked_legal = False
            deadline = time.monotonic() + 30
            while bot.pondered_iterations < 30 and time.monotonic() < deadline:
                time.sleep(0.01)   # the player thinks until the computer has pondered 30 iterations
            pondered_at_move.append(bot.pondered_iterations)
            last = [line for line in self.out.getvalue().splitlines() if "Legal moves:" in line][-1]
            return last.split("Legal moves: ")[1].split()[0] + "\n"

    out = io.StringIO()
    assert cli.play("maharaja", 5, 0, None, Pondered(out), out) == 0
    assert len(pondered_at_move) == 4 and all(n >= 30 for n in pondered_at_move)
    assert any(n > 0 for n in used)   # a think after a pondered turn started from what was pondered
    assert "Goodbye" in out.getvalue()
