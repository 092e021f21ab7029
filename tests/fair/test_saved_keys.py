"""A side read back from its save checks its own keys against the game: a key lost or changed (site data
damaged, a save edited) is said when the game is read (friend-bad-save), never found later as the friend's
cheating or as links the friend refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur.fair import FairError, FriendGame
from jaipur.rng import Rng

from .helpers import Match, play, start, step
from .toy import ToySuite

DAMAGES = {
    "secrets emptied": lambda data: data.update(secrets={}),
    "a secret changed": lambda data: data.update(secrets={r: "11" * 32 for r in data["secrets"]}),
    "a round's secret dropped": lambda data: data["secrets"].pop(max(data["secrets"], key=int)),
    "signing key changed": lambda data: data.update(signing="22" * 32),
}


def saved(side: FriendGame) -> dict[str, Any]:
    """What the page keeps of a side (as JSON text would bring it back)."""
    return json.loads(json.dumps(side.to_json()))  # type: ignore[no-any-return]


def under_way(seed: int, messages: int) -> Match:
    """A standard match on the toy group, `messages` messages in."""
    match = start(seed)
    rng = Rng(seed)
    while len(match.texts) < messages and step(match, rng):
        pass
    return match


@pytest.mark.parametrize("messages", [2, 3, 4, 9])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_save_whose_keys_were_lost_or_changed_is_refused_when_read(seat: int, damage: str, messages: int) -> None:
    data = saved(under_way(3, messages).sides[seat])
    DAMAGES[damage](data)
    with pytest.raises(FairError) as caught:
        FriendGame.from_json(data, ToySuite())
    assert caught.value.code == "friend-bad-save"


def test_every_save_of_an_honest_match_reads_back_on_both_sides() -> None:
    """Across rounds (a round's secret is made when its deal is): every save reads back and plays on."""
    whole = play(8, mode="standard")
    assert len(whole.sides[0].results()) >= 2
    for messages in range(2, len(whole.texts) + 1, 5):
        match = under_way(8, messages)
        for seat in (0, 1):
            side = match.sides[seat]
            back = FriendGame.from_json(saved(side), ToySuite())
            assert (back.status, back.number, back.view()) == (side.status, side.number, side.view())
