"""A side saved and restored (what the page keeps in localStorage) is the same side at every step of a match; a
damaged save is refused with a sentence (FairError, code friend-bad-save), never another exception, and never
brought back as a side that would go on wrongly (sign with a key that is not its own, blame its friend for its
own lost key, or send a message that was changed)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaipur.fair import FairError, FriendGame, secp256k1, wire
from jaipur.fair.game import KEY_SECRET
from jaipur.fair.items import CARDS
from jaipur.record import b64decode, b64encode

from .duel import Duel
from .toy import ToySuite

SUITE = ToySuite()


def same(restored: FriendGame, side: FriendGame) -> None:
    """The restored side shows, owes and saves exactly what the side does."""
    assert restored.view() == side.view()
    assert restored.status == side.status
    assert restored.outgoing() == side.outgoing() and restored.outgoing_text() == side.outgoing_text()
    assert restored.number == side.number and restored.seat == side.seat
    assert restored.moves() == side.moves() and restored.results() == side.results()
    assert restored.legal_moves() == side.legal_moves() and restored.move_due() == side.move_due()
    assert restored.names == side.names and restored.mode == side.mode
    assert restored.to_json() == side.to_json()


def restored(side: FriendGame) -> FriendGame:
    """The side read back from its save (with its seeded 'randomness', so a new round's secret is the same)."""
    back = FriendGame.from_json(side.to_json(), SUITE)
    same(back, side)
    back._random = side._random
    return back


def test_a_side_saved_and_restored_at_every_step_is_the_same_and_plays_on_the_same() -> None:
    honest = Duel.begin(61, mode="single-round")
    honest.play_out()
    d = Duel.begin(61, mode="single-round")
    while True:
        d.sides = (restored(d.sides[0]), restored(d.sides[1]))  # from now on each side is the one read back
        if not d.deliver():
            break
    assert d.texts == honest.texts and d.sides[0].status == d.sides[1].status == "over"
    assert d.sides[0].results() == honest.sides[0].results()


def test_a_side_saved_and_restored_across_a_whole_match_is_the_same_and_plays_on_the_same() -> None:
    """Three rounds: restored at every message that deals, opens a bonus token (as the rounds end), and every
    tenth."""
    honest = Duel.begin(60)
    honest.play_out()
    d = Duel.begin(60)
    while True:
        m = wire.decode(SUITE, wire.from_text(d.texts[-1]))
        tokens = m.opens is not None and max(m.opens.places) >= CARDS
        if m.shuffle is not None or tokens or len(d.texts) % 10 == 0:
            d.sides = (restored(d.sides[0]), restored(d.sides[1]))
        if not d.deliver():
            break
    assert d.texts == honest.texts and d.sides[0].status == d.sides[1].status == "over"
    assert len(d.sides[0].results()) >= 2 and d.sides[0].results() == honest.sides[0].results()
    for side in d.sides:
        restored(side)


@pytest.mark.slow
def test_a_side_on_secp256k1_saved_and_restored_is_the_same() -> None:
    d = Duel.begin(62, suite=secp256k1(), mode="single-round")
    n = 0
    while True:
        if n % 3 == 0 or n < 4:
            for side in d.sides:
                same(FriendGame.from_json(side.to_json(), secp256k1()), side)
        n += 1
        if not d.deliver():
            break
    assert d.sides[0].status == "over"
    for side in d.sides:
        same(FriendGame.from_json(side.to_json(), secp256k1()), side)


def test_a_save_is_plain_json() -> None:
    import json

    d = Duel.begin(63, mode="single-round")
    d.until(lambda d: len(d.texts) == 12)
    for side in d.sides:
        data = side.to_json()
        assert json.loads(json.dumps(data)) == data
        same(FriendGame.from_json(json.loads(json.dumps(data)), SUITE), side)


# ---------------------------------------------------------------- damaged saves


@pytest.fixture(scope="module")
def saves() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The inviter's and the friend's saves in round 2 of a match, and another game's inviter save."""
    d = Duel.begin(64)
    d.until(lambda d: 2 in d.sides[0].rounds and d.sides[0].rounds[2].ledger is not None
            and len(d.sides[0].rounds[2].ledger.moves) > 3)
    other = Duel.begin(65)
    other.until(lambda d: len(d.texts) == 8)
    return d.sides[0].to_json(), d.sides[1].to_json(), other.sides[0].to_json()


def bad_save(data: Any) -> FairError:
    """Reading the data is refused with friend-bad-save and a sentence."""
    with pytest.raises(FairError) as err:
        FriendGame.from_json(data, SUITE)
    assert err.value.code == "friend-bad-save", err.value.message
    assert err.value.message.startswith("This saved friend game cannot be read")
    return err.value


def flip(text: str, at: int) -> str:
    """A saved message (base64url) with one byte changed."""
    raw = bytearray(b64decode(text))
    raw[at] ^= 0x10
    return b64encode(bytes(raw))


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out.update(fields)
    return out


def test_saves_of_another_format_or_with_missing_parts_are_refused(saves: Any) -> None:
    inviter, _, _ = saves
    for data in (None, [], "jaipur-friend/1", 7, {}, changed(inviter, format="jaipur-friend/0"),
                 {k: v for k, v in inviter.items() if k != "format"}, changed(inviter, seat=2),
                 changed(inviter, seat=True), changed(inviter, seat=None), changed(inviter, signing=None),
                 changed(inviter, secrets=[]), changed(inviter, messages={}), changed(inviter, messages=[]),
                 changed(inviter, opened=[])):
        bad_save(data)


def test_saves_with_bad_hex_or_base64_are_refused(saves: Any) -> None:
    inviter, _, _ = saves
    messages = list(inviter["messages"])
    for data in (changed(inviter, signing="zz" * 32), changed(inviter, signing=inviter["signing"][:-2]),
                 changed(inviter, secrets={"1": "not hex"}), changed(inviter, secrets={"1": "00"}),
                 changed(inviter, secrets={"x": inviter["secrets"]["1"]}),
                 changed(inviter, messages=messages[:3] + ["@@@"] + messages[4:]),
                 changed(inviter, messages=messages[:3] + [17] + messages[4:]),
                 changed(inviter, messages=messages[:3] + [messages[3][:-9]] + messages[4:]),
                 changed(inviter, opened={"1-5": 3}), changed(inviter, opened={"1:x": 3}),
                 changed(inviter, opened={"1:5": "three"}), changed(inviter, opened={"1:5": None})):
        bad_save(data)


def test_a_message_list_cut_reordered_or_mixed_with_another_game_is_refused(saves: Any) -> None:
    inviter, friend, other = saves
    for data in (inviter, friend):
        messages = list(data["messages"])
        swapped = messages[:5] + [messages[6], messages[5]] + messages[7:]
        for damaged in (messages[2:], messages[3:], messages[:5] + messages[6:], swapped,
                        messages[:4] + other["messages"][4:], other["messages"][:1] + messages[1:],
                        messages[:7] + [messages[7]] * 2 + messages[8:]):
            bad_save(changed(data, messages=damaged))


def test_a_message_list_that_does_not_start_with_the_invitation_is_refused(saves: Any) -> None:
    for data in saves[:2]:
        bad_save(changed(data, messages=data["messages"][1:]))


def test_a_message_list_cut_at_its_end_is_the_side_as_it_was_then() -> None:
    d = Duel.begin(66, mode="single-round")
    d.until(lambda d: len(d.texts) == 7)
    earlier = [FriendGame.from_json(side.to_json(), SUITE) for side in d.sides]
    d.until(lambda d: len(d.texts) == 11)
    for seat in (0, 1):
        data = d.sides[seat].to_json()
        back = FriendGame.from_json(changed(data, messages=data["messages"][:earlier[seat].number]), SUITE)
        assert back.view() == earlier[seat].view() and back.status == earlier[seat].status
        assert back.outgoing() == earlier[seat].outgoing() and back.number == earlier[seat].number


@pytest.mark.parametrize("every", [pytest.param(1, marks=pytest.mark.slow), 9])
def test_a_changed_byte_in_any_saved_message_is_refused(saves: Any, every: int) -> None:
    """Any byte of what a message says (its signed content); the signatures of the messages before the last are
    not read again (the next message's hash of its previous one holds their content). The quick path changes
    every ninth byte of the last two messages, the slow one every byte."""
    for data in saves[:2]:
        messages = data["messages"]
        for k in (0, 1, 2, len(messages) // 2, len(messages) - 2, len(messages) - 1):
            raw = b64decode(messages[k])
            content = len(raw) - SUITE.signature_size
            last = k >= len(messages) - 2
            for at in range(0, content, every) if last else (0, 5, 14, 20, content // 2, content - 1):
                damaged = list(messages)
                damaged[k] = flip(messages[k], at)
                bad_save(changed(data, messages=damaged))


def test_a_changed_signature_of_the_last_saved_message_is_refused(saves: Any) -> None:
    """The last message is the one a side sends (again) or answers: a save whose last message is not as its sender
    signed it would make links the friend refuses, or answer a message that was never sent."""
    for data in saves[:2]:
        messages = list(data["messages"])
        raw = b64decode(messages[-1])
        for at in (len(raw) - 1, len(raw) - SUITE.signature_size):
            bad_save(changed(data, messages=messages[:-1] + [flip(messages[-1], at)]))


def test_a_save_whose_signing_key_is_not_the_sides_own_is_refused(saves: Any) -> None:
    inviter, friend, other = saves
    for data, wrong in ((inviter, friend["signing"]), (friend, inviter["signing"]), (friend, other["signing"])):
        bad_save(changed(data, signing=wrong))


def test_a_save_whose_dealing_key_was_lost_or_changed_is_refused_not_blamed_on_the_friend(saves: Any) -> None:
    """A dealing key that is not the one the side dealt with would open the friend's next shares to cards never
    dealt: the page would call an honest friend a cheat. The save must be refused instead."""
    key = str(KEY_SECRET)
    for data in saves[:2]:
        secrets = dict(data["secrets"])
        secrets[key] = "11" * 32
        bad_save(changed(data, secrets=secrets))
        del secrets[key]
        bad_save(changed(data, secrets=secrets))


def test_a_changed_seat_is_refused(saves: Any) -> None:
    for data in saves[:2]:
        bad_save(changed(data, seat=1 - data["seat"]))


# ---------------------------------------------------------------- any damage


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [path] + [p for k, v in data.items() for p in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [path] + [p for i, v in enumerate(data) for p in _leaves(v, (*path, i))]
    return [path]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=12)
                    | st.sampled_from(["", "00" * 32, "zz", "1:5", "AAAA", "jaipur-friend/1"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damage_to_a_save_is_refused_with_a_sentence_or_read_as_a_side(saves: Any, data: st.DataObject) -> None:
    original = saves[data.draw(st.integers(0, 1))]
    damaged = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_leaves(damaged)))
        action = data.draw(st.sampled_from(["replace", "delete", "cut"]))
        if not path:
            damaged = data.draw(JSON)
            continue
        parent = damaged
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        if action == "replace":
            parent[key] = data.draw(JSON)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent[key], str | list):
            parent[key] = parent[key][:data.draw(st.integers(0, max(0, len(parent[key]) - 1)))]
    try:
        side = FriendGame.from_json(damaged, SUITE)
    except FairError as err:
        assert err.code == "friend-bad-save", err.message
        return
    # read: it is a whole side (it can show itself and be saved again)
    side.view()
    _ = side.status, side.outgoing(), side.legal_moves()
    again = FriendGame.from_json(side.to_json(), SUITE)
    assert again.view() == side.view()
