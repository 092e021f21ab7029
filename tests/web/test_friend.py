"""A game with a friend through the page's controller in CPython: two controllers pass links as two browsers would."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur.fair import wire
from jaipur.rng import Rng
from jaipur.web.app import Controller
from jaipur.web.draw.nodes import find, text_of
from jaipur.web.links.address import read_address
from jaipur.web.store.friends import INDEX_KEY, KEY_PREFIX, list_games

from .fakes import FakePlatform

pytest.importorskip("ecdsa")


def click(c: Controller, action: str, value: str = "", text: str = "") -> None:
    c.on_event({"type": "click", "action": action, "value": value, "text": text})
    c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]


def link_of(c: Controller) -> str:
    """The link to send now: one, or the parts of a long message one a line (`[data-friend-link]`'s value)."""
    found = find(c.platform.node, data_friend_link="")  # type: ignore[attr-defined]
    return found[0].attrs["value"] if found else ""


def links_of(c: Controller) -> list[str]:
    """The links to send now, each as the player sees it (one input, or one a part)."""
    node = c.platform.node  # type: ignore[attr-defined]
    parts = [n.attrs["value"] for n in find(node) if "data-friend-part" in n.attrs]
    return parts or ([link_of(c)] if link_of(c) else [])


def open_links(storage: dict[str, str], links: str, lang: str = "") -> Controller:
    """Open every link of a message (one, or each part of a long one) by its address, each in a new tab of one
    browser (the same storage), in the order given; the last tab."""
    tab = None
    for link in links.split():
        tab = page(storage, hash_text=link[link.index("#"):], lang=lang)
    assert tab is not None
    return tab


def page(storage: dict[str, str] | None = None, hash_text: str = "", lang: str = "") -> Controller:
    c = Controller(FakePlatform(storage), read_address(f"?lang={lang}" if lang else "", hash_text), None)
    c.boot()
    c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    c.draw()
    return c


def reply(c: Controller) -> str:
    """The side's links to send now; when its reply must carry a move, it plays its first legal move first."""
    g = c.mode.game  # type: ignore[union-attr]
    if g.move_due() and not link_of(c):
        c.mode.play(g.legal_moves()[0])  # type: ignore[union-attr]
        c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    return link_of(c)


def invite(name: str = "Ava", mode: str = "single-round") -> Controller:
    a = page()
    click(a, "play-friend")
    if mode != "standard":
        click(a, "friend-mode", mode)
    click(a, "friend-invite", text=name)
    return a


def friend_state(c: Controller) -> str:
    node = c.platform.node  # type: ignore[attr-defined]
    found = [n for n in find(node) if "data-friend" in n.attrs]
    return found[0].attrs["data-friend"] if found else ""


def deal_both_ways() -> tuple[Controller, Controller]:
    """An invitation answered and the deal passed both ways until one side has the move."""
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    click(a, "friend-paste", text=link_of(b))
    click(b, "friend-paste", text=link_of(a))    # Ava's deal
    if friend_state(b) != "your-turn":           # she starts: Bo's reply opens her hand
        click(a, "friend-paste", text=link_of(b))
    return a, b


def test_an_invitation_is_a_link_the_friend_opens_and_answers() -> None:
    a = invite()
    link = link_of(a)
    assert link.startswith("http://127.0.0.1:8000/index.html#friend=") and len(link) < 4000
    assert friend_state(a) == "waiting"
    b = page(hash_text=link[link.index("#"):])
    invited = find(b.platform.node, data_friend_phase="invited")  # type: ignore[attr-defined]
    assert invited and "Ava invites you" in text_of(invited[0])
    click(b, "friend-accept", text="Bo <b>")
    answer = link_of(b)              # the answer carries Bo's shuffle: too long for one link, it goes as several
    parts = links_of(b)
    assert answer == "\n".join(parts) and 1 < len(parts) <= 8 and all(len(p) < 4000 and "#part=" in p for p in parts)
    assert find(b.platform.node, data_friend_links=str(len(parts)))  # type: ignore[attr-defined]
    assert f"Send these {len(parts)} links to Ava" in text_of(b.platform.node)  # type: ignore[attr-defined]
    click(a, "friend-paste", text=answer)   # all of them pasted at once
    assert a.screen == "friend" and len(links_of(a)) > 1   # Ava's deal: long too; her cards come with Bo's reply
    click(b, "friend-paste", text=link_of(a))
    assert b.screen == "table"
    assert len(reply(b).split()) == 1            # Bo holds his cards; his reply (a move when he starts) opens Ava's
    click(a, "friend-paste", text=link_of(b))
    assert a.screen == "table" and friend_state(a) in ("your-turn", "their-turn")
    assert "Bo <b>" in text_of(a.platform.node)   # a name is text, never markup  # type: ignore[attr-defined]
    assert not find(a.platform.node, tag="b")  # type: ignore[attr-defined]


def play_out(a: Controller, b: Controller, rng: Rng, limit: int = 400) -> None:
    """Both pages play random legal moves and pass every link until the match is over."""
    sides = (a, b)
    for _ in range(limit):
        moved = False
        for c in sides:
            mode: Any = c.mode
            if mode.game.status == "your-turn":
                legal = mode.game.legal_moves()
                mode.play(legal[rng.below(len(legal))])
                c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
        for c, other in ((a, b), (b, a)):
            g, og = c.mode.game, other.mode.game  # type: ignore[union-attr]
            if g.outgoing() is not None and og.number < g.number:
                click(other, "friend-paste", text=link_of(c) or c.platform.page_url() + "#" + g.outgoing_text())
                moved = True
        if a.mode.game.status == b.mode.game.status == "over":  # type: ignore[union-attr]
            return
        assert moved or any(c.mode.game.status == "your-turn" for c in sides)  # type: ignore[union-attr]
    raise AssertionError("the match did not end")


def test_a_single_round_match_plays_to_its_checked_result_on_both_pages() -> None:
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    click(a, "friend-paste", text=link_of(b))
    play_out(a, b, Rng(5))
    ra, rb = a.mode.game.results(), b.mode.game.results()  # type: ignore[union-attr]
    assert [p.result for p in ra] == [p.result for p in rb] and len(ra) == 1   # each side's stand-ins are its own
    assert a.dialog == b.dialog == "match"
    assert find(a.platform.node, data_match_result="")  # type: ignore[attr-defined]
    entries = list_games(a.platform)  # type: ignore[arg-type]
    assert [(e.friend, e.status) for e in entries] == [("Bo", "over")]
    click(b, "review-game")            # the round replayed as Bo saw it, his moves reviewed
    assert b.mode is not None and b.mode.kind == "replay" and b.viewer == 1
    # only Bo's side is true (the rest are stand-ins): no way to show Ava's cards or everyone's
    assert not find(b.platform.node, data_action="replay-seat")  # type: ignore[attr-defined]
    click(b, "replay-seat", "all")
    assert b.mode.replayer.seen_from == 1  # type: ignore[attr-defined]


def test_a_tampered_or_foreign_link_is_refused_in_a_sentence_and_changes_nothing() -> None:
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    answer = link_of(b)
    before = json.dumps(a.platform.storage, sort_keys=True)  # type: ignore[attr-defined]
    body = b.mode.game.outgoing_text()[len("friend="):]  # type: ignore[union-attr]   # the whole message, one link
    cut = body[:200] + ("A" if body[200] != "A" else "B") + body[201:]
    click(a, "friend-paste", text="friend=" + cut)
    problems = find(a.platform.node, data_problems="")  # type: ignore[attr-defined]
    assert problems and find(problems[0], data_code="friend-changed")
    assert json.dumps(a.platform.storage, sort_keys=True) == before  # type: ignore[attr-defined]
    other = invite("Cy")
    click(a, "friend-paste", text=link_of(other))
    assert find(a.platform.node, data_code="friend-other-game")  # type: ignore[attr-defined]
    click(a, "friend-paste", text="https://example.com/some/page")
    assert find(a.platform.node, data_code="friend-not-a-link")  # type: ignore[attr-defined]
    click(a, "friend-paste", text="hello")
    assert find(a.platform.node, data_code="friend-malformed")  # type: ignore[attr-defined]
    click(a, "friend-paste", text=answer)          # the real answer still works
    assert not find(a.platform.node, data_problems="") and len(links_of(a)) > 1  # type: ignore[attr-defined]


def test_a_link_of_a_game_this_browser_does_not_hold_says_so() -> None:
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    stranger = open_links({}, link_of(b))
    assert find(stranger.platform.node, data_code="friend-unknown-game")  # type: ignore[attr-defined]


def test_a_game_is_resumed_from_storage_by_any_of_its_links_and_from_the_start_screen() -> None:
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    answer = link_of(b)
    storage = a.platform.storage  # type: ignore[attr-defined]
    assert INDEX_KEY in storage and any(k.startswith(KEY_PREFIX) for k in storage)
    again = open_links(dict(storage), answer)   # the answer's links, each opened in a new tab: the last joins them
    assert not find(again.platform.node, data_problems="") and len(links_of(again)) > 1  # type: ignore[attr-defined]
    deal = link_of(again)                       # Ava's deal, to send
    start = page(dict(again.platform.storage))  # type: ignore[attr-defined]
    rows = find(start.platform.node, data_action="open-friend")  # type: ignore[attr-defined]
    assert len(rows) == 1 and "Bo" in text_of(rows[0])
    click(start, "open-friend", rows[0].attrs["data-value"])
    assert start.screen == "friend" and link_of(start) == deal
    click(b, "friend-paste", text=deal)
    table = open_links(dict(start.platform.storage), reply(b))  # type: ignore[attr-defined]   # Bo's reply: one link
    assert table.screen == "table" and friend_state(table) in ("your-turn", "their-turn")
    reopened = open_links(dict(table.platform.storage), answer)  # type: ignore[attr-defined]   # opened twice: no problem
    assert not find(reopened.platform.node, data_problems="")  # type: ignore[attr-defined]


def test_a_damaged_save_is_said_and_the_page_goes_on() -> None:
    a = invite()
    storage = dict(a.platform.storage)  # type: ignore[attr-defined]
    key = next(k for k in storage if k.startswith(KEY_PREFIX))
    storage[key] = '{"format": "jaipur-friend/2", "seat": 0'
    start = page(storage)
    click(start, "open-friend", key[len(KEY_PREFIX):])
    assert start.screen == "start" and find(start.platform.node, data_code="friend-bad-save")  # type: ignore[attr-defined]
    storage[key] = json.dumps({"format": "jaipur-friend/2", "seat": 0, "signing": "zz", "secrets": {}, "messages": ["x"]})
    start = page(storage)
    click(start, "open-friend", key[len(KEY_PREFIX):])
    assert find(start.platform.node, data_code="friend-bad-save")  # type: ignore[attr-defined]
    assert start.error is None


def test_the_friend_screens_read_in_persian() -> None:
    a = page(lang="fa")
    click(a, "play-friend")
    click(a, "friend-invite", text="آوا")
    assert "{" not in text_of(a.platform.node) and "بفرستید" in text_of(a.platform.node)  # type: ignore[attr-defined]


def test_a_link_opened_again_is_said_in_one_sentence_and_changes_nothing() -> None:
    a = invite()
    b = page(hash_text=link_of(a)[link_of(a).index("#"):])
    click(b, "friend-accept", text="Bo")
    answer = link_of(b)
    click(a, "friend-paste", text=answer)
    rng = Rng(2)
    while a.mode.game.number < 6:  # type: ignore[union-attr]
        for c, other in ((a, b), (b, a)):
            g = c.mode.game  # type: ignore[union-attr]
            if g.status == "your-turn":
                legal = g.legal_moves()
                c.mode.play(legal[rng.below(len(legal))])  # type: ignore[union-attr]
                c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
            if link_of(c) and other.mode.game.number < g.number:  # type: ignore[union-attr]
                click(other, "friend-paste", text=link_of(c))
    g = a.mode.game  # type: ignore[union-attr]
    last = g.messages[-1] if g.messages[-1].sender == 1 else g.messages[-2]
    saved = json.dumps(a.platform.storage, sort_keys=True)  # type: ignore[attr-defined]
    for text in (wire.to_text(g.raw[last.number]), answer):   # the last link taken, an older one: the same note
        click(a, "friend-paste", text=text)
        assert not find(a.platform.node, data_problems="")  # type: ignore[attr-defined]
        assert find(a.platform.node, data_note="friend-seen")  # type: ignore[attr-defined]
        assert "You opened this link from Bo already" in text_of(a.platform.node)  # type: ignore[attr-defined]
    mine = g.messages[-1] if g.messages[-1].sender == 0 else g.messages[-2]
    click(a, "friend-paste", text=wire.to_text(g.raw[mine.number]))
    note = "friend-own-link" if mine.number == g.number - 1 else "friend-own-old"
    assert find(a.platform.node, data_note=note)  # type: ignore[attr-defined]
    click(a, "friend-paste", text=wire.to_text(g.raw[0]))            # the invitation, answered long ago
    assert find(a.platform.node, data_note="friend-own-old")  # type: ignore[attr-defined]
    assert "send it to your friend" not in text_of(a.platform.node)  # type: ignore[attr-defined]
    assert json.dumps(a.platform.storage, sort_keys=True) == saved  # type: ignore[attr-defined]


def test_a_round_ended_by_this_side_says_to_send_its_link() -> None:
    from jaipur.web.draw.model import FriendPanel
    from jaipur.web.draw.render_friend import status_line
    from jaipur.web.i18n import strings

    ended = FriendPanel(phase="game", status="waiting", link="http://x/#friend=A", friend="Bo", result_coming=True)
    assert status_line(ended, strings("en")).startswith("The round is over: send this link to Bo")
    assert "بفرستید" in status_line(ended, strings("fa"))
    sent = FriendPanel(phase="game", status="waiting", link="", friend="Bo", result_coming=True)
    assert "send" not in status_line(sent, strings("en")).lower()


def test_a_new_round_being_dealt_shows_as_such_never_as_the_last_round() -> None:
    """Bo's page after round 1, once he has made his shuffle of round 2: the page shows the new round being dealt (the
    friend screen says so, with his links to send), not round 1's table; Ava's deal brings round 2's table."""
    from fair.duel import Duel

    from jaipur.fair.suite import secp256k1
    from jaipur.web.draw.model import FriendPanel
    from jaipur.web.draw.render_friend import status_line
    from jaipur.web.i18n import strings
    from jaipur.web.store.friends import keep

    def shuffled_round_2(d: Duel) -> bool:   # Bo's shuffle of round 2 is made, Ava's deal of it is not
        bo = d.sides[1]
        return 2 in bo.rounds and bo.rounds[2].deck2 is None and bo.outgoing() is not None

    d = Duel.begin(4, suite=secp256k1(), mode="standard")
    d.until(shuffled_round_2)
    assert d.sides[1].table_round().number == 1  # type: ignore[union-attr]
    storage: dict[str, str] = {}
    bo = page(storage)
    assert keep(bo.platform, d.sides[1]) == "kept"  # type: ignore[arg-type]
    click(bo, "open-friend", d.sides[1].game.hex())
    assert bo.screen == "friend" and len(links_of(bo)) > 1
    said = text_of(bo.platform.node)  # type: ignore[attr-defined]
    assert "Round 2 is being dealt: send these links to Ava" in said
    assert not [n for n in find(bo.platform.node) if n.tag == "main" and "data-round" in n.attrs]  # type: ignore
    sent = FriendPanel(phase="game", status="waiting", friend="Ava", seat=1, dealing=2)
    assert status_line(sent, strings("en")) == "Round 2 is being dealt: your cards come with Ava's next link."
    theirs = FriendPanel(phase="game", status="their-turn", friend="Bo", seat=0, dealing=2, dealing_they_start=True)
    assert status_line(theirs, strings("en")) == "Round 2 is dealt, and Bo starts: your cards come with their first move."
    d.deliver(move=False)                                   # Ava takes Bo's shuffle and deals
    click(bo, "friend-paste", text=d.texts[-1])
    assert bo.screen == "table"
    assert [n.attrs["data-round"] for n in find(bo.platform.node) if n.tag == "main"] == ["2"]  # type: ignore


def test_a_round_scored_before_the_next_one_is_shuffled_shows_the_next_round_coming() -> None:
    """Ava's page once round 1 is scored but before Bo's shuffle of round 2 has come (her move ended it: Bo's
    shares of the bonus tokens came first, his shuffle comes with his next message): once the result is closed the
    page shows round 2 coming, and her link to send, never round 1's table."""
    from fair.duel import Duel

    from jaipur.fair.suite import secp256k1
    from jaipur.web.store.friends import keep

    def scored_not_shuffled(d: Duel) -> bool:
        ava = d.sides[0]
        shown = ava.table_round()
        return shown is not None and shown.final is not None and shown.number == 1 and 2 not in ava.rounds

    d = Duel.begin(3, suite=secp256k1(), mode="standard")   # a seed where it happens
    d.until(scored_not_shuffled)
    ava = page({})
    assert keep(ava.platform, d.sides[0]) == "kept"  # type: ignore[arg-type]
    click(ava, "open-friend", d.sides[0].game.hex())
    assert ava.screen == "friend" and link_of(ava)
    said = text_of(ava.platform.node)  # type: ignore[attr-defined]
    assert "The round is over: send this link to Bo. Round 2 is dealt next" in said
    assert not [n for n in find(ava.platform.node) if n.tag == "main" and "data-round" in n.attrs]  # type: ignore
    d.deliver(move=False)                                 # Bo takes it and shuffles round 2
    click(ava, "friend-paste", text=d.texts[-1])
    assert ava.screen == "friend" and len(links_of(ava)) > 1   # her deal of round 2, to send
    assert "Round 2 is being dealt: send these links to Bo" in text_of(ava.platform.node)  # type: ignore[attr-defined]
