"""One game with a friend in several tabs of one browser (two controllers sharing one storage): what is kept only
moves forward, every tab follows it, a link is taken against the newest game, and a move made twice is made once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from jaipur.web.app import Controller
from jaipur.web.draw.nodes import find, text_of
from jaipur.web.store.friends import KEY_PREFIX

from .test_friend import click, friend_state, invite, link_of, open_links, page, reply

pytest.importorskip("ecdsa")


def hash_of(link: str) -> str:
    return link[link.index("#"):]


def kept_messages(storage: dict[str, str]) -> list[str]:
    [key] = [k for k in storage if k.startswith(KEY_PREFIX)]
    return list(json.loads(storage[key])["messages"])


def told(c: Controller) -> None:
    """The browser's storage event: another tab wrote the game."""
    storage: dict[str, str] = c.platform.storage  # type: ignore[attr-defined]
    [key] = [k for k in storage if k.startswith(KEY_PREFIX)]
    c.on_event({"type": "storage", "key": key})
    c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]


def mode_of(c: Controller) -> Any:
    return c.mode


def codes(c: Controller) -> list[str]:
    """The codes of the refusals the page says."""
    problems = find(c.platform.node, data_problems="")  # type: ignore[attr-defined]
    return [n.attrs["data-code"] for p in problems for n in find(p) if n.tag == "li" and "data-code" in n.attrs]


def dealt() -> tuple[Controller, Controller, dict[str, str]]:
    """Ava's first tab and Bo's page once both hold their cards: her deal (message 3) taken by Bo, and when she
    starts, his reply (which opens her hand) taken by her; when he starts, her cards come with his first move."""
    ava = invite()
    bo = page(hash_text=hash_of(link_of(ava)))
    click(bo, "friend-accept", text="Bo")
    click(ava, "friend-paste", text=link_of(bo))
    click(bo, "friend-paste", text=link_of(ava))
    if not mode_of(bo).game.move_due():
        click(ava, "friend-paste", text=link_of(bo))
    return ava, bo, ava.platform.storage  # type: ignore[attr-defined]


def play_first(c: Controller) -> str:
    """The side plays its first legal move; its link."""
    g = mode_of(c).game
    mode_of(c).play(g.legal_moves()[0])
    c.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    return link_of(c)


def test_a_tab_left_on_the_invitation_takes_the_next_link_against_the_game_another_tab_dealt() -> None:
    ava = invite()
    invitation = link_of(ava)
    storage = ava.platform.storage  # type: ignore[attr-defined]
    bo = page(hash_text=hash_of(invitation))
    click(bo, "friend-accept", text="Bo")
    tab2 = open_links(storage, link_of(bo))                     # Bo's answer opened in a second tab: the deal
    assert tab2.screen == "friend" and link_of(tab2)
    dealt_chain = kept_messages(storage)
    assert len(dealt_chain) == 3
    click(bo, "friend-paste", text=link_of(tab2))
    nxt = reply(bo)
    assert nxt
    # tab 1 never heard of it (a frozen tab gets no storage event): it still shows the invitation screen
    assert ava.screen == "friend"
    click(ava, "friend-paste", text=nxt)
    assert "friend-early" not in codes(ava)
    assert ava.screen == "table" and friend_state(ava) in ("your-turn", "their-turn")
    assert kept_messages(storage)[:3] == dealt_chain and len(kept_messages(storage)) == mode_of(ava).game.number


def test_a_tab_follows_the_game_as_another_tab_changes_it() -> None:
    ava = invite()
    storage = ava.platform.storage  # type: ignore[attr-defined]
    bo = page(hash_text=hash_of(link_of(ava)))
    click(bo, "friend-accept", text="Bo")
    tab2 = open_links(storage, link_of(bo))
    told(ava)                                                     # the storage event reaches tab 1
    assert link_of(ava) == link_of(tab2) and len(link_of(ava).split()) > 1   # her deal, to send from either tab
    assert mode_of(ava).game.number == mode_of(tab2).game.number
    assert "went on in another tab" in text_of(ava.platform.node)  # type: ignore[attr-defined]
    # a note lives as long as its moment: the next message taken ends it
    click(bo, "friend-paste", text=link_of(tab2))
    click(ava, "friend-paste", text=reply(bo))
    assert ava.screen == "table" and "went on in another tab" not in text_of(ava.platform.node)  # type: ignore


def test_a_stale_tab_takes_the_friends_reply_to_a_move_made_in_another_tab() -> None:
    ava, bo, storage = dealt()
    if mode_of(ava).game.status != "your-turn":                   # make it Ava's turn
        click(ava, "friend-paste", text=play_first(bo))
    tab2 = page(storage, hash_text=hash_of(link_of(bo) or link_of(ava)))
    assert friend_state(tab2) == "your-turn"
    moved = play_first(tab2)                                      # Ava moves in tab 2
    click(bo, "friend-paste", text=moved)
    reply = play_first(bo)
    click(ava, "friend-paste", text=reply)                        # pasted into the stale tab 1
    assert not {"friend-early", "friend-fork", "friend-changed"} & set(codes(ava))
    assert mode_of(ava).game.number == mode_of(bo).game.number
    assert kept_messages(storage) == kept_messages(bo.platform.storage)  # type: ignore[attr-defined]


def test_two_tabs_on_one_turn_make_one_move_and_the_second_says_where_the_game_went() -> None:
    ava, bo, storage = dealt()
    if mode_of(ava).game.status != "your-turn":
        click(ava, "friend-paste", text=play_first(bo))
    tab2 = page(storage)
    click(tab2, "open-friend", mode_of(ava).game.game.hex())
    assert friend_state(ava) == friend_state(tab2) == "your-turn"
    legal = mode_of(ava).game.legal_moves()
    assert len(legal) > 1
    mode_of(ava).play(legal[0])                                   # both start a move before either is kept
    mode_of(tab2).play(legal[-1])
    ava.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    first = link_of(ava)
    tab2.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    assert link_of(tab2) == first                                 # the second tab shows the first move's link
    assert "was not sent" in text_of(tab2.platform.node)  # type: ignore[attr-defined]
    assert mode_of(tab2).game.moves()[-1][2] == legal[0]
    click(bo, "friend-paste", text=first)
    reply = play_first(bo)
    for tab in (ava, tab2):                                       # either tab takes the reply
        click(tab, "friend-paste", text=reply)
        assert not {"friend-fork", "friend-changed", "friend-early"} & set(codes(tab))
        assert mode_of(tab).game.number == mode_of(bo).game.number


def test_a_tab_that_fell_behind_never_writes_over_the_newer_game() -> None:
    ava, bo, storage = dealt()
    tab2 = page(storage)
    click(tab2, "open-friend", mode_of(ava).game.game.hex())
    if mode_of(tab2).game.status != "your-turn":
        click(tab2, "friend-paste", text=play_first(bo))
    play_first(tab2)
    newest = kept_messages(storage)
    assert len(newest) > mode_of(ava).game.number                 # tab 1 fell behind (it heard nothing)
    click(ava, "friend-paste", text="friend=AAAA")                # a refused link in the stale tab
    assert kept_messages(storage) == newest
    mode_of(ava).save()                                           # whatever else makes a stale tab save
    ava.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    assert kept_messages(storage) == newest
    assert mode_of(ava).game.number == len(newest)                # and it followed the newer game


def test_a_game_split_across_two_browsers_is_joined_again_by_the_friends_catch_up_link() -> None:
    """Two browsers holding the same keys (a game split before tabs kept one game) each make a different move for
    one turn. Bo takes the first: the second is refused as a fork and his page offers a catch-up link; the other
    browser's page, refused Bo's reply (friend-branch), takes that link, goes on from the move Bo kept, and says so."""
    ava, bo, storage = dealt()
    if mode_of(ava).game.status != "your-turn":
        click(ava, "friend-paste", text=play_first(bo))
    other = page(dict(storage))                                   # the same game and keys, another browser
    click(other, "open-friend", mode_of(ava).game.game.hex())
    legal = mode_of(ava).game.legal_moves()
    mode_of(ava).play(legal[0])
    ava.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    mode_of(other).play(legal[-1])
    other.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
    kept, split = link_of(ava), link_of(other)
    assert kept != split
    click(bo, "friend-paste", text=kept)
    reply = play_first(bo)
    click(other, "friend-paste", text=reply)
    assert codes(other) == ["friend-branch"]
    click(bo, "friend-paste", text=split)                         # Bo sees the other version: a fork
    assert codes(bo) == ["friend-fork"]
    catch_up = link_of(bo)
    assert catch_up != reply and catch_up.split("friend=")[1].count(".") == 1   # her kept move, his reply
    click(other, "friend-paste", text=catch_up)
    assert codes(other) == []
    assert [n.attrs["data-note"] for n in find(other.platform.node) if "data-note" in n.attrs] == [  # type: ignore
        "friend-kept-other"]
    assert mode_of(other).game.number == mode_of(bo).game.number
    assert mode_of(other).game.moves() == mode_of(bo).game.moves()
    click(bo, "friend-paste", text=play_first(other))             # and the game goes on
    assert codes(bo) == [] and mode_of(bo).game.number == mode_of(other).game.number


def test_ones_own_fresh_invitation_opened_in_the_same_browser_says_whose_it_is() -> None:
    ava = invite()
    invitation = link_of(ava)
    again = page(ava.platform.storage, hash_text=hash_of(invitation))  # type: ignore[attr-defined]
    notes = [n.attrs["data-note"] for n in find(again.platform.node) if "data-note" in n.attrs]  # type: ignore
    assert notes == ["friend-own-invitation"]
    assert "private window" in text_of(again.platform.node)  # type: ignore[attr-defined]


def test_a_damaged_kept_game_is_written_over_by_the_tab_that_holds_it() -> None:
    ava, bo, storage = dealt()
    [key] = [k for k in storage if k.startswith(KEY_PREFIX)]
    for damaged in ("[1, 2, 3]", "{not json", '{"seat": 1}'):
        storage[key] = damaged
        mode_of(ava).save()
        ava.platform.run(limit=10_000_000)  # type: ignore[attr-defined]
        assert json.loads(storage[key])["format"] == "jaipur-friend/2"   # written over: the tab's game again
        assert len(kept_messages(storage)) == mode_of(ava).game.number
