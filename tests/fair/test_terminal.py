"""`python -m jaipur friend` in CPython: lines in, lines out (the Terminal class with text streams)."""

from __future__ import annotations

import argparse
import io
import json
import os
import stat
from pathlib import Path

import pytest

from jaipur.cli_friend import Terminal
from jaipur.fair import FriendGame

pytest.importorskip("ecdsa")


def run(lines: list[str], **options: object) -> tuple[int, str, str]:
    """Run one side on these input lines; its exit status, standard output and standard error."""
    args = argparse.Namespace(invite=False, name="Bo", mode="standard", bot=None, state=None, link=None)
    for key, value in options.items():
        setattr(args, key, value)
    out, err = io.StringIO(), io.StringIO()
    code = Terminal(args, io.StringIO("".join(line + "\n" for line in lines)), out, err).run()
    return code, out.getvalue(), err.getvalue()


def test_a_mistyped_move_is_named_as_a_move_not_read_as_a_link(tmp_path: Path) -> None:
    ava = FriendGame.invite("Ava", "single-round")
    state = tmp_path / "bo.json"
    code, out, _ = run([ava.outgoing_text()], state=str(state))
    assert code == 0
    ava.receive(out.split()[0])
    lines = ["TX", "S0L", "legal"]
    code, _, err = run(lines + [ava.outgoing_text()] if ava.outgoing_text() else lines, state=str(state))
    assert "'TX' is not a move" in err and "link" not in err.split("'TX' is not a move")[1].split("\n")[0]
    assert "'S0L' is not a move" in err


def test_the_state_file_is_private_and_a_resume_prints_nothing_twice(tmp_path: Path) -> None:
    state = tmp_path / "ava.json"
    code, out, _ = run([], invite=True, name="Ava", state=str(state))
    assert code == 0 and len(out.split()) == 1
    assert stat.S_IMODE(os.stat(state).st_mode) == 0o600
    code, again, err = run([], state=str(state))             # resumed: the invitation is not sent twice
    assert again == "" and "type `again`" in err
    code, again, _ = run(["again"], state=str(state))
    assert again.split() == out.split()


def test_a_deeply_nested_or_huge_state_file_is_refused_in_a_sentence(tmp_path: Path) -> None:
    state = tmp_path / "bad.json"
    state.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = run([], state=str(state))
    assert code == 2 and "cannot be read" in err and "Traceback" not in err
    assert json.loads(err.strip().splitlines()[-1])["error"]["code"] == "friend-bad-save"
