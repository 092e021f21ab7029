"""Live play with a friend through the page's controller in CPython: two controllers connect over a fake direct
channel (tests/web/fakes.FakeNet) by passing the offer and the answer, then every message of the game goes over
it; a dropped channel falls back to links and comes back with nothing lost; bad codes are said; the settings
are kept; a rematch is one click on each side."""

from __future__ import annotations

import json

import pytest

from jaipur.fair import FriendGame
from jaipur.rng import Rng
from jaipur.web.app import Controller
from jaipur.web.draw.nodes import find, text_of
from jaipur.web.live import signal
from jaipur.web.live.session import Live
from jaipur.web.store.live import LIVE_KEY, LiveSettings

from .fakes import FakeNet, FakePlatform
from .test_friend import click, friend_state, link_of, page

pytest.importorskip("ecdsa")


def settle(net: FakeNet, *pages: Controller) -> None:
    """Run every page's tasks and deliver every frame until nothing moves."""
    for _ in range(10_000):
        for c in pages:
            c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
        if not net.flush():
            if not any(c.platform.tasks for c in pages):  # type: ignore[attr-defined]
                for c in pages:
                    c.draw()
                return
    raise AssertionError("the pages never settled")


def live_page(net: FakeNet, storage: dict[str, str] | None = None, hash_text: str = "") -> Controller:
    platform = FakePlatform(storage)
    net.attach(platform)
    from jaipur.web.links.address import read_address
    c = Controller(platform, read_address("", hash_text), None)
    c.boot()
    platform.run(limit=10_000_000)
    c.draw()
    return c


def codes(c: Controller) -> list[str]:
    """The codes of the problems the page says."""
    return [n.attrs["data-code"] for n in find(c.platform.node) if n.tag == "li" and "data-code" in n.attrs]  # type: ignore


def live_state(c: Controller) -> str:
    node = c.platform.node  # type: ignore[attr-defined]
    found = [n for n in find(node) if n.tag == "main" and "data-friend-live" in n.attrs]
    return found[0].attrs["data-friend-live"] if found else ""


def open_hash(net: FakeNet, c: Controller, link: str) -> None:
    """The friend's link opened in the tab that shows the game (only the address's hash changes)."""
    c.on_event({"type": "hash", "text": link[link.index("#") + 1:]})
    settle(net, c)


def connect(net: FakeNet, a: Controller, b: Controller) -> None:
    """Ava goes live; Bo opens her offer in his tab; Ava pastes Bo's answer: both are connected."""
    click(a, "go-live")
    settle(net, a)
    offer = link_of(a)
    assert "#" in offer and "live=" in offer and live_state(a) == "connecting"
    assert len(offer.split()) == 1 and len(offer) < 4000    # a long pending message goes over the channel, not in it
    open_hash(net, b, offer)
    answer = link_of(b)
    assert answer.startswith("live=") and "#" not in answer and "/" not in answer   # text to paste, not a link
    assert live_state(b) == "connecting"
    click(a, "friend-paste", text=answer)
    settle(net, a, b)
    assert live_state(a) == live_state(b) == "connected"


def started(net: FakeNet) -> tuple[Controller, Controller]:
    """Ava invites by link, Bo answers by link, Ava takes it: a single-round game both pages hold."""
    a = live_page(net)
    click(a, "play-friend")
    click(a, "friend-mode", "single-round")
    click(a, "friend-invite", text="Ava")
    b = live_page(net, hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    click(a, "friend-paste", text=link_of(b))
    return a, b


def play_live(net: FakeNet, a: Controller, b: Controller, rng: Rng, moves: int = 10_000) -> int:
    """Whoever's turn it is plays a random legal move; nothing is passed by hand. How many were played."""
    played = 0
    while played < moves:
        settle(net, a, b)
        mover = next((c for c in (a, b) if c.mode.game.status == "your-turn"), None)  # type: ignore[union-attr]
        if mover is None:
            break
        legal = mover.mode.game.legal_moves()  # type: ignore[union-attr]
        mover.mode.play(legal[rng.below(len(legal))])  # type: ignore[union-attr]
        played += 1
    settle(net, a, b)
    return played


def test_two_pages_connect_by_offer_and_answer_and_play_a_whole_match_live() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    assert play_live(net, a, b, Rng(3)) > 5
    ga, gb = a.mode.game, b.mode.game  # type: ignore[union-attr]
    assert ga.status == gb.status == "over" and len(ga.results()) == 1
    assert [p.result for p in ga.results()] == [p.result for p in gb.results()]   # each side's stand-ins are its own
    assert a.dialog == b.dialog == "match"
    assert all(json.loads(f)["t"] in ("have", "msg") for f in net.sent)
    assert max(len(f) for f in net.sent) > 15_000       # Ava's deal went whole over the channel, as one frame
    assert not find(a.platform.node, data_problems="")  # type: ignore[attr-defined]
    assert b.platform.alerts > 0  # type: ignore[attr-defined]    # the friend's moves were announced


def test_an_offer_sent_with_the_invitation_connects_as_the_friend_accepts() -> None:
    net = FakeNet()
    a = live_page(net)
    click(a, "play-friend")
    click(a, "friend-invite", text="Ava")
    click(a, "go-live")
    settle(net, a)
    offer = link_of(a)
    assert "friend=" in offer and "live=" in offer    # one link: the invitation and the offer
    b = live_page(net, hash_text=offer[offer.index("#"):])
    assert find(b.platform.node, data_friend_phase="invited")  # type: ignore[attr-defined]
    click(b, "friend-accept", text="Bo")
    settle(net, b)
    answer = link_of(b)
    assert answer.startswith("live=")
    click(a, "friend-paste", text=answer)
    settle(net, a, b)
    assert live_state(a) == live_state(b) == "connected"
    assert a.mode.game.status in ("your-turn", "their-turn")   # the answer and the deal came over the channel
    assert a.mode.game.number == b.mode.game.number >= 2       # type: ignore[union-attr]
    assert "Live" in text_of(a.platform.node)  # type: ignore[attr-defined]


def test_a_dropped_channel_falls_back_to_links_then_goes_live_again_with_nothing_lost() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(8), moves=3)
    net.cut()
    settle(net, a, b)
    assert live_state(a) == live_state(b) == "lost"
    assert "lost" in text_of(a.platform.node)  # type: ignore[attr-defined]
    mover = next(c for c in (a, b) if c.mode.game.status == "your-turn")  # type: ignore[union-attr]
    other = b if mover is a else a
    mover.mode.play(mover.mode.game.legal_moves()[0])  # type: ignore[union-attr]
    settle(net, mover)
    link = link_of(mover)
    assert "#friend=" in link                      # the move waits as a link to send
    click(other, "friend-paste", text=link)
    assert other.mode.game.number == mover.mode.game.number  # type: ignore[union-attr]
    # a move made while lost, not sent by link: going live again delivers it
    mover2 = next(c for c in (a, b) if c.mode.game.status == "your-turn")  # type: ignore[union-attr]
    mover2.mode.play(mover2.mode.game.legal_moves()[0])  # type: ignore[union-attr]
    settle(net, a, b)
    behind = b if mover2 is a else a
    assert behind.mode.game.number < mover2.mode.game.number  # type: ignore[union-attr]
    connect(net, a, b)
    assert a.mode.game.number == b.mode.game.number  # type: ignore[union-attr]
    play_live(net, a, b, Rng(9))
    assert a.mode.game.status == b.mode.game.status == "over"  # type: ignore[union-attr]


def test_a_connection_that_cannot_be_made_is_said_and_links_go_on() -> None:
    net = FakeNet()
    a, b = started(net)
    net.opens = False
    click(a, "go-live")
    settle(net, a)
    open_hash(net, b, link_of(a))
    click(a, "friend-paste", text=link_of(b))
    settle(net, a, b)
    assert live_state(a) == "connecting"
    channel = a.mode.side.live.channel  # type: ignore[union-attr]
    channel.report("failed", "")       # what live.js says when the connection did not open in time
    settle(net, a, b)
    assert live_state(a) == "off"
    assert codes(a) == ["live-failed"]
    assert find(a.platform.node, data_action="go-live")  # type: ignore[attr-defined]


def test_bad_codes_are_said_and_change_nothing() -> None:
    net = FakeNet()
    a, b = started(net)
    before = dict(a.platform.storage)  # type: ignore[attr-defined]

    def said(c: Controller, text: str) -> list[str]:
        click(c, "friend-paste", text=text)
        return codes(c)

    assert said(a, "live=AAAA") == ["live-malformed"]
    assert said(a, "live=" + "A" * 2000) == ["live-malformed"]
    game = a.mode.game.game  # type: ignore[union-attr]
    answer = signal.Signal(signal.ANSWER, game, "active", "abcd", "p" * 22, bytes(32), ())
    assert said(a, answer.to_text()) == ["live-no-offer"]            # no offer was made on this page
    other = signal.Signal(signal.OFFER, b"x" * 12, "actpass", "abcd", "p" * 22, bytes(32), ())
    assert said(a, "http://x/index.html#" + other.to_text()) == ["friend-other-game"]
    assert said(a, other.to_text()) == ["friend-other-game"]
    assert {k: v for k, v in a.platform.storage.items() if k != LIVE_KEY} == before  # type: ignore[attr-defined]
    assert live_state(a) == "off"


def test_the_stun_server_and_the_alert_are_kept_and_used() -> None:
    net = FakeNet()
    a, b = started(net)
    click(a, "live-stun", text="https://evil.example")
    assert codes(a) == ["live-bad-stun"]
    click(a, "go-live")                       # by default no ICE server at all: nothing asked of the network
    settle(net, a)
    assert a.mode.side.live.channel.servers() == "[]"  # type: ignore[union-attr]
    click(a, "live-stun", text="stun:stun.example.org:3478")
    click(a, "live-alert")
    assert json.loads(a.platform.storage[LIVE_KEY]) == {  # type: ignore[attr-defined]
        "stun": "stun:stun.example.org:3478", "alert": False}
    click(a, "go-live")                       # the next connection uses the server named
    settle(net, a)
    assert json.loads(a.mode.side.live.channel.servers()) == [{"urls": "stun:stun.example.org:3478"}]  # type: ignore
    c = live_page(net, storage=a.platform.storage)  # type: ignore[attr-defined]
    click(c, "play-friend")
    assert c.mode.side.settings == LiveSettings("stun:stun.example.org:3478", False)  # type: ignore[union-attr]
    click(a, "live-stun", text="")            # cleared: no server again
    assert json.loads(a.platform.storage[LIVE_KEY])["stun"] == ""  # type: ignore[attr-defined]


def test_a_rematch_is_one_click_on_each_side_and_stays_live() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(4))
    old = a.mode.game.game  # type: ignore[union-attr]
    click(a, "friend-rematch")
    settle(net, a, b)
    assert find(b.platform.node, data_action="friend-accept-rematch")  # type: ignore[attr-defined]
    click(b, "friend-accept-rematch")
    settle(net, a, b)
    ga, gb = a.mode.game, b.mode.game  # type: ignore[union-attr]
    assert ga.game == gb.game != old and ga.names == gb.names == ["Ava", "Bo"]
    assert ga.status in ("your-turn", "their-turn") and live_state(a) == "connected"
    assert play_live(net, a, b, Rng(6)) > 0 and ga.status == "over"


def test_leaving_closes_the_channel_and_the_friend_sees_them_gone() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    click(a, "new-game")
    settle(net, a, b)
    assert live_state(b) == "lost"
    assert find(b.platform.node, data_friend_presence="gone")  # type: ignore[attr-defined]


def test_the_live_words_read_in_persian() -> None:
    net = FakeNet()
    a, b = started(net)
    click(a, "set-lang", "fa")
    connect(net, a, b)
    body = text_of(a.platform.node)  # type: ignore[attr-defined]
    assert "زنده" in body


def test_frames_that_are_not_the_protocols_are_dropped() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    live: Live = a.mode.side.live  # type: ignore[union-attr]
    number = a.mode.game.number  # type: ignore[union-attr]
    for junk in ("", "null", "[1]", '{"t": "msg"}', '{"t": "msg", "m": 5}', "{" * 50, "x" * 20_000,
                 '{"t": "have", "g": "00", "n": 3}', '{"t": "msg", "m": "friend=AAAA"}'):
        live.report("message", junk)
        settle(net, a, b)
    assert a.mode.game.number == number and live_state(a) == "connected"  # type: ignore[union-attr]


def test_a_message_sent_again_after_a_reconnect_is_taken_once() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(2), moves=2)
    g: FriendGame = b.mode.game  # type: ignore[union-attr,assignment]
    number = g.number
    last = a.mode.game.raw[-1]  # type: ignore[union-attr]
    from jaipur.fair import wire
    b.mode.side.live.report("message", json.dumps({"t": "msg", "m": wire.to_text(last)}))  # type: ignore[union-attr]
    settle(net, a, b)
    assert b.mode.game.number == number and not find(b.platform.node, data_problems="")  # type: ignore[union-attr]


def test_the_page_without_webrtc_says_so() -> None:
    a = page()
    click(a, "play-friend")
    click(a, "friend-invite", text="Ava")
    click(a, "go-live")
    assert codes(a) == ["live-unsupported"] and friend_state(a) == "waiting"


# ---------------------------------------------------------------- sentences that end with their moment


def note_codes(c: Controller) -> list[str]:
    return [n.attrs["data-note"] for n in find(c.platform.node) if "data-note" in n.attrs]  # type: ignore[attr-defined]


def move_by_link(a: Controller, b: Controller) -> None:
    """Whoever's turn it is plays; the other opens the link."""
    mover = next(c for c in (a, b) if c.mode.game.status == "your-turn")  # type: ignore[union-attr]
    other = b if mover is a else a
    mover.mode.play(mover.mode.game.legal_moves()[0])  # type: ignore[union-attr]
    mover.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    mover.draw()
    click(other, "friend-paste", text=link_of(mover))


def test_stopping_live_is_said_to_the_friend_once_and_not_as_a_lost_connection() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(4), moves=2)
    click(a, "live-off")
    settle(net, a, b)
    assert live_state(a) == live_state(b) == "off"
    assert note_codes(b) == ["live-friend-stopped"]
    assert "Ava stopped playing live" in text_of(b.platform.node)  # type: ignore[attr-defined]
    assert "was lost" not in text_of(b.platform.node)  # type: ignore[attr-defined]
    move_by_link(a, b)
    assert note_codes(a) == note_codes(b) == []                   # the moment is over


def test_a_lost_connection_is_said_until_the_game_goes_on_by_links() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(8), moves=2)
    net.cut()
    settle(net, a, b)
    assert live_state(a) == live_state(b) == "lost"
    move_by_link(a, b)
    for c in (a, b):
        c.draw()
        assert live_state(c) == "off"
        assert "was lost" not in text_of(c.platform.node)  # type: ignore[attr-defined]
        assert find(c.platform.node, data_action="go-live")  # type: ignore[attr-defined]


def test_after_live_stops_a_message_the_friend_holds_is_not_asked_for_again() -> None:
    net = FakeNet()
    a, b = started(net)
    connect(net, a, b)
    play_live(net, a, b, Rng(6), moves=3)
    sender = next(c for c in (a, b) if c.mode.game.outgoing() is not None)  # type: ignore[union-attr]
    click(a, "live-off")
    settle(net, a, b)
    sender.draw()
    assert link_of(sender) == ""
    assert "Send this link" not in text_of(sender.platform.node)  # type: ignore[attr-defined]


def test_the_next_round_over_live_shows_the_new_round_as_it_is_dealt() -> None:
    net = FakeNet()
    a = live_page(net)
    click(a, "play-friend")
    click(a, "friend-invite", text="Ava")
    b = live_page(net, hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    click(a, "friend-paste", text=link_of(b))
    connect(net, a, b)
    rng = Rng(13)
    while not a.mode.game.results():  # type: ignore[union-attr]
        assert play_live(net, a, b, rng, moves=1) == 1
    settle(net, a, b)
    assert a.dialog == b.dialog == "round"
    for c in (a, b):
        click(c, "next-round")
        settle(net, a, b)
    dealing = 0
    for c in (a, b):                          # round 2 on each table, or (the friend starts, and this side's
        node = c.platform.node  # type: ignore[attr-defined]       # cards come with their first move) said so
        tables = [n for n in find(node) if n.tag == "main" and "data-round" in n.attrs]
        if c.screen == "table":
            assert tables[0].attrs["data-round"] == "2"
        else:
            dealing += 1
            assert not tables and "Round 2 is dealt" in text_of(node)
            assert c.mode.game.status == "their-turn"  # type: ignore[union-attr]
    assert dealing <= 1   # the deal is random: tests/web/test_friend.py shows the dealing screen, seeded
    play_live(net, a, b, rng, moves=1)
    assert a.screen == b.screen == "table"


def test_while_connecting_the_page_gives_one_instruction_not_two() -> None:
    net = FakeNet()
    a, b = started(net)
    click(a, "go-live")
    settle(net, a)
    open_hash(net, b, link_of(a))
    for c in (a, b):
        said = text_of(c.platform.node)  # type: ignore[attr-defined]
        assert "Going live with" in said
        assert "it deals the cards" not in said and "Send this link to" not in said.split("Live:")[0]
