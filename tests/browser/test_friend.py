"""Games with a friend in real headless Chromium: two browser contexts (two people) play whole matches by passing
links, both ways (a link opened in a new tab, in the open tab by its address, or pasted into the page); a page
plays `python -m jaipur friend`; tampered, replayed and foreign links are refused in a sentence and change
nothing; a bot in the lab, on the same origin, finds no secret of a game in progress; a game whose keys are
lost says it cannot go on.

Every wait is on the page's own signals: `data-jaipur`, `data-friend`, the absence of
`.friend-status[aria-busy]`, the link to send (`[data-friend-link]`), `[data-problems]`, dialogs, the lab's
`data-lab` and its printed output, and the terminal's lines.
"""
from __future__ import annotations

import base64
import json
import queue
import random
import re
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from .conftest import ROOT, PageLog, record

pytestmark = pytest.mark.browser

WAIT_MS = 120_000
"""How long one step may take: a fresh page boots Pyodide and fetches the cryptography; a loaded machine."""
MAX_LINK = 4_000
"""Every link a player sends fits in this many characters (chat apps carry it): a long message goes as several."""

SETTLED = """() => document.documentElement.dataset.jaipur !== 'loading'
  && !!document.querySelector('main.table[data-friend], main.friend-screen')
  && !document.querySelector('.friend-status[aria-busy]')"""
"""The page shows a friend game (or its screen) and is not checking or making a link."""
BOOTED = "() => document.documentElement.dataset.jaipur !== 'loading'"
"""The page has booted (ready, or said why not)."""
TOOK = """([before, state]) => {
  if (!(""" + SETTLED + """)()) return false;
  const link = document.querySelector('[data-friend-link]');
  const main = document.querySelector('main.table[data-friend], main.friend-screen');
  return (link ? link.value : '') !== before || (state !== null && main && main.dataset.friend !== state)
    || !!document.querySelector('[data-problems]');
}"""
"""A link was taken or refused: the link to send is not the one shown before (a reply, or none on this side's
turn), whose turn it is changed (from none to none: the friend's page held this side's last message, so none was
shown), or a problem is said."""
STATE = """() => { const m = document.querySelector('main.table[data-friend], main.friend-screen');
  return m ? m.dataset.friend : null; }"""
STORAGE = "() => JSON.stringify(Object.fromEntries(Object.entries(localStorage).sort()))"
PARTS_KEY = "jaipur.friend-parts.v1"
COUNTED = """([k, n]) => (""" + SETTLED + """)()
  && (document.querySelector('[data-note][data-parts]') || {dataset: {}}).dataset.parts === `${k}/${n}`"""
"""The page holds k of a long message's n links and says so."""


# ---------------------------------------------------------------- a person with a browser


@dataclass
class Side:
    """One player: a browser context (their browser) and the tab that shows the game."""

    context: Any
    base_url: str
    log: PageLog = field(default_factory=PageLog)
    page: Any = None
    tabs: int = 0

    def open(self, url: str, until: str = SETTLED) -> None:
        """Open url in a new tab (the old one closed first, as a person who closed it) and wait until it shows
        the game settled (or `until`)."""
        if self.page is not None:
            self.page.close()
        self.page = self.context.new_page()
        self.tabs += 1
        self.page.goto(url)
        self.page.wait_for_function(until, timeout=WAIT_MS)
        assert self.page.evaluate("document.documentElement.dataset.jaipur") == "ready"

    def state(self) -> str | None:
        """`data-friend` of the table or the friend screen."""
        return self.page.evaluate(STATE)  # type: ignore[no-any-return]

    def link(self) -> str:
        """The link this side must send now ('' when none)."""
        found = self.page.query_selector("[data-friend-link]")
        return str(found.get_attribute("value")) if found is not None else ""

    def problems(self) -> list[str]:
        """The codes of the problems the page says."""
        return list(self.page.eval_on_selector_all("[data-problems] li[data-code]", "els => els.map(e => e.dataset.code)"))

    def storage(self) -> str:
        """Everything in the tab's localStorage, as one text."""
        return str(self.page.evaluate(STORAGE))

    def game_storage(self) -> str:
        """The tab's localStorage without the parts of long messages opened so far (they come and go)."""
        return json.dumps({k: v for k, v in json.loads(self.storage()).items() if k != PARTS_KEY})


@pytest.fixture
def people(browser: Any, base_url: str) -> Iterator[tuple[Side, Side]]:
    """Ava and Bo: two browser contexts, each logging every page it opens."""
    sides = []
    for _ in range(2):
        context = browser.new_context()
        side = Side(context, base_url)
        record(context, side.log)
        sides.append(side)
    yield sides[0], sides[1]
    for side in sides:
        side.context.close()


def wait_taken(side: Side, before: str, state: str | None = None) -> None:
    """Wait until `side` has taken (or refused) what it was given (`before`: the link it showed; `state`: whose turn
    it said, when known)."""
    try:
        side.page.wait_for_function(TOOK, arg=[before, state], timeout=WAIT_MS)
    except Exception as exc:
        said = side.page.evaluate("""() => [location.href.slice(0, 80), document.documentElement.dataset.jaipur,
          (document.querySelector('.friend-status') || {}).outerHTML, (document.querySelector('main') || {}).className,
          (document.querySelector('[data-friend-link]') || {}).value === undefined ? 'no link' : 'a link'].join(' | ')""")
        raise AssertionError(f"the page did not take the link: {said} ({type(exc).__name__})") from None


def open_parts(side: Side, links: list[str], how: str, n: int) -> None:
    """Open links of a long message of n, one after the other: each in a new tab (`tab`), or in the open tab by its
    address (`hash`); each time wait until the page says how many it holds (none of them held before)."""
    for k, link in enumerate(links, 1):
        if how == "tab":
            side.open(link, f"() => ({COUNTED})([{k}, {n}])")
        else:
            side.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", link)
            side.page.wait_for_function(COUNTED, arg=[k, n], timeout=WAIT_MS)


def deliver(side: Side, link: str, how: str) -> None:
    """Give `side` a link its friend sent: opened in a new tab (`tab`), in the open tab (`hash`: only the address's
    part after # changes, as when a chat app opens it in the same tab), or pasted into the page (`paste`); then
    wait until it is taken and check that it was. A long message's links (several, one a line) are pasted at once,
    or opened one by one, the first one last (any order goes)."""
    before, state = side.link(), side.state()
    parts = link.split()
    if len(parts) > 1 and how != "paste":
        order = parts[1:] + parts[:1]
        open_parts(side, order[:-1], how, len(parts))
        link = order[-1]
    if how == "tab":
        side.open(link)
    elif how == "hash":
        side.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", link)
    else:
        paste(side, link)
    wait_taken(side, before, None if how == "tab" else state)
    assert side.problems() == [], f"{how}: {side.page.inner_text('[data-problems]')}"


def paste(side: Side, text: str) -> None:
    """Paste text into the page's box for the friend's link and press its button."""
    box = side.page.locator("details.friend-paste")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    side.page.fill("textarea[data-friend-paste]", text)
    side.page.click("button[data-action=friend-paste]")


def invite(side: Side, name: str, mode: str = "standard", lang: str = "") -> str:
    """Open the start screen, press Play a friend, make an invitation; its link."""
    side.open(side.base_url + "index.html" + (f"?lang={lang}" if lang else ""), BOOTED)
    if lang:
        choose_language(side, lang)
    side.page.click("button[data-action=play-friend]")
    side.page.wait_for_selector("main.friend-screen[data-friend-phase=setup]")
    if mode != "standard":
        side.page.click(f"button[data-action=friend-mode][data-value={mode}]")
    side.page.fill("#friend-name", name)
    side.page.click("button[data-action=friend-invite]")
    wait_taken(side, "")
    assert side.state() == "waiting" and side.problems() == []
    return side.link()


def choose_language(side: Side, lang: str) -> None:
    """Press the start screen's language (the browser remembers it: a link opened in a new tab reads in it)."""
    side.page.click(f"button[data-action=set-lang][data-value={lang}]")
    side.page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def accept(side: Side, link: str, name: str) -> str:
    """Open an invitation in a new tab, answer it; the answer's link."""
    side.open(link)
    side.page.wait_for_selector("[data-friend-phase=invited] button[data-action=friend-accept]:not([disabled])",
                                timeout=WAIT_MS)
    side.page.fill("#friend-name", name)
    side.page.click("button[data-action=friend-accept]")
    wait_taken(side, "")
    assert side.problems() == []
    return side.link()


def deal(ava: Side, bo: Side, how: str = "paste") -> None:
    """After Ava took Bo's answer: her deal to Bo (its links), and when she starts, his reply (which opens her hand)
    to her; then one of them has the turn."""
    deliver(bo, ava.link(), how)
    if bo.state() != "your-turn":
        deliver(ava, bo.link(), how)


def enabled(page: Any, action: str) -> bool:
    """Whether the table offers an action's button, enabled."""
    return bool(page.locator(f"button[data-action={action}]:enabled").count())


def clear(page: Any) -> None:
    """Clear the selection when there is one."""
    if enabled(page, "clear"):
        page.click("button[data-action=clear]")


def cards(page: Any, zone: str) -> list[str]:
    """The letters of a zone's card buttons."""
    return list(page.eval_on_selector_all(f"[data-zone={zone}] button[data-card]", "els => els.map(e => e.dataset.card)"))


def click_a_move(side: Side, rnd: random.Random) -> None:
    """Play a move as a person would, by clicks: take a good, else the camels, else sell the first good that can
    be sold."""
    page = side.page
    market = [i for i, x in enumerate(cards(page, "market")) if x != "M"]
    rnd.shuffle(market)
    chosen = None
    for i in market:
        clear(page)
        page.locator("[data-zone=market] button[data-card]").nth(i).click()
        if enabled(page, "take"):
            chosen = "take"
            break
    if chosen is None:
        clear(page)
        chosen = "camels" if enabled(page, "camels") else None
    if chosen is None:
        hand = cards(page, "hand")
        for letter in sorted(set(hand)):
            clear(page)
            for i, x in enumerate(hand):
                if x == letter:
                    page.locator("[data-zone=hand] button[data-card]").nth(i).click()
            if enabled(page, "sell"):
                chosen = "sell"
                break
    assert chosen is not None, "no move could be chosen by clicks"
    page.click(f"button[data-action={chosen}]")


def play_by_clicks(side: Side, rnd: random.Random) -> None:
    """Play a move by clicks, then wait for the link that carries it."""
    click_a_move(side, rnd)
    wait_taken(side, "")
    assert side.problems() == [] and side.link(), "the move made no link to send"


@dataclass
class Played:
    """What a match by links sent: every link, and how many round dialogs carried the link to send."""

    links: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    """How long each link took to be taken, or each move to be made (for the report, never asserted)."""
    dialog_links: int = 0
    rounds_seen: int = 0


def close_round_dialog(side: Side, played: Played) -> None:
    """A round's result: read it (the link to send is in its dialog, when there is one), then close it."""
    dialog = side.page.query_selector("[data-dialog=round]")
    if dialog is None:
        return
    played.rounds_seen += 1
    assert dialog.query_selector("[data-round-result]") is not None
    if side.link():
        assert dialog.query_selector("[data-friend-link]") is not None
        played.dialog_links += 1
    side.page.click("[data-dialog=round] button[data-action=next-round]")
    side.page.wait_for_selector("[data-dialog=round]", state="detached")


def play_match(a: Side, b: Side, played: Played, ways: dict[int, str], cycle: tuple[str, ...],
               rnd: random.Random, max_links: int = 400) -> None:
    """Pass every link to the other side (the n-th by `ways[n]`, else by `cycle`), and play by clicks whenever a
    side's turn comes, until the match is over on both sides."""
    sent = {id(a): played.links[0], id(b): ""}
    while len(played.links) < max_links:
        for side in (a, b):
            close_round_dialog(side, played)
        sender = next((s for s in (a, b) if s.link() and s.link() != sent[id(s)]), None)
        if sender is not None:
            link = sender.link()
            n = len(played.links)
            played.links.append(link)
            sent[id(sender)] = link
            start = time.perf_counter()
            deliver(b if sender is a else a, link, ways.get(n, cycle[n % len(cycle)]))
            played.seconds.append(time.perf_counter() - start)
            continue
        mover = next((s for s in (a, b) if s.state() == "your-turn"), None)
        if mover is None:
            break
        start = time.perf_counter()
        play_by_clicks(mover, rnd)
        played.seconds.append(time.perf_counter() - start)
    assert (a.state(), b.state()) == ("over", "over"), f"the match stopped at {a.state()} / {b.state()}"


def match_result(side: Side) -> tuple[str, list[str]]:
    """The match's winner (a seat) and each round's winner, as the side's result dialog says."""
    dialog = side.page.wait_for_selector("[data-match-result][data-winner]", timeout=WAIT_MS)
    rounds = side.page.eval_on_selector_all("[data-match-result] [data-round-result]",
                                            "els => els.map(e => e.dataset.round + ':' + e.dataset.roundWinner)")
    return str(dialog.get_attribute("data-winner")), rounds


def check_match(a: Side, b: Side, played: Played, rounds: tuple[int, int]) -> None:
    """Both pages end over with the same checked result; every link fits; nothing left 127.0.0.1, no error."""
    result = match_result(a)
    assert result == match_result(b)
    assert result[0] in ("0", "1", "draw")
    assert rounds[0] <= played.rounds_seen // 2 + 1 <= rounds[1]
    sent = [one for link in played.links for one in link.split()]
    longest = max(len(one) for one in sent)
    steps = sorted(played.seconds)
    print(f"\n{len(played.links)} messages in {len(sent)} links, longest {longest} characters, {played.dialog_links} "
          f"in round dialogs; a message taken or a move made: median {steps[len(steps) // 2]:.1f} s, "
          f"worst {steps[-1]:.1f} s")
    assert longest < MAX_LINK and len(sent) > len(played.links)   # the deals went as several links each
    assert all("#friend=" in one or "#part=" in one for one in sent)
    for side in (a, b):
        assert side.page.query_selector("[data-problems]") is None
        side.log.assert_clean()


# ---------------------------------------------------------------- whole matches


def test_two_browsers_play_a_whole_standard_match_in_english_by_links(people: tuple[Side, Side]) -> None:
    """Ava invites (standard, up to 3 rounds), Bo answers from a new tab; every link after is opened in the open
    tab by its address or pasted, and twice in a new tab; both end with the same checked match result."""
    ava, bo = people
    played = Played([invite(ava, "Ava")])
    answer = accept(bo, played.links[0], "Bo")
    assert answer and bo.page.inner_text(".friend-status")
    play_match(ava, bo, played, {4: "tab", 11: "tab"}, ("paste", "hash"), random.Random(7))
    assert played.dialog_links >= 1          # a round's dialog carried the link to send
    check_match(ava, bo, played, (2, 3))
    assert ava.tabs >= 2 and bo.tabs >= 2         # each link of a long message opened in a new tab is one more


def test_two_browsers_play_a_single_round_match_in_persian_by_links(people: tuple[Side, Side]) -> None:
    """The same in Persian (?lang=fa, the language chosen on the start screen), single round: the pages speak
    Persian right to left, in new tabs too, and both sides end with the same result."""
    ava, bo = people
    played = Played([invite(ava, "آوا", "single-round", lang="fa")])
    bo.open(bo.base_url + "index.html?lang=fa", BOOTED)     # Bo reads Persian too: he chose it on the site
    choose_language(bo, "fa")
    accept(bo, played.links[0], "بو")
    assert bo.page.evaluate("document.documentElement.dir") == "rtl"
    play_match(ava, bo, played, {5: "tab"}, ("hash", "paste"), random.Random(3))
    check_match(ava, bo, played, (1, 1))
    for side in (ava, bo):
        assert side.page.evaluate("document.documentElement.lang") == "fa"
        assert "آوا" in side.page.inner_text("body") or "بو" in side.page.inner_text("body")


# ---------------------------------------------------------------- links refused


def tampered(link: str) -> str:
    """The link with one character of its message changed (in the middle: the cards dealt)."""
    at = link.index("=", link.index("#")) + 1      # after #friend= or #part=
    i = at + (len(link) - at) // 2
    return link[:i] + ("A" if link[i] != "A" else "B") + link[i + 1:]


def refused(side: Side, link: str, how: str) -> list[str]:
    """Give side a link that must be refused; the codes it says (its storage and state checked unchanged)."""
    before, state, shown = side.storage(), side.state(), side.link()
    if how == "hash":
        side.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", link)
    else:
        paste(side, link)
    side.page.wait_for_function("() => !!document.querySelector('[data-problems]') && (" + SETTLED + ")()",
                                timeout=WAIT_MS)
    assert (side.storage(), side.state(), side.link()) == (before, state, shown)
    assert "Traceback" not in side.page.inner_text("body")
    return side.problems()


def test_a_tampered_replayed_or_foreign_link_is_refused_in_a_sentence_and_changes_nothing(
        people: tuple[Side, Side]) -> None:
    """A long message's link with one character changed on the way is refused (its links do not fit together) and
    nothing of the game is stored; all the real links then work. A short link with one character changed is
    refused (friend-changed) and nothing is stored; then the real link works. A link taken already, the last one
    or an older one, changes nothing and is said in one sentence (friend-seen, a note, not a refusal). A link of
    another game is said (friend-other-game)."""
    ava, bo = people
    invitation = invite(ava, "Ava", "single-round")
    answer = accept(bo, invitation, "Bo")
    parts = answer.split()
    assert len(parts) > 1 and all(len(one) < MAX_LINK for one in parts)
    game = ava.game_storage()
    changed = parts[:2] + [tampered(parts[2])] + parts[3:]
    paste(ava, "\n".join(changed))
    ava.page.wait_for_function("() => !!document.querySelector('[data-problems]') && (" + SETTLED + ")()",
                               timeout=WAIT_MS)
    assert ava.problems() == ["friend-parts-mismatch"] and ava.game_storage() == game
    assert "do not fit together" in ava.page.inner_text("[data-problems]")
    deliver(ava, answer, "paste")                  # the real links, all of them: the answer is whole and taken
    deal = ava.link()                              # her deal, to send
    assert deal and ava.state() in ("waiting", "their-turn")
    deliver(bo, deal, "hash")
    if bo.state() == "your-turn":
        play_by_clicks(bo, random.Random(2))
    reply = bo.link()                              # one link: Bo's reply, which opens Ava's hand
    assert len(reply.split()) == 1
    assert refused(ava, tampered(reply), "hash") == ["friend-changed"]
    assert refused(ava, tampered(reply), "paste") == ["friend-changed"]
    sentence = ava.page.inner_text("[data-problems] li[data-code=friend-changed]")
    assert "changed" in sentence
    deliver(ava, reply, "paste")                   # the real link still works
    assert ava.state() in ("your-turn", "their-turn")
    assert ava.page.query_selector("main.table[data-friend]") is not None

    played = Played([invitation, answer, deal, reply])
    rnd = random.Random(11)
    sent = {id(ava): "", id(bo): reply}
    while len(played.links) < 7:                   # a few more messages, each taken
        sender = next((s for s in (ava, bo) if s.link() and s.link() != sent[id(s)]), None)
        if sender is None:
            play_by_clicks(next(s for s in (ava, bo) if s.state() == "your-turn"), rnd)
            continue
        sent[id(sender)] = sender.link()
        played.links.append(sender.link())
        deliver(bo if sender is ava else ava, sender.link(), "hash")
    last_to_ava = played.links[-1] if len(played.links) % 2 == 0 else played.links[-2]   # Bo sends the odd ones
    before, state = ava.storage(), ava.state()
    for link, how in ((last_to_ava, "paste"), (answer, "paste"), (answer, "hash")):   # the last one, an old one
        ava.page.evaluate("() => { const n = document.querySelector('[data-note]'); if (n) n.remove(); }")
        if how == "paste":
            paste(ava, link)
        else:                                      # a long one's links opened again one by one: the last joins them
            open_parts(ava, link.split()[:-1], how, len(link.split()))
            ava.page.evaluate("link => { location.hash = link.slice(link.indexOf('#')); }", link.split()[-1])
        try:
            ava.page.wait_for_function("() => (" + SETTLED + ")() && !!document.querySelector('[data-note=friend-seen]')",
                                       timeout=WAIT_MS)
        except Exception as exc:
            said = ava.page.evaluate("""() => [...document.querySelectorAll('.friend-status, [data-note], [data-problems]')]
              .map(e => e.outerHTML.slice(0, 300)).join(' | ')""")
            raise AssertionError(f"{how}: no friend-seen note: {said}") from exc
        assert (ava.storage(), ava.state(), ava.problems()) == (before, state, [])

    other = invite(bo, "Bo")                       # another game (Bo, in a new tab, invites someone else)
    assert refused(ava, other, "paste") == ["friend-other-game"]
    assert refused(ava, other, "hash") == ["friend-other-game"]
    ava.log.assert_clean()
    bo.log.assert_clean()


# ---------------------------------------------------------------- a page and a terminal


@dataclass
class Terminal:
    """`python -m jaipur friend` in a subprocess: its standard output's lines (messages) arrive in a queue, its
    standard error (the table, for the player) is kept."""

    process: Any
    lines: queue.Queue[str | None] = field(default_factory=queue.Queue)
    said: list[str] = field(default_factory=list)

    def start(self) -> None:
        """Read both of the process's outputs in threads (so neither pipe fills up)."""
        def read_out() -> None:
            for line in self.process.stdout:
                self.lines.put(line.strip())
            self.lines.put(None)

        def read_err() -> None:
            for line in self.process.stderr:
                self.said.append(line)

        threading.Thread(target=read_out, daemon=True).start()
        threading.Thread(target=read_err, daemon=True).start()

    def send(self, text: str) -> None:
        """A line to its standard input."""
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def next_line(self) -> str | None:
        """Its next message (None when it has ended)."""
        try:
            return self.lines.get(timeout=WAIT_MS / 1000)
        except queue.Empty:
            raise AssertionError("the terminal printed nothing: " + "".join(self.said)[-2000:]) from None


def test_a_page_and_the_terminal_play_a_round_together(people: tuple[Side, Side]) -> None:
    """The page invites (single round); `python -m jaipur friend --bot trader` answers; each passes on what the
    other made (a line to the page's box or its address, the page's link to the terminal) until both are over;
    the page shows the checked result, and the terminal says the same winner."""
    ava, _ = people
    invitation = invite(ava, "Ava", "single-round")
    process = subprocess.Popen([sys.executable, "-m", "jaipur", "friend", "--name", "Bo", "--bot", "trader"],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, encoding="utf-8")
    term = Terminal(process)
    term.start()
    played = Played([invitation])
    rnd = random.Random(5)
    try:
        term.send(invitation)                       # the whole link, as a person pastes it
        while True:
            line = term.next_line()
            assert line is not None, "the terminal ended before the match: " + "".join(term.said)[-2000:]
            lines = [line]                          # a long message: its parts, one a line, all printed at once
            while lines[-1].startswith("part=") and len(lines) < int(line.split(".")[1]):
                lines.append(str(term.next_line()))
            assert all(one.startswith(("friend=", "part=")) and len(one) < MAX_LINK for one in lines), lines
            played.links.append("\n".join(lines))
            how = ("paste", "hash")[len(played.links) % 2]
            deliver(ava, "\n".join(lines if how == "paste" else [ava.base_url + "index.html#" + one for one in lines]),
                    how)
            close_round_dialog(ava, played)
            if ava.state() == "your-turn":
                play_by_clicks(ava, rnd)
            if ava.link():
                played.links.append(ava.link())
                for one in ava.link().split():      # one line each: a long message's links in a row
                    term.send(one if len(played.links) % 4 else one.split("#", 1)[1])
            if ava.state() == "over":
                break
        process.stdin.close()                       # the match is over: the terminal says goodbye
        assert process.wait(timeout=WAIT_MS / 1000) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    winner, rounds = match_result(ava)
    assert len(rounds) >= 1 and ava.problems() == []
    said = "".join(term.said)
    expected = {"1": "You win the match!", "0": "Your friend wins the match.", "draw": "The match is drawn."}
    assert expected[winner] in said, said[-2000:]
    print(f"\n{len(played.links)} messages, longest link {max(len(x) for m in played.links for x in m.split())} characters")
    ava.log.assert_clean()


# ---------------------------------------------------------------- the bot lab, on the same origin

SPY_BOT = '''"""A curious bot: it plays at random, and reads everything its worker can reach on this site.

It waits for JavaScript's promises with pyodide.ffi.run_sync (the lab's worker allows it), so it reads the
site's files, the Cache Storage, IndexedDB and the origin's private files while it loads, listens on
BroadcastChannels while it plays, and looks again when it hears "end".
"""
import json
import re

import js
from pyodide.ffi import create_proxy, run_sync

HEX = re.compile(r"[0-9a-fA-F]{64}")
CHANNELS = ["", "jaipur", "jaipur.friend", "jaipur.friends.v1", "friend", "friends", "game", "pyscript", "probe"]
SITE = str(js.URL.new("../", js.location.href).href)
lines, kept, heard, seen = [], [], [], set()
public, printed = set(), set()
counts = {"files": 0, "caches": 0, "responses": 0, "databases": 0, "stores": 0, "records": 0, "opfs": 0,
          "characters": 0, "heard": 0}


def scan(where, text):
    """Every 32-byte hex value in a file: its first 12 digits, once (the site's own file hashes left out)."""
    counts["characters"] += len(text)
    new = sorted({h[:12].lower() for h in HEX.findall(text) if h.lower() not in public} - printed)
    printed.update(new)
    if new:
        lines.append("hex in " + where + ": " + " ".join(new))


def data(where, text):
    """Something stored or sent (not a file of the site): printed whole, its hex values too."""
    counts["characters"] += len(text)
    lines.append("data in " + where + ": " + text[:2000])
    for h in sorted(set(HEX.findall(text))):
        lines.append("secret-looking in " + where + ": " + h)


PROMISED = js.Function.new("request", "return new Promise((ok, no) => {"
                          " request.onsuccess = () => ok(request.result); request.onerror = () => no(request.error); })")


def done(request):
    """An IndexedDB request's result (its events made a promise in JavaScript: no Python runs meanwhile)."""
    return run_sync(PROMISED(request))


def site_files():
    text = str(run_sync(run_sync(js.fetch(SITE + "assets/vendor/precache.js")).text()))
    listing = json.loads(text[text.index("{"):text.rindex("}") + 1])
    public.update(h.lower() for h in listing["hashes"].values())
    for name in listing["files"]:
        response = run_sync(js.fetch(SITE + name.removeprefix("./")))
        counts["files"] += 1
        scan("file " + name, str(run_sync(response.text())))


def cache_storage():
    for name in run_sync(js.caches.keys()):
        counts["caches"] += 1
        cache = run_sync(js.caches.open(name))
        for request in run_sync(cache.keys()):
            if (name, request.url) in seen:
                continue
            seen.add((name, request.url))
            counts["responses"] += 1
            text = str(run_sync(run_sync(cache.match(request)).text()))
            if name.startswith("jaipur:"):
                scan("cache " + name + " " + request.url, text)
            else:
                data("cache " + name + " " + request.url, text)


def indexed_db():
    for info in run_sync(js.indexedDB.databases()):
        counts["databases"] += 1
        db = done(js.indexedDB.open(info.name))
        names = db.objectStoreNames
        for i in range(names.length):
            counts["stores"] += 1
            store = db.transaction(names.item(i), "readonly").objectStore(names.item(i))
            keys, values = PROMISED(store.getAllKeys()), PROMISED(store.getAll())
            for key, value in zip(run_sync(keys), run_sync(values)):
                counts["records"] += 1
                data("indexedDB " + info.name + "/" + names.item(i),
                     str(js.JSON.stringify(key)) + " = " + str(js.JSON.stringify(value)))
        db.close()


def private_files():
    root = run_sync(js.navigator.storage.getDirectory())
    entries = root.values()
    while True:
        step = run_sync(entries.next())
        if step.done:
            break
        counts["opfs"] += 1
        if step.value.kind == "file":
            data("OPFS " + step.value.name, str(run_sync(run_sync(step.value.getFile()).text())))


def harvest(parts):
    for part in parts:
        try:
            part()
        except Exception as exc:
            lines.append("could not read " + part.__name__ + ": " + type(exc).__name__ + " " + str(exc)[:200])


def hear(name):
    def on_message(event):
        counts["heard"] += 1
        text = event.data if isinstance(event.data, str) else str(js.JSON.stringify(event.data))
        heard.append(text)
        data("BroadcastChannel " + repr(name), text)
    channel = js.BroadcastChannel.new(name)
    handler = create_proxy(on_message)
    kept.extend((channel, handler))
    channel.onmessage = handler


harvest([site_files, cache_storage, indexed_db, private_files])
for channel_name in CHANNELS:
    hear(channel_name)
lines.append("HARVESTED " + json.dumps(counts) + "; listening on " + str(len(CHANNELS)) + " channels; "
             "localStorage in the worker: " + str(hasattr(js, "localStorage")))


class Spy:
    name = "spy"

    def choose(self, view, rng, movetime=None):
        if "end" in heard:
            heard.remove("end")
            harvest([cache_storage, indexed_db, private_files])   # once more, after the table played
            lines.append("END " + json.dumps(counts))
        while lines:
            print(lines.pop(0))
        from jaipur.bots.base import legal_from_view
        moves = legal_from_view(view)
        return moves[rng.below(len(moves))]
'''


def lab_link(base_url: str, code: str) -> str:
    """A bot lab link holding code (as the lab's Share makes it: raw deflate, base64url)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(code.encode()) + packer.flush()
    return base_url + "lab.html#code=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


PLANT = """async ([idb, cache]) => {
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('probe-canary', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('kept');
    open.onerror = reject;
    open.onsuccess = () => {
      const tx = open.result.transaction('kept', 'readwrite');
      tx.objectStore('kept').put({signing: idb}, 'game');
      tx.oncomplete = () => { open.result.close(); resolve(); };
    };
  });
  await (await caches.open('probe-canary')).put('./probe-canary.json', new Response(JSON.stringify({secrets: cache})));
}"""
"""Canaries a page of the site could have left where the worker reaches (IndexedDB, the Cache Storage): the bot
must find them, so finding no key of the game means something."""
LAB_OUTPUT = "document.querySelector('[data-lab-output]').textContent"


def lab_said(lab: Any) -> str:
    """What the lab says: its result, status, error and the bot's output (for a failing assertion)."""
    return str(lab.evaluate("""() => [document.documentElement.dataset.labResult,
      document.querySelector('[data-lab-status]').textContent, document.querySelector('[data-lab-error]').innerText,
      document.querySelector('[data-lab-output]').textContent.slice(0, 3000)].join('\\n')"""))


def test_a_lab_bot_on_the_same_origin_finds_no_secret_of_a_friend_game_in_progress(
        people: tuple[Side, Side]) -> None:
    """While Ava's game is in progress (its keys in localStorage), a bot opened from a shared lab link in the same
    browser reads IndexedDB, the Cache Storage, BroadcastChannels (while the table plays a move and takes the
    reply) and the site's files: it finds the canaries left there, and no key of the game nor its saved text."""
    import secrets as random_bytes

    ava, bo = people
    invitation = invite(ava, "Ava", "single-round")
    answer = accept(bo, invitation, "Bo")
    deliver(ava, answer, "paste")
    canaries = [random_bytes.token_hex(32) for _ in range(3)]
    ava.page.evaluate(PLANT, canaries[:2])
    lab = ava.context.new_page()
    lab.goto(lab_link(ava.base_url, SPY_BOT))
    lab.wait_for_function("document.documentElement.dataset.lab === 'ready'", timeout=WAIT_MS)
    assert "came from a link" in lab.inner_text("[data-lab-notice]")
    lab.select_option("[data-lab-input=level]", "trader")
    lab.fill("[data-lab-input=rounds]", "1000")
    lab.select_option("[data-lab-input=limit]", "5")     # its reading, while it loads, may take 25 s
    lab.click("[data-action=run]")
    lab.wait_for_function(f"{LAB_OUTPUT}.includes('HARVESTED') || !!document.documentElement.dataset.labResult",
                          timeout=WAIT_MS)
    assert "HARVESTED" in lab.evaluate(LAB_OUTPUT), lab_said(lab)

    rnd = random.Random(4)                          # the table plays while the bot listens
    sent = {id(ava): "", id(bo): answer}
    moves = 0
    while moves < 2 or ava.link():
        sender = next((s for s in (ava, bo) if s.link() and s.link() != sent[id(s)]), None)
        if sender is not None:
            sent[id(sender)] = sender.link()
            deliver(bo if sender is ava else ava, sender.link(), "hash")
            continue
        play_by_clicks(next(s for s in (ava, bo) if s.state() == "your-turn"), rnd)
        moves += 1
    ava.page.evaluate("""canary => { new BroadcastChannel('jaipur').postMessage(JSON.stringify({signing: canary}));
                                     new BroadcastChannel('probe').postMessage('end'); }""", canaries[2])
    lab.wait_for_function(f"{LAB_OUTPUT}.includes('END') || !!document.documentElement.dataset.labResult",
                          timeout=WAIT_MS)
    printed = lab.evaluate(LAB_OUTPUT)
    assert "END" in printed, lab_said(lab)
    lab.click("[data-action=stop]")

    saved = {k: v for k, v in json.loads(ava.storage()).items() if k.startswith("jaipur.friend.v1.")}
    assert len(saved) == 1
    game = json.loads(next(iter(saved.values())))
    keys = [game["signing"], *game["secrets"].values()]
    assert len(keys) >= 2 and all(len(k) == 64 for k in keys)
    for key in keys:
        assert key not in printed and key[:12] not in printed
    assert next(iter(saved.values())) not in printed and "jaipur-friend/2" not in printed
    for canary in canaries:                         # the bot did reach IndexedDB, the caches, the channels
        assert canary in printed
    found = re.search(r"^END (\{.*\})$", printed, re.M)
    assert found is not None
    counts = json.loads(found.group(1))
    assert counts["files"] > 10 and counts["databases"] >= 1 and counts["caches"] >= 1
    print("\nthe bot read", counts)
    ava.log.assert_clean()


# ---------------------------------------------------------------- keys lost

GAME_KEY = "jaipur.friend.v1."
EDIT_GAME = """([prefix, change]) => {
  const key = Object.keys(localStorage).find((k) => k.startsWith(prefix));
  const game = JSON.parse(localStorage.getItem(key));
  if (change === 'drop') delete game.secrets;
  if (change === 'empty') game.secrets = {};
  if (change === 'other') for (const r in game.secrets) game.secrets[r] = '11'.repeat(32);
  localStorage.setItem(key, JSON.stringify(game));
}"""


def cannot_go_on(side: Side, code: str) -> str:
    """The page says, in a sentence, that the game cannot go on (no traceback, no error screen); the sentence."""
    side.page.wait_for_selector(f"[data-problems] li[data-code={code}]", timeout=WAIT_MS)
    side.page.wait_for_function(SETTLED, timeout=WAIT_MS)
    sentence = side.page.inner_text(f"[data-problems] li[data-code={code}]")
    assert side.page.evaluate("document.documentElement.dataset.jaipur") == "ready"
    assert side.page.query_selector("[data-error]") is None
    assert "Traceback" not in side.page.inner_text("body") and "Error" not in sentence
    return sentence


def test_a_game_whose_keys_are_lost_says_it_cannot_go_on(people: tuple[Side, Side]) -> None:
    """Ava's game is in progress and Bo's next link is on its way. Site data cleared, then the link opened in a
    new tab: the page says it holds no such game. The game's keys dropped, emptied or changed, then the link
    opened: the page says the game cannot go on (never a traceback, never the friend blamed). The game back
    whole: the same link is taken."""
    ava, bo = people
    invitation = invite(ava, "Ava", "single-round")
    answer = accept(bo, invitation, "Bo")
    deliver(ava, answer, "paste")
    rnd = random.Random(9)
    sent = {id(ava): "", id(bo): answer}
    while True:                                     # until Bo has a link Ava has not taken
        if bo.link() and bo.link() != sent[id(bo)]:
            break
        if ava.link() and ava.link() != sent[id(ava)]:
            sent[id(ava)] = ava.link()
            deliver(bo, ava.link(), "hash")
            continue
        play_by_clicks(ava if ava.state() == "your-turn" else bo, rnd)
    link = bo.link()
    whole = ava.storage()

    ava.page.evaluate("localStorage.clear()")       # the site's data cleared
    ava.open(link, BOOTED)
    cannot_go_on(ava, "friend-unknown-game")
    assert ava.storage() == "{}"

    for change, how in (("drop", "tab"), ("empty", "paste"), ("other", "paste")):
        ava.page.evaluate("""whole => { localStorage.clear();
          for (const [k, v] of Object.entries(JSON.parse(whole))) localStorage.setItem(k, v); }""", whole)
        ava.page.evaluate(EDIT_GAME, [GAME_KEY, change])
        damaged = ava.storage()
        if how == "tab":
            ava.open(link, BOOTED)
        else:
            paste(ava, link)
        assert "cannot go on" in cannot_go_on(ava, "friend-bad-save"), change
        assert ava.storage() == damaged             # nothing else touched; the game left as it was
        assert ava.page.query_selector("main.table") is None

    ava.page.evaluate("""whole => { localStorage.clear();
      for (const [k, v] of Object.entries(JSON.parse(whole))) localStorage.setItem(k, v); }""", whole)
    paste(ava, link)                                # the game whole again: the same link goes on
    ava.page.wait_for_selector("main.table[data-friend]", timeout=WAIT_MS)
    ava.page.wait_for_function(SETTLED, timeout=WAIT_MS)
    assert ava.problems() == [] and ava.state() in ("your-turn", "their-turn")
    ava.log.assert_clean()
    bo.log.assert_clean()
