#!/usr/bin/env python3
"""Friend games benchmark: a whole match's protocol in CPython, and two pages playing by links in Chromium.

    python bench/friend.py cpython [--matches 5] [--seed 1] [--json]
    python bench/friend.py browser [--mode standard|single-round] [--lang en|fa] [--json]
    python bench/friend.py live [--mode standard|single-round] [--lang en|fa] [--json]

`cpython` plays whole standard matches between two `jaipur.fair.FriendGame` sides on secp256k1 (each side's
moves drawn from a seeded generator among its legal moves) and reports, over every message: how many
messages a match has, their bytes and link characters by kind (a move; a deal, which carries a proven
shuffle and is sent in parts; other: shares and keys), the time to make and to check each kind (`receive`
less the answer it made), median, p95 and worst, and the hops before the first move of each round (from
the invitation, then from the previous round's last move).

`browser` serves the site, opens two Chromium contexts (Pyodide in each page), makes an invitation in one,
answers it in the other, then plays a whole match by clicks (take a good, else the camels, else sell),
passing each link by setting `location.hash` in the other page. It times each step as the player meets it:
from the click (or the link's arrival) until the page says it is done (`.friend-status[aria-busy]` gone), so
the time includes drawing. Reports median, p95 and worst over the match, and the page-boot and invitation times.

`live` does the same with the pages connected directly (WebRTC, no ICE server, Chromium's mDNS hiding of local
addresses turned off so two pages on one machine connect): the invitation and the answer pass by links, then
one page goes live, the other opens the offer in its tab and shows the answer, which the first takes pasted.
It reports the offer's and the answer's lengths, the time from opening the offer to the answer shown and from
pasting it to both pages connected, and for every move of the match the time from the click that plays it to
the other page's table showing its turn (the protocol's own work on both sides included).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaipur.fair import FriendGame, wire  # noqa: E402
from jaipur.rng import Rng  # noqa: E402


def summary(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and worst of a list of timings (ms)."""
    ordered = sorted(values)
    if not ordered:
        return {"median": 0.0, "p95": 0.0, "worst": 0.0, "n": 0}
    return {"median": round(statistics.median(ordered), 1),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
            "worst": round(ordered[-1], 1), "n": len(ordered)}


def kind(m: wire.Message) -> str:
    """What a message mostly carries: "deal" (a proven shuffle), "move", or "other" (shares, key, coin)."""
    if m.shuffle is not None:
        return "deal"
    return "move" if m.move is not None else "other"


class Timed(FriendGame):
    """A side that notes how long each message it makes takes (`made`: kind, ms)."""

    made: list[tuple[str, float]]

    def _plan(self, *args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        parts = yield from super()._plan(*args, **kwargs)
        self.__dict__["planned"] = self.__dict__.get("planned", 0.0) + (time.perf_counter() - t) * 1000
        return parts

    def _send(self, *args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        planned = self.__dict__.pop("planned", 0.0) if kwargs.get("parts") is not None else 0.0
        m = yield from super()._send(*args, **kwargs)
        self.__dict__.pop("planned", None)
        self.__dict__.setdefault("made", []).append((kind(m), planned + (time.perf_counter() - t) * 1000))
        return m


def cpython_match(seed: int, mode: str = "standard") -> dict[str, Any]:
    """One whole match in CPython: every message timed as it is made and as it is checked, by kind."""
    rng = Rng(seed)
    checked: dict[str, list[float]] = {"deal": [], "move": [], "other": []}
    a = Timed.invite("Ava", mode)
    b = Timed.accept(a.outgoing_text(), "Bo")
    sides = (a, b)
    sender = 1
    start = time.perf_counter()
    while True:
        receiver = sides[1 - sender]
        incoming = sides[sender].messages[-1]
        before = len(receiver.__dict__.get("made", []))
        t = time.perf_counter()
        receiver.receive(sides[sender].outgoing_text())
        spent = (time.perf_counter() - t) * 1000
        spent -= sum(ms for _, ms in receiver.__dict__.get("made", [])[before:])
        checked[kind(incoming)].append(spent)
        if receiver.move_due():
            legal = receiver.legal_moves()
            receiver.play(legal[rng.below(len(legal))])
        if receiver.outgoing() is None:
            break
        sender = receiver.seat
    total = time.perf_counter() - start
    hops: dict[int, int] = {}
    ended = 0
    for r in sorted(a.rounds):
        numbers = [m.number for m in a.messages if m.move is not None and m.move.round == r]
        if numbers:
            hops[r] = numbers[0] - ended
            ended = numbers[-1]
    made = {k: [ms for side in sides for kk, ms in side.__dict__.get("made", []) if kk == k]
            for k in ("deal", "move", "other")}
    by_kind: dict[str, list[int]] = {"deal": [], "move": [], "other": []}
    for m, raw in zip(a.messages, a.raw):
        by_kind[kind(m)].append(len(wire.to_text(raw)))
    parts = [len(wire.split(wire.to_text(raw))) for m, raw in zip(a.messages, a.raw) if m.shuffle is not None]
    return {"messages": a.number, "bytes_total": sum(len(raw) for raw in a.raw), "links": by_kind,
            "deal_parts": parts, "made": made, "checked": checked, "seconds": round(total, 2),
            "rounds": len(a.results()), "hops_before_first_move": hops}


def run_cpython(args: argparse.Namespace) -> dict[str, Any]:
    """Several matches; the figures over all their messages."""
    games = [cpython_match(args.seed + i) for i in range(args.matches)]

    def every(key: str, k: str) -> list[Any]:
        return [x for g in games for x in g[key][k]]

    return {
        "matches": args.matches,
        "messages_per_match": [g["messages"] for g in games],
        "rounds_per_match": [g["rounds"] for g in games],
        "bytes_per_match": [g["bytes_total"] for g in games],
        "move_link": {"median": statistics.median(every("links", "move")), "longest": max(every("links", "move"))},
        "other_link": {"median": statistics.median(every("links", "other")),
                       "longest": max(every("links", "other"))},
        "deal_link": {"median": statistics.median(every("links", "deal")), "longest": max(every("links", "deal")),
                      "parts": sorted(set(x for g in games for x in g["deal_parts"]))},
        "make_ms": {k: summary(every("made", k)) for k in ("deal", "move", "other")},
        "check_ms": {k: summary(every("checked", k)) for k in ("deal", "move", "other")},
        "seconds_per_match": [g["seconds"] for g in games],
        "hops_before_first_move": [g["hops_before_first_move"] for g in games],
    }


# ---------------------------------------------------------------- in Chromium

DONE = "() => { const t = document.querySelector('main.table'); return t && !document.querySelector('.friend-status[aria-busy]'); }"
MOVED = ("() => { const t = document.querySelector('main.table'); return t && t.dataset.friend !== 'your-turn' "
         "&& !document.querySelector('.friend-status[aria-busy]'); }")
STATE = "() => { const t = document.querySelector('main.table'); return t ? t.dataset.friend : null; }"


def play_by_clicks(page: Any, rnd: random.Random) -> None:
    """One move by clicks: a market good, else the camels, else the first good the hand can sell."""
    cards = page.query_selector_all("[data-zone=market] button[data-card]:not([data-card=M])")
    rnd.shuffle(cards)
    for c in cards:
        c.click()
        if page.query_selector("button[data-action=take]:not([disabled])"):
            page.click("button[data-action=take]")
            return
        page.click("button[data-action=clear]")
    if page.query_selector("button[data-action=camels]:not([disabled])"):
        page.click("button[data-action=camels]")
        return
    letters = sorted({c.get_attribute("data-card") for c in page.query_selector_all("[data-zone=hand] button[data-card]")})
    for letter in letters:
        for c in page.query_selector_all(f"[data-zone=hand] button[data-card={letter}]"):
            c.click()
        if page.query_selector("button[data-action=sell]:not([disabled])"):
            page.click("button[data-action=sell]")
            return
        page.click("button[data-action=clear]")
    raise RuntimeError("no move found by clicks")


def run_browser(args: argparse.Namespace) -> dict[str, Any]:
    """Two pages play a whole match by links; each step timed until the page is done."""
    from playwright.sync_api import sync_playwright
    from served import launch_chromium, start_server, stop_server

    server, base = start_server()
    url = base + f"index.html?lang={args.lang}"
    steps: list[float] = []
    moves: list[float] = []
    links: list[int] = []
    rnd = random.Random(args.seed)
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            a, b = browser.new_context().new_page(), browser.new_context().new_page()
            t = time.perf_counter()
            a.goto(url)
            a.wait_for_function("document.documentElement.dataset.jaipur === 'ready'", timeout=120_000)
            out["boot_s"] = round(time.perf_counter() - t, 2)
            a.click("button[data-action=play-friend]")
            if args.mode == "single-round":
                a.click("button[data-action=friend-mode][data-value=single-round]")
            a.fill("#friend-name", "Ava")
            t = time.perf_counter()
            a.click("button[data-action=friend-invite]")
            a.wait_for_selector("[data-friend-link]", timeout=120_000)
            out["invite_s"] = round(time.perf_counter() - t, 2)
            link = a.get_attribute("[data-friend-link]", "value")
            links.append(len(link))
            b.goto(link)
            b.wait_for_selector("button[data-action=friend-accept]:not([disabled])", timeout=120_000)
            b.fill("#friend-name", "Bo")
            t = time.perf_counter()
            b.click("button[data-action=friend-accept]")
            b.wait_for_selector("[data-friend-link]", timeout=120_000)
            out["accept_s"] = round(time.perf_counter() - t, 2)
            sender, receiver = b, a
            for _ in range(1000):
                link = sender.get_attribute("[data-friend-link]", "value")
                links.append(len(link))
                t = time.perf_counter()
                receiver.evaluate("l => { location.hash = l.slice(l.indexOf('#')); }", link)
                receiver.wait_for_function(DONE, timeout=120_000)
                steps.append((time.perf_counter() - t) * 1000)
                if receiver.query_selector("[data-dialog=round] button[data-action=next-round]") and \
                        not receiver.query_selector("[data-dialog=round] [data-friend-link]"):
                    receiver.click("[data-dialog=round] button[data-action=next-round]")
                if receiver.evaluate(STATE) == "your-turn":
                    t = time.perf_counter()
                    play_by_clicks(receiver, rnd)
                    receiver.wait_for_function(MOVED, timeout=120_000)
                    moves.append((time.perf_counter() - t) * 1000)
                if receiver.evaluate(STATE) == "over" and sender.evaluate(STATE) == "over":
                    break
                if not receiver.query_selector("[data-friend-link]"):
                    break
                sender, receiver = receiver, sender
            out["states"] = [a.evaluate(STATE), b.evaluate(STATE)]
            browser.close()
    finally:
        stop_server(server)
    out.update({"mode": args.mode, "lang": args.lang, "links": len(links), "link_longest": max(links),
                "link_taken_ms": summary(steps), "move_made_ms": summary(moves)})
    return out


LIVE = "() => { const m = document.querySelector('main[data-friend-live]'); return m ? m.dataset.friendLive : null; }"
CODE = ("() => { const l = document.querySelector('[data-friend-link]'); return !!l && l.value.includes('live=') "
        "&& !document.querySelector('.friend-status[aria-busy]'); }")
TRANSIT = """(() => {
  window.__frames = {sent: [], got: []};
  const now = () => performance.timeOrigin + performance.now();
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (typeof data === 'string' && data.startsWith('{"t":"msg"')) window.__frames.sent.push([data.slice(0, 200), now()]);
    return send.call(this, data);
  };
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener('message', (e) => {
      if (typeof e.data === 'string' && e.data.startsWith('{"t":"msg"')) window.__frames.got.push([e.data.slice(0, 200), now()]);
    });
    return channel;
  };
})();"""
"""Records when each message frame is sent and when it arrives (the same clock: both pages run on this machine)."""
FRIEND_TURN = ("() => { if (document.querySelector('.friend-status[aria-busy]')) return false; "
               "const t = document.querySelector('main.table'); return !!document.querySelector('[data-dialog]') "
               "|| (t && ['your-turn', 'over'].includes(t.dataset.friend)); }")


def run_live(args: argparse.Namespace) -> dict[str, Any]:
    """Two pages connect live and play a whole match over the channel; the connection and every move timed."""
    from playwright.sync_api import sync_playwright
    from served import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server

    server, base = start_server()
    url = base + f"index.html?lang={args.lang}"
    rnd = random.Random(args.seed)
    moves: list[float] = []
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM,
                                         args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"])
            contexts = [browser.new_context(), browser.new_context()]
            for context in contexts:
                context.add_init_script(TRANSIT)
            a, b = contexts[0].new_page(), contexts[1].new_page()
            a.goto(url)
            a.wait_for_function("document.documentElement.dataset.jaipur === 'ready'", timeout=120_000)
            a.click("button[data-action=play-friend]")
            if args.mode == "single-round":
                a.click("button[data-action=friend-mode][data-value=single-round]")
            a.fill("#friend-name", "Ava")
            a.click("button[data-action=friend-invite]")
            a.wait_for_selector("[data-friend-link]", timeout=120_000)
            b.goto(a.get_attribute("[data-friend-link]", "value"))
            b.wait_for_selector("button[data-action=friend-accept]:not([disabled])", timeout=120_000)
            b.fill("#friend-name", "Bo")
            b.click("button[data-action=friend-accept]")
            b.wait_for_selector("[data-friend-link]", timeout=120_000)
            answer_link = b.get_attribute("[data-friend-link]", "value")
            a.evaluate("l => { location.hash = l.slice(l.indexOf('#')); }", answer_link)
            a.wait_for_function(DONE, timeout=120_000)
            a.click("button[data-action=go-live]")
            a.wait_for_function(CODE, timeout=120_000)
            offer = a.get_attribute("[data-friend-link]", "value")
            t = time.perf_counter()
            b.evaluate("l => { location.hash = l.slice(l.indexOf('#')); }", offer)
            b.wait_for_function(CODE, timeout=120_000)
            out["answer_shown_ms"] = round((time.perf_counter() - t) * 1000)
            answer = b.get_attribute("[data-friend-link]", "value")
            t2 = time.perf_counter()
            if a.get_attribute("details.friend-paste", "open") is None:
                a.locator("details.friend-paste summary").click()
            a.fill("textarea[data-friend-paste]", answer)
            a.click("button[data-action=friend-paste]")
            for page in (a, b):
                page.wait_for_function(f"() => ({LIVE})() === 'connected'", timeout=120_000)
            out["connected_after_paste_ms"] = round((time.perf_counter() - t2) * 1000)
            out["offer_opened_to_connected_ms"] = round((time.perf_counter() - t) * 1000)
            code = offer[offer.index("live="):].split("&")[0]
            out.update({"offer_link_chars": len(offer), "offer_code_chars": len(code), "answer_chars": len(answer)})
            for _ in range(2000):
                for page in (a, b):
                    if page.query_selector("[data-dialog=round] button[data-action=next-round]"):
                        page.click("[data-dialog=round] button[data-action=next-round]")
                states = [p.evaluate(STATE) for p in (a, b)]
                if states == ["over", "over"]:
                    break
                mover = next((p for p, st in zip((a, b), states) if st == "your-turn"), None)
                if mover is None:
                    (a if states[0] != "over" else b).wait_for_function(FRIEND_TURN, timeout=120_000)
                    continue
                other = b if mover is a else a
                t = time.perf_counter()
                play_by_clicks(mover, rnd)
                other.wait_for_function(FRIEND_TURN, timeout=120_000)
                if other.evaluate(STATE) == "your-turn":
                    moves.append((time.perf_counter() - t) * 1000)
                else:
                    mover.wait_for_function(FRIEND_TURN, timeout=120_000)
            out["states"] = [a.evaluate(STATE), b.evaluate(STATE)]
            out["live"] = [a.evaluate(LIVE), b.evaluate(LIVE)]
            transit: list[float] = []
            for sender, receiver in ((a, b), (b, a)):
                got = dict(map(tuple, receiver.evaluate("window.__frames.got")))
                transit += [got[key] - at for key, at in sender.evaluate("window.__frames.sent") if key in got]
            out["message_transit_ms"] = summary(transit)
            browser.close()
    finally:
        stop_server(server)
    out.update({"mode": args.mode, "lang": args.lang, "move_to_friend_ms": summary(moves)})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="where", required=True)
    p = sub.add_parser("cpython", help="whole matches of the protocol in CPython")
    p.add_argument("--matches", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("browser", help="two pages in Chromium play a whole match by links")
    p.add_argument("--mode", default="standard", choices=["standard", "single-round"])
    p.add_argument("--lang", default="en", choices=["en", "fa"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("live", help="two pages in Chromium connect live and play a whole match over the channel")
    p.add_argument("--mode", default="standard", choices=["standard", "single-round"])
    p.add_argument("--lang", default="en", choices=["en", "fa"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = {"cpython": run_cpython, "browser": run_browser, "live": run_live}[args.where](args)
    print(json.dumps(result) if args.json else json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
