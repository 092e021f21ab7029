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
from jaipur.fair import FriendGame, wire

pytest.importorskip("ecdsa")


def run(lines: list[str], **options: object) -> tuple[int, str, str]:
    """Run one side on these input lines; its exit status, standard output and standard error."""
    args = argparse.Namespace(invite=False, name="Bo", mode="standard", bot=None, state=None, link=None)
    for key, value in options.items():
        setattr(args, key, value)
    out, err = io.StringIO(), io.StringIO()
    code = Terminal(args, io.StringIO("".join(line + "\n" for line in lines)), out, err).run()
    return code, out.getvalue(), err.getvalue()


def joined(out: str) -> str:
    """The whole message a terminal printed: its one line, or its parts joined (any order)."""
    parts = wire.Parts()
    lines = out.split()
    if len(lines) == 1:
        return lines[0]
    whole = [parts.add(line) for line in reversed(lines)][-1]
    assert whole is not None
    return whole


def test_a_mistyped_move_is_named_as_a_move_not_read_as_a_link(tmp_path: Path) -> None:
    ava = FriendGame.invite("Ava", "single-round")
    state = tmp_path / "bo.json"
    code, out, _ = run([ava.outgoing_text()], state=str(state))
    assert code == 0
    ava.receive(joined(out))
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


def test_a_long_message_is_printed_as_parts_each_a_line_a_terminal_takes_whole(tmp_path: Path) -> None:
    """A terminal cuts a pasted line at 4,095 characters: the answer (Bo's shuffle, ~19,500) is printed as its
    parts, each under 4,000 even as a whole link, with a line saying to send them all; `again` prints them all."""
    ava = FriendGame.invite("Ava", "single-round")
    state = tmp_path / "bo.json"
    code, out, err = run([ava.outgoing_text()], state=str(state), link="https://example.org/jaipur/index.html")
    lines = out.split()
    assert code == 0 and len(lines) > 1 and all(len(line) < 4000 and "#part=" in line for line in lines)
    assert f"Send the {len(lines)} lines above to your friend, all of them" in err
    assert joined(out) == FriendGame.from_json(json.loads(state.read_text())).outgoing_text()
    _, again, _ = run(["again"], state=str(state), link="https://example.org/jaipur/index.html")
    assert again.split() == lines


def test_pasted_parts_are_joined_in_any_order_saying_how_many_are_missing(tmp_path: Path) -> None:
    state = tmp_path / "ava.json"
    code, out, _ = run([], invite=True, name="Ava", mode="single-round", state=str(state))
    bo = FriendGame.accept(out.split()[0], "Bo")
    parts = bo.outgoing_parts()
    n = len(parts)
    damaged = parts[1][:-200]
    order = [parts[3], damaged, parts[0] + " " + parts[2]] + parts[4:] + [parts[1]]
    code, out, err = run(order, state=str(state))
    assert code == 0
    assert f"1 of {n} parts in: paste the {n - 1} others (any order)." in err
    assert "That part was not used: This link is cut short (part 2" in err and "The parts pasted before are kept" in err
    assert f"3 of {n} parts in: paste the {n - 3} others" in err and f"{n - 1} of {n} parts in: paste the last one." in err
    deal = joined(out)                                  # Bo's answer taken: Ava's deal printed (in parts too)
    assert len(out.split()) > 1 and deal.startswith("friend=")
    bo.receive(deal)
    assert bo.view() is not None
