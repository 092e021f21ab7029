"""Hypothesis over mutated messages: whatever happens to the links one side is sent — a byte or a character changed,
a message dropped, sent twice, sent out of order, replayed, cut, mixed with another game's — each is refused
(Refused, nothing changed) or caught (the game marked not valid), never another exception, and never a wrong game:
a side that took only what it should ends exactly as the honest side does.

Seeded honest matches are played once per module; each example replays one of their sides (the same seeded
'randomness', the same moves) against a channel that mutates what it is sent. Two channels: an outsider who cannot
sign (every change must be refused) and the other player itself, who changes a byte of its own message and signs
it again (refused, caught, or — when still a valid message — taken as a move it chose, on the true cards).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from random import Random
from typing import Any

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from jaipur.fair import Cheated, FairError, FriendGame, Refused, wire
from jaipur.record import b64encode
from jaipur.rng import Rng

from .duel import NAMES, Duel, assert_view_true, random_move, true_round, without
from .toy import ToySuite, counter_random

SUITE = ToySuite()
SEEDS = ((90, "single-round"), (91, "single-round"), (88, "standard"))
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@dataclass
class Script:
    """An honest match: its texts, the honest sides (their secrets are the truth), each seat's moves, and each
    seat's save after every message it took (the state a replayed side must be in)."""

    seed: int
    mode: str
    texts: list[str]
    sides: tuple[FriendGame, FriendGame]
    moves: tuple[list[str], list[str]]
    saves: tuple[list[dict[str, Any]], list[dict[str, Any]]]

    def incoming(self, seat: int) -> list[str]:
        """The texts the seat is sent, in order (the friend's first, the invitation, is taken by `accept`)."""
        return [t for n, t in enumerate(self.texts) if n % 2 != seat and n > 0]

    def number(self, seat: int, k: int) -> int:
        """The message number (from 0) of the seat's k-th incoming text."""
        return 2 * k + 1 if seat == 0 else 2 * k + 2


@cache
def script(index: int) -> Script:
    seed, mode = SEEDS[index]
    d = Duel.begin(seed, mode=mode)
    d.play_out()
    moves: tuple[list[str], list[str]] = ([], [])
    for text in d.texts:
        m = wire.decode(SUITE, wire.from_text(text))
        if m.move is not None:
            moves[m.sender].append(m.move.move)
    made = Script(seed, mode, d.texts, d.sides, moves, ([], []))
    for seat in (0, 1):
        side = Replay(made, seat)
        made.saves[seat].append(side.side.to_json())
        for text in made.incoming(seat):
            assert side.offer(text) == "taken"
            made.saves[seat].append(side.side.to_json())
    return made


class Replay:
    """One seat of a script played again, its moves as in the script."""

    def __init__(self, s: Script, seat: int) -> None:
        self.script, self.seat = s, seat
        if seat == 0:
            self.side = FriendGame.invite(NAMES[0], s.mode, suite=SUITE, random=counter_random(2 * s.seed))
        else:
            self.side = FriendGame.accept(s.texts[0], NAMES[1], suite=SUITE, random=counter_random(2 * s.seed + 1))
        self.taken = 0
        self.moves = iter(s.moves[seat])
        self.refusal = ""

    def offer(self, text: str, play: bool = True) -> str:
        """Hand the side a text: "refused" (and nothing changed), "taken" or "caught"; any other exception fails."""
        side = self.side
        before, number = side.to_json(), side.number
        try:
            side.receive(text)
        except Refused as err:
            assert err.code.startswith("friend-") and err.message, err
            self.refusal = err.code
            assert side.to_json() == before and side.number == number
            return "refused"
        if side.invalid is not None:
            assert isinstance(side.invalid, Cheated) and side.number == number
            assert side.invalid.message.startswith(f"Message {number + 1} from "), side.invalid.message
            return "caught"
        assert side.number > number
        self.taken += 1
        if play and side.move_due():
            side.play(next(self.moves))
        return "taken"

    def honest(self, k: int) -> str:
        return self.script.incoming(self.seat)[k]


def content(text: str) -> bytes | None:
    """A text's signed content, or None when it is no message."""
    try:
        return wire.decode(SUITE, wire.from_text(text)).content
    except Refused:
        return None


# ---------------------------------------------------------------- an outsider's channel


KINDS = ("byte", "char", "drop", "twice", "replay", "other-game", "cut", "own", "swap-halves")


@st.composite
def channels(draw: st.DrawFn) -> tuple[int, int, list[tuple[int, str, int, int]]]:
    """A script, a seat, and a few mutations: (index of the incoming text, kind, two numbers the kind uses)."""
    index = draw(st.integers(0, len(SEEDS) - 1))
    seat = draw(st.integers(0, 1))
    count = len(script(index).incoming(seat))
    events = draw(st.lists(st.tuples(st.integers(0, count - 1), st.sampled_from(KINDS), st.integers(0, 10 ** 6),
                                     st.integers(1, 255)), min_size=1, max_size=3))
    return index, seat, events


def mutated(r: Replay, k: int, kind: str, n: int, x: int) -> list[str]:
    """What the channel sends instead of the k-th incoming text (the honest text follows it, as if asked again)."""
    s, honest = r.script, r.honest(k)
    incoming = s.incoming(r.seat)
    if kind == "byte":
        raw = bytearray(wire.from_text(honest))
        raw[n % len(raw)] ^= x
        return [wire.to_text(bytes(raw))]
    if kind == "char":
        at = len(wire.LINK_KEY) + n % (len(honest) - len(wire.LINK_KEY))
        return [honest[:at] + ALPHABET[x % len(ALPHABET)] + honest[at + 1:]]
    if kind == "drop":
        return incoming[k + 1:k + 2]
    if kind == "twice":
        return [honest, honest]
    if kind == "replay":
        return [incoming[n % (k + 1)]] if k else [honest]
    if kind == "other-game":
        other = script((SEEDS.index((s.seed, s.mode)) + 1) % len(SEEDS)).texts
        return [other[n % len(other)]]
    if kind == "cut":
        return [honest[:n % len(honest)]]
    if kind == "own":
        mine = [t for i, t in enumerate(s.texts) if i % 2 == r.seat]
        return [mine[n % len(mine)]]
    # swap-halves: the two halves of the message's bytes exchanged
    raw = wire.from_text(honest)
    half = len(raw) // 2
    return [wire.to_text(raw[half:] + raw[:half])]


@settings(max_examples=12, deadline=None, database=None)
@given(channels())
def test_links_changed_by_someone_else_are_all_refused_and_the_game_ends_as_the_honest_one(
        channel: tuple[int, int, list[tuple[int, str, int, int]]]) -> None:
    outsider(channel)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, database=None)
@given(channels())
def test_links_changed_by_someone_else_are_all_refused_in_many_more_cases(
        channel: tuple[int, int, list[tuple[int, str, int, int]]]) -> None:
    outsider(channel)


def outsider(channel: tuple[int, int, list[tuple[int, str, int, int]]]) -> None:
    """One channel's mutations, each refused, the game ending as the honest one."""
    index, seat, events = channel
    s = script(index)
    r = Replay(s, seat)
    incoming = s.incoming(seat)
    stop = min(len(incoming), max(k for k, *_ in events) + 2)
    by_index: dict[int, list[tuple[str, int, int]]] = {}
    for k, kind, n, x in events:
        by_index.setdefault(k, []).append((kind, n, x))
    for k in range(stop):
        for kind, n, x in by_index.get(k, []):
            for text in mutated(r, k, kind, n, x):
                expected = incoming[r.taken] if r.taken < len(incoming) else None
                outcome = r.offer(text)
                event(f"{kind}: {outcome}")
                assert outcome != "caught", r.side.invalid
                if outcome == "taken":  # only ever the very message that was due (e.g. the same bytes written
                    assert content(text) == content(expected)  # another way in base64url)
        while r.taken <= k:  # the honest text (again): taken now if it was not yet
            assert r.offer(incoming[r.taken]) == "taken"
    assert r.side.to_json() == s.saves[seat][r.taken]
    assert r.side.invalid is None


# ---------------------------------------------------------------- the other player's own changes, signed


@st.composite
def resigned(draw: st.DrawFn) -> tuple[int, int, int, int, int]:
    """A script, a seat, which of its incoming messages, a byte of it (mostly in its sections: a change of the
    header is only ever refused, as another game's, another number or another previous message), and a mask."""
    index = draw(st.integers(0, len(SEEDS) - 1))
    seat = draw(st.integers(0, 1))
    rnd = draw(st.randoms(use_true_random=False))
    incoming = script(index).incoming(seat)
    k = rnd.randrange(len(incoming))
    size = len(wire.from_text(incoming[k])) - SUITE.signature_size
    at = rnd.randrange(wire.HEADER_SIZE) if rnd.random() < 0.15 else rnd.randrange(wire.HEADER_SIZE, size)
    return index, seat, k, at, rnd.randrange(1, 256)


@settings(max_examples=25, deadline=None, database=None)
@example((0, 0, 0, 50, 1))  # the friend's coin in its answer: taken (any coin is one it could have sent), played on
@example((0, 0, 21, 73, 3))  # a take of gold made a take of diamonds: refused or, when legal, played on
@given(resigned())
def test_a_message_changed_and_signed_again_by_its_sender_is_refused_caught_or_a_true_move(
        case: tuple[int, int, int, int, int]) -> None:
    changed_by_its_sender(case)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, database=None)
@given(resigned())
def test_a_message_changed_and_signed_again_by_its_sender_in_many_more_cases(
        case: tuple[int, int, int, int, int]) -> None:
    changed_by_its_sender(case)


def changed_by_its_sender(case: tuple[int, int, int, int, int]) -> None:
    """One byte of one message changed and signed again by its sender, judged."""
    index, seat, k, n, x = case
    s, r = script(index), Replay(script(index), seat)
    m = take_until(s, r, k)
    data = bytearray(m.content)
    data[n] ^= x
    sender = s.sides[1 - seat]
    judge(s, r, k, wire.to_text(bytes(data) + sender._signer.sign(bytes(data))))


def take_until(s: Script, r: Replay, k: int) -> wire.Message:
    """The replayed side takes its first k incoming texts as they were; the k-th, decoded."""
    incoming = s.incoming(r.seat)
    for text in incoming[:k]:
        assert r.offer(text) == "taken"
    assert r.side.to_json() == s.saves[r.seat][k]
    return wire.decode(SUITE, wire.from_text(incoming[k]))


def judge(s: Script, r: Replay, k: int, forged: str) -> None:
    """The replayed side is handed a message its sender changed and signed: refused (then the honest one plays on
    as before), caught (a sentence naming the message), or taken (the game goes on from it, to its end, to a cheat
    caught, or to a sender that stops)."""
    seat = r.seat
    outcome = r.offer(forged, play=False)
    event(f"refused: {r.refusal}" if outcome == "refused" else outcome if outcome != "caught"
          else f"caught: {r.side.invalid.code if r.side.invalid else ''}")
    if outcome == "refused":
        assert r.offer(s.incoming(seat)[k]) == "taken"
        assert r.side.to_json() == s.saves[seat][k + 1]
    elif outcome == "caught":
        err = r.side.invalid
        assert err is not None and err.code.startswith(("friend-", "proof-"))
        assert err.values["number"] == s.number(seat, k) + 1
        back = FriendGame.from_json(r.side.to_json(), SUITE)
        assert back.status == "invalid" and back.invalid is not None and back.invalid.message == err.message
    else:
        taken = r.side.messages[s.number(seat, k)]
        assert taken.content == wire.decode(SUITE, wire.from_text(forged)).content
        play_on_after_forgery(s, r, k, forged)


def parts_of(m: wire.Message) -> list[str]:
    """What can be left out of a message: a whole section, one of its shares (the rest proven again by the sender,
    or kept with the proof of all), one of its move's named places."""
    out = [name for name in ("coin", "shuffle", "opens", "move") if getattr(m, name) is not None]
    if m.opens is not None and len(m.opens.places) > 1:
        out += ["a share", "a share, proven again"]
    if m.move is not None and m.move.places:
        out.append("a named place")
    return out


@settings(max_examples=12, deadline=None, database=None)
@given(st.integers(0, len(SEEDS) - 1), st.integers(0, 1), st.randoms(use_true_random=False))
def test_a_message_with_a_part_left_out_and_signed_again_is_refused_caught_or_a_true_move(
        index: int, seat: int, rnd: Random) -> None:
    left_out(index, seat, rnd)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, database=None)
@given(st.integers(0, len(SEEDS) - 1), st.integers(0, 1), st.randoms(use_true_random=False))
def test_a_message_with_a_part_left_out_and_signed_again_in_many_more_cases(
        index: int, seat: int, rnd: Random) -> None:
    left_out(index, seat, rnd)


def left_out(index: int, seat: int, rnd: Random) -> None:
    """One part of one message left out and signed again by its sender, judged."""
    s, r = script(index), Replay(script(index), seat)
    k = rnd.randrange(len(s.incoming(seat)))
    m = take_until(s, r, k)
    part = rnd.choice(parts_of(m))
    which = rnd.randrange(1 << 16)
    if part.startswith("a share"):
        assert m.opens is not None
        cut = which % len(m.opens.places)
        if part == "a share":
            o = m.opens
            m = replace(m, opens=replace(o, places=o.places[:cut] + o.places[cut + 1:],
                                         shares=o.shares[:cut] + o.shares[cut + 1:]))
        else:
            sender = FriendGame.from_json(s.saves[1 - seat][-1], SUITE)   # its keys, and the round's deal
            m = replace(m, opens=without(sender, m, m.opens.places[cut]))
    elif part == "a named place":
        assert m.move is not None
        cut = which % len(m.move.places)
        m = replace(m, move=replace(m.move, places=m.move.places[:cut] + m.move.places[cut + 1:]))
    else:
        m = replace(m, **{part: None})
    event(f"left out: {part}")
    content = wire.content_of(SUITE, m)
    judge(s, r, k, wire.to_text(content + s.sides[1 - seat]._signer.sign(content)))


def play_on_after_forgery(s: Script, r: Replay, k: int, forged: str) -> None:
    """The victim took a changed message its sender signed: the sender goes on from it (read back from its save
    with the changed message in place of the one it made), both play random legal moves. The victim then ends the
    match with the results the engine gives for the true cards and the moves played, or catches a cheat (at the
    latest at the round's end), or waits for a sender that stopped (its own state no longer fits the game)."""
    seat, victim = r.seat, r.side
    number = s.number(seat, k)
    saved = next(data for data in s.saves[1 - seat] if len(data["messages"]) == number + 1)
    messages = list(saved["messages"])
    messages[number] = b64encode(wire.from_text(forged))
    try:
        cheater = FriendGame.from_json({**saved, "messages": messages}, SUITE)
    except FairError as exc:   # its own save no longer fits its secrets (a changed commitment): it stops
        assert exc.code == "friend-bad-save"
        event("forged and taken: the sender's save no longer fits its secrets")
        return
    cheater._random = counter_random(10 ** 6 + s.seed)
    sides = (victim, cheater) if seat == 0 else (cheater, victim)
    d = Duel(sides, s.texts[:number] + [forged], Rng(s.seed))
    if victim.move_due():
        victim.play(random_move(victim, d.rng))
    if victim.number == number + 2:
        d.texts.append(victim.outgoing_text())
        d.play_out()
    event("forged and taken: " + ("caught" if victim.invalid else victim.status))
    if victim.invalid is not None:
        return
    if victim.status == "over":
        for rd in victim.results():   # what is scored, as the engine plays the true deal (the rest stays hidden)
            true = true_round(*sides, victim, rd.round)
            assert rd.result == true.result
            assert (rd.taken_goods, rd.taken_bonus, rd.herds, rd.goods) == (
                true.taken_goods, true.taken_bonus, true.herds, true.goods)
        assert_view_true(victim, *sides)
    else:  # the other side stopped: it found its own state no longer fits the messages
        assert cheater.invalid is not None or not cheater.outgoing()


def test_the_scripts_replay_their_matches() -> None:
    for index in range(len(SEEDS)):
        s = script(index)
        assert s.sides[0].status == s.sides[1].status == "over"
        for seat in (0, 1):
            assert len(s.saves[seat]) == len(s.incoming(seat)) + 1
            assert s.saves[seat][-1] == s.sides[seat].to_json()
