"""Live play with a friend in real headless Chromium: two browser contexts (two people) connect their pages by
passing the offer (a link) and the answer (text pasted back), then play with every message going over the
WebRTC data channel; a dropped channel falls back to links and goes live again with nothing lost; a connection
that cannot be made ends in a sentence and the links, not a spinner; a finished match is rematched in one click.

Headless Chromium on one machine hides its local addresses behind mDNS names, which nothing here resolves:
this module's browser is launched with `--disable-features=WebRtcHideLocalIpsWithMdns` so the two pages connect
by their host candidates. Only this module's: a `--disable-features` argument replaces the list Playwright passes
itself, which the other modules' storage tests rely on (a frame of another site denied its storage). Playwright does not see UDP, so the tests check instead that
every connection was made with no ICE server unless one was named, and that no code carries a server-reflexive
or relay candidate.

Every wait is on the page's own signals: `data-friend`, `data-friend-live`, `[data-friend-link]`, the absence of
`.friend-status[aria-busy]`, `[data-problems]` and the dialogs.
"""
from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

import pytest

from jaipur.web.live import signal

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_friend import (
    BOOTED,
    SETTLED,
    WAIT_MS,
    Side,
    accept,
    choose_language,
    click_a_move,
    deliver,
    invite,
    paste,
    people,  # noqa: F401 - the fixture
    play_by_clicks,
)

pytestmark = pytest.mark.browser

LIVE_ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]


@pytest.fixture(scope="module")
def browser(browser: Any) -> Any:
    """Chromium for this module: the session's, relaunched with local addresses shown to WebRTC (see above)."""
    launched = browser.browser_type.launch(executable_path=CHROMIUM, args=LIVE_ARGS)
    yield launched
    launched.close()

SPY = """(() => {
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  window.__rtcConfigs = [];
  window.RTCPeerConnection = function (config) { window.__rtcConfigs.push(JSON.stringify(config || {}));
    return new Real(config); };
  window.RTCPeerConnection.prototype = Real.prototype;
})();"""
"""Records the configuration of every connection the page makes (its ICE servers)."""
LIVE = """() => { const m = document.querySelector('main[data-friend-live]');
  return m ? m.dataset.friendLive : null; }"""
CODE = """(kind) => { if (!(""" + SETTLED + """)()) return false;
  const link = document.querySelector('[data-friend-link]');
  return !!link && link.value.includes('live=') && (kind !== 'answer' || link.value.startsWith('live='))
    || !!document.querySelector('[data-problems]'); }"""
"""The page shows a connection code to send (an offer's link, or the answer's text), or says a problem."""
MOVED = """() => (""" + SETTLED + """)() && (['your-turn', 'over'].includes(
  (document.querySelector('main.table[data-friend], main.friend-screen') || {dataset: {}}).dataset.friend)
  || !!document.querySelector('[data-dialog=round]') || !!document.querySelector('[data-problems]'))"""
"""The page has something for its player: its turn, the match over, a round's result, or a problem."""


def spy(side: Side) -> None:
    """Record the side's connections from now on (every page its context opens)."""
    side.context.add_init_script(SPY)


def live_state(side: Side) -> str | None:
    return side.page.evaluate(LIVE)  # type: ignore[no-any-return]


def wait_live(side: Side, state: str) -> None:
    side.page.wait_for_function(f"() => ({LIVE})() === {json.dumps(state)}", timeout=WAIT_MS)


def go_live(side: Side) -> str:
    """Press Play live; the offer's link."""
    side.page.click("button[data-action=go-live]")
    side.page.wait_for_function(CODE, arg="offer", timeout=WAIT_MS)
    assert side.problems() == []
    return side.link()


def answer_by_hash(side: Side, offer: str) -> str:
    """Open the friend's offer in the tab that shows the game (only the hash changes); the answer to paste back."""
    side.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", offer)
    try:
        side.page.wait_for_function(CODE, arg="answer", timeout=WAIT_MS)
    except Exception as exc:
        said = side.page.evaluate("""() => [document.documentElement.dataset.jaipur, location.hash.slice(0, 40),
          (document.querySelector('main') || {}).outerHTML].join(' | ').slice(0, 3000)""")
        raise AssertionError(f"no answer was made: {said} ({type(exc).__name__})") from None
    assert side.problems() == []
    return side.link()


def connect(offering: Side, answering: Side, answer: str) -> float:
    """Paste the answer into the offering page; seconds until both pages say they are connected."""
    start = time.perf_counter()
    paste(offering, answer)
    wait_live(offering, "connected")
    wait_live(answering, "connected")
    return time.perf_counter() - start


def check_codes(*codes: str) -> None:
    """Each code is short (the offer's part of a link that also carries a message) and names only host candidates
    (no STUN or TURN server was asked)."""
    for code in codes:
        read = signal.read(code)
        assert len(signal.KEY + str(signal.find(code))) < 1_000 and read.candidates and read.servers == ()


def configs(side: Side) -> list[dict[str, Any]]:
    return [json.loads(c) for c in side.page.evaluate("window.__rtcConfigs || []")]


def next_round_if_shown(side: Side) -> bool:
    """Close a round's result; the page then shows the next round (its table, or, while this side's cards are
    still coming with the friend's first move, the friend screen saying so), never the round just closed."""
    dialog = side.page.query_selector("[data-dialog=round] [data-round-result]")
    if dialog is None:
        return False
    ended = dialog.get_attribute("data-round")
    side.page.click("[data-dialog=round] button[data-action=next-round]")
    side.page.wait_for_selector("[data-dialog=round]", state="detached")
    shown = side.page.evaluate("() => { const m = document.querySelector('main.table[data-round]');"
                               " return m ? m.dataset.round : 'dealing'; }")
    assert shown != ended, f"round {ended} is still shown after its result was closed"
    return True


def wait_either(a: Side, b: Side) -> None:
    """Wait until one of the two pages has something for its player (or both are over)."""
    deadline = time.perf_counter() + WAIT_MS / 1000
    while time.perf_counter() < deadline:
        for side in (a, b):
            try:
                side.page.wait_for_function(MOVED, timeout=300)
                return
            except Exception:  # noqa: BLE001 - not this page yet: look at the other one
                continue
    raise AssertionError(f"neither page moved on: {a.state()} / {b.state()}")


def play_live(a: Side, b: Side, rnd: random.Random, moves: int = 10_000, seconds: list[float] | None = None) -> int:
    """Play by clicks whenever a side's turn comes, with no link passed by hand, until the match is over on both
    pages (or `moves` were played); each move's time from the click to the other page's turn goes to `seconds`."""
    played = 0
    while played < moves:
        wait_either(a, b)
        if next_round_if_shown(a) | next_round_if_shown(b):
            continue
        if a.state() == b.state() == "over":
            break
        mover = next((s for s in (a, b) if s.state() == "your-turn"), None)
        if mover is None:
            assert a.problems() == [] and b.problems() == [], (a.problems(), b.problems())
            continue
        other = b if mover is a else a
        assert other.link() == "" and live_state(other) == "connected"   # nothing to send by hand, ever
        start = time.perf_counter()
        click_a_move(mover, rnd)
        other.page.wait_for_function(MOVED, timeout=WAIT_MS)
        if seconds is not None and other.state() == "your-turn":
            seconds.append(time.perf_counter() - start)
        played += 1
    return played


def report(what: str, seconds: list[float]) -> None:
    steps = sorted(seconds)
    p95 = steps[min(len(steps) - 1, int(len(steps) * 0.95))]
    print(f"\n{what}: {len(steps)} moves, click to the friend's turn median {statistics.median(steps) * 1000:.0f} ms,"
          f" p95 {p95 * 1000:.0f} ms")


def test_two_browsers_connect_and_play_a_whole_match_live_then_rematch_in_english(
        people: tuple[Side, Side]) -> None:  # noqa: F811
    """Ava invites and goes live at once (one link: the invitation and the offer); Bo opens it in a new tab,
    accepts, and sends back the answer's text; Ava pastes it. The whole standard match is played live, both
    pages end with the same checked result, and a rematch is one click on each side."""
    ava, bo = people
    for side in people:
        spy(side)
    invitation = invite(ava, "Ava")
    offer = go_live(ava)
    assert "friend=" in offer and "live=" in offer and live_state(ava) == "connecting"
    bo.open(offer, BOOTED)
    bo.page.wait_for_selector("[data-friend-phase=invited] button[data-action=friend-accept]:not([disabled])",
                              timeout=WAIT_MS)
    bo.page.fill("#friend-name", "Bo")
    bo.page.click("button[data-action=friend-accept]")
    bo.page.wait_for_function(CODE, arg="answer", timeout=WAIT_MS)
    answer = bo.link()
    assert answer.startswith("live=") and "://" not in answer     # text to paste, not a link to open
    check_codes(offer, answer)
    took = connect(ava, bo, answer)
    print(f"\nconnected {took * 1000:.0f} ms after the answer was pasted; offer {len(offer)} characters "
          f"(with the invitation {len(invitation)}), answer {len(answer)}")
    seconds: list[float] = []
    assert play_live(ava, bo, random.Random(21), seconds=seconds) > 20
    report("standard match, live", seconds)
    winner = ava.page.wait_for_selector("[data-match-result][data-winner]", timeout=WAIT_MS)
    assert winner.get_attribute("data-winner") == bo.page.get_attribute("[data-match-result]", "data-winner")
    for side in people:
        assert side.problems() == [] and live_state(side) == "connected"
        assert all(c.get("iceServers") == [] for c in configs(side)) and configs(side)

    ava.page.click("button[data-action=friend-rematch]")
    bo.page.wait_for_selector("button[data-action=friend-accept-rematch]", timeout=WAIT_MS)
    bo.page.click("button[data-action=friend-accept-rematch]")
    assert play_live(ava, bo, random.Random(22), moves=1) == 1    # the new match's first move, live
    for side in people:
        side.page.wait_for_function("() => ['your-turn', 'their-turn'].includes((document.querySelector("
                                    "'main.table[data-friend]') || {dataset: {}}).dataset.friend)", timeout=WAIT_MS)
        assert live_state(side) == "connected" and side.problems() == []
    ava.page.click("button[data-action=live-off]")              # Ava stops: Bo is told once, not "lost"
    bo.page.wait_for_function("() => !!document.querySelector('[data-note=live-friend-stopped]')", timeout=WAIT_MS)
    assert live_state(ava) == live_state(bo) == "off"
    assert "was lost" not in bo.page.inner_text(".friend-bar")
    assert bo.page.query_selector("[data-friend-presence=gone]") is None
    for side in people:
        side.log.assert_clean()


@pytest.mark.xfail(strict=False, reason=(
    "fails since protocol 2 (issue 49): after the channel opens, Ava's table (her hand comes with Bo's shares over "
    "the channel, after her long deal message) does not show its friend bar within the wait; not yet diagnosed"))
def test_a_dropped_channel_goes_on_by_links_then_live_again_in_persian(people: tuple[Side, Side]) -> None:  # noqa: F811
    """A single-round match in Persian dealt by links; Bo goes live mid-round and Ava answers in her open tab.
    Bo closes his tab: Ava's page says the friend is gone, the game goes on by links (Bo reopens it from the start
    screen's list), then Ava goes live again and the round is played to its checked end, nothing lost."""
    ava, bo = people
    for side in people:
        spy(side)
    invitation = invite(ava, "آوا", "single-round", lang="fa")
    bo.open(bo.base_url + "index.html?lang=fa", BOOTED)
    choose_language(bo, "fa")
    deliver(ava, accept(bo, invitation, "بو"), "paste")
    rnd = random.Random(5)
    offer = go_live(bo)
    check_codes(offer)
    connect(bo, ava, answer_by_hash(ava, offer))
    # Ava's table comes with Bo's shares of her hand, sent over the channel once it opens: wait for the bar
    ava.page.wait_for_function("() => { const b = document.querySelector('.friend-bar'); "
                               "return !!b && b.innerText.includes('زنده'); }", timeout=WAIT_MS)
    assert ava.page.evaluate("document.documentElement.dir") == "rtl"
    play_live(ava, bo, rnd, moves=4)

    bo.page.close()                                   # Bo's tab is gone: Ava sees it
    wait_live(ava, "lost")
    assert ava.page.query_selector("[data-friend-presence=gone]") is not None
    bo.open(bo.base_url + "index.html", BOOTED)       # Bo comes back to the game from the start screen's list
    bo.page.click("button[data-action=open-friend]")
    bo.page.wait_for_function(SETTLED, timeout=WAIT_MS)
    assert live_state(bo) == "off"
    if ava.link():        # Ava's last message, shown to send since the drop: Bo may hold it (then nothing changes)
        paste(bo, ava.link())
        bo.page.wait_for_function(SETTLED, timeout=WAIT_MS)
        assert bo.problems() == []
    for _ in range(2):                                # two moves by links
        mover, other = (ava, bo) if ava.state() == "your-turn" else (bo, ava)
        if mover.state() != "your-turn":
            break
        play_by_clicks(mover, rnd)
        deliver(other, mover.link(), "paste")

    offer = go_live(ava)                              # live again
    connect(ava, bo, answer_by_hash(bo, offer))
    play_live(ava, bo, rnd)
    for side in people:
        assert side.state() == "over" and side.problems() == []
        assert side.page.evaluate("document.documentElement.lang") == "fa"
    assert (ava.page.get_attribute("[data-match-result]", "data-winner")
            == bo.page.get_attribute("[data-match-result]", "data-winner"))
    for side in people:
        assert all(c.get("iceServers") == [] for c in configs(side))
        side.log.assert_clean()


def test_a_connection_that_cannot_be_made_ends_in_a_sentence_and_the_links(people: tuple[Side, Side]) -> None:  # noqa: F811
    """Bo answers the offer, then closes his tab before Ava pastes the answer: no candidate pair can connect.
    Ava's page says so (live-failed) within its 20 s, offers links and going live again; a STUN server named in
    the settings is the only ICE server of the next connection."""
    ava, bo = people
    spy(ava)
    deliver(ava, accept(bo, invite(ava, "Ava", "single-round"), "Bo"), "paste")
    answer = answer_by_hash(bo, go_live(ava))
    bo.page.close()
    paste(ava, answer)
    ava.page.wait_for_function("() => !!document.querySelector('[data-problems] li[data-code=live-failed]')",
                               timeout=WAIT_MS)
    assert live_state(ava) == "off"
    assert ava.page.query_selector("button[data-action=go-live]:enabled") is not None
    assert ava.page.query_selector("[aria-busy]") is None
    assert "Traceback" not in ava.page.inner_text("body")

    ava.page.click(".live-settings summary")
    ava.page.fill("#live-stun", "stun:127.0.0.1:3478")
    ava.page.click("button[data-action=live-stun]")
    ava.page.wait_for_function("() => localStorage.getItem('jaipur.live.v1') !== null")
    go_live(ava)
    assert configs(ava)[-1]["iceServers"] == [{"urls": "stun:127.0.0.1:3478"}]
    assert all(c["iceServers"] == [] for c in configs(ava)[:-1])
    ava.page.click("button[data-action=live-off]")
    wait_live(ava, "off")
    ava.log.assert_clean()
