"""A user's bot, loaded from source or a file and guarded (jaipur.bots.userbot): the lab's and arena's rules."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jaipur import Rng, legal_moves, new_match, record_from_compact, replay, view
from jaipur.bots import get_bot
from jaipur.bots.userbot import (
    OUTPUT_LIMIT,
    TEMPLATE,
    UserBotError,
    load_file,
    load_source,
    play_round,
    script_dependencies,
    spec_bot,
)

ROOT = Path(__file__).resolve().parents[2]


def bot_choosing(body: str) -> str:
    """Source of a bot whose choose method runs `body` (indented by the caller's lines)."""
    lines = "\n".join("        " + line for line in body.splitlines())
    return f"class Mine:\n    def choose(self, view, rng, movetime=None):\n{lines}\n"


def first_error(source: str, limit: float = 1.0) -> UserBotError:
    """Load the source and play a round against random; the UserBotError it gives."""
    with pytest.raises(UserBotError) as info:
        play_round(load_source(source, limit=limit), get_bot("random"), 5, 0)
    return info.value


def test_the_template_is_a_working_bot_that_beats_random() -> None:
    """The lab's starting code loads, plays legal moves only and wins most seat-swapped rounds against random."""
    bot = load_source(TEMPLATE)
    rounds = [play_round(bot, get_bot("random"), 11, i) for i in range(10)]
    assert [r.seat for r in rounds[:4]] == [0, 1, 0, 1]
    assert sum(r.outcome for r in rounds) >= 7
    assert all(r.times and not r.stalled for r in rounds)


def test_a_lab_round_replays_from_its_record() -> None:
    """Each round's compact record replays to a finished round with the user's name in its seat."""
    r = play_round(load_source(TEMPLATE), get_bot("novice"), 2, 1)
    record = record_from_compact(r.record(("mine", "novice")))
    assert record.players[r.seat] == "mine" and record.moves == r.moves
    assert replay(record)[-1].round_over


def test_a_syntax_error_names_its_line() -> None:
    """Code that does not compile: the sentence gives the line, the trace is the compiler's."""
    with pytest.raises(UserBotError) as info:
        load_source("x = 1\ndef f(:\n    pass\n")
    assert info.value.kind == "syntax" and info.value.line == 2
    assert "line 2" in info.value.message


def test_an_exception_shows_the_users_frames_only() -> None:
    """An exception inside choose: kind exception, the user's line, a traceback of mybot.py frames only."""
    error = first_error(bot_choosing("def helper():\n    return {}['missing']\nreturn helper()"))
    assert error.kind == "exception" and error.line == 4
    assert "KeyError" in error.message and "Position: round 1" in error.message
    assert 'File "mybot.py", line 5, in choose' in error.trace and 'line 4, in helper' in error.trace
    assert "jaipur" not in error.trace and "userbot" not in error.trace


def test_an_exception_while_loading_and_a_file_without_a_bot() -> None:
    """Errors at import time and code that defines no bot class are said in words."""
    with pytest.raises(UserBotError) as info:
        load_source("import nosuchmodule_xyz\n")
    assert info.value.kind == "load" and info.value.line == 1 and "ModuleNotFoundError" in info.value.message
    with pytest.raises(UserBotError) as info:
        load_source("x = 1\n")
    assert info.value.kind == "no-bot" and "template" in info.value.message


def test_a_malformed_move_and_an_illegal_move_are_refused_in_words() -> None:
    """Not text, not notation, or notation that is not legal here: three sentences with the position."""
    assert first_error(bot_choosing("return 42")).kind == "malformed"
    garbled = first_error(bot_choosing("return 'take a diamond'"))
    assert garbled.kind == "malformed" and "'take a diamond'" in garbled.message
    illegal = first_error(bot_choosing("return 'S5D'"))
    assert illegal.kind == "illegal" and "S5D" in illegal.message and "Legal moves:" in illegal.message
    assert "market" in illegal.where and "your hand" in illegal.where


def test_a_non_canonical_move_is_accepted_in_its_canonical_form() -> None:
    """A legal move written in lower case is the same move."""
    p = new_match(seed=3)
    assert "TM" in legal_moves(p)
    bot = load_source(bot_choosing("return 'tm'"))
    assert bot.choose(view(p, p.to_move), Rng(1)) == "TM"


def test_a_bot_that_never_returns_is_stopped_at_its_time_limit() -> None:
    """An endless loop is interrupted (CPython main thread) within the limit plus a second."""
    start = time.perf_counter()
    error = first_error(bot_choosing("while True:\n    pass"), limit=0.3)
    assert error.kind == "timeout" and "0.3 s" in error.message
    assert time.perf_counter() - start < 1.3


def test_a_bot_that_catches_everything_is_still_stopped() -> None:
    """`except Exception` in the user's loop does not swallow the time limit."""
    error = first_error(bot_choosing("while True:\n    try:\n        pass\n    except Exception:\n        pass"),
                        limit=0.2)
    assert error.kind == "timeout"


def test_printed_output_is_kept_up_to_the_limit() -> None:
    """A bot that prints a lot plays on; its output is kept up to OUTPUT_LIMIT characters and counted."""
    bot = load_source(bot_choosing("print('x' * 5000)\nreturn rng.choice(__import__('jaipur').bots.base."
                                   "legal_from_view(view))"))
    play_round(bot, get_bot("random"), 1, 0)
    kept = bot.output.take()
    assert len(kept) == OUTPUT_LIMIT and set(kept) <= {"x", "\n"}
    assert bot.output.dropped > 0


def test_a_bot_file_and_a_spec(tmp_path: Path) -> None:
    """load_file and `path.py:ClassName` specs; a missing file or class is a UserBotError."""
    path = tmp_path / "mybot.py"
    path.write_text(TEMPLATE, encoding="utf-8")
    bot = load_file(path, "MyBot")
    p = new_match(seed=4)
    assert bot.choose(view(p, p.to_move), Rng(2)) in legal_moves(p)
    assert spec_bot("trader") is None
    assert spec_bot(f"{path}:MyBot") is not None
    with pytest.raises(UserBotError, match="no class called Nope"):
        spec_bot(f"{path}:Nope")
    with pytest.raises(UserBotError, match="Cannot read the bot file"):
        spec_bot(f"{tmp_path / 'absent.py'}:MyBot")


def arena(*argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m jaipur arena ...` in a subprocess from the repository."""
    return subprocess.run([sys.executable, "-m", "jaipur", "arena", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_the_arena_plays_a_bot_file(tmp_path: Path) -> None:
    """`python -m jaipur arena path/to/mybot.py:MyBot random --rounds 6 --json` plays the user's bot."""
    path = tmp_path / "mybot.py"
    path.write_text(TEMPLATE, encoding="utf-8")
    done = arena(f"{path}:MyBot", "random", "--rounds", "6", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["rounds"] == 6 and summary["a_wins"] + summary["b_wins"] + summary["ties"] == 6


def test_the_arena_exits_2_with_the_json_error_of_a_bad_bot_file(tmp_path: Path) -> None:
    """A file that cannot be loaded, and a bot that raises while playing: exit 2, one JSON error object
    with the kind, the user's line and traceback."""
    done = arena(f"{tmp_path / 'missing.py'}:MyBot", "random", "--rounds", "2")
    assert done.returncode == 2 and json.loads(done.stdout)["error"]["code"] == "user-bot"
    broken = tmp_path / "broken.py"
    broken.write_text(bot_choosing("return 1 / 0").replace("class Mine", "class MyBot"), encoding="utf-8")
    done = arena(f"{broken}:MyBot", "random", "--rounds", "2")
    error = json.loads(done.stdout)["error"]
    assert done.returncode == 2 and error["kind"] == "exception" and error["line"] == 3
    assert "ZeroDivisionError" in error["message"] and str(broken) in error["trace"]


def test_script_dependencies_are_read_from_inline_metadata() -> None:
    """PEP 723 script blocks name the packages the lab installs with micropip; a bad block is a sentence."""
    source = '# /// script\n# requires-python = ">=3.11"\n# dependencies = [\n#   "more-itertools>=10",\n# ]\n# ///\n'
    assert script_dependencies(source + TEMPLATE) == ["more-itertools>=10"]
    assert script_dependencies(TEMPLATE) == []
    with pytest.raises(UserBotError) as info:
        script_dependencies("x = 1\n# /// script\n# dependencies = [\n# ///\n")
    assert info.value.kind == "syntax" and info.value.line == 2


def test_the_position_in_words_counts_one_camel_and_one_card_in_the_singular() -> None:
    from jaipur.bots.userbot import position_words

    v = dict(view(new_match(seed=3), 0))
    v.update(herds=[1, 2], deck_size=1)
    said = position_words(v)
    assert "1 camel in your herd" in said and "1 card in the deck" in said and "1 camels" not in said
    v.update(herds=[2, 1], deck_size=5)
    assert "2 camels in your herd" in position_words(v) and "5 cards in the deck" in position_words(v)
