"""One game with a friend in two tabs of one browser, in real headless Chromium: a tab left on the invitation
follows the deal another tab made and takes the friend's next link; two tabs on one turn make one move (the
second follows the first and offers no second move) and either takes the friend's reply; a link opened again,
one's own link, and a refused paste each get their sentence. Each sequence broke the game before.

Every wait is on the page's own signals: `data-friend`, `[data-note]`, `[data-problems]`, `[data-friend-link]`
and the absence of `.friend-status[aria-busy]`.
"""
from __future__ import annotations

import json
import random

import pytest

from .test_friend import (
    BOOTED,
    SETTLED,
    STORAGE,
    WAIT_MS,
    Side,
    accept,
    deal,
    deliver,
    invite,
    open_parts,
    paste,
    people,  # noqa: F401 - the fixture
    play_by_clicks,
    wait_taken,
)

pytestmark = pytest.mark.browser

NOTE = """(code) => (""" + SETTLED + """)() && !!document.querySelector(`[data-note="${code}"]`)"""


def second_tab(side: Side, url: str, until: str = SETTLED) -> Side:
    """Another tab of the same browser (same storage), open at url and settled (or `until`); a long message's links
    (several, one a line) opened each in a new tab of it, the last one left open."""
    tab = Side(side.context, side.base_url, side.log)
    links = url.split()
    open_parts(tab, links[:-1], "tab", len(links))
    tab.open(links[-1], until)
    return tab


def kept(side: Side) -> list[str]:
    """The messages of the friend game kept in this browser."""
    store = json.loads(side.page.evaluate(STORAGE))
    [key] = [k for k in store if k.startswith("jaipur.friend.v1.")]
    return list(json.loads(store[key])["messages"])


def wait_note(side: Side, code: str) -> None:
    side.page.wait_for_function(NOTE, arg=code, timeout=WAIT_MS)


def test_a_tab_left_on_the_invitation_follows_the_deal_made_in_another_and_takes_the_next_link(
        people: tuple[Side, Side]) -> None:  # noqa: F811
    """Ava's tab 1 shows the invitation; she opens Bo's answer in a new tab 2, which deals; tab 1 follows at once
    (it says so), tab 2 is closed, and Bo's next link opened in tab 1 is taken: nothing rolls back."""
    ava, bo = people
    invitation = invite(ava, "Ava", "single-round")
    answer = accept(bo, invitation, "Bo")
    tab2 = second_tab(ava, answer)                       # the deal is made in tab 2 (the answer's links opened there)
    assert tab2.link() and tab2.problems() == []
    wait_note(ava, "friend-tab-followed")                 # tab 1 follows it, and says so
    assert ava.state() == tab2.state() and ava.link() == tab2.link()
    dealt = kept(ava)
    tab2.page.close()
    rnd = random.Random(3)
    deliver(bo, ava.link(), "paste")
    if bo.state() == "your-turn":
        play_by_clicks(bo, rnd)
    deliver(ava, bo.link(), "hash")                       # Bo's next link, in tab 1: taken
    assert ava.problems() == [] and ava.state() == "your-turn"
    assert kept(ava)[:len(dealt)] == dealt and len(kept(ava)) > len(dealt)
    ava.log.assert_clean()


def test_two_tabs_on_one_turn_make_one_move_and_either_takes_the_reply(people: tuple[Side, Side]) -> None:  # noqa: F811
    """Both of Ava's tabs say "Your turn"; she moves in tab 1: tab 2 follows (it says where the game went and
    offers no second move, the same link to send). Bo's reply pasted into tab 2 is taken, and tab 1 follows.
    Then the words: Ava's own link opened again, the same address opened again, a garbage paste kept in the box."""
    ava, bo = people
    rnd = random.Random(8)
    deliver(ava, accept(bo, invite(ava, "Ava", "single-round"), "Bo"), "paste")
    deal(ava, bo)
    if ava.state() != "your-turn":
        play_by_clicks(bo, rnd)
        deliver(ava, bo.link(), "paste")
    tab2 = second_tab(ava, ava.base_url + "index.html", BOOTED)
    tab2.page.click("button[data-action=open-friend]")
    tab2.page.wait_for_function(SETTLED, timeout=WAIT_MS)
    assert ava.state() == tab2.state() == "your-turn"
    play_by_clicks(ava, rnd)                              # the move, in tab 1
    moved = ava.link()
    wait_note(tab2, "friend-tab-followed")
    assert tab2.state() == "their-turn" and tab2.link() == moved
    assert tab2.page.locator("button[data-action=take]:enabled, button[data-action=sell]:enabled").count() == 0
    deliver(bo, moved, "paste")
    play_by_clicks(bo, rnd)
    reply = bo.link()
    deliver(tab2, reply, "hash")                          # the reply, opened in the tab that did not move
    assert tab2.problems() == [] and tab2.state() == "your-turn"
    wait_note(ava, "friend-tab-followed")
    assert ava.state() == "your-turn"

    # the words: the friend's link opened again with the address that already shows it (no reload, no
    # hashchange: the Navigation API sees it), one's own link, garbage
    tab2.page.evaluate("window.__sameDocument = true")
    tab2.page.goto(reply)
    wait_note(tab2, "friend-seen")
    assert tab2.page.evaluate("window.__sameDocument === true")
    assert tab2.problems() == []
    play_by_clicks(tab2, rnd)
    own = tab2.link()
    before = tab2.link()
    tab2.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", own)
    wait_note(tab2, "friend-own-link")
    assert "send it to them" in tab2.page.inner_text("[data-note]")
    body = own[own.index("friend=") + 7:]
    garbage = "friend=" + body[:len(body) - (len(body) - 1) % 4]   # a few characters short: not base64 any more
    paste(tab2, garbage)
    wait_taken(tab2, before)
    assert tab2.problems() == ["friend-malformed"]
    assert "base64" not in tab2.page.inner_text("[data-problems]")
    assert tab2.page.input_value("textarea[data-friend-paste]") == garbage   # kept, to correct
    assert tab2.page.get_attribute("details.friend-paste", "open") is not None
    ava.log.assert_clean()
    bo.log.assert_clean()


def test_the_name_is_remembered_for_the_next_invitation(people: tuple[Side, Side]) -> None:  # noqa: F811
    ava, _ = people
    invite(ava, "Ava", "single-round")
    ava.open(ava.base_url + "index.html", "() => document.documentElement.dataset.jaipur === 'ready'")
    ava.page.click("button[data-action=play-friend]")
    ava.page.wait_for_selector("main.friend-screen[data-friend-phase=setup]")
    assert ava.page.input_value("#friend-name") == "Ava"
