"""The friend controls on a phone, drawn in CPython: the header's friend chip (the friend's name, the live state)
and the bar it folds and opens on your turn (render_friend.friend_chip, quiet, friend_bar); the start screen's
line under Play a friend. The layout itself (what a phone shows) is tested in tests/browser/test_friend_phone.py."""

from __future__ import annotations

import pytest

from jaipur.web.draw.model import FriendPanel, TableState
from jaipur.web.draw.nodes import Node, find, text_of, walk
from jaipur.web.draw.render_friend import friend_bar, friend_chip, play_friend_button, quiet
from jaipur.web.i18n import Reason, strings

from .test_friend import click, deal_both_ways, friend_state


def _state(open_: bool = False, **panel: object) -> TableState:
    values: dict[str, object] = {"phase": "game", "status": "your-turn", "friend": "Bo"}
    values.update(panel)
    return TableState(screen="table", kind="friend", friend=FriendPanel(**values), friend_open=open_)  # type: ignore[arg-type]


def _chip(state: TableState, lang: str = "en") -> Node:
    chip = friend_chip(state, strings(lang))
    assert chip is not None
    return chip


def test_your_turn_with_nothing_to_send_folds_the_bar_behind_a_chip_button() -> None:
    state = _state()
    assert quiet(state.friend)  # type: ignore[arg-type]
    chip = _chip(state)
    assert chip.tag == "button" and chip.attrs["data-action"] == "friend-panel"
    assert chip.attrs["aria-expanded"] == "false" and chip.attrs["aria-controls"] == "friend-bar"
    assert chip.attrs["data-friend-chip"] == "off"
    assert text_of(chip) == "Friend: Bo by links"
    bar = friend_bar(state, strings("en"))
    assert bar is not None and bar.attrs["id"] == "friend-bar"
    assert bar.attrs["class"].split() == ["friend-bar", "quiet"]
    # everything the bar offers is still in it, folded: the paste box, Play live, the live settings
    assert find(bar, data_friend_paste="") and find(bar, data_action="go-live")
    assert find(bar, **{"class": "live-settings"})


def test_the_chip_opens_the_folded_bar() -> None:
    state = _state(open_=True)
    assert _chip(state).attrs["aria-expanded"] == "true"
    bar = friend_bar(state, strings("en"))
    assert bar is not None and "open" in bar.attrs["class"].split()


@pytest.mark.parametrize("panel", [
    {"status": "their-turn"},
    {"status": "your-turn", "link": "http://x/#friend=A"},
    {"status": "your-turn", "problem": Reason("friend-seen", values={"number": 3})},
    {"status": "waiting", "live": "connecting", "live_role": "offer", "live_code": "http://x/#live=A",
     "link": "http://x/#live=A"},
    {"status": "your-turn", "note": Reason("friend-tab-followed")},
], ids=["their-turn", "a-link-to-send", "a-refused-link", "going-live", "a-note"])
def test_a_bar_with_something_to_read_is_never_folded_and_the_chip_only_says(panel: dict[str, object]) -> None:
    state = _state(open_=True, **panel)
    assert not quiet(state.friend)  # type: ignore[arg-type]
    chip = _chip(state)
    assert chip.tag == "span" and "data-action" not in chip.attrs and "aria-expanded" not in chip.attrs
    bar = friend_bar(state, strings("en"))
    assert bar is not None and bar.attrs["class"] == "friend-bar"


@pytest.mark.parametrize(("live", "presence", "word", "dot"), [
    ("off", "", "by links", "off"), ("connecting", "", "connecting…", "connecting"),
    ("connected", "connected", "live", "connected"), ("connected", "thinking", "live", "thinking"),
    ("lost", "gone", "live lost", "lost"),
])
def test_the_chip_says_the_live_state_in_a_word_and_a_dot(live: str, presence: str, word: str, dot: str) -> None:
    chip = _chip(_state(live=live, presence=presence))
    assert chip.attrs["data-friend-chip"] == live
    assert text_of(find(chip, **{"class": "friend-chip-live"})[0]) == word
    assert find(chip, **{"class": f"live-dot {dot}"})


def test_the_chip_reads_in_persian() -> None:
    chip = _chip(_state(live="connected"), "fa")
    assert text_of(chip) == "دوست: Bo زنده"
    assert text_of(_chip(_state(), "fa")) == "دوست: Bo با پیوند"


def test_no_chip_outside_a_game_or_in_an_embed() -> None:
    assert friend_chip(TableState(), strings("en")) is None
    assert friend_chip(_state(phase="setup"), strings("en")) is None
    embedded = _state()
    embedded.embed = True
    assert friend_chip(embedded, strings("en")) is None


def test_play_a_friend_says_what_it_is_in_one_line() -> None:
    for lang, said in (("en", "Two people, each on their own device"), ("fa", "دو نفر، هر کدام روی دستگاه خودش")):
        nodes = play_friend_button(TableState(), strings(lang))
        assert nodes is not None
        button, about = nodes
        assert button.attrs["aria-describedby"] == about.attrs["id"] == "play-friend-about"
        assert text_of(about).startswith(said)
    assert play_friend_button(TableState(embed=True), strings("en")) is None


def test_the_chip_in_the_header_opens_and_shuts_the_bar_through_the_controller() -> None:
    """A real game between two controllers: the side to move finds the chip in its header; the chip opens the
    folded bar, a live setting keeps it open, Escape and a tapped card shut it."""
    a, b = deal_both_ways()
    me = a if friend_state(a) == "your-turn" else b
    assert friend_state(me) == "your-turn"

    def chip() -> Node:
        found = find(me.platform.node, data_action="friend-panel")  # type: ignore[attr-defined]
        assert len(found) == 1
        return found[0]

    def folded() -> bool:
        bar = find(me.platform.node, id="friend-bar")[0]  # type: ignore[attr-defined]
        return "open" not in bar.attrs["class"].split()

    header = next(n for n in walk(me.platform.node) if n.tag == "header")  # type: ignore[attr-defined]
    assert find(header, data_action="friend-panel")
    assert chip().attrs["aria-expanded"] == "false" and folded()
    click(me, "friend-panel")
    assert chip().attrs["aria-expanded"] == "true" and not folded()
    click(me, "live-alert")                      # a live setting changed in the open bar keeps it open
    assert not folded()
    me.on_event({"type": "key", "key": "Escape", "code": "Escape"})
    me.draw()
    assert folded()
    click(me, "friend-panel")
    assert not folded()
    me.on_event({"type": "click", "card": "D", "zone": "market", "index": "0"})
    me.draw()
    assert folded() and chip().attrs["aria-expanded"] == "false"
