"""A side read back from its save checks its own keys against the game: a key lost or changed (site data
damaged, a save edited) is said when the game is read (friend-bad-save), never found later as the friend's
cheating or as links the friend refuses.

A side's secrets are two 32-byte values (`jaipur.fair.game`): its dealing key's (KEY_SECRET, used all game long)
and its coin's (COIN_SECRET, used once: in the invitation's commitment and the inviter's third message, in the
friend's answer)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur.fair import FairError, FriendGame, Refused
from jaipur.fair.game import COIN_SECRET, KEY_SECRET
from jaipur.rng import Rng

from .helpers import Match, play, start, step
from .toy import ToySuite

KEY, COIN = str(KEY_SECRET), str(COIN_SECRET)
DAMAGES = {
    "secrets emptied": lambda data: data.update(secrets={}),
    "every secret changed": lambda data: data.update(secrets={r: "11" * 32 for r in data["secrets"]}),
    "the dealing key's secret changed": lambda data: data["secrets"].update({KEY: "11" * 32}),
    "the dealing key's secret dropped": lambda data: data["secrets"].pop(KEY),
    "signing key changed": lambda data: data.update(signing="22" * 32),
}


def saved(side: FriendGame) -> dict[str, Any]:
    """What the page keeps of a side (as JSON text would bring it back)."""
    return json.loads(json.dumps(side.to_json()))  # type: ignore[no-any-return]


def under_way(seed: int, messages: int) -> Match:
    """A standard match on the toy group, `messages` messages in."""
    return under_way_with(seed, messages)[0]


def under_way_with(seed: int, messages: int) -> tuple[Match, Rng]:
    """`under_way`, and the generator its moves come from (to play on as it would have)."""
    match = start(seed)
    rng = Rng(seed)
    while len(match.texts) < messages and step(match, rng):
        pass
    return match, rng


@pytest.mark.parametrize("messages", [2, 3, 4, 9])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_save_whose_keys_were_lost_or_changed_is_refused_when_read(seat: int, damage: str, messages: int) -> None:
    data = saved(under_way(3, messages).sides[seat])
    DAMAGES[damage](data)
    with pytest.raises(FairError) as caught:
        FriendGame.from_json(data, ToySuite())
    assert caught.value.code == "friend-bad-save"


@pytest.mark.parametrize("damage", ["dropped", "changed"])
def test_an_inviters_coin_secret_lost_before_its_coin_was_sent_is_refused_when_read(damage: str) -> None:
    """The invitation committed to the coin this secret makes; the coin is sent in message 3. A save that lost it
    before then can never keep that promise: it must be refused when read, not fail on the friend's answer."""
    match = under_way(3, 2)
    data = saved(match.sides[0])
    assert len(data["messages"]) == 1
    if damage == "dropped":
        data["secrets"].pop(COIN)
    else:
        data["secrets"][COIN] = "11" * 32
    try:
        side = FriendGame.from_json(data, ToySuite())
    except FairError as err:
        assert err.code == "friend-bad-save"
        return
    try:
        side.receive(match.texts[1])
    except Refused:
        pass
    raise AssertionError("the save was read though its coin secret cannot keep the invitation's promise")


@pytest.mark.parametrize("seat, messages", [(0, 3), (0, 9), (1, 2), (1, 9)])
def test_a_coin_secret_lost_after_its_coin_was_sent_is_refused_or_not_needed(seat: int, messages: int) -> None:
    """Once the coin is in the messages its secret is not used again: a save that lost it is refused when read,
    or plays on exactly as the honest side did (never blames the friend, never fails later)."""
    honest, rng = under_way_with(5, messages)
    while step(honest, rng):
        pass
    match, rng = under_way_with(5, messages)
    data = saved(match.sides[seat])
    data["secrets"].pop(COIN)
    try:
        side = FriendGame.from_json(data, ToySuite())
    except FairError as err:
        assert err.code == "friend-bad-save"
        return
    side._random = match.sides[seat]._random
    match.sides = (side, match.sides[1]) if seat == 0 else (match.sides[0], side)
    while step(match, rng):
        pass
    assert match.texts == honest.texts and side.status == "over"


def test_every_save_of_an_honest_match_reads_back_on_both_sides() -> None:
    """Across rounds: every save (each fifth message, of both sides) reads back and shows what the side showed."""
    match, rng = under_way_with(8, 2)
    while True:
        if len(match.texts) % 5 == 2:
            for side in match.sides:
                back = FriendGame.from_json(saved(side), ToySuite())
                assert (back.status, back.number, back.view()) == (side.status, side.number, side.view())
        if not step(match, rng):
            break
    assert len(match.sides[0].results()) >= 2 and match.texts == play(8, mode="standard").texts
