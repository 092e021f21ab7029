"""Anyone can check a friend game's transcript with no secret: each round's result, or the first bad message."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from jaipur.cli_friend import check_file
from jaipur.fair import FriendGame, Refused, wire
from jaipur.fair.verify import Watcher, check_transcript, read_transcript, transcript_of

from .duel import Duel, decode, signed
from .helpers import play
from .toy import ToySuite


def test_an_honest_transcript_scores_every_round_as_both_players_did() -> None:
    for seed in (1, 2, 5):
        match = play(seed, mode="single-round" if seed == 5 else "standard")
        a, b = match.sides
        report = check_transcript(read_transcript(transcript_of(b)), ToySuite())
        assert report.problem is None and report.over
        assert report.rounds == [p.result for p in a.results()] == [p.result for p in b.results()]
        assert report.messages == a.number == b.number


def test_the_watcher_opens_only_what_both_players_saw() -> None:
    """The hands' hidden places and the deck stay closed to a third party: it opens only places both shares
    opened, which are the places the rules showed both players."""
    match = play(3, mode="single-round")
    a, _ = match.sides
    watcher = Watcher(ToySuite())
    for raw in a.raw:
        watcher.watch(wire.decode(watcher.suite, raw))
    for r, rd in watcher.rounds.items():
        led = rd.ledger
        assert led is not None
        both = {p for p, bits in led.seen.items() if bits == 3}
        assert set(rd.opened) == both
        assert set(rd.opened) <= set(a.rounds[r].opened)


def test_a_transcript_holds_no_secret() -> None:
    match = play(4, mode="single-round")
    a, _ = match.sides
    text = transcript_of(a)
    saved = a.to_json()
    assert saved["signing"] not in text and all(s not in text for s in saved["secrets"].values())
    assert text.count("\n") == a.number


def test_a_changed_byte_is_the_first_bad_message() -> None:
    match = play(6, mode="single-round")
    lines = transcript_of(match.sides[0]).splitlines()
    line = lines[7]
    lines[7] = line[:-3] + ("B" if line[-3] != "B" else "C") + line[-2:]
    report = check_transcript(lines, ToySuite())
    assert report.problem is not None and report.problem.code == "friend-changed"
    assert report.messages == 7 and not report.over


def test_a_signed_cheat_is_named_with_its_proofs_code() -> None:
    """A player who signs a message whose shares do not fit its proof is caught by anyone checking later."""
    duel = Duel.begin(9, mode="single-round")
    duel.until(lambda d: len(d.texts) >= 3)
    duel.deliver()   # message 4: the friend's shares of the inviter's hand
    bo = duel.sides[1]
    m = decode(bo, duel.texts[-1])
    assert m.opens is not None
    shares = (m.opens.shares[1], m.opens.shares[0]) + m.opens.shares[2:]
    forged = signed(bo, replace(m, opens=replace(m.opens, shares=shares)))
    report = check_transcript(duel.texts[:-1] + [forged], ToySuite())
    assert report.problem is not None and report.problem.code == "proof-share"
    assert report.problem.values["number"] == 4 and report.messages == 3


def test_the_terminal_checks_a_file_and_exits_2_on_a_bad_one(tmp_path: Path) -> None:
    match = play(8, mode="single-round")
    good, bad = tmp_path / "good.txt", tmp_path / "bad.json"
    good.write_text(transcript_of(match.sides[1]), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    # the real suite is secp256k1: a toy game's transcript reads as another version
    assert check_file(str(good), out, err) == 2
    assert "NOT VALID" in out.getvalue()
    bad.write_text(json.dumps({"messages": 3}), encoding="utf-8")
    assert check_file(str(bad), io.StringIO(), err) == 2 and "no list of messages" in err.getvalue()
    assert check_file(str(tmp_path / "missing.txt"), io.StringIO(), err) == 2


@pytest.mark.slow
def test_a_real_transcript_and_a_saved_game_both_check_in_the_terminal(tmp_path: Path) -> None:
    ava = FriendGame.invite("Ava", "single-round")
    bo = FriendGame.accept(ava.outgoing_text(), "Bo")
    text, to, sides = bo.outgoing_text(), 0, (ava, bo)
    while text:
        side = sides[to]
        side.receive(text)
        if side.move_due():
            side.play(side.legal_moves()[0])
        text = side.outgoing_text() if side.outgoing_text() != text else ""
        to = 1 - to
    assert ava.status == "over"
    lines, saved = tmp_path / "game.txt", tmp_path / "state.json"
    lines.write_text(transcript_of(ava), encoding="utf-8")
    saved.write_text(json.dumps(bo.to_json()), encoding="utf-8")
    for path in (lines, saved):
        out = io.StringIO()
        assert check_file(str(path), out, io.StringIO()) == 0
        assert "Every message holds" in out.getvalue() and "Round 1:" in out.getvalue()


def test_a_transcript_in_parts_is_joined_and_a_missing_part_is_named() -> None:
    match = play(10, mode="single-round")
    whole = [wire.to_text(raw) for raw in match.sides[0].raw]
    texts = [part for text in whole for part in reversed(wire.split(text, 500))]   # each message's parts reversed
    assert len(texts) > len(whole)
    assert read_transcript("\n".join(texts)) == whole
    with pytest.raises(Refused) as refused:
        read_transcript("\n".join(t for t in texts if not t.startswith("part=2.")))
    assert refused.value.code == "friend-malformed"
